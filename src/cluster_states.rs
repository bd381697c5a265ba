//! What a cluster's state allows, for every part that decides by it: whether it runs
//! Keycloak (realms can be read and added) and whether it waits for a payment.

use cluster_api::ClusterState;

/// Whether realms can be added to a cluster in `status` (and read: only an ACTIVE
/// cluster runs Keycloak).
pub fn runs(status: &ClusterState) -> bool {
    *status == ClusterState::Active
}

/// A cluster that waits for its payment (or for payment to be set up).
pub fn unpaid(status: &ClusterState) -> bool {
    matches!(
        status,
        ClusterState::BillingSetup | ClusterState::PendingPayment | ClusterState::BillingRequired
    )
}
