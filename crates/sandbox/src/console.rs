//! Serving the console's files as a production host should: the build's precompressed
//! brotli and gzip siblings by `Accept-Encoding`, content-hashed files cached for a year,
//! `index.html` and `config.json` revalidated every time, deep links answered with
//! `index.html`, and a missing asset answered 404 (not with the page).
//!
//! Tests can also make console files (and storage objects: `armed`) fail on demand
//! (`POST /sandbox/faults`), to prove the console survives a screen or a log file that
//! cannot be downloaded, and read which files were served
//! (`GET /sandbox/served`), to count what a click downloads.

use std::path::Path;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use tower_http::services::{ServeDir, ServeFile};

/// A year, the most a browser honours; such files change their name when they change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Console files to fail: the next `times` requests whose path contains `path` get `status`.
#[derive(Debug, Clone, Deserialize)]
pub struct Fault {
    pub path: String,
    #[serde(default = "one")]
    pub times: u32,
    #[serde(default = "unavailable")]
    pub status: u16,
}

fn one() -> u32 {
    1
}

fn unavailable() -> u16 {
    503
}

/// The armed faults, and every console file served so far (its path, in order).
#[derive(Clone, Default)]
pub struct Faults(Arc<Mutex<Vec<Fault>>>, Arc<Mutex<Vec<String>>>);

impl Faults {
    /// The status to fail `path` with, if a fault is armed for it (and counts it down).
    fn take(&self, path: &str) -> Option<u16> {
        let mut faults = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let index = faults.iter().position(|f| f.times > 0 && path.contains(&f.path))?;
        let fault = &mut faults[index];
        fault.times -= 1;
        let status = fault.status;
        faults.retain(|f| f.times > 0);
        Some(status)
    }
}

async fn arm(State(faults): State<Faults>, Query(fault): Query<Fault>) -> Response {
    if fault.path.is_empty() || StatusCode::from_u16(fault.status).is_err() {
        return (StatusCode::BAD_REQUEST, "path must be non-empty and status a valid HTTP status")
            .into_response();
    }
    faults.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(fault.clone());
    (
        StatusCode::CREATED,
        Json(serde_json::json!({ "path": fault.path, "times": fault.times, "status": fault.status })),
    )
        .into_response()
}

/// `{"files": [...]}`: the path of every console file served with a body (not a 304, not
/// a fault), oldest first. A test reads it before and after a click.
async fn served(State(faults): State<Faults>) -> Response {
    let files = faults.1.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
    ([(header::CACHE_CONTROL, "no-store")], Json(serde_json::json!({ "files": files }))).into_response()
}

/// `POST /sandbox/faults?path=…&times=1&status=503` and `GET /sandbox/served`.
pub fn fault_routes<S: Clone + Send + Sync + 'static>(faults: Faults) -> Router<S> {
    Router::new().route("/sandbox/faults", post(arm)).route("/sandbox/served", get(served)).with_state(faults)
}

/// The console in `dir`, as a service for the router's fallback.
/// Every response also carries `security`, the build's headers (`crate::security`).
/// `config_json`, when given, is served in place of the build's config.json (`--issuer`).
pub fn service(
    dir: &Path,
    faults: Faults,
    security: crate::security::HeaderSet,
    config_json: Option<String>,
) -> Router {
    let index = ServeFile::new(dir.join("index.html")).precompressed_br().precompressed_gzip();
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip().fallback(index);
    let mut router = Router::new();
    if let Some(text) = config_json {
        let answer = move || {
            let text = text.clone();
            async move { ([(header::CONTENT_TYPE, "application/json")], text).into_response() }
        };
        router = router.route("/config.json", get(answer));
    }
    router
        .fallback_service(files)
        .layer(middleware::from_fn_with_state(faults, headers))
        .layer(middleware::from_fn_with_state(security, crate::security::apply))
}

/// Names with a content hash, which trunk and the build script give: `pkg-<hash>/…` and
/// `console-<hash>.css`.
pub fn is_hashed(path: &str) -> bool {
    if path.starts_with("/pkg-") {
        return true;
    }
    let file = path.rsplit('/').next().unwrap_or("");
    let stem = file.split('.').next().unwrap_or("");
    stem.rsplit_once('-')
        .is_some_and(|(_, hash)| hash.len() >= 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A path naming a file rather than a screen of the app.
fn is_asset(path: &str) -> bool {
    path.starts_with("/pkg-")
        || path.rsplit('/').next().is_some_and(|f| f.contains('.') && !f.ends_with(".html"))
}

/// Answers a request whose path an armed fault names with that fault's status; passes the
/// rest on. For routes other than the console's files (storage).
pub async fn armed(State(faults): State<Faults>, request: Request, next: Next) -> Response {
    match faults.take(request.uri().path()) {
        Some(status) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
            (status, [(header::CACHE_CONTROL, "no-store")], "fault injected by the sandbox").into_response()
        }
        None => next.run(request).await,
    }
}

async fn headers(State(faults): State<Faults>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    if let Some(status) = faults.take(&path) {
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
        return (status, [(header::CACHE_CONTROL, "no-store")], "fault injected by the sandbox")
            .into_response();
    }
    let mut response = next.run(request).await;
    let is_page = crate::security::is_html(&response);
    if is_asset(&path) && is_page {
        // The SPA fallback answered for a file that is not there: say so, never send the page.
        return (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            format!("{path} is not part of this console build"),
        )
            .into_response();
    }
    if is_asset(&path) && response.status() == StatusCode::OK {
        faults.1.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(path.clone());
    }
    let cache = if response.status().is_success() && is_hashed(&path) { IMMUTABLE } else { "no-cache" };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names() {
        assert!(is_hashed("/pkg-0123456789abcdef/cluster-console_bg.wasm"));
        assert!(is_hashed("/console-5f1b2c3d4e5f6a7b.css"));
        assert!(!is_hashed("/index.html"));
        assert!(!is_hashed("/config.json"));
        assert!(!is_hashed("/cluster-console.js"));
        assert!(!is_hashed("/clusters/acme-prod"));
    }

    #[test]
    fn assets_and_screens() {
        assert!(is_asset("/pkg-abc/split_billing.wasm"));
        assert!(is_asset("/favicon.svg"));
        assert!(!is_asset("/clusters/c1/extensions"));
        assert!(!is_asset("/index.html"));
    }

    #[test]
    fn faults_count_down() {
        let faults = Faults::default();
        faults.0.lock().unwrap().push(Fault { path: "split_".into(), times: 2, status: 503 });
        assert_eq!(faults.take("/pkg-a/main.wasm"), None);
        assert_eq!(faults.take("/pkg-a/split_billing.wasm"), Some(503));
        assert_eq!(faults.take("/pkg-a/split_billing.wasm"), Some(503));
        assert_eq!(faults.take("/pkg-a/split_billing.wasm"), None);
    }
}
