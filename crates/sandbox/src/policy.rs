//! Which organization role each operation needs: the table lives in `cluster_api::roles`,
//! shared with the console so its buttons and these 403s agree.

use cluster_api::Operation;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Any role in the organization will do.
    Member,
    Role(&'static str),
}

pub fn need(op: &Operation) -> Need {
    cluster_api::roles::required_role(op).map_or(Need::Member, Need::Role)
}
