//! `--faults RATE`: a bad network and a flaky service on demand. That fraction of API
//! calls (under `/auth/realms/self/v2` and `/v2`) fail in one of six ways, chosen by a
//! seeded generator from the call's number, so `--faults-seed N` replays the same
//! sequence call for call. `GET /sandbox/api-faults` reports what was injected.
//!
//! The token endpoint and the identity server are left alone: they are not the API, and
//! the `expired` fault already drives the console's token renewal.
//!
//! Every fault but `truncated` happens before the call reaches its handler, so a write
//! that failed was never applied and a retry cannot apply it twice. `truncated` (the
//! answer was cut short) is only injected on reads: a cut answer to a write leaves its
//! outcome unknown, which no client can resolve without reading again.

use std::collections::BTreeMap;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::dispatch::PREFIXES;
use crate::error::ApiError;

/// How long the `delay` fault holds a call before serving it normally.
pub const DELAY: Duration = Duration::from_secs(2);

/// The ways a call can fail, by the name the counters use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// 500 with the usual JSON error body.
    ServerError,
    /// 503 in plain text, as a proxy in front of the service would answer.
    Unavailable,
    /// Two seconds late, then served normally.
    Delay,
    /// 401 as if the token had expired.
    Expired,
    /// The connection closes without an answer.
    Dropped,
    /// A 2xx answer whose JSON body is cut in half (reads only).
    Truncated,
}

/// Writes never get `Truncated`: it is last, so they pick among the others.
const KINDS: [Kind; 6] =
    [Kind::ServerError, Kind::Unavailable, Kind::Delay, Kind::Expired, Kind::Dropped, Kind::Truncated];

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::ServerError => "server_error",
            Kind::Unavailable => "unavailable",
            Kind::Delay => "delay",
            Kind::Expired => "expired",
            Kind::Dropped => "dropped",
            Kind::Truncated => "truncated",
        }
    }
}

/// splitmix64: a few lines, good enough spread for picking faults, and no dependency.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The fault for call number `n` (from 0) of a run with `seed` and `rate`, if any.
pub fn pick(seed: u64, rate: f64, n: u64, is_read: bool) -> Option<Kind> {
    let r = mix(seed ^ mix(n));
    let unit = (r >> 11) as f64 / (1u64 << 53) as f64;
    if unit >= rate {
        return None;
    }
    let choices = if is_read { KINDS.len() } else { KINDS.len() - 1 };
    Some(KINDS[(mix(r) % choices as u64) as usize])
}

/// What `GET /sandbox/api-faults` answers.
#[derive(Debug, Clone, Default, Serialize)]
pub struct FaultReport {
    pub rate: f64,
    pub seed: u64,
    /// API calls seen (faulted or not).
    pub calls: u64,
    /// Faults actually injected, by kind.
    pub injected: BTreeMap<String, u64>,
    /// Which calls failed how, in order: "GET /v2/clusters: dropped".
    pub log: Vec<String>,
}

/// The plan and its counters, shared by the middleware and the report route.
#[derive(Clone)]
pub struct ApiFaults(Arc<Inner>);

struct Inner {
    rate: f64,
    seed: u64,
    calls: AtomicU64,
    report: Mutex<FaultReport>,
}

impl ApiFaults {
    pub fn new(rate: f64, seed: u64) -> ApiFaults {
        let rate = if rate.is_finite() { rate.clamp(0.0, 1.0) } else { 0.0 };
        let report = FaultReport { rate, seed, ..FaultReport::default() };
        ApiFaults(Arc::new(Inner { rate, seed, calls: AtomicU64::new(0), report: Mutex::new(report) }))
    }

    pub fn enabled(&self) -> bool {
        self.0.rate > 0.0
    }

    fn record(&self, kind: Kind, what: String) {
        let mut report = self.0.report.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *report.injected.entry(kind.name().to_string()).or_default() += 1;
        report.log.push(format!("{what}: {}", kind.name()));
    }

    pub fn report(&self) -> FaultReport {
        let mut report = self.0.report.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
        report.calls = self.0.calls.load(Ordering::Relaxed);
        report
    }
}

