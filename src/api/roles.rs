//! Which organization role an operation needs. The contract states only the billing
//! writes' role; the rest follows the dashboard's view/manage pairs (API-NOTES §2.3).

use cluster_api::{Method, Operation};

pub const MANAGE_CLUSTERS: &str = "manage-clusters";

pub fn required_role(op: &Operation) -> Option<&'static str> {
    let read = op.method == Method::Get;
    match op.tag {
        _ if op.id == "org.list" => None,
        "billing" => Some(if read { "view-billing" } else { "manage-billing" }),
        "orgs" => Some(if read { "view-organization" } else { "manage-organization" }),
        _ => Some(if read { "view-clusters" } else { MANAGE_CLUSTERS }),
    }
}

/// Can someone with these roles in the owning organization perform the operation?
pub fn allows(roles: &[String], op: &Operation) -> bool {
    required_role(op).is_none_or(|role| roles.iter().any(|r| r == role))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::catalogue;

    #[test]
    fn roles_by_operation() {
        assert_eq!(required_role(&catalogue::CLUSTER_LIST), Some("view-clusters"));
        assert_eq!(required_role(&catalogue::CLUSTER_DELETE), Some("manage-clusters"));
        assert_eq!(required_role(&catalogue::ORG_PAYMENTMETHOD_SETDEFAULT), Some("manage-billing"));
        assert_eq!(required_role(&catalogue::ORG_LIST), None);
    }

    #[test]
    fn viewer_cannot_delete() {
        let viewer = vec!["view-clusters".to_string()];
        assert!(allows(&viewer, &catalogue::CLUSTER_DETAIL));
        assert!(!allows(&viewer, &catalogue::CLUSTER_DELETE));
    }
}
