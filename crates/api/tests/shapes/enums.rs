//! Enums: their spellings, and unknown values kept.

use cluster_api::{
    BillingPeriod, Cluster, ClusterState, DeploymentState, EnvironmentVariableType, ResourceLimits,
    ResourceType, ScanState, Tier,
};
use serde::Serialize;
use serde_json::json;

use crate::{cluster_json, rejects, round_trip};

#[test]
fn tier_billing_period_and_resource_limits_are_lowercase() {
    assert_eq!(wires(Tier::KNOWN), ["starter", "premium", "enterprise"]);
    assert_eq!(wires(BillingPeriod::KNOWN), ["monthly", "annual"]);
    assert_eq!(wires(ResourceLimits::KNOWN), ["standard", "custom"]);
    assert_eq!(round_trip::<Tier>(json!("enterprise")), Tier::Enterprise);
    assert_eq!(round_trip::<BillingPeriod>(json!("annual")), BillingPeriod::Annual);
    assert_eq!(round_trip::<ResourceLimits>(json!("custom")), ResourceLimits::Custom);
    // Uppercase is not a contract spelling: it is not silently taken for another value,
    // and it goes back out as it came in.
    let upper: BillingPeriod = round_trip(json!("MONTHLY"));
    assert_ne!(upper, BillingPeriod::Annual);
    let upper: ResourceLimits = round_trip(json!("STANDARD"));
    assert_ne!(upper, ResourceLimits::Custom);
    // Every other enum is uppercase.
    assert_eq!(ClusterState::Active.as_str(), "ACTIVE");
    assert_eq!(EnvironmentVariableType::Secret.as_str(), "SECRET");
    assert_eq!(DeploymentState::Pending.as_str(), "PENDING");
}

/// The serialized form of each value.
fn wires<T: Serialize>(values: &[T]) -> Vec<String> {
    values.iter().map(|v| serde_json::to_value(v).unwrap().as_str().unwrap().to_string()).collect()
}

#[test]
fn unknown_enum_values_are_kept() {
    let state: ClusterState = round_trip(json!("HIBERNATING"));
    assert_eq!(state, ClusterState::Unknown("HIBERNATING".into()));
    assert_eq!(state.as_str(), "HIBERNATING");
    assert_eq!(state.to_string(), "HIBERNATING");
    assert!(!ClusterState::KNOWN.contains(&state));

    // Inside a whole cluster, the page still loads and the value survives.
    let mut value = cluster_json();
    value["status"] = json!("HIBERNATING");
    value["tier"] = json!("platinum");
    let cluster: Cluster = round_trip(value);
    assert_eq!(cluster.status, ClusterState::Unknown("HIBERNATING".into()));
    assert_eq!(cluster.tier, Tier::Unknown("platinum".into()));

    let kind: ResourceType = round_trip(json!("SCRIPT"));
    assert_eq!(kind, ResourceType::Unknown("SCRIPT".into()));
    let scan: ScanState = round_trip(json!("QUARANTINED"));
    assert_eq!(scan, ScanState::Unknown("QUARANTINED".into()));
    // Known values never land on Unknown.
    assert_eq!(ClusterState::from_wire("PENDING_DELETION"), ClusterState::PendingDeletion);
    // Still strings: a number is not an enum value.
    rejects::<ClusterState>(json!(3));
}