fn is_api(path: &str) -> bool {
    PREFIXES.iter().any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")))
}

/// The middleware: decides, by call number, whether this API call fails and how.
pub async fn inject(State(faults): State<ApiFaults>, request: Request, next: Next) -> Response {
    if !faults.enabled() || !is_api(request.uri().path()) {
        return next.run(request).await;
    }
    let n = faults.0.calls.fetch_add(1, Ordering::Relaxed);
    let is_read = matches!(*request.method(), Method::GET | Method::HEAD);
    let Some(kind) = pick(faults.0.seed, faults.0.rate, n, is_read) else {
        return next.run(request).await;
    };
    let what = format!("#{n} {} {}", request.method(), request.uri().path());
    match kind {
        Kind::ServerError => {
            faults.record(kind, what);
            ApiError::internal(
                "The service failed unexpectedly (a fault injected by the sandbox's --faults).",
            )
            .into_response()
        }
        Kind::Unavailable => {
            faults.record(kind, what);
            (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "text/plain")], "Service Unavailable")
                .into_response()
        }
        Kind::Expired => {
            faults.record(kind, what);
            ApiError::unauthorized("The access token has expired.").into_response()
        }
        Kind::Delay => {
            faults.record(kind, what);
            tokio::time::sleep(DELAY).await;
            next.run(request).await
        }
        Kind::Dropped => {
            faults.record(kind, what);
            Response::new(Body::new(Broken))
        }
        Kind::Truncated => {
            let response = next.run(request).await;
            if !response.status().is_success() {
                return response;
            }
            let (mut parts, body) = response.into_parts();
            let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
                return Response::new(Body::new(Broken));
            };
            if bytes.is_empty() {
                return Response::from_parts(parts, Body::from(bytes));
            }
            faults.record(kind, what);
            let cut = bytes.slice(..bytes.len() / 2);
            parts.headers.insert(header::CONTENT_LENGTH, HeaderValue::from(cut.len()));
            Response::from_parts(parts, Body::from(cut))
        }
    }
}

/// A body that fails at once: the server aborts the connection, and the client sees a
/// network error instead of an answer.
struct Broken;

impl http_body::Body for Broken {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        Poll::Ready(Some(Err(std::io::Error::new(
            std::io::ErrorKind::ConnectionAborted,
            "fault injected: dropped",
        ))))
    }
}

async fn report(State(faults): State<ApiFaults>) -> Json<FaultReport> {
    Json(faults.report())
}

/// `GET /sandbox/api-faults`: the rate, the seed, calls seen and faults injected by kind.
pub fn routes<S: Clone + Send + Sync + 'static>(faults: ApiFaults) -> Router<S> {
    Router::new().route("/sandbox/api-faults", get(report)).with_state(faults)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_replays_the_same_faults() {
        let run = |seed| (0..500).map(|n| pick(seed, 0.1, n, true)).collect::<Vec<_>>();
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }

    #[test]
    fn the_rate_is_roughly_kept_and_every_kind_occurs() {
        let faults: Vec<Kind> = (0..10_000).filter_map(|n| pick(42, 0.1, n, true)).collect();
        assert!((800..1200).contains(&faults.len()), "{} faults in 10,000 calls", faults.len());
        for kind in KINDS {
            assert!(faults.contains(&kind), "{kind:?} never picked");
        }
        assert_eq!((0..1000).filter_map(|n| pick(1, 0.0, n, true)).count(), 0);
    }

    #[test]
    fn writes_are_never_truncated() {
        assert!((0..10_000).filter_map(|n| pick(3, 0.5, n, false)).all(|k| k != Kind::Truncated));
    }

    #[test]
    fn only_api_paths_are_faulted() {
        assert!(is_api("/v2/clusters"));
        assert!(is_api("/auth/realms/self/v2/clusters/x"));
        assert!(!is_api("/auth/realms/self/protocol/openid-connect/token"));
        assert!(!is_api("/sandbox/coverage"));
        assert!(!is_api("/v2x"));
    }
}
