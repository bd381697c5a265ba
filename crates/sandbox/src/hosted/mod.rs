//! The sandbox's stand-ins for Stripe's hosted pages and Stripe.js, served under
//! `/sandbox/`: checkout, the open-invoice page, card setup, the billing portal, the
//! script and its 3-D Secure endpoint. API calls hand out links to these pages; the
//! links themselves authorize (they are unguessable), as Stripe's do.

mod checkout;
pub mod html;
mod intents;
mod invoice;
mod portal;
mod realm_console;
mod setup;

use crate::records::{Millis, now_millis};
use crate::state::AppState;
use crate::store::Store;
use axum::Router;
use axum::response::Response;
use axum::routing::{get, post};
use std::sync::Arc;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/sandbox/stripe.js", get(intents::script))
        .route(
            "/sandbox/payment-intents/{secret}/authenticate",
            post(intents::authenticate).options(intents::preflight),
        )
        .route("/sandbox/checkout/{session}", get(checkout::show))
        .route("/sandbox/checkout/{session}/pay", post(checkout::pay))
        .route("/sandbox/checkout/{session}/cancel", post(checkout::cancel))
        .route("/sandbox/invoice/{invoice}", get(invoice::show))
        .route("/sandbox/invoice/{invoice}/pay", post(invoice::pay))
        .route("/sandbox/invoice/{invoice}/cancel", post(invoice::cancel))
        .route("/sandbox/setup/{session}", get(setup::show))
        .route("/sandbox/setup/{session}/save", post(setup::save))
        .route("/sandbox/setup/{session}/cancel", post(setup::cancel))
        .route("/sandbox/portal/{session}", get(portal::show))
        .route("/sandbox/realm-console/{token}", get(realm_console::console))
        .route("/sandbox/realm-app/{token}", get(realm_console::app))
}

/// Runs `work` with the locked store and the current instant.
fn with_store(app: &AppState, work: impl FnOnce(&mut Store, Millis) -> Response) -> Response {
    match app.lock_store() {
        Ok(mut store) => work(&mut store, now_millis()),
        Err(e) => html::failure(e.message),
    }
}
