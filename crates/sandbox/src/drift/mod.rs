//! `--drift SEED`: a service that keeps to its contract but not to this console's habits.
//! Every 2xx JSON answer of the API (under `/auth/realms/self/v2` and `/v2`) is varied
//! within the schema `openapi-v2-next.yaml` gives it ([`vary`]): optional properties left
//! out, unknown ones added (top level and nested), the open enums ([`open_enums`]) answered
//! outside their listed values, and the answer's list emptied or padded to 500 items.
//! Required properties are never dropped and no value changes type. Which call varies how
//! is chosen from the seed, the operation and that operation's call number, so a run
//! replays. `GET /sandbox/drift` reports what was varied, by kind, with examples.
//!
//! Padded items are aliases of real ones (`<id>--drift-<n>`): a request naming an alias
//! anywhere in its path is served as the real object's, with the alias answered back in
//! place of its ID, so every padded item's detail and sub-screens read as a real object.
//! Only lists whose items carry a string `id` are padded.
//!
//! Left alone: error answers, the token endpoint, the identity server, storage and the
//! `/sandbox/` hooks.

pub mod conform;
pub mod open_enums;
pub mod schema;
pub mod vary;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Uri, header};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use serde_json::Value;

use crate::dispatch::PREFIXES;
use crate::routing::{Route, resolve};
use open_enums::{OPEN_ENUMS, OpenEnum};
use vary::{ALIAS, Changes, Rng, vary_answer};

/// At most this many distinct examples are kept per kind.
const EXAMPLES: usize = 25;

/// What `GET /sandbox/drift` answers.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DriftReport {
    /// The seed, or null when drift is off.
    pub seed: Option<u64>,
    /// API answers varied or left as they were (2xx JSON answers with a contract schema).
    pub answers: u64,
    /// Variations made, by kind.
    pub varied: BTreeMap<String, u64>,
    /// Distinct examples per kind: which field, enum or list.
    pub examples: BTreeMap<String, Vec<String>>,
    /// The operations whose list was padded at least once.
    pub padded_lists: BTreeSet<String>,
    pub open_enums: Vec<OpenEnum>,
}

/// The seed, per-operation call counters and the report, shared by the layer and the route.
#[derive(Clone, Default)]
pub struct Drift(Arc<Inner>);

#[derive(Default)]
struct Inner {
    seed: Option<u64>,
    calls: Mutex<HashMap<&'static str, u64>>,
    report: Mutex<DriftReport>,
}

impl Drift {
    pub fn new(seed: Option<u64>) -> Drift {
        let report = DriftReport { seed, open_enums: OPEN_ENUMS.to_vec(), ..DriftReport::default() };
        Drift(Arc::new(Inner { seed, calls: Mutex::default(), report: Mutex::new(report) }))
    }

    /// This operation's call number, from 0.
    fn next_call(&self, op: &'static str) -> u64 {
        let mut calls = self.0.calls.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let n = calls.entry(op).or_default();
        *n += 1;
        *n - 1
    }

    fn record(&self, op: &str, changes: Changes) {
        let mut report = self.0.report.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        report.answers += 1;
        for (kind, what) in changes {
            *report.varied.entry(kind.name().to_string()).or_default() += 1;
            if kind == vary::Kind::PaddedList {
                report.padded_lists.insert(op.to_string());
            }
            let examples = report.examples.entry(kind.name().to_string()).or_default();
            let example = format!("{op}: {what}");
            if examples.len() < EXAMPLES && !examples.contains(&example) {
                examples.push(example);
            }
        }
    }

    pub fn report(&self) -> DriftReport {
        self.0.report.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }
}

/// The real ID behind a padded item's alias.
pub fn unalias(segment: &str) -> Option<&str> {
    let (real, n) = segment.rsplit_once(ALIAS)?;
    (!real.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(real)
}

/// FNV-1a: the operation's share of the per-call seed.
fn hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Every string equal to a real ID the path aliased becomes the alias again.
fn realias(value: &mut Value, aliases: &[(String, String)]) {
    match value {
        Value::String(text) => {
            if let Some((_, alias)) = aliases.iter().find(|(real, _)| real == text) {
                *text = alias.clone();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| realias(v, aliases)),
        Value::Object(map) => map.values_mut().for_each(|v| realias(v, aliases)),
        _ => {}
    }
}

/// The middleware (a no-op without `--drift`).
pub async fn apply(State(drift): State<Drift>, mut request: Request, next: Next) -> Response {
    let Some(seed) = drift.0.seed else { return next.run(request).await };
    let path = request.uri().path().to_string();
    let Some((prefix, relative)) = PREFIXES
        .iter()
        .find_map(|p| path.strip_prefix(p).filter(|r| r.is_empty() || r.starts_with('/')).map(|r| (*p, r)))
    else {
        return next.run(request).await;
    };
    let mut aliases = Vec::new();
    let segments: Vec<&str> = relative
        .split('/')
        .map(|segment| match unalias(segment) {
            Some(real) => {
                aliases.push((real.to_string(), segment.to_string()));
                real
            }
            None => segment,
        })
        .collect();
    let relative = segments.join("/");
    if !aliases.is_empty() {
        let query = request.uri().query().map(|q| format!("?{q}")).unwrap_or_default();
        if let Ok(uri) = format!("{prefix}{relative}{query}").parse::<Uri>() {
            *request.uri_mut() = uri;
        }
    }
    let method = request.method().clone();
    let Route::Found(op, _) = resolve(method.as_str(), &relative) else {
        return next.run(request).await;
    };
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let schema = schema::response(op.method.as_str(), op.path, status.as_u16());
    let (Some(schema), true, true) = (schema, status.is_success(), is_json) else {
        return response;
    };
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let Ok(mut value) = serde_json::from_slice::<Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    realias(&mut value, &aliases);
    let n = drift.next_call(op.id);
    let mut rng = Rng::new(seed ^ crate::faults::mix(hash(op.id)) ^ crate::faults::mix(n.wrapping_add(1)));
    let mut changes = Changes::new();
    vary_answer(&mut value, schema, &mut rng, &mut changes);
    drift.record(op.id, changes);
    let Ok(varied) = serde_json::to_vec(&value) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(varied))
}

async fn report(State(drift): State<Drift>) -> Json<DriftReport> {
    Json(drift.report())
}

/// `GET /sandbox/drift`: the seed and what was varied, by kind, with examples.
pub fn routes<S: Clone + Send + Sync + 'static>(drift: Drift) -> Router<S> {
    Router::new().route("/sandbox/drift", get(report)).with_state(drift)
}

#[cfg(test)]
mod tests;
