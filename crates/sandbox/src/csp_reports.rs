//! `POST /csp-report`: where browsers send the console's Content-Security-Policy violations
//! (the build's policy names it in `report-uri`), Trusted Types refusals among them. The
//! sandbox keeps the newest reports in memory and prints each one, so a person sees what was
//! refused and a test can read it: `GET /sandbox/csp-reports` answers them as a JSON list
//! (each the report's JSON as sent, or `{"unreadable": "<text>"}`).

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;
use std::sync::{Arc, Mutex};

pub const PATH: &str = "/csp-report";
/// How many reports are kept: a page that violates in a loop must not fill the memory.
const KEPT: usize = 200;
/// A report is a few hundred bytes; anything far larger is not one.
const MAX_BYTES: usize = 64 * 1024;

#[derive(Clone, Default)]
pub struct Reports(Arc<Mutex<Vec<Value>>>);

impl Reports {
    fn keep(&self, report: Value) {
        if let Ok(mut list) = self.0.lock() {
            if list.len() >= KEPT {
                list.remove(0);
            }
            list.push(report);
        }
    }

    fn all(&self) -> Vec<Value> {
        self.0.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route(PATH, post(receive).layer(DefaultBodyLimit::max(MAX_BYTES)))
        .route("/sandbox/csp-reports", get(list))
        .with_state(Reports::default())
}

/// Any content type: `application/csp-report` (report-uri) and `application/reports+json`
/// (the Reporting API) are both JSON.
async fn receive(State(reports): State<Reports>, body: Bytes) -> StatusCode {
    let report = serde_json::from_slice(&body)
        .unwrap_or_else(|_| serde_json::json!({ "unreadable": String::from_utf8_lossy(&body) }));
    eprintln!("CSP report: {report}");
    reports.keep(report);
    StatusCode::NO_CONTENT
}

async fn list(State(reports): State<Reports>) -> Json<Vec<Value>> {
    Json(reports.all())
}
