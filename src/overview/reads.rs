//! The overview's reads: `cluster.list`, then per organization its subscriptions and per
//! ACTIVE cluster its realms, domains, restart status and extensions, at most
//! `CONCURRENCY` at a time. They run when the page opens and on Refresh, never on a timer.
//! Each read keeps a slot; a failed one keeps its error, for Retry.

use std::rc::Rc;

use cluster_api::{Cluster, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::facts::{Answer, Read, Slot, What, plan};
use crate::api::{self, Api, ApiError};
use crate::kit::pool::{Generation, read_each};

/// Reads in flight at once: the browser's six connections leave room for the rest.
pub const CONCURRENCY: usize = 4;

#[derive(Clone, Copy)]
pub struct Reads {
    /// `cluster.list`'s answer: `None` while it loads.
    pub clusters: RwSignal<Option<Result<Vec<Cluster>, ApiError>>>,
    pub slots: RwSignal<Vec<(Read, Slot)>>,
    /// Whether the reads of this generation were planned (they need the organizations too).
    /// A signal, not a stored value: `busy` (the Refresh button's `disabled`) must re-run
    /// when the plan is made, or it keeps the answer it had before the plan and never
    /// learns of the slots it did not read then.
    planned: RwSignal<bool>,
    generation: Generation,
    api: Api,
}

async fn answer(api: Api, read: &Read) -> Result<Answer, ApiError> {
    let id = read.cluster.as_ref().map(|(id, _)| id.clone()).unwrap_or_default();
    Ok(match read.what {
        What::Subscriptions => Answer::Subscriptions(
            api::call(api, &ops::OrgSubscriptionList { org_id: read.org_id.clone() }).await?,
        ),
        What::Realms => {
            let realms = api::call(api, &ops::ClusterDeploymentList { id: id.clone(), search: None }).await?;
            crate::palette::known::realms_read(&id, &realms);
            Answer::Realms(realms)
        }
        What::Domains => Answer::Domains(api::call(api, &ops::ClusterDomainList { id }).await?),
        What::Restart => Answer::Restart(api::call(api, &ops::ClusterRestartStatusDetail { id }).await?),
        What::Extensions => {
            Answer::Extensions(api::call(api, &ops::ClusterExtensionList { id, r#type: None }).await?)
        }
    })
}

impl Reads {
    pub fn new(api: Api) -> Reads {
        let reads = Reads {
            clusters: RwSignal::new(None),
            slots: RwSignal::new(Vec::new()),
            planned: RwSignal::new(false),
            generation: Generation::default(),
            api,
        };
        reads.reload();
        reads
    }

    /// (answered, total) of the reads after `cluster.list`.
    pub fn progress(&self) -> (usize, usize) {
        self.slots.with(|all| (all.iter().filter(|(_, s)| *s != Slot::Waiting).count(), all.len()))
    }

    pub fn busy(&self) -> bool {
        self.clusters.with(Option::is_none) || !self.planned.get() || {
            let (done, total) = self.progress();
            done < total
        }
    }

    /// Reads everything again.
    pub fn reload(self) {
        let generation = self.generation.bump();
        self.planned.set(false);
        self.slots.set(Vec::new());
        self.clusters.set(None);
        let api = self.api;
        spawn_local(async move {
            let listed = api::call(api, &ops::ClusterList).await;
            if self.generation.current(generation) {
                if let Ok(all) = &listed {
                    crate::palette::known::clusters_read(all);
                }
                self.clusters.set(Some(listed));
            }
        });
    }

    /// Starts the per-organization reads once both `cluster.list` and the organizations
    /// are known; a second call within the same generation does nothing.
    pub fn start(self, orgs: &[(String, String)]) {
        if self.planned.get_untracked() {
            return;
        }
        let planned = self.clusters.with_untracked(|c| match c {
            Some(Ok(clusters)) => Some(plan(orgs, clusters)),
            _ => None,
        });
        let Some(planned) = planned else { return };
        self.planned.set(true);
        let generation = self.generation.now();
        let count = planned.len();
        self.slots.set(planned.into_iter().map(|r| (r, Slot::Waiting)).collect());
        read_each(count, CONCURRENCY, Rc::new(move |at| Box::pin(self.fetch(at, generation))));
    }

    /// Reads one failed read again.
    pub fn retry(self, at: usize) {
        let generation = self.generation.now();
        self.slots.update(|all| {
            if let Some(slot) = all.get_mut(at) {
                slot.1 = Slot::Waiting;
            }
        });
        spawn_local(async move {
            self.fetch(at, generation).await;
        });
    }

    /// Reads slot `at`; false when the read is stale (a Refresh started a newer one).
    async fn fetch(self, at: usize, generation: u32) -> bool {
        // A worker comes here after awaiting the read before: the page may be gone by now.
        let Some(read) = self.slots.try_with_untracked(|all| all.get(at).map(|(r, _)| r.clone())).flatten()
        else {
            return false;
        };
        let slot = match answer(self.api, &read).await {
            Ok(answer) => Slot::Done(answer),
            Err(e) => Slot::Failed(e),
        };
        if !self.generation.current(generation) {
            return false;
        }
        self.slots.update(|all| {
            if let Some(s) = all.get_mut(at) {
                s.1 = slot;
            }
        });
        true
    }
}
