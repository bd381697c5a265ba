//! What the console has already read, kept for the command palette: the last
//! `cluster.list` answer and the realms of the clusters whose realms were listed, written
//! here by the screens that read them. Plain thread-locals, not signals: the palette reads
//! them when it opens, and nothing needs to re-render when they change.

use std::cell::RefCell;

use cluster_api::{Cluster, ClusterState, Deployment};

#[derive(Debug, Clone, PartialEq)]
pub struct KnownCluster {
    pub id: String,
    pub name: String,
    pub owner: Option<String>,
    pub status: ClusterState,
}

#[derive(Debug, Clone, PartialEq)]
pub struct KnownRealm {
    pub cluster_id: String,
    pub id: String,
    /// The deployment's `name`: its Keycloak realm name, what people type ("partners").
    pub name: String,
    /// The deployment's `display_name` when one is set and not empty ("Partner portal").
    pub display_name: Option<String>,
}

impl KnownRealm {
    /// What the console shows for it: the display name, else the name.
    pub fn shown(&self) -> &str {
        self.display_name.as_deref().unwrap_or(&self.name)
    }
}

thread_local! {
    static CLUSTERS: RefCell<Vec<KnownCluster>> = const { RefCell::new(Vec::new()) };
    /// Whether a `cluster.list` answer arrived at all (an empty list is an answer).
    static CLUSTERS_READ: RefCell<bool> = const { RefCell::new(false) };
    static REALMS: RefCell<Vec<KnownRealm>> = const { RefCell::new(Vec::new()) };
    /// The clusters whose realms were listed.
    static REALMS_OF: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// A `cluster.list` answer arrived.
pub fn clusters_read(list: &[Cluster]) {
    let known = list
        .iter()
        .map(|c| KnownCluster {
            id: c.id.clone(),
            name: c.name.clone(),
            owner: c.owner.clone(),
            status: c.status.clone(),
        })
        .collect();
    CLUSTERS.with_borrow_mut(|all| *all = known);
    CLUSTERS_READ.with_borrow_mut(|read| *read = true);
}

/// Whether the clusters were listed in this visit.
pub fn clusters_known() -> bool {
    CLUSTERS_READ.with_borrow(|read| *read)
}

/// Whether the realms of `cluster_id` were listed in this visit.
pub fn realms_known(cluster_id: &str) -> bool {
    REALMS_OF.with_borrow(|of| of.iter().any(|c| c == cluster_id))
}

/// A `cluster.deployment.list` answer for `cluster_id` arrived: it replaces what was known.
pub fn realms_read(cluster_id: &str, realms: &[Deployment]) {
    REALMS_OF.with_borrow_mut(|of| {
        if !of.iter().any(|c| c == cluster_id) {
            of.push(cluster_id.to_string());
        }
    });
    REALMS.with_borrow_mut(|all| {
        all.retain(|r| r.cluster_id != cluster_id);
        all.extend(realms.iter().map(|r| KnownRealm {
            cluster_id: cluster_id.to_string(),
            id: r.id.clone(),
            name: r.name.clone(),
            display_name: r.display_name.clone().filter(|d| !d.is_empty()),
        }));
    });
}

pub fn with_clusters<T>(f: impl FnOnce(&[KnownCluster]) -> T) -> T {
    CLUSTERS.with_borrow(|all| f(all))
}

pub fn with_realms<T>(f: impl FnOnce(&[KnownRealm]) -> T) -> T {
    REALMS.with_borrow(|all| f(all))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn realms_of_a_cluster_are_replaced_not_added() {
        let realm = |id: &str| Deployment { id: id.into(), name: id.into(), ..Default::default() };
        realms_read("cl-1", &[realm("r1"), realm("r2")]);
        realms_read("cl-2", &[realm("r3")]);
        realms_read("cl-1", &[realm("r4")]);
        let ids = with_realms(|all| all.iter().map(|r| r.id.clone()).collect::<Vec<_>>());
        assert_eq!(ids, ["r3", "r4"]);
        assert!(realms_known("cl-1") && realms_known("cl-2") && !realms_known("cl-3"));
    }

    #[test]
    fn a_realm_keeps_its_name_and_its_display_name() {
        let realm = |name: &str, display: Option<&str>| Deployment {
            id: format!("dep-{name}"),
            name: name.into(),
            display_name: display.map(String::from),
            ..Default::default()
        };
        realms_read(
            "cl-names",
            &[realm("partners", Some("Partner portal")), realm("internal", None), realm("blank", Some(""))],
        );
        let kept = with_realms(|all| {
            all.iter()
                .filter(|r| r.cluster_id == "cl-names")
                .map(|r| (r.name.clone(), r.display_name.clone(), r.shown().to_string()))
                .collect::<Vec<_>>()
        });
        assert_eq!(
            kept,
            [
                ("partners".into(), Some("Partner portal".into()), "Partner portal".into()),
                ("internal".into(), None, "internal".into()),
                ("blank".into(), None, "blank".into()),
            ]
        );
    }
}
