//! A cluster as the store keeps it, with the bookkeeping (timers, billing flag) the
//! wire `Cluster` never shows.

use super::Millis;
use cluster_api::{Cluster, ClusterState, EpochMillis, Region, ResourceLimits, Tier};

#[derive(Debug, Clone, PartialEq)]
pub struct ClusterRow {
    pub id: String,
    pub name: String,
    pub org_id: String,
    /// `Region.name`, e.g. `US_EAST_1`.
    pub region: String,
    pub tier: Tier,
    pub status: ClusterState,
    pub resource_limits: ResourceLimits,
    pub variant: String,
    pub domain: Option<String>,
    pub created_at: Millis,
    /// When a PROVISIONING cluster turns ACTIVE.
    pub ready_at: Option<Millis>,
    /// The latest restart ends (or ended) at this instant: in progress before it, and
    /// when Keycloak last started once past.
    pub restart_until: Option<Millis>,
    /// Payment completed at least once: decides whether delete defers or removes.
    pub billed: bool,
}

#[cfg(test)]
impl ClusterRow {
    /// An active, paid cluster of `tier` with standard limits, created at 0: what the
    /// engine's unit tests start from.
    pub fn sample(tier: Tier) -> ClusterRow {
        ClusterRow {
            id: "c1".into(),
            name: "demo".into(),
            org_id: "org".into(),
            region: "US_EAST_1".into(),
            tier,
            status: ClusterState::Active,
            resource_limits: ResourceLimits::Standard,
            variant: "DEDICATED".into(),
            domain: None,
            created_at: 0,
            ready_at: None,
            restart_until: None,
            billed: true,
        }
    }
}

impl ClusterRow {
    /// The base URL of the cluster's Keycloak, as `Cluster.host` carries it.
    pub fn host(&self) -> String {
        format!("https://{}.global.auth.ac", self.name)
    }

    /// The wire shape, with the region inlined as the contract wants.
    pub fn to_wire(&self, region: Region) -> Cluster {
        Cluster {
            id: self.id.clone(),
            name: self.name.clone(),
            host: self.host(),
            region,
            domain: self.domain.clone(),
            status: self.status.clone(),
            owner: Some(self.org_id.clone()),
            variant: Some(self.variant.clone()),
            tier: self.tier.clone(),
            resource_limits: self.resource_limits.clone(),
            created_at: EpochMillis(self.created_at),
        }
    }
}
