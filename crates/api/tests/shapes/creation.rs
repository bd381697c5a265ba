//! `ClusterCreationResult`: a flat union of three shapes.

use cluster_api::{ClusterCreationResult, ClusterState};
use serde_json::json;

use crate::{cluster_json, rejects, round_trip};

#[test]
fn creation_result_link_shape() {
    let result: ClusterCreationResult = round_trip(json!({
        "link": {"message": "Redirecting to Stripe Checkout", "link": "https://checkout.stripe.com/c/pay/\
            cs_test_a1"},
        "requires_action": false
    }));
    let link = result.link.expect("link shape");
    assert_eq!(link.link, "https://checkout.stripe.com/c/pay/cs_test_a1", "the URL is at link.link");
    assert_eq!(link.message.as_deref(), Some("Redirecting to Stripe Checkout"));
    assert_eq!(result.cluster, None);
    assert!(!result.requires_action);
    assert_eq!(result.client_secret, None);
    assert_eq!(result.cluster_id, None);
    // `link` is an object, never a bare URL string.
    rejects::<ClusterCreationResult>(
        json!({"link": "https://checkout.stripe.com/x", "requires_action": false}),
    );
}

#[test]
fn creation_result_cluster_shape() {
    let result: ClusterCreationResult =
        round_trip(json!({"cluster": cluster_json(), "requires_action": false}));
    let cluster = result.cluster.expect("cluster shape");
    assert_eq!(cluster.id, "c-123");
    assert_eq!(cluster.status, ClusterState::Active);
    assert_eq!(result.link, None);
    assert!(!result.requires_action);
}

#[test]
fn creation_result_requires_action_shape() {
    let result: ClusterCreationResult = round_trip(json!({
        "requires_action": true,
        "client_secret": "pi_3Pabc_secret_xyz",
        "cluster_id": "c-456"
    }));
    assert!(result.requires_action);
    assert_eq!(result.client_secret.as_deref(), Some("pi_3Pabc_secret_xyz"));
    assert_eq!(result.cluster_id.as_deref(), Some("c-456"));
    assert_eq!(result.link, None);
    assert_eq!(result.cluster, None);
}
