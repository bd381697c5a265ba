//! Region: an object on Cluster, a string on requests and deployments.

use cluster_api::{BillingPeriod, Cluster, DedicatedClusterRequest, Deployment, Region, Tier};
use serde_json::json;

use crate::{cluster_json, rejects, round_trip};

#[test]
fn cluster_region_is_an_object_but_request_region_is_a_string() {
    let cluster: Cluster = round_trip(cluster_json());
    assert_eq!(
        cluster.region,
        Region { name: "US_EAST_1".into(), provider: "aws".into(), region: "us-east-1".into() }
    );
    assert_eq!(cluster.owner.as_deref(), Some("org-1"), "the owning org is `owner` on Cluster");
    assert_eq!(cluster.host, "https://demo.global.auth.ac");
    let mut as_string = cluster_json();
    as_string["region"] = json!("US_EAST_1");
    rejects::<Cluster>(as_string);

    let request = DedicatedClusterRequest {
        name: "acme".into(),
        region: cluster.region.name.clone(),
        tier: Some(Tier::Premium),
        billing_period: Some(BillingPeriod::Monthly),
        org_id: "org-1".into(),
        payment_method_id: Some("pm_123".into()),
        ..Default::default()
    };
    assert_eq!(
        serde_json::to_value(&request).unwrap(),
        json!({
            "name": "acme", "region": "US_EAST_1", "tier": "premium", "billing_period": "monthly",
            "org_id": "org-1", "payment_method_id": "pm_123"
        })
    );
    rejects::<DedicatedClusterRequest>(
        json!({"name": "acme", "region": {"name": "US_EAST_1"}, "org_id": "o"}),
    );

    let deployment: Deployment =
        round_trip(json!({"id": "d1", "name": "t", "state": "ACTIVE", "region": "US_EAST_1"}));
    assert_eq!(deployment.region.as_deref(), Some("US_EAST_1"));
}
