//! What every tab of a cluster page shares: the cluster (watched once by the layout), its
//! ID, the signed-in `Api`, and what the person may do to it. A tab's own context holds
//! only what is its own (its list, its watch).

use cluster_api::{Cluster, Operation};
use leptos::prelude::*;

use crate::directory::Directory;
use crate::session::Api;

#[derive(Clone, Copy)]
pub struct ClusterCtx {
    pub id: StoredValue<String>,
    pub cluster: Signal<Cluster>,
    pub api: Api,
    directory: Directory,
}

impl ClusterCtx {
    pub fn new(id: String, cluster: Signal<Cluster>, api: Api, directory: Directory) -> ClusterCtx {
        ClusterCtx { id: StoredValue::new(id), cluster, api, directory }
    }

    pub fn id(&self) -> String {
        self.id.get_value()
    }

    /// The organization that owns the cluster, whose roles decide what may be done to it.
    fn owner(&self) -> String {
        self.cluster.with(|c| c.owner.clone().unwrap_or_default())
    }

    /// Why `op` is refused on this cluster, counting "still checking" as refused (for
    /// controls that must not be used before the answer is known). Tracks the cluster and
    /// the roles.
    pub fn denied(&self, op: &Operation) -> Option<String> {
        self.directory.denied(&self.owner(), op)
    }

    /// Why `op` is refused on this cluster once known; nothing while checking (for notes
    /// that would only flicker).
    pub fn refusal(&self, op: &Operation) -> Option<String> {
        self.directory.refusal(&self.owner(), op)
    }
}
