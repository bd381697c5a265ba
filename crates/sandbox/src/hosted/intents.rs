//! `GET /sandbox/stripe.js` and the endpoint its 3-D Secure dialog reports to,
//! `POST /sandbox/payment-intents/{client_secret}/authenticate` with
//! `{"outcome": "succeeded" | "failed"}`. Answers are shaped like what Stripe.js
//! resolves (`{paymentIntent}` or `{error}`), so the script passes them through.

use super::with_store;
use crate::payments;
use crate::records::{Millis, PaymentIntentRow};
use crate::state::AppState;
use crate::store::{Store, StoreError};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cluster_api::ClusterState;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

const SCRIPT: &str = include_str!("stripe.js");

/// The script may be loaded by a page of another origin; its calls back are then cross-origin.
fn cors(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static("POST, OPTIONS"));
    headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static("content-type"));
    response
}

pub async fn script() -> Response {
    let response = (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")],
        SCRIPT,
    );
    cors(response.into_response())
}

pub async fn preflight() -> Response {
    cors(StatusCode::NO_CONTENT.into_response())
}

fn error(status: StatusCode, kind: &str, code: &str, message: &str) -> Response {
    cors((status, Json(json!({"error": {"type": kind, "code": code, "message": message}}))).into_response())
}

fn succeeded(intent: &PaymentIntentRow) -> Response {
    cors(Json(json!({"paymentIntent": {"id": intent.id, "status": "succeeded"}})).into_response())
}

#[derive(Deserialize)]
struct Report {
    outcome: String,
}

fn authenticate_now(
    store: &mut Store,
    secret: &str,
    body: &[u8],
    now: Millis,
    provision_ms: Millis,
) -> Result<Response, StoreError> {
    let outcome = match serde_json::from_slice::<Report>(body) {
        Ok(report) if report.outcome == "succeeded" || report.outcome == "failed" => report.outcome,
        _ => {
            let message = r#"Send {"outcome": "succeeded"} or {"outcome": "failed"}."#;
            return Ok(error(StatusCode::BAD_REQUEST, "invalid_request_error", "parameter_invalid", message));
        }
    };
    let Some(intent) = store.intent_by_secret(secret)? else {
        let message = "No such payment_intent: the client secret is not known to the sandbox.";
        return Ok(error(StatusCode::NOT_FOUND, "invalid_request_error", "resource_missing", message));
    };
    if intent.status == "succeeded" {
        return Ok(succeeded(&intent));
    }
    let cluster = payments::settled_cluster(store, &intent.cluster_id, now)?;
    let Some(cluster) =
        cluster.filter(|c| intent.status != "canceled" && c.status == ClusterState::PendingPayment)
    else {
        let message = "This payment can no longer be completed: the cluster was paid another way or removed.";
        return Ok(error(
            StatusCode::CONFLICT,
            "invalid_request_error",
            "payment_intent_unexpected_state",
            message,
        ));
    };
    if outcome == "failed" {
        // Stripe's state after a failed challenge; a new attempt may still succeed.
        store.set_intent_status(&intent.id, "requires_payment_method")?;
        let message = "We are unable to authenticate your payment method. Please choose a different payment \
                       method and try again.";
        return Ok(error(
            StatusCode::PAYMENT_REQUIRED,
            "card_error",
            "payment_intent_authentication_failure",
            message,
        ));
    }
    store.transaction(|s| {
        payments::settle(s, &cluster, &intent.payment_method_id, &intent.period, now, provision_ms)?;
        s.set_intent_status(&intent.id, "succeeded")
    })?;
    Ok(succeeded(&intent))
}

pub async fn authenticate(
    State(app): State<Arc<AppState>>,
    Path(secret): Path<String>,
    body: Bytes,
) -> Response {
    let provision_ms = app.settings.provision_ms;
    with_store(&app, |store, now| match authenticate_now(store, &secret, &body, now, provision_ms) {
        Ok(response) => response,
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, "api_error", "sandbox_failure", &e.to_string()),
    })
}
