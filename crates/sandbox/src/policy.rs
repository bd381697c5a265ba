//! Which organization role each operation needs: the table lives in `cluster_api::roles`,
//! shared with the console so its buttons and these 403s agree.

use crate::caller::Caller;
use cluster_api::Operation;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Any role in the organization will do.
    Member,
    Role(&'static str),
    /// A client role (`resource_access`), not an organization role: the staff operations.
    ClientRole {
        client: &'static str,
        role: &'static str,
    },
}

pub fn need(op: &Operation) -> Need {
    if let Some((client, role)) = cluster_api::roles::staff_role(op) {
        return Need::ClientRole { client, role };
    }
    cluster_api::roles::required_role(op).map_or(Need::Member, Need::Role)
}

/// May this caller, lacking the operation's organization role, still call it? Only support
/// staff, and only for what `roles::staff_may` allows (reads that hand over nothing).
pub fn staff_reads(caller: &Caller, op: &Operation) -> bool {
    caller.is_staff() && cluster_api::roles::staff_may(op)
}
