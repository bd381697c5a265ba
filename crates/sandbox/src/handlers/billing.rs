//! `cluster.subscription.detail`, `org.subscription.list`, `org.billingPortalSession.create`
//! and the deprecated `cluster.billingSession.create`.

use super::links::{check_redirect_uri, hosted_link};
use super::{Ctx, Outcome, ok};
use crate::error::ApiError;
use crate::payments::{self, new_id};
use crate::records::{BillingSessionRow, OrgRow, SessionKind};
use crate::store::Store;
use cluster_api::RedirectRequest;

pub fn subscription_detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let mut sub = store.subscription_of_cluster(&cluster.id)?.ok_or_else(|| {
        ApiError::not_found(format!(
            "{} has no subscription yet: complete payment to start one.",
            cluster.name
        ))
    })?;
    ok(&payments::to_wire(store, &mut sub, ctx.now)?)
}

pub fn subscription_list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    ok(&payments::subscriptions(store, &org.id, ctx.now)?)
}

/// A single-use portal link; leaving the portal returns to `return_to`.
fn portal(ctx: &Ctx, store: &Store, org: &OrgRow, return_to: String) -> Outcome {
    let session = BillingSessionRow {
        id: new_id("bps"),
        kind: SessionKind::Portal,
        org_id: org.id.clone(),
        cluster_id: None,
        period: None,
        redirect_uri: Some(return_to),
        used: false,
        created_at: ctx.now,
    };
    store.insert_session(&session)?;
    let message = format!("Opening the billing portal of {}.", org.label());
    ok(&hosted_link(ctx, &format!("/sandbox/portal/{}", session.id), Some(message)))
}

pub fn portal_session(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let request: RedirectRequest = ctx.optional_body()?;
    let return_to = match request.redirect_uri.filter(|uri| !uri.trim().is_empty()) {
        Some(uri) => {
            check_redirect_uri(&uri)?;
            uri
        }
        // The console's billing page, on the origin that serves the portal.
        None => format!("/billing?org={}", org.id),
    };
    portal(ctx, store, &org, return_to)
}

/// Deprecated: the portal of the cluster's organization, returning to the cluster.
pub fn cluster_portal_session(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let org = store
        .org(&cluster.org_id)?
        .ok_or_else(|| ApiError::internal(format!("{} belongs to no known organization.", cluster.name)))?;
    portal(ctx, store, &org, format!("/clusters/{}", cluster.id))
}
