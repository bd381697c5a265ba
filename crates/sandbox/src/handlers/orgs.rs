//! `org.list`. The API secret operations of this group arrive in a later issue.

use super::{Ctx, Outcome, ok};
use crate::store::Store;
use cluster_api::Org;

/// The organizations where the secret holds any role, with those roles.
pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let orgs: Vec<Org> = store
        .orgs()?
        .into_iter()
        .filter(|org| ctx.caller.member_of(&org.id))
        .map(|org| Org {
            roles: ctx.caller.roles_in(&org.id),
            display_name: Some(org.display_name),
            id: org.id,
            name: org.name,
        })
        .collect();
    ok(&orgs)
}
