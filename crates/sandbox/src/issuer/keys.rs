//! The issuer's signing keys: its discovery document names `jwks_uri`, whose keys are
//! cached and fetched again when a token names a `kid` the cache does not hold (the issuer
//! rotated its keys), at most once per [`REFETCH_INTERVAL`]. Fetched with reqwest on the
//! runtime, never blocking it, with a timeout so a silent issuer cannot hold calls forever.

use crate::error::ApiError;
use jsonwebtoken::jwk::{Jwk, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey};
use serde::Deserialize;
use std::sync::RwLock;
use std::time::{Duration, Instant};

/// The least time between two fetches of the keys.
pub const REFETCH_INTERVAL: Duration = Duration::from_secs(30);

/// How long one fetch of the discovery document or the keys may take.
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

pub struct Keys {
    issuer: String,
    http: Result<reqwest::Client, String>,
    interval: Duration,
    /// The last keys fetched (empty before the first fetch).
    cached: RwLock<Vec<Jwk>>,
    /// When the keys were last fetched (or tried): held across a fetch, so calls that find
    /// the same unknown `kid` at once wait for one fetch rather than making one each.
    last_fetch: tokio::sync::Mutex<Option<Instant>>,
}

#[derive(Deserialize)]
struct Discovery {
    issuer: String,
    jwks_uri: String,
}

#[derive(Deserialize)]
struct KeySet {
    keys: Vec<serde_json::Value>,
}

fn unavailable(why: String) -> ApiError {
    // The token may be fine: the sandbox cannot tell, so it is refused as unverifiable.
    ApiError::unauthorized(format!("The access token cannot be verified: {why}."))
}

impl Keys {
    pub fn new(issuer: &str, interval: Duration) -> Keys {
        // Building fails only when TLS cannot start; every fetch then says so.
        let http = reqwest::Client::builder().timeout(FETCH_TIMEOUT).build().map_err(|e| e.to_string());
        Keys {
            issuer: issuer.to_string(),
            http,
            interval,
            cached: RwLock::default(),
            last_fetch: tokio::sync::Mutex::new(None),
        }
    }

    /// The keys that may have signed a token with this `kid` and `alg`, fetching the
    /// issuer's keys again when none matches and the last fetch is old enough.
    pub async fn for_token(&self, kid: Option<&str>, alg: Algorithm) -> Result<Vec<DecodingKey>, ApiError> {
        let found = self.matching(kid, alg);
        if !found.is_empty() {
            return Ok(found);
        }
        let mut last = self.last_fetch.lock().await;
        // Another call may have fetched while this one waited.
        let found = self.matching(kid, alg);
        if !found.is_empty() {
            return Ok(found);
        }
        if last.is_some_and(|at| at.elapsed() < self.interval) {
            return Err(ApiError::unauthorized(format!(
                "The access token is not valid: the issuer has no key {} (its keys were fetched again \
                 less than {} s ago).",
                kid.unwrap_or("for it"),
                self.interval.as_secs()
            )));
        }
        *last = Some(Instant::now());
        let fetched = self.fetch().await;
        drop(last);
        let keys = fetched.map_err(unavailable)?;
        if let Ok(mut cached) = self.cached.write() {
            *cached = keys;
        }
        let found = self.matching(kid, alg);
        if found.is_empty() {
            return Err(ApiError::unauthorized(format!(
                "The access token is not valid: the issuer has no key {}.",
                kid.unwrap_or("for it")
            )));
        }
        Ok(found)
    }

    /// Cached signing keys for `kid` (every one when the token names none) that suit `alg`.
    fn matching(&self, kid: Option<&str>, alg: Algorithm) -> Vec<DecodingKey> {
        let Ok(cached) = self.cached.read() else { return Vec::new() };
        cached
            .iter()
            .filter(|jwk| kid.is_none() || jwk.common.key_id.as_deref() == kid)
            .filter(|jwk| !matches!(jwk.common.public_key_use, Some(PublicKeyUse::Encryption)))
            // A key that names its algorithm is used with that one only.
            .filter(|jwk| jwk.common.key_algorithm.is_none_or(|a| a.to_string() == format!("{alg:?}")))
            .filter_map(|jwk| DecodingKey::from_jwk(jwk).ok())
            .collect()
    }

    /// The discovery document, then the keys it names. A key the sandbox cannot read (an
    /// algorithm it does not know) is skipped rather than failing the whole set.
    async fn fetch(&self) -> Result<Vec<Jwk>, String> {
        let url = format!("{}/.well-known/openid-configuration", self.issuer.trim_end_matches('/'));
        let discovery: Discovery = self.get_json(&url).await?;
        if discovery.issuer != self.issuer {
            return Err(format!(
                "{url} names the issuer {:?}, not {:?} (--issuer must be the issuer exactly)",
                discovery.issuer, self.issuer
            ));
        }
        let set: KeySet = self.get_json(&discovery.jwks_uri).await?;
        Ok(set.keys.into_iter().filter_map(|key| serde_json::from_value::<Jwk>(key).ok()).collect())
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: &str) -> Result<T, String> {
        let http = self.http.as_ref().map_err(|e| format!("no HTTP client ({e})"))?;
        let response =
            http.get(url).send().await.map_err(|e| format!("cannot reach {url}: {}", causes(&e)))?;
        if !response.status().is_success() {
            return Err(format!("{url} answered {}", response.status()));
        }
        response.json::<T>().await.map_err(|e| format!("{url} did not answer the expected JSON: {e}"))
    }
}

/// An error with its causes (reqwest's own message hides them: a refused certificate reads
/// "error sending request" without them).
fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
