//! `cluster.create`: validates like the service, then answers one of the three shapes
//! of `ClusterCreationResult` depending on how the order is paid.

use super::clusters::to_wire;
use super::links::hosted_link;
use super::{Ctx, Outcome, ok};
use crate::engine::billing::{Plan, requested_plan};
use crate::engine::names;
use crate::error::ApiError;
use crate::payments::{self, new_id};
use crate::records::{CardBehaviour, CardRow, ClusterRow, PaymentIntentRow};
use crate::store::Store;
use axum::http::StatusCode;
use cluster_api::{ClusterCreationResult, ClusterState, DedicatedClusterRequest, ResourceLimits};
use std::collections::HashSet;

/// A field that must be present and non-blank.
fn required<'a>(value: &'a str, field: &str) -> Result<&'a str, ApiError> {
    let value = value.trim();
    if value.is_empty() { Err(ApiError::bad_request(format!("{field} is required"))) } else { Ok(value) }
}

/// A hostname such as `auth.example.com`: two or more DNS labels, a letter-only top level.
pub fn is_hostname(host: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    let label_ok = |label: &&str| {
        (1..=63).contains(&label.len())
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    host.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(label_ok)
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()))
}

/// The lowercased name, well-formed and free (names of every cluster in any state,
/// PENDING_DELETION and ARCHIVED included, stay reserved).
fn check_name(store: &Store, name: &str) -> Result<String, ApiError> {
    let name = required(name, "name")?.to_lowercase();
    if let Some(problem) = names::problem(&name) {
        return Err(ApiError::bad_request(format!("name {name} is not a valid cluster name. {problem}")));
    }
    let taken: HashSet<String> = store.cluster_names()?.into_iter().collect();
    let is_taken = |candidate: &str| taken.contains(candidate);
    if names::is_reserved(&name) || is_taken(&name) {
        let hint = names::recommend(&name, &is_taken).map(|r| format!(" Try {r}.")).unwrap_or_default();
        let why = if names::is_reserved(&name) { "reserved for the platform" } else { "taken" };
        return Err(ApiError::conflict(format!("The name {name} is {why}.{hint}")));
    }
    Ok(name)
}

fn check_region(store: &Store, region: &str) -> Result<String, ApiError> {
    let region = required(region, "region")?;
    let known: Vec<String> = store.regions()?.into_iter().map(|r| r.name).collect();
    if known.iter().any(|name| name == region) {
        return Ok(region.to_string());
    }
    Err(ApiError::bad_request(format!("region {region} is not a region: use one of {}.", known.join(", "))))
}

/// Everything `cluster.create` checks, in order, before anything is written.
struct Order {
    name: String,
    region: String,
    plan: Plan,
    org_id: String,
    domain: Option<String>,
    card: Option<CardRow>,
}

fn validate(ctx: &Ctx, store: &Store) -> Result<Order, ApiError> {
    let body: DedicatedClusterRequest = ctx.json_body()?;
    let org_id = required(&body.org_id, "org_id")?;
    let org = ctx.visible_org(store, org_id)?;
    let name = check_name(store, &body.name)?;
    let region = check_region(store, &body.region)?;
    let plan = requested_plan(body.tier.as_ref(), body.billing_period.as_ref(), body.price_id.as_deref())
        .map_err(ApiError::bad_request)?;
    let domain = match body.domain.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(domain) if is_hostname(domain) => Some(domain.to_lowercase()),
        Some(domain) => {
            return Err(ApiError::bad_request(format!(
                "domain {domain} is not a valid hostname: use a name such as auth.example.com, without \
                 scheme or path."
            )));
        }
        None => None,
    };
    let card = match body.payment_method_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        Some(id) => Some(store.card(&org.id, id)?.ok_or_else(|| {
            ApiError::bad_request(format!(
                "payment_method_id {id} is not a card of {}: list them with org.paymentMethod.list.",
                org.label()
            ))
        })?),
        None => None,
    };
    Ok(Order { name, region, plan, org_id: org.id, domain, card })
}

