//! Which organization role each operation needs. The contract states only that billing
//! writes need `manage-billing`; the rest follows the dashboard's view/manage pairs
//! (API-NOTES §2.3). One table, so the console's buttons and the sandbox's 403s agree.

use crate::catalogue;
use crate::request::{Method, Operation};

/// The (view, manage) role pair guarding an operation.
fn group(op: &Operation) -> (&'static str, &'static str) {
    match *op {
        // Subscriptions and checkout are billing data even though they sit under /clusters.
        catalogue::CLUSTER_SUBSCRIPTION_DETAIL
        | catalogue::CLUSTER_BILLINGSESSION_CREATE
        | catalogue::CLUSTER_CHECKOUT_RESUME => ("view-billing", "manage-billing"),
        Operation { tag: "billing", .. } => ("view-billing", "manage-billing"),
        // API secrets need the organization roles (API-NOTES §2.3).
        Operation { tag: "orgs", .. } => ("view-organization", "manage-organization"),
        _ => ("view-clusters", "manage-clusters"),
    }
}

/// The role the caller needs in the owning organization; `None` when any membership will do
/// (`org.list` lists whatever organizations the secret belongs to).
pub fn required_role(op: &Operation) -> Option<&'static str> {
    if *op == catalogue::ORG_LIST {
        return None;
    }
    // Realm credentials are the manage role's (the Realms issue: "credentials need the manage
    // role"): a secret administers the realm, so reading it is managing it, and even the list
    // (names, client IDs, roles; never a secret) is kept from viewers.
    if matches!(*op, catalogue::DEPLOYMENT_CREDENTIAL_SECRET_READ | catalogue::DEPLOYMENT_CREDENTIAL_LIST) {
        return Some("manage-clusters");
    }
    let (view, manage) = group(op);
    Some(if op.method == Method::Get { view } else { manage })
}

/// Can someone holding `roles` in the owning organization perform `op`? Never for the
/// staff-only operations: no organization role grants those.
pub fn allows(roles: &[String], op: &Operation) -> bool {
    staff_role(op).is_none() && required_role(op).is_none_or(|role| roles.iter().any(|r| r == role))
}

/// The Keycloak client whose client role makes a caller support staff (API-NOTES §2.3).
pub const STAFF_CLIENT: &str = "cluster-management";
/// The client role on [`STAFF_CLIENT`] that staff hold.
pub const STAFF_ROLE: &str = "manage-clusters";

/// Operations only support staff may call: they need [`STAFF_ROLE`] on [`STAFF_CLIENT`], and
/// nothing else grants them.
const STAFF_ONLY: &[Operation] =
    &[catalogue::CLUSTER_EXTENSION_VERSION_ADMINBLOCK, catalogue::CLUSTER_EXTENSION_VERSION_REPORT];

/// Reads that hand over a credential or a session. Staff may look at everything else but
/// never at these: a support person must not be able to act as the customer. (The writes of
/// this kind are refused anyway as writes; they are listed so the table says it whole.)
pub const HANDS_OVER: &[Operation] = &[
    catalogue::DEPLOYMENT_CREDENTIAL_SECRET_READ,
    catalogue::DEPLOYMENT_TOKEN_CREATE,
    catalogue::DEPLOYMENT_CONSOLELINK_CREATE,
    catalogue::DEPLOYMENT_APPLINK_CREATE,
    catalogue::ORG_BILLINGPORTALSESSION_CREATE,
    catalogue::ORG_PAYMENTMETHOD_SETUPSESSION_CREATE,
    catalogue::CLUSTER_BILLINGSESSION_CREATE,
    catalogue::CLUSTER_LOG_DETAIL,
];

/// `Some((client, role))` when `op` is staff-only.
pub fn staff_role(op: &Operation) -> Option<(&'static str, &'static str)> {
    STAFF_ONLY.contains(op).then_some((STAFF_CLIENT, STAFF_ROLE))
}

/// May support staff call `op` on any organization's resources? Staff read everything except
/// what hands over a credential or session, and change nothing of a customer's; decided by
/// operation and method, so operations added later are covered without listing them.
pub fn staff_may(op: &Operation) -> bool {
    staff_role(op).is_some() || (op.method == Method::Get && !HANDS_OVER.contains(op))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(required_role(&catalogue::DEPLOYMENT_CREDENTIAL_LIST), Some("manage-clusters"));
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
    fn staff_only_operations_are_never_granted_by_organization_roles() {
        let owner: Vec<String> =
            ["view-clusters", "manage-clusters", "manage-organization", "manage-billing"]
                .iter()
                .map(|r| r.to_string())
                .collect();
        for op in
            [&catalogue::CLUSTER_EXTENSION_VERSION_ADMINBLOCK, &catalogue::CLUSTER_EXTENSION_VERSION_REPORT]
        {
            assert!(!allows(&owner, op), "{}", op.id);
            assert_eq!(staff_role(op), Some((STAFF_CLIENT, STAFF_ROLE)));
            assert!(staff_may(op));
        }
        assert_eq!(staff_role(&catalogue::CLUSTER_EXTENSION_VERSION_VALIDATE), None);
    }

    #[test]
    fn staff_read_everything_but_credentials_and_change_nothing() {
        assert!(staff_may(&catalogue::CLUSTER_DETAIL));
        assert!(staff_may(&catalogue::CLUSTER_SYSTEMINFO_DETAIL));
        assert!(staff_may(&catalogue::ORG_LIST));
        assert!(!staff_may(&catalogue::CLUSTER_LOG_DETAIL));
        assert!(!staff_may(&catalogue::DEPLOYMENT_CREDENTIAL_SECRET_READ));
        assert!(!staff_may(&catalogue::DEPLOYMENT_TOKEN_CREATE));
        // The credential list hands over no secret: staff may read it although a customer's
        // viewer may not (staff hold no organization role; their rule is "no hand-over").
        assert!(staff_may(&catalogue::DEPLOYMENT_CREDENTIAL_LIST));
        for op in catalogue::every().filter(|op| op.method != Method::Get && staff_role(op).is_none()) {
            assert!(!staff_may(op), "staff must not call the write {}", op.id);
        }
    }

    #[test]
    fn viewer_cannot_delete() {
        let viewer = vec!["view-clusters".to_string()];
        assert!(allows(&viewer, &catalogue::CLUSTER_DETAIL));
        assert!(!allows(&viewer, &catalogue::CLUSTER_DELETE));
        assert!(
            !allows(&viewer, &catalogue::DEPLOYMENT_CREDENTIAL_LIST),
            "realm credentials are the manage role's"
        );
        assert!(allows(&["manage-clusters".to_string()], &catalogue::DEPLOYMENT_CREDENTIAL_LIST));
    }
}
