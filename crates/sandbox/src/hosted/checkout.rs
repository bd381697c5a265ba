//! The checkout page (`/sandbox/checkout/{session}`), Stripe Checkout's stand-in: it
//! shows the order and its price; Pay settles it, Cancel goes back unpaid. Either way
//! the browser returns to the console's cluster page with `?checkout=success|cancelled`.

use super::html::{PageResult, esc, facts, finish, notice, page, post_button, see_other};
use super::with_store;
use crate::engine::billing::DAY;
use crate::engine::billing::{offer_label, tier_name};
use crate::payments::{self, awaiting_payment};
use crate::records::{BillingSessionRow, CardBehaviour, ClusterRow, Millis, SessionKind};
use crate::state::AppState;
use crate::store::Store;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use cluster_api::{BillingPeriod, ClusterState};
use std::sync::Arc;

/// Stripe's checkout sessions expire after a day.
const LIFETIME: Millis = DAY;

/// The open session and its unpaid cluster, or the page explaining why there is none.
fn open(
    store: &Store,
    id: &str,
    now: Millis,
) -> Result<Result<(BillingSessionRow, ClusterRow), Response>, crate::store::StoreError> {
    let gone = |text: &str| Ok(Err(notice(StatusCode::GONE, "Checkout closed", text)));
    let Some(session) = store.session(SessionKind::Checkout, id)? else {
        let text = "This checkout link is not known to the sandbox. Start again from the console.";
        return Ok(Err(notice(StatusCode::NOT_FOUND, "Checkout not found", text)));
    };
    if session.used {
        return gone("This checkout is already complete: the cluster is paid for.");
    }
    if session.created_at + LIFETIME < now {
        return gone("This checkout link has expired. Resume checkout from the console for a new one.");
    }
    let cluster = match session.cluster_id.as_deref() {
        Some(cluster_id) => payments::settled_cluster(store, cluster_id, now)?,
        None => None,
    };
    let Some(cluster) = cluster else {
        return gone("The cluster of this checkout no longer exists.");
    };
    if !awaiting_payment(&cluster.status) && cluster.status != ClusterState::BillingRequired {
        return gone(&format!(
            "{} is already paid for ({}): there is nothing to pay.",
            cluster.name, cluster.status
        ));
    }
    Ok(Ok((session, cluster)))
}

fn show_page(store: &Store, id: &str, now: Millis) -> PageResult {
    let (session, cluster) = match open(store, id, now)? {
        Ok(found) => found,
        Err(page) => return Ok(page),
    };
    let period = session.period.clone().unwrap_or(BillingPeriod::Monthly);
    let plan = payments::plan_of(&cluster, &period);
    let org = store.org(&cluster.org_id)?.map(|org| org.label().to_string()).unwrap_or_default();
    let mut cards = store.cards_of(&cluster.org_id)?;
    cards.sort_by_key(|card| !card.is_default);
    let card = cards.iter().find(|card| card.behaviour == CardBehaviour::Charge).map_or_else(
        || "A new Visa 4242 test card, saved to the organization".to_string(),
        |card| card.label(),
    );
    let details = facts(&[
        ("Organization", org),
        ("Cluster", cluster.name.clone()),
        ("Tier", tier_name(&plan.tier)),
        ("Billing", if plan.period == BillingPeriod::Annual { "Annually" } else { "Monthly" }.to_string()),
        ("Price", offer_label(&plan)),
        ("Card", card),
    ]);
    let base = format!("/sandbox/checkout/{}", session.id);
    let body = format!(
        "<h1>Pay for {}</h1>{details}<div class=\"actions\">{}{}</div>",
        esc(&cluster.name),
        post_button(&format!("{base}/pay"), "checkout-pay", "Pay", true),
        post_button(&format!("{base}/cancel"), "checkout-cancel", "Cancel", false)
    );
    Ok(page(StatusCode::OK, &format!("Checkout: {}", cluster.name), &body))
}

pub async fn show(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    with_store(&app, |store, now| finish(show_page(store, &id, now)))
}

fn pay_now(store: &mut Store, id: &str, now: Millis, provision_ms: Millis) -> PageResult {
    let (session, cluster) = match open(store, id, now)? {
        Ok(found) => found,
        Err(page) => return Ok(page),
    };
    let period = session.period.clone().unwrap_or(BillingPeriod::Monthly);
    store.transaction(|s| {
        let card = payments::checkout_card(s, &cluster.org_id, now)?;
        payments::settle(s, &cluster, &card.id, &period, now, provision_ms)?;
        s.mark_session_used(&session.id)
    })?;
    Ok(see_other(&format!("/clusters/{}?checkout=success", cluster.id)))
}

pub async fn pay(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    let provision_ms = app.settings.provision_ms;
    with_store(&app, |store, now| finish(pay_now(store, &id, now, provision_ms)))
}

/// Like Stripe's cancel URL: nothing changes, the session stays usable until it expires.
pub async fn cancel(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    with_store(&app, |store, _| {
        finish(store.session(SessionKind::Checkout, &id).map(|session| {
            match session.and_then(|s| s.cluster_id) {
                Some(cluster_id) => see_other(&format!("/clusters/{cluster_id}?checkout=cancelled")),
                None => notice(
                    StatusCode::NOT_FOUND,
                    "Checkout not found",
                    "This checkout link is not known to the sandbox.",
                ),
            }
        }))
    })
}
