//! The clusters list's filters, kept in the URL query (`?name=acme&status=ACTIVE`) so a
//! filtered view can be bookmarked, shared and survives a reload.

use cluster_api::{Cluster, ClusterState};

#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterFilter {
    pub name: String,
    pub status: Option<ClusterState>,
}

impl ClusterFilter {
    pub fn from_query(name: Option<String>, status: Option<String>) -> ClusterFilter {
        ClusterFilter {
            name: name.unwrap_or_default(),
            status: status.filter(|s| !s.is_empty()).map(|s| ClusterState::from_wire(&s)),
        }
    }

    pub fn matches(&self, cluster: &Cluster) -> bool {
        let needle = self.name.trim().to_lowercase();
        (needle.is_empty() || cluster.name.to_lowercase().contains(&needle))
            && self.status.as_ref().is_none_or(|s| *s == cluster.status)
    }

    pub fn is_active(&self) -> bool {
        !self.name.trim().is_empty() || self.status.is_some()
    }

    /// The list's URL for this filter.
    pub fn to_href(&self) -> String {
        let mut query = cluster_api::request::Query::default();
        if !self.name.trim().is_empty() {
            query.push("name", &self.name.trim());
        }
        if let Some(status) = &self.status {
            query.push("status", status);
        }
        format!("/clusters{}", query.to_query_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cluster(name: &str, status: ClusterState) -> Cluster {
        Cluster { name: name.into(), status, ..Cluster::default() }
    }

    #[test]
    fn filters_by_name_and_status() {
        let f = ClusterFilter::from_query(Some("PROD".into()), Some("ACTIVE".into()));
        assert!(f.matches(&cluster("acme-prod", ClusterState::Active)));
        assert!(!f.matches(&cluster("acme-prod", ClusterState::Provisioning)));
        assert!(!f.matches(&cluster("acme-dev", ClusterState::Active)));
    }

    #[test]
    fn round_trips_through_the_url() {
        let f = ClusterFilter { name: "acme prod".into(), status: Some(ClusterState::PendingDeletion) };
        assert_eq!(f.to_href(), "/clusters?name=acme%20prod&status=PENDING_DELETION");
        assert_eq!(ClusterFilter::default().to_href(), "/clusters");
        assert!(!ClusterFilter::from_query(None, Some(String::new())).is_active());
    }
}
