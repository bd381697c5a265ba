//! Changes refused because a restart was starting (409), kept and sent by themselves
//! once the restart ends: one at a time per cluster, each visible and cancellable.
//!
//! The queue belongs to the app, not the tab (made under the root owner like the
//! app-wide polls), so a queued change is still sent after the person left the tab.
//!
//! It also holds the changes staged on the tab (`staged`, kept in sessionStorage) and the
//! run that applies them (`run`): applying puts them in this same queue, one after another.

use std::collections::HashMap;

use cluster_api::{EnvironmentVariableRequest, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::activity::{Activities, Progress, Started};
use crate::api::{self, ApiError};
use crate::clusters::watch::{RestartWatch, restart_watch};
use crate::i18n::Phrase;
use crate::i18n::k::env_vars as w;
use crate::links::{self, ClusterTab};
use crate::poll::AppOwner;
use crate::session::Session;

use super::run::Run;
use super::staged::{self, Staged};

/// Where the staged changes are kept in this tab (secret values never).
const STORAGE_KEY: &str = "console.env-staged";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// A change to a cluster's environment variables.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Create(EnvironmentVariableRequest),
    Update { var_id: String, body: EnvironmentVariableRequest },
    Delete { var_id: String },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub seq: u64,
    pub cluster: String,
    /// What it does: "Add MY_VAR".
    pub label: Phrase,
    pub change: Change,
    /// It waits for a restart status read after this instant (`Date.now()`).
    pub since: f64,
    /// The staged change it applies, and the run it is part of (every queued change is
    /// one of a run's: `Run::apply` is the only way in).
    pub staged: u64,
    pub run: u64,
}

/// Whether `item` may be sent now: nothing else is being sent, and a reading taken after
/// it was queued says no restart is running.
pub fn due(item: &Queued, sending: bool, in_progress: Option<bool>, checked_at: f64) -> bool {
    !sending && in_progress == Some(false) && checked_at > item.since
}

/// Sends `change` to `cluster`.
pub async fn send(api: api::Api, cluster: String, change: Change) -> Result<(), ApiError> {
    match change {
        Change::Create(body) => {
            api::call(api, &ops::ClusterEnvVarCreate { id: cluster, body }).await.map(drop)
        }
        Change::Update { var_id, body } => {
            api::call(api, &ops::ClusterEnvVarUpdate { id: cluster, env_variable_id: var_id, body })
                .await
                .map(drop)
        }
        Change::Delete { var_id } => {
            api::call(api, &ops::ClusterEnvVarDelete { id: cluster, env_variable_id: var_id }).await
        }
    }
}

/// The app-wide queue. Copy.
#[derive(Clone, Copy)]
pub struct EnvQueue {
    pub items: RwSignal<Vec<Queued>>,
    /// The item being sent, if any (one at a time).
    pub sending: RwSignal<Option<u64>>,
    /// Counts queued changes that were applied: lists read it to load again.
    pub applied: RwSignal<u32>,
    /// How each change that left the queue ended, by `seq`: (applied, in words).
    pub ended: RwSignal<Vec<(u64, bool, Phrase)>>,
    /// Changes staged on the tab, every cluster's; kept in sessionStorage.
    pub staged: RwSignal<Vec<Staged>>,
    /// The last run of staged changes, by cluster.
    pub runs: RwSignal<Vec<Run>>,
    /// How long the last restart after a change sent from here took, by cluster (ms).
    pub restart_ms: RwSignal<HashMap<String, f64>>,
    /// When the last change was sent, by cluster, and whether its restart was seen running.
    sent_at: StoredValue<HashMap<String, (f64, bool)>>,
    pub(super) next_staged: StoredValue<u64>,
    pub(super) next_run: StoredValue<u64>,
    center: Option<Activities>,
    next: StoredValue<u64>,
    drivers: StoredValue<Vec<String>>,
    restarts: RestartWatch,
    session: Session,
    root: StoredValue<Option<Owner>, LocalStorage>,
}

