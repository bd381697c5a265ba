//! Fills the palette's index when it opens, so that it finds what this visit has not
//! loaded yet: the clusters (when no page listed them), then the realms of every ACTIVE
//! cluster whose realms were not listed, a few at a time (`kit::pool`). Each answer goes
//! into `known`, and `version` moves so the open palette searches again.

use std::rc::Rc;

use cluster_api::ops;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::known;
use crate::api::{self, Api};
use crate::i18n::k::palette as w;
use crate::i18n::{t, tf};
use crate::kit::pool::{Read, read_each};

/// Realm lists read at once: the browser's six connections are shared with the page.
const AT_ONCE: usize = 3;
/// The index is built again at most this often while realms arrive (and once at the end):
/// with hundreds of clusters, a rebuild per answer would take the frames the typing needs.
const REBUILD_MS: f64 = 300.0;

/// How the filling goes. Copy; made by the open palette and gone with it.
#[derive(Clone, Copy)]
pub struct Filling {
    /// Moves whenever something new is known.
    pub version: RwSignal<u32>,
    pub clusters_loading: RwSignal<bool>,
    /// Realm lists read so far, of how many.
    pub realms: RwSignal<Option<(usize, usize)>>,
    /// What could not be read, in words.
    pub failed: RwSignal<Vec<String>>,
    /// When `version` last moved (`Date.now()`).
    last: StoredValue<f64>,
}

impl Default for Filling {
    fn default() -> Filling {
        Filling {
            version: RwSignal::new(0),
            clusters_loading: RwSignal::new(false),
            realms: RwSignal::new(None),
            failed: RwSignal::new(Vec::new()),
            last: StoredValue::new(0.0),
        }
    }
}

impl Filling {
    /// "Loading realms (3 of 6)…", while something loads.
    pub fn status(self) -> Option<String> {
        if self.clusters_loading.get() {
            return Some(t(w::LOADING_CLUSTERS).into());
        }
        match self.realms.get() {
            Some((done, total)) if done < total => {
                Some(tf(w::LOADING_REALMS, &[("done", &done.to_string()), ("total", &total.to_string())]))
            }
            _ => None,
        }
    }

    fn changed(self) {
        self.last.try_set_value(js_sys::Date::now());
        self.version.try_update(|v| *v += 1);
    }

    /// `changed`, unless it was very recently and more is coming.
    fn changed_soon(self, last_one: bool) {
        let recently = self.last.try_get_value().is_some_and(|at| js_sys::Date::now() - at < REBUILD_MS);
        if last_one || !recently {
            self.changed();
        }
    }

    fn failed(self, what: String) {
        self.failed.try_update(|f| f.push(what));
    }
}

/// Starts reading what the index lacks.
pub fn fill(api: Api, filling: Filling) {
    spawn_local(async move {
        if !known::clusters_known() {
            filling.clusters_loading.try_set(true);
            match api::call(api, &ops::ClusterList).await {
                Ok(all) => {
                    known::clusters_read(&all);
                    filling.changed();
                }
                Err(e) => filling.failed(tf(w::CLUSTERS_FAILED, &[("reason", &e.detail())])),
            }
            filling.clusters_loading.try_set(false);
        }
        let wanted: Vec<(String, String)> = known::with_clusters(|all| {
            all.iter()
                .filter(|c| crate::cluster_states::runs(&c.status) && !known::realms_known(&c.id))
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect()
        });
        if wanted.is_empty() {
            return;
        }
        let total = wanted.len();
        if filling.realms.try_set(Some((0, total))).is_some() {
            // The palette closed meanwhile (`try_set` gives the value back when it cannot).
            return;
        }
        let wanted = Rc::new(wanted);
        read_each(
            total,
            AT_ONCE,
            Rc::new(move |at| -> Read {
                let (id, name) = wanted[at].clone();
                Box::pin(async move {
                    let op = ops::ClusterDeploymentList { id: id.clone(), search: None };
                    let answer = api::call(api, &op).await;
                    // Closed: the rest is not read.
                    if filling.realms.try_get_untracked().is_none() {
                        return false;
                    }
                    if let Err(e) = &answer {
                        filling.failed(tf(w::REALMS_FAILED, &[("cluster", &name), ("reason", &e.detail())]));
                    }
                    let done = filling
                        .realms
                        .try_update(|r| {
                            r.as_mut().map(|(done, total)| {
                                *done += 1;
                                *done == *total
                            })
                        })
                        .flatten()
                        .unwrap_or(true);
                    if let Ok(realms) = answer {
                        known::realms_read(&id, &realms);
                    }
                    filling.changed_soon(done);
                    true
                })
            }),
        );
    });
}
