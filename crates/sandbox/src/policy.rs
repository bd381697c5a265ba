//! Which organization role each operation needs, in one table. Reads need the view
//! role of the operation's group, writes the manage role; handlers check it against
//! the organization that owns the resource (`Ctx::authorize`).

use cluster_api::{Method, Operation};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Any role in the organization will do.
    Member,
    Role(&'static str),
}

/// The (view, manage) role pair guarding an operation.
fn group(op: &Operation) -> (&'static str, &'static str) {
    match (op.tag, op.id) {
        // Subscriptions and checkout are billing data even though they sit under /clusters.
        (_, "cluster.subscription.detail" | "cluster.billingSession.create" | "cluster.checkout.resume") => {
            ("view-billing", "manage-billing")
        }
        ("billing", _) => ("view-billing", "manage-billing"),
        // API secrets: API-NOTES §2.3 (view-organization + manage-organization).
        ("orgs", _) => ("view-organization", "manage-organization"),
        _ => ("view-clusters", "manage-clusters"),
    }
}

pub fn need(op: &Operation) -> Need {
    if op.id == "org.list" {
        // Lists whatever organizations the secret belongs to, with its roles there.
        return Need::Member;
    }
    let (view, manage) = group(op);
    match op.method {
        Method::Get => Need::Role(view),
        Method::Post | Method::Put | Method::Delete => Need::Role(manage),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::catalogue;

    #[test]
    fn reads_need_view_and_writes_need_manage() {
        assert_eq!(need(&catalogue::CLUSTER_DETAIL), Need::Role("view-clusters"));
        assert_eq!(need(&catalogue::CLUSTER_DELETE), Need::Role("manage-clusters"));
        assert_eq!(need(&catalogue::CLUSTER_ENVVAR_CREATE), Need::Role("manage-clusters"));
        assert_eq!(need(&catalogue::ORG_APISECRET_LIST), Need::Role("view-organization"));
        assert_eq!(need(&catalogue::ORG_APISECRET_CREATE), Need::Role("manage-organization"));
        assert_eq!(need(&catalogue::ORG_PAYMENTMETHOD_LIST), Need::Role("view-billing"));
        assert_eq!(need(&catalogue::CLUSTER_SUBSCRIPTION_DETAIL), Need::Role("view-billing"));
        assert_eq!(need(&catalogue::ORG_LIST), Need::Member);
    }

    #[test]
    fn every_operation_has_a_need() {
        for op in catalogue::ALL {
            if let Need::Role(role) = need(op) {
                assert!(role.starts_with("view-") || role.starts_with("manage-"), "{}", op.id);
            }
        }
    }
}