/// The queue, made the first time it is asked for.
pub fn env_queue() -> EnvQueue {
    if let Some(queue) = use_context::<EnvQueue>() {
        return queue;
    }
    let restarts = crate::poll::app_wide(restart_watch);
    let session = expect_context::<Session>();
    let root = use_context::<AppOwner>().map(|AppOwner(o)| o);
    let center = crate::activity::center();
    let kept = root.clone();
    let make = move || EnvQueue {
        items: RwSignal::new(Vec::new()),
        sending: RwSignal::new(None),
        applied: RwSignal::new(0),
        ended: RwSignal::new(Vec::new()),
        staged: RwSignal::new(kept_staged()),
        runs: RwSignal::new(Vec::new()),
        restart_ms: RwSignal::new(HashMap::new()),
        sent_at: StoredValue::new(HashMap::new()),
        next_staged: StoredValue::new(kept_staged().iter().map(|s| s.id).max().unwrap_or(0) + 1),
        next_run: StoredValue::new(1),
        center,
        next: StoredValue::new(1),
        drivers: StoredValue::new(Vec::new()),
        restarts,
        session,
        root: StoredValue::new_local(kept.clone()),
    };
    match &root {
        Some(owner) => owner.with(|| {
            let queue = make();
            provide_context(queue);
            keep_staged(queue);
            queue
        }),
        None => make(),
    }
}

fn kept_staged() -> Vec<Staged> {
    storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .map(|t| staged::from_storage(&t))
        .unwrap_or_default()
}

/// Writes the staged changes to sessionStorage whenever they change.
fn keep_staged(queue: EnvQueue) {
    Effect::new(move |_| {
        let text = queue.staged.with(|list| staged::for_storage(list));
        if let Some(storage) = storage() {
            // Full or disabled storage: the changes are still kept in memory.
            let _ = storage.set_item(STORAGE_KEY, &text);
        }
    });
}

impl EnvQueue {
    /// Queues `change` (the staged change `staged` of run `run`) behind the running
    /// restart and makes sure its cluster is watched.
    pub(super) fn enqueue(self, cluster: String, label: Phrase, change: Change, staged: u64, run: u64) {
        let seq = self.next.get_value();
        self.next.set_value(seq + 1);
        let since = js_sys::Date::now();
        self.items.update(|items| {
            items.push(Queued {
                seq,
                cluster: cluster.clone(),
                label: label.clone(),
                change,
                since,
                staged,
                run,
            })
        });
        self.announce(seq, &cluster, label);
        self.drive(cluster.clone());
        // The last reading may predate the restart that refused the change.
        self.restarts.refresh(cluster);
    }

    pub fn cancel(self, seq: u64) {
        if self.sending.get_untracked() == Some(seq)
            || !self.items.with_untracked(|items| items.iter().any(|q| q.seq == seq))
        {
            return;
        }
        let run = self.items.with_untracked(|items| items.iter().find(|q| q.seq == seq).map(|q| q.run));
        self.items.update(|items| items.retain(|q| q.seq != seq));
        self.ended.update(|e| e.push((seq, false, w::CANCELLED_NEVER_SENT.into())));
        // The run goes on without it; it stays staged.
        if let Some(run) = run {
            self.runs.update(|runs| runs.iter_mut().filter(|r| r.id == run).for_each(|r| r.cancelled += 1));
        }
    }

    /// Where queued change `seq` stands, for the activity center.
    pub fn progress(self, seq: u64) -> Progress {
        if let Some((_, ok, note)) = self.ended.with(|e| e.iter().find(|(s, _, _)| *s == seq).cloned()) {
            return Progress::done(ok, note);
        }
        if self.sending.get() == Some(seq) {
            return Progress::running(w::SENDING);
        }
        Progress::Running { note: w::QUEUED_NOTE.into(), fraction: None, cancellable: true }
    }

    /// Lists the change in the activity center, with Cancel while it waits.
    fn announce(self, seq: u64, cluster: &str, label: Phrase) {
        let Some(center) = self.center else { return };
        let href = links::cluster_tab(cluster, ClusterTab::EnvVars);
        center.track(
            format!("queued {seq}"),
            label,
            href,
            Box::new(move || Started {
                progress: Signal::derive(move || self.progress(seq)),
                cancel: Some(Callback::new(move |()| self.cancel(seq))),
            }),
        );
    }

