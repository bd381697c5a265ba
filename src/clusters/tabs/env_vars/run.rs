//! Staging changes and applying them in one run: the staged changes of a cluster go into
//! the app-wide restart queue (`queue`) together, which sends them one after another, each
//! once the previous restart has ended. An applied change leaves the staged list; a failed
//! one stops the run, and it and the rest stay staged.

use leptos::prelude::*;

use super::queue::{EnvQueue, Queued};
use super::staged::{self, Staged};
use crate::api::ApiError;
use crate::i18n::Phrase;
use crate::i18n::k::env_vars as w;

/// One run of staged changes on one cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub id: u64,
    pub cluster: String,
    pub total: usize,
    pub applied: usize,
    /// Taken out of the run (Cancel in the activity center): still staged.
    pub cancelled: usize,
    /// The change that failed, and why: the run stopped there.
    pub failed: Option<(Phrase, ApiError)>,
}

impl Run {
    pub fn running(&self) -> bool {
        self.failed.is_none() && self.applied + self.cancelled < self.total
    }
}

/// Where one staged change stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StagedState {
    Pending,
    Queued,
    Sending,
}

impl EnvQueue {
    /// Stages a change of `cluster` (replacing an earlier one of the same variable).
    pub fn stage(self, mut change: Staged) {
        change.id = self.next_staged.get_value();
        self.next_staged.set_value(change.id + 1);
        self.staged.update(|list| staged::stage(list, change));
    }

    /// Drops a staged change that is not on its way.
    pub fn unstage(self, id: u64) {
        if self.state(id) == StagedState::Pending {
            self.staged.update(|list| list.retain(|s| s.id != id));
        }
    }

    /// Gives a staged secret its value again (asked for after a reload).
    pub fn set_value(self, id: u64, value: String) {
        self.staged
            .update(|list| list.iter_mut().filter(|s| s.id == id).for_each(|s| s.value = value.clone()));
    }

    pub fn pending(self, cluster: &str) -> Vec<Staged> {
        self.staged.with(|list| list.iter().filter(|s| s.cluster == cluster).cloned().collect())
    }

    pub fn state(self, id: u64) -> StagedState {
        let Some(seq) = self.items.with(|items| items.iter().find(|q| q.staged == id).map(|q| q.seq)) else {
            return StagedState::Pending;
        };
        if self.sending.get() == Some(seq) { StagedState::Sending } else { StagedState::Queued }
    }

    pub fn run_of(self, cluster: &str) -> Option<Run> {
        self.runs.with(|runs| runs.iter().find(|r| r.cluster == cluster).cloned())
    }

    /// Applies every staged change of `cluster`, in the order they were staged. Returns
    /// how many went into the queue (none while a secret lacks its value).
    pub fn apply(self, cluster: &str) -> usize {
        let list: Vec<Staged> = self.pending(cluster);
        if list.iter().any(Staged::needs_value) || list.is_empty() {
            return 0;
        }
        let run = self.next_run.get_value();
        self.next_run.set_value(run + 1);
        let total = list.len();
        self.runs.update(|runs| {
            runs.retain(|r| r.cluster != cluster);
            runs.push(Run {
                id: run,
                cluster: cluster.to_string(),
                total,
                applied: 0,
                cancelled: 0,
                failed: None,
            });
        });
        for s in list {
            if let Some(change) = s.change() {
                self.enqueue(cluster.to_string(), s.phrase(), change, s.id, run);
            }
        }
        total
    }

    /// `item` was applied: it is no longer staged, and its run counts it.
    pub(super) fn applied_staged(self, item: &Queued) {
        self.staged.update(|list| list.retain(|s| s.id != item.staged));
        self.runs.update(|runs| runs.iter_mut().filter(|r| r.id == item.run).for_each(|r| r.applied += 1));
    }

    /// `item` failed: the rest of its run leaves the queue and stays staged.
    pub(super) fn stop_run(self, item: &Queued, error: ApiError) {
        let run = item.run;
        let mut dropped = Vec::new();
        self.items.update(|items| {
            items.retain(|q| {
                let ours = q.run == run;
                if ours {
                    dropped.push(q.seq);
                }
                !ours
            })
        });
        self.ended.update(|ended| {
            ended.extend(dropped.into_iter().map(|seq| (seq, false, w::NOT_SENT_EARLIER_FAILED.into())))
        });
        self.runs.update(|runs| {
            runs.iter_mut()
                .filter(|r| r.id == run)
                .for_each(|r| r.failed = Some((item.label.clone(), error.clone())))
        });
    }
}
