//! `cluster.subscription.detail`, `org.subscription.list`, `org.billingPortalSession.create`
//! and the deprecated `cluster.billingSession.create`, plus what every billing handler
//! shares: the organization in the path, optional bodies and links to hosted pages.

use super::clusters::load;
use super::{Ctx, Outcome, ok};
use crate::engine::billing::records::{SessionKind, SessionRecord};
use crate::error::ApiError;
use crate::payments::{self, new_id};
use crate::records::OrgRecord;
use crate::store::Store;
use cluster_api::{RedirectLink, RedirectRequest};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The organization `org_id`, checked against the operation's role. Organizations the
/// caller does not belong to are reported exactly like missing ones.
pub fn visible_org(ctx: &Ctx, store: &Store, org_id: &str) -> Result<OrgRecord, ApiError> {
    let org = store
        .org(org_id)?
        .filter(|org| ctx.caller.member_of(&org.id))
        .ok_or_else(|| ApiError::not_found(format!("No organization with ID {org_id} was found.")))?;
    ctx.authorize(store, &org.id)?;
    Ok(org)
}

/// "Acme Inc." stays as it is, "Initech" becomes "Initech.": for names ending a sentence.
pub fn end_sentence(name: &str) -> String {
    if name.ends_with('.') { name.to_string() } else { format!("{name}.") }
}

/// The organization named by the first path parameter (`/orgs/{orgId}/billing/…`).
pub fn load_org(ctx: &Ctx, store: &Store) -> Result<OrgRecord, ApiError> {
    visible_org(ctx, store, ctx.param(0)?)
}

/// A body the contract makes optional: absent or blank means the default.
pub fn optional_body<T: DeserializeOwned + Serialize + Default>(ctx: &Ctx) -> Result<T, ApiError> {
    if ctx.body.iter().all(u8::is_ascii_whitespace) { Ok(T::default()) } else { ctx.json_body() }
}

/// `http://<Host>`: links to hosted pages point at the sandbox the caller reached,
/// whatever name it used. Anything but a plain host[:port] falls back to localhost
/// rather than being echoed into a link.
pub fn origin(ctx: &Ctx) -> String {
    let host = ctx
        .headers
        .get("host")
        .and_then(|value| value.to_str().ok())
        .filter(|host| {
            !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
        })
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// An absolute link to a hosted page.
pub fn hosted_link(ctx: &Ctx, path: &str, message: Option<String>) -> RedirectLink {
    RedirectLink { link: format!("{}{path}", origin(ctx)), message }
}

/// `redirect_uri` must be an absolute http(s) URL with a host, like Stripe demands.
pub fn check_redirect_uri(uri: &str) -> Result<(), ApiError> {
    let rest = uri.strip_prefix("http://").or_else(|| uri.strip_prefix("https://"));
    let host = rest.map(|rest| rest.split(['/', '?', '#']).next().unwrap_or(""));
    let plain = uri.chars().all(|c| c.is_ascii_graphic());
    if host.is_some_and(|host| !host.is_empty()) && plain {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!(
            "redirect_uri must be an absolute http(s) URL such as http://localhost:8080/billing, not {uri:?}."
        )))
    }
}

pub fn subscription_detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = load(ctx, store)?;
    let mut sub = store.subscription_of_cluster(&cluster.id)?.ok_or_else(|| {
        ApiError::not_found(format!(
            "{} has no subscription yet: complete payment to start one.",
            cluster.name
        ))
    })?;
    ok(&payments::to_wire(store, &mut sub, ctx.now)?)
}

pub fn subscription_list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = load_org(ctx, store)?;
    ok(&payments::subscriptions(store, &org.id, ctx.now)?)
}

/// A single-use portal link; leaving the portal returns to `return_to`.
fn portal(ctx: &Ctx, store: &Store, org: &OrgRecord, return_to: String) -> Outcome {
    let session = SessionRecord {
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
    let org = load_org(ctx, store)?;
    let request: RedirectRequest = optional_body(ctx)?;
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
    let cluster = load(ctx, store)?;
    let org = store
        .org(&cluster.org_id)?
        .ok_or_else(|| ApiError::internal(format!("{} belongs to no known organization.", cluster.name)))?;
    portal(ctx, store, &org, format!("/clusters/{}", cluster.id))
}
