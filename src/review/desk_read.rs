//! Reading the whole desk. There is no "every version" operation, so the desk reads
//! `cluster.list` and then each cluster's extensions, a few clusters at a time (the
//! browser opens six connections per host; more would only queue). Rows are added as each
//! cluster answers; a cluster whose read failed keeps a slot with its error, for Retry.

use std::collections::HashMap;
use std::rc::Rc;

use cluster_api::{Cluster, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::rows::{DeskRow, rows_of};
use crate::api::{self, Api, ApiError};
use crate::kit::pool::{Generation, read_each};

/// Cluster reads in flight at once.
pub const CONCURRENCY: usize = 6;

#[derive(Debug, Clone, PartialEq)]
pub enum Slot {
    Waiting,
    Done,
    Failed(ApiError),
}

/// The desk's data. Copy: arena handles.
#[derive(Clone, Copy)]
pub struct Desk {
    pub rows: RwSignal<Vec<DeskRow>>,
    pub clusters: RwSignal<Vec<(Cluster, Slot)>>,
    /// `cluster.list`'s outcome: `None` while it loads.
    pub listed: RwSignal<Option<Result<(), ApiError>>>,
    /// Organization labels by ID, from `org.list`.
    pub orgs: RwSignal<Vec<(String, String)>>,
    /// `Date.now()` when the last full read finished (0 while reading).
    pub loaded_at: RwSignal<f64>,
    /// Which full read the rows come from: rows are only ever appended within one.
    pub epoch: RwSignal<u32>,
    generation: Generation,
    api: Api,
}

impl Desk {
    pub fn new(api: Api) -> Desk {
        let desk = Desk {
            rows: RwSignal::new(Vec::new()),
            clusters: RwSignal::new(Vec::new()),
            listed: RwSignal::new(None),
            orgs: RwSignal::new(Vec::new()),
            loaded_at: RwSignal::new(0.0),
            epoch: RwSignal::new(0),
            generation: Generation::default(),
            api,
        };
        desk.reload();
        desk
    }

    /// (clusters answered, failed, total).
    pub fn progress(&self) -> (usize, usize, usize) {
        self.clusters.with(|all| {
            let done = all.iter().filter(|(_, s)| *s != Slot::Waiting).count();
            let failed = all.iter().filter(|(_, s)| matches!(s, Slot::Failed(_))).count();
            (done, failed, all.len())
        })
    }

    /// Reads everything again.
    pub fn reload(self) {
        let generation = self.generation.bump();
        self.rows.set(Vec::new());
        self.epoch.set(generation);
        self.clusters.set(Vec::new());
        self.listed.set(None);
        self.loaded_at.set(0.0);
        let api = self.api;
        spawn_local(async move {
            let orgs = api::call(api, &ops::OrgList).await;
            let listed = api::call(api, &ops::ClusterList).await;
            if !self.generation.current(generation) {
                return;
            }
            // Without names the desk still shows organization IDs: true, if less friendly.
            let labels = orgs
                .map(|o| o.into_iter().map(|o| (o.id, o.display_name.unwrap_or(o.name))).collect())
                .unwrap_or_default();
            self.orgs.set(labels);
            let clusters = match listed {
                Ok(clusters) => clusters,
                Err(e) => {
                    self.listed.set(Some(Err(e)));
                    return;
                }
            };
            let count = clusters.len();
            self.clusters.set(clusters.into_iter().map(|c| (c, Slot::Waiting)).collect());
            self.listed.set(Some(Ok(())));
            self.finish_if_done(generation);
            read_each(count, CONCURRENCY, Rc::new(move |at| Box::pin(self.fetch(at, generation))));
        });
    }

    /// Retries one failed cluster.
    pub fn retry(self, index: usize) {
        let generation = self.generation.now();
        self.clusters.update(|all| {
            if let Some(slot) = all.get_mut(index) {
                slot.1 = Slot::Waiting;
            }
        });
        self.loaded_at.set(0.0);
        spawn_local(async move {
            self.fetch(index, generation).await;
        });
    }

    /// Reads cluster `index`'s extensions into rows; false when the read is stale.
    async fn fetch(self, index: usize, generation: u32) -> bool {
        // A worker comes here after awaiting the read before: the desk may be gone by now.
        let Some(cluster) =
            self.clusters.try_with_untracked(|all| all.get(index).map(|(c, _)| c.clone())).flatten()
        else {
            return false;
        };
        let answer =
            api::call(self.api, &ops::ClusterExtensionList { id: cluster.id.clone(), r#type: None }).await;
        if !self.generation.current(generation) {
            return false;
        }
        let slot = match answer {
            Ok(extensions) => {
                let owner = cluster.owner.clone().unwrap_or_default();
                let label = self.orgs.with_untracked(|o| label_of(o, &owner));
                let new = rows_of(&cluster, &label, &extensions);
                if !new.is_empty() {
                    self.rows.update(|rows| rows.extend(new));
                }
                Slot::Done
            }
            Err(e) => Slot::Failed(e),
        };
        self.clusters.update(|all| {
            if let Some(s) = all.get_mut(index) {
                s.1 = slot;
            }
        });
        self.finish_if_done(generation);
        true
    }

    fn finish_if_done(&self, generation: u32) {
        let (done, _, total) = self.progress_untracked();
        if self.generation.current(generation) && done == total {
            self.loaded_at.set(js_sys::Date::now());
        }
    }

    fn progress_untracked(&self) -> (usize, usize, usize) {
        untrack(|| self.progress())
    }
}

/// An organization's label, or its ID when the names could not be read.
pub fn label_of(orgs: &[(String, String)], id: &str) -> String {
    orgs.iter().find(|(o, _)| o == id).map(|(_, l)| l.clone()).unwrap_or_else(|| id.to_string())
}

/// The organization choices of the filter, by label.
pub fn org_options(orgs: &[(String, String)]) -> Vec<(String, String)> {
    let mut list: HashMap<&str, &str> = HashMap::new();
    for (id, label) in orgs {
        list.insert(id, label);
    }
    let mut out: Vec<(String, String)> =
        list.into_iter().map(|(i, l)| (i.to_string(), l.to_string())).collect();
    out.sort_by_cached_key(|(_, label)| crate::lower::lower(label));
    out
}
