//! The sandbox's own view of its data: what the store keeps and the engine reasons
//! about. Wire shapes come from `cluster_api`; these carry the extra bookkeeping
//! (billing flag, timers) that the contract never shows.

use cluster_api::{Cluster, ClusterState, EpochMillis, Region, ResourceLimits, Tier};

/// Milliseconds since the Unix epoch, the unit of every stored instant.
pub type Millis = i64;

/// The current time in epoch milliseconds.
pub fn now_millis() -> Millis {
    chrono::Utc::now().timestamp_millis()
}

#[derive(Debug, Clone, PartialEq)]
pub struct OrgRecord {
    pub id: String,
    pub name: String,
    pub display_name: String,
    pub created_at: Millis,
}

impl OrgRecord {
    /// How messages name the organization: the display name people recognise.
    pub fn label(&self) -> &str {
        if self.display_name.is_empty() { &self.name } else { &self.display_name }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SecretRecord {
    pub id: String,
    /// The organization the secret was created in (it may hold roles elsewhere).
    pub org_id: String,
    pub name: String,
    pub client_id: String,
    pub client_secret: String,
    pub created_at: Millis,
    pub created_by: Option<String>,
}

/// One organization role granted to an API secret.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Grant {
    pub org_id: String,
    pub role: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClusterRecord {
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
    /// A restart is in progress until this instant.
    pub restart_until: Option<Millis>,
    /// Payment completed at least once: decides whether delete defers or removes.
    pub billed: bool,
}

#[cfg(test)]
impl ClusterRecord {
    /// An active, paid cluster of `tier` with standard limits, created at 0: what the
    /// engine's unit tests start from.
    pub fn sample(tier: Tier) -> ClusterRecord {
        ClusterRecord {
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

impl ClusterRecord {
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
