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
use std::time::Duration;
use tower_http::services::{ServeDir, ServeFile};

/// A year, the most a browser honours; such files change their name when they change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Console files (and storage objects, the token endpoint and the API) to fail or slow down: the
/// next `times` requests whose path contains `path` get `status`, or, with `delay_ms`, are
/// held that long and then served as usual (a far identity server, say).
#[derive(Debug, Clone, Deserialize)]
pub struct Fault {
    pub path: String,
    #[serde(default = "one")]
    pub times: u32,
    #[serde(default = "unavailable")]
    pub status: u16,
    #[serde(default)]
    pub delay_ms: u64,
}

/// What an armed fault does to the request it meets.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Injected {
    Fail(u16),
    Hold(Duration),
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
    /// What the fault armed for `path` does, if one is (and counts it down).
    fn take(&self, path: &str) -> Option<Injected> {
        let mut faults = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let index = faults.iter().position(|f| f.times > 0 && path.contains(&f.path))?;
        let fault = &mut faults[index];
        fault.times -= 1;
        let injected = match fault.delay_ms {
            0 => Injected::Fail(fault.status),
            ms => Injected::Hold(Duration::from_millis(ms)),
        };
        faults.retain(|f| f.times > 0);
        Some(injected)
    }

    /// Applies the fault armed for `request`'s path: `Err` with the answer that fails it,
    /// or `Ok` with the request to serve (after holding it, when the fault says so).
    async fn apply(&self, request: Request) -> Result<Request, Response> {
        match self.take(request.uri().path()) {
            None => Ok(request),
            Some(Injected::Hold(delay)) => {
                tokio::time::sleep(delay).await;
                Ok(request)
            }
            Some(Injected::Fail(status)) => {
                let status = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
                Err((status, [(header::CACHE_CONTROL, "no-store")], "fault injected by the sandbox")
                    .into_response())
            }
        }
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

/// Applies the armed faults to the routes other than the console's files (storage, the
/// token endpoint, the API); passes the rest on.
pub async fn armed(State(faults): State<Faults>, request: Request, next: Next) -> Response {
    match faults.apply(request).await {
        Ok(request) => next.run(request).await,
        Err(failed) => failed,
    }
}

async fn headers(State(faults): State<Faults>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let request = match faults.apply(request).await {
        Ok(request) => request,
        Err(failed) => return failed,
    };
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
        faults.0.lock().unwrap().push(Fault { path: "split_".into(), times: 2, status: 503, delay_ms: 0 });
        assert_eq!(faults.take("/pkg-a/main.wasm"), None);
        assert_eq!(faults.take("/pkg-a/split_billing.wasm"), Some(Injected::Fail(503)));
        assert_eq!(faults.take("/pkg-a/split_billing.wasm"), Some(Injected::Fail(503)));
        assert_eq!(faults.take("/pkg-a/split_billing.wasm"), None);
        faults.0.lock().unwrap().push(Fault { path: "/token".into(), times: 1, status: 503, delay_ms: 900 });
        assert_eq!(
            faults.take("/protocol/openid-connect/token"),
            Some(Injected::Hold(Duration::from_millis(900)))
        );
        assert_eq!(faults.take("/protocol/openid-connect/token"), None);
    }
}
