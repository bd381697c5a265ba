//! The open-invoice page (`/sandbox/invoice/{invoice}`), Stripe's hosted invoice page:
//! paying it repairs a delinquent subscription and brings its cluster back to ACTIVE.

use super::html::{PageResult, esc, facts, finish, notice, page, post_button, see_other};
use super::with_store;
use crate::engine::billing::money;
use crate::payments;
use crate::records::{InvoiceRow, Millis, SubscriptionRow};
use crate::state::AppState;
use crate::store::{Store, StoreError};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use cluster_api::ClusterState;
use std::sync::Arc;

type Found = Result<(InvoiceRow, SubscriptionRow), Response>;

fn open(store: &Store, id: &str) -> Result<Found, StoreError> {
    let unknown = || {
        Ok(Err(notice(
            StatusCode::NOT_FOUND,
            "Invoice not found",
            "This invoice is not known to the sandbox.",
        )))
    };
    let Some(invoice) = store.invoice(id)? else {
        return unknown();
    };
    if invoice.status != "open" {
        return Ok(Err(notice(
            StatusCode::GONE,
            "Invoice paid",
            "This invoice is already paid: there is nothing to do.",
        )));
    }
    match store.subscription(&invoice.subscription_id)? {
        Some(sub) => Ok(Ok((invoice, sub))),
        None => unknown(),
    }
}

fn show_page(store: &Store, id: &str) -> PageResult {
    let (invoice, sub) = match open(store, id)? {
        Ok(found) => found,
        Err(page) => return Ok(page),
    };
    let org = store.org(&invoice.org_id)?.map(|org| org.label().to_string()).unwrap_or_default();
    let details = facts(&[
        ("Organization", org),
        ("Cluster", invoice.cluster_name.clone()),
        ("Description", invoice.description.clone()),
        ("Amount due", money(invoice.amount)),
    ]);
    let base = format!("/sandbox/invoice/{}", invoice.id);
    let body = format!(
        "<h1>Invoice for {}</h1>\
         <p>Paying this invoice restores the subscription and the cluster.</p>{details}\
         <p id=\"invoice-amount\">Amount due: {}</p><div class=\"actions\">{}{}</div>",
        esc(&sub.cluster_name),
        esc(&money(invoice.amount)),
        post_button(&format!("{base}/pay"), "checkout-pay", "Pay", true),
        post_button(&format!("{base}/cancel"), "checkout-cancel", "Cancel", false)
    );
    Ok(page(StatusCode::OK, &format!("Invoice {}", invoice.id), &body))
}

pub async fn show(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    with_store(&app, |store, _| finish(show_page(store, &id)))
}

fn pay_now(store: &mut Store, id: &str, now: Millis, provision_ms: Millis) -> PageResult {
    let (invoice, mut sub) = match open(store, id)? {
        Ok(found) => found,
        Err(page) => return Ok(page),
    };
    let cluster = payments::settled_cluster(store, &sub.cluster_id, now)?;
    store.transaction(|s| {
        s.mark_invoice_paid(&invoice.id, now)?;
        if sub.status == "past_due" {
            sub.status = "active".to_string();
            s.update_subscription(&sub)?;
        }
        if let Some(mut cluster) = cluster.filter(|c| c.status == ClusterState::BillingRequired) {
            payments::mark_paid(&mut cluster, now, provision_ms);
            s.update_cluster(&cluster)?;
        }
        Ok(())
    })?;
    Ok(see_other(&format!("/clusters/{}?checkout=success", sub.cluster_id)))
}

pub async fn pay(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    let provision_ms = app.settings.provision_ms;
    with_store(&app, |store, now| finish(pay_now(store, &id, now, provision_ms)))
}

pub async fn cancel(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    with_store(&app, |store, _| {
        let found = store.invoice(&id).and_then(|invoice| match invoice {
            Some(invoice) => store.subscription(&invoice.subscription_id),
            None => Ok(None),
        });
        finish(found.map(|sub| match sub {
            Some(sub) => see_other(&format!("/clusters/{}?checkout=cancelled", sub.cluster_id)),
            None => notice(
                StatusCode::NOT_FOUND,
                "Invoice not found",
                "This invoice is not known to the sandbox.",
            ),
        }))
    })
}
