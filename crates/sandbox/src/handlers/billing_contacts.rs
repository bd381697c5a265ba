//! `org.billingContact.list`, `.create` and `.delete`. Contacts are chosen among the
//! organization's members, and only those holding manage-billing qualify.

use super::{Ctx, Outcome, end_sentence, no_content, ok};
use crate::error::ApiError;
use crate::records::{MemberRow, OrgRow};
use crate::store::Store;
use cluster_api::BillingContact;

fn to_wire(member: MemberRow) -> BillingContact {
    let text = |value: String| Some(value).filter(|v| !v.is_empty());
    BillingContact {
        id: member.user_id,
        username: member.username,
        email: text(member.email),
        first_name: text(member.first_name),
        last_name: text(member.last_name),
    }
}

/// The member named by the second path parameter; users of other organizations are
/// reported like unknown ones.
fn load_member(ctx: &Ctx, store: &Store, org: &OrgRow) -> Result<MemberRow, ApiError> {
    let user_id = ctx.param(1)?;
    store.member(&org.id, user_id)?.ok_or_else(|| {
        ApiError::not_found(format!("No user with ID {user_id} is a member of {}", end_sentence(org.label())))
    })
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let contacts: Vec<BillingContact> = store.billing_contacts(&org.id)?.into_iter().map(to_wire).collect();
    ok(&contacts)
}

/// Adding someone who already is a contact succeeds without change.
pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let member = load_member(ctx, store, &org)?;
    if !member.manage_billing {
        return Err(ApiError::bad_request(format!(
            "{} does not hold the manage-billing role in {}, so cannot be a billing contact.",
            member.username,
            org.label()
        )));
    }
    store.add_billing_contact(&org.id, &member.user_id, ctx.now)?;
    no_content()
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let member = load_member(ctx, store, &org)?;
    if !store.remove_billing_contact(&org.id, &member.user_id)? {
        return Err(ApiError::not_found(format!(
            "{} is not a billing contact of {}",
            member.username,
            end_sentence(org.label())
        )));
    }
    no_content()
}