fn new_cluster(ctx: &Ctx, order: &Order, status: ClusterState) -> ClusterRow {
    ClusterRow {
        id: new_id("cl").replace('_', "-"),
        name: order.name.clone(),
        org_id: order.org_id.clone(),
        region: order.region.clone(),
        tier: order.plan.tier.clone(),
        status,
        resource_limits: ResourceLimits::Standard,
        variant: "DEDICATED".to_string(),
        domain: order.domain.clone(),
        created_at: ctx.now,
        ready_at: None,
        restart_until: None,
        billed: false,
    }
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let order = validate(ctx, store)?;
    let Some(card) = order.card.clone() else {
        return checkout(ctx, store, &order);
    };
    match card.behaviour {
        CardBehaviour::Charge => {
            let mut cluster = new_cluster(ctx, &order, ClusterState::BillingSetup);
            payments::mark_paid(&mut cluster, ctx.now, ctx.settings.provision_ms);
            store.transaction(|s| {
                s.insert_cluster(&cluster)?;
                payments::start_subscription(s, &cluster, &card.id, &order.plan.period, ctx.now).map(drop)
            })?;
            ok(&ClusterCreationResult { cluster: Some(to_wire(store, &cluster)?), ..Default::default() })
        }
        CardBehaviour::Authenticate => authenticate(ctx, store, &order, &card),
        // A declined card creates nothing: the real service may keep a cluster waiting
        // for payment, but leaving none lets the person retry with the same name and
        // another card (or the checkout page) without first deleting a stray cluster.
        CardBehaviour::Decline => Err(ApiError::new(
            StatusCode::PAYMENT_REQUIRED,
            format!(
                "The card ending {} was declined. Choose another card or pay on the checkout page.",
                card.last4
            ),
        )),
    }
}

/// No card given: the cluster waits in BILLING_SETUP for the checkout page.
fn checkout(ctx: &Ctx, store: &mut Store, order: &Order) -> Outcome {
    let cluster = new_cluster(ctx, order, ClusterState::BillingSetup);
    let session = store.transaction(|s| {
        s.insert_cluster(&cluster)?;
        payments::open_checkout(s, &cluster, &order.plan.period, ctx.now)
    })?;
    let message = format!("Complete payment on the checkout page to start provisioning {}.", cluster.name);
    let link = hosted_link(ctx, &format!("/sandbox/checkout/{}", session.id), Some(message));
    ok(&ClusterCreationResult { link: Some(link), ..Default::default() })
}

/// A card that needs 3-D Secure: the cluster waits in PENDING_PAYMENT for Stripe.js.
fn authenticate(ctx: &Ctx, store: &mut Store, order: &Order, card: &CardRow) -> Outcome {
    let cluster = new_cluster(ctx, order, ClusterState::PendingPayment);
    let id = new_id("pi");
    let intent = PaymentIntentRow {
        client_secret: format!("{id}_secret_{}", new_id("s").trim_start_matches("s_")),
        id,
        org_id: order.org_id.clone(),
        cluster_id: cluster.id.clone(),
        payment_method_id: card.id.clone(),
        period: order.plan.period.clone(),
        status: "requires_action".to_string(),
        created_at: ctx.now,
    };
    store.transaction(|s| {
        s.insert_cluster(&cluster)?;
        s.set_cluster_period(&cluster.id, &order.plan.period)?;
        s.insert_intent(&intent)
    })?;
    ok(&ClusterCreationResult {
        requires_action: true,
        client_secret: Some(intent.client_secret),
        cluster_id: Some(cluster.id),
        ..Default::default()
    })
}

#[cfg(test)]
mod tests {
    use super::is_hostname;

    #[test]
    fn hostnames() {
        for ok in ["auth.example.com", "a.io", "x-1.acme.co.uk"] {
            assert!(is_hostname(ok), "{ok}");
        }
        for bad in [
            "",
            "localhost",
            "https://auth.example.com",
            "auth..example.com",
            "-a.example.com",
            "a.b/c",
            "a.123",
        ] {
            assert!(!is_hostname(bad), "{bad}");
        }
    }
}