    /// Times the restart that follows a change sent from here: from the send to the first
    /// reading saying it is over, once a reading saw it running.
    fn time_restart(self, cluster: &str, in_progress: Option<bool>, checked_at: f64) {
        let Some((at, seen)) = self.sent_at.with_value(|s| s.get(cluster).copied()) else { return };
        if checked_at <= at {
            return;
        }
        match in_progress {
            Some(true) if !seen => self.sent_at.update_value(|s| {
                s.insert(cluster.to_string(), (at, true));
            }),
            Some(false) if seen => {
                self.sent_at.update_value(|s| {
                    s.remove(cluster);
                });
                self.restart_ms.update(|m| {
                    m.insert(cluster.to_string(), checked_at - at);
                });
            }
            _ => {}
        }
    }

    /// One watcher per cluster, for the life of the app: sends the first due item.
    fn drive(self, cluster: String) {
        if self.drivers.with_value(|d| d.contains(&cluster)) {
            return;
        }
        self.drivers.update_value(|d| d.push(cluster.clone()));
        let start = move || {
            let feed = self.restarts.watch(cluster.clone(), None);
            Effect::new(move |_| {
                let (in_progress, checked_at) =
                    feed.with(|f| (f.value.as_ref().map(|s| s.restart_in_progress), f.updated_at));
                self.time_restart(&cluster, in_progress, checked_at);
                let sending = self.sending.get().is_some();
                let first = self.items.with(|items| items.iter().find(|q| q.cluster == cluster).cloned());
                if let Some(item) = first.filter(|q| due(q, sending, in_progress, checked_at)) {
                    self.start(item);
                }
            });
        };
        match self.root.get_value() {
            Some(owner) => owner.with(start),
            None => start(),
        }
    }

    fn start(self, item: Queued) {
        let Some(api) = self.session.api() else { return };
        self.sending.set(Some(item.seq));
        spawn_local(async move {
            let result = send(api, item.cluster.clone(), item.change.clone()).await;
            let now = js_sys::Date::now();
            match result {
                Ok(()) => {
                    // The change started a restart of its own: the rest waits for it.
                    self.items.update(|items| {
                        items.retain(|q| q.seq != item.seq);
                        items.iter_mut().filter(|q| q.cluster == item.cluster).for_each(|q| q.since = now);
                    });
                    self.applied.update(|n| *n += 1);
                    self.sent_at.update_value(|s| {
                        s.insert(item.cluster.clone(), (now, false));
                    });
                    self.applied_staged(&item);
                    self.ended.update(|e| e.push((item.seq, true, w::APPLIED_NOTE.into())));
                }
                Err(ApiError::Conflict { restart: true, .. }) => {
                    self.items.update(|items| {
                        items.iter_mut().filter(|q| q.seq == item.seq).for_each(|q| q.since = now)
                    });
                }
                Err(e) => {
                    self.items.update(|items| items.retain(|q| q.seq != item.seq));
                    self.ended.update(|ended| {
                        // The console's wording of the error as it was then: kept as text.
                        let reason = Phrase::Verbatim(e.detail());
                        ended.push((item.seq, false, Phrase::of(w::NOT_APPLIED, [("reason", reason)])))
                    });
                    // The run stops here, and the page shows which change failed and why.
                    self.stop_run(&item, e);
                }
            }
            self.sending.set(None);
            self.restarts.refresh(item.cluster);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(since: f64) -> Queued {
        Queued {
            seq: 1,
            cluster: "c".into(),
            label: Phrase::Verbatim("Add A".into()),
            change: Change::Delete { var_id: "v".into() },
            since,
            staged: 1,
            run: 1,
        }
    }

    #[test]
    fn waits_for_a_fresh_idle_reading_and_one_at_a_time() {
        assert!(due(&item(5.0), false, Some(false), 6.0));
        assert!(!due(&item(5.0), false, Some(false), 4.0), "a reading from before the 409 says nothing");
        assert!(!due(&item(5.0), false, Some(true), 6.0));
        assert!(!due(&item(5.0), false, None, 6.0));
        assert!(!due(&item(5.0), true, Some(false), 6.0), "another change is being sent");
    }
}
