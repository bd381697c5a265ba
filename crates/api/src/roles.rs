//! Which organization role each operation needs. The contract states only that billing
//! writes need `manage-billing`; the rest follows the dashboard's view/manage pairs
//! (API-NOTES §2.3). One table, so the console's buttons and the sandbox's 403s agree.

use crate::request::{Method, Operation};

/// The (view, manage) role pair guarding an operation.
fn group(op: &Operation) -> (&'static str, &'static str) {
    match (op.tag, op.id) {
        // Subscriptions and checkout are billing data even though they sit under /clusters.
        (_, "cluster.subscription.detail" | "cluster.billingSession.create" | "cluster.checkout.resume") => {
            ("view-billing", "manage-billing")
        }
        ("billing", _) => ("view-billing", "manage-billing"),
        // API secrets need the organization roles (API-NOTES §2.3).
        ("orgs", _) => ("view-organization", "manage-organization"),
        _ => ("view-clusters", "manage-clusters"),
    }
}

/// The role the caller needs in the owning organization; `None` when any membership will do
/// (`org.list` lists whatever organizations the secret belongs to).
pub fn required_role(op: &Operation) -> Option<&'static str> {
    if op.id == "org.list" {
        return None;
    }
    // A credential's secret administers the realm: reading it is managing it.
    if op.id == "deployment.credential.secret.read" {
        return Some("manage-clusters");
    }
    let (view, manage) = group(op);
    Some(if op.method == Method::Get { view } else { manage })
}

/// Can someone holding `roles` in the owning organization perform `op`?
pub fn allows(roles: &[String], op: &Operation) -> bool {
    required_role(op).is_none_or(|role| roles.iter().any(|r| r == role))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue;

    #[test]
    fn reads_need_view_and_writes_need_manage() {
        assert_eq!(required_role(&catalogue::CLUSTER_DETAIL), Some("view-clusters"));
        assert_eq!(required_role(&catalogue::CLUSTER_DELETE), Some("manage-clusters"));
        assert_eq!(required_role(&catalogue::CLUSTER_CREATE), Some("manage-clusters"));
        assert_eq!(required_role(&catalogue::ORG_APISECRET_CREATE), Some("manage-organization"));
        assert_eq!(required_role(&catalogue::ORG_PAYMENTMETHOD_SETDEFAULT), Some("manage-billing"));
        assert_eq!(required_role(&catalogue::CLUSTER_SUBSCRIPTION_DETAIL), Some("view-billing"));
        assert_eq!(required_role(&catalogue::CLUSTER_CHECKOUT_RESUME), Some("manage-billing"));
        assert_eq!(required_role(&catalogue::ORG_LIST), None);
        assert_eq!(required_role(&catalogue::DEPLOYMENT_CREDENTIAL_LIST), Some("view-clusters"));
        assert_eq!(required_role(&catalogue::DEPLOYMENT_CREDENTIAL_SECRET_READ), Some("manage-clusters"));
        assert_eq!(required_role(&catalogue::DEPLOYMENT_TOKEN_CREATE), Some("manage-clusters"));
    }

    #[test]
    fn every_role_is_a_view_or_manage_role() {
        for op in catalogue::every() {
            if let Some(role) = required_role(op) {
                assert!(role.starts_with("view-") || role.starts_with("manage-"), "{}", op.id);
            }
        }
    }

    #[test]
    fn viewer_cannot_delete() {
        let viewer = vec!["view-clusters".to_string()];
        assert!(allows(&viewer, &catalogue::CLUSTER_DETAIL));
        assert!(!allows(&viewer, &catalogue::CLUSTER_DELETE));
    }
}
