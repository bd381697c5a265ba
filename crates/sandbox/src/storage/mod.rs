//! A small object store with S3's presigned-PUT semantics, served by the sandbox under
//! [`PATH`], so the console uploads straight to "storage" and never through the API.
//!
//! A presigned URL looks like
//! `http://<host>/sandbox/storage/<key>?X-Amz-Algorithm=SANDBOX-HMAC-SHA256&X-Amz-Date=20260101T120000Z`
//! `&X-Amz-Expires=300&X-Amz-Signature=<hex>` (one URL).
//! The signature is HMAC-SHA256, with the sandbox's persisted secret, over the method,
//! the key, the date and the lifetime: change any of them and the PUT gets 403
//! `SignatureDoesNotMatch`; use it after `X-Amz-Date + X-Amz-Expires` and it gets 403
//! `AccessDenied` "Request has expired". See [`endpoint`] for the rest of the rules.

mod endpoint;

use crate::records::Millis;
use crate::state::AppState;
use axum::Router;
use axum::http::HeaderMap;
use axum::routing::any;
use chrono::{DateTime, NaiveDateTime};
use cluster_api::PresignedUrl;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

/// Where objects are PUT: `PATH/<key>`.
pub const PATH: &str = "/sandbox/storage";
pub const ALGORITHM: &str = "SANDBOX-HMAC-SHA256";
const DATE_FORMAT: &str = "%Y%m%dT%H%M%SZ";

pub fn routes() -> Router<Arc<AppState>> {
    Router::new().route(&format!("{PATH}/{{*key}}"), any(endpoint::object))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The signature of one (method, key, date, lifetime) with `secret`.
fn signature(secret: &[u8], method: &str, key: &str, date: &str, expires: &str) -> String {
    // HMAC accepts keys of any length, so this never fails; an empty MAC would only
    // make every URL fail to verify, never verify a forged one.
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret) else {
        return String::new();
    };
    mac.update(format!("{method}\n/{key}\n{date}\n{expires}").as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// Constant-time comparison, so response timing does not leak the expected signature.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Percent-encodes everything but unreserved characters and `/`, as S3 keys are sent.
fn encode_key(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    for byte in key.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `scheme://host[:port]` the API call arrived on (the public origin behind a proxy:
/// `crate::public`), so the upload URL points at the same sandbox whatever name the
/// console used to reach it.
pub fn origin(settings: &crate::state::Settings, headers: &HeaderMap) -> String {
    settings.public.origin(headers)
}

/// A fresh object key under `prefix`: unique per upload URL.
pub fn new_key(prefix: &str, extension: &str) -> String {
    format!("{prefix}/{}.{extension}", uuid::Uuid::new_v4())
}

/// A URL signed for `method` on `key`, valid for `lifetime_secs` from `now`.
fn signed_url(
    secret: &[u8],
    method: &str,
    origin: &str,
    key: &str,
    now: Millis,
    lifetime_secs: u64,
) -> String {
    let date = DateTime::from_timestamp_millis(now).unwrap_or_default().format(DATE_FORMAT).to_string();
    let expires = lifetime_secs.to_string();
    let sig = signature(secret, method, key, &date, &expires);
    format!(
        "{origin}{PATH}/{}?X-Amz-Algorithm={ALGORITHM}&X-Amz-Date={date}&X-Amz-Expires={expires}&\
         X-Amz-Signature={sig}",
        encode_key(key)
    )
}

/// A PUT URL for `key`, valid for `lifetime_secs` from `now`.
pub fn presign(secret: &[u8], origin: &str, key: &str, now: Millis, lifetime_secs: u64) -> PresignedUrl {
    let url = signed_url(secret, "PUT", origin, key, now, lifetime_secs);
    PresignedUrl { url, method: "PUT".to_string(), resource_key: key.to_string() }
}

/// A GET (download) URL for `key`, valid for `lifetime_secs` from `now`. A PUT URL
/// never verifies as a GET one and vice versa: the method is signed.
pub fn presign_get(secret: &[u8], origin: &str, key: &str, now: Millis, lifetime_secs: u64) -> String {
    signed_url(secret, "GET", origin, key, now, lifetime_secs)
}

/// Why a presigned request is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A query parameter is missing or unreadable.
    Incomplete,
    Tampered,
    Expired,
}

/// Checks a presigned request's query against `method` and `key` at `now`.
pub fn verify(
    secret: &[u8],
    method: &str,
    key: &str,
    query: &[(String, String)],
    now: Millis,
) -> Result<(), Refusal> {
    let get = |name: &str| query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let (Some(algorithm), Some(date), Some(expires), Some(given)) =
        (get("X-Amz-Algorithm"), get("X-Amz-Date"), get("X-Amz-Expires"), get("X-Amz-Signature"))
    else {
        return Err(Refusal::Incomplete);
    };
    if algorithm != ALGORITHM || !same(&signature(secret, method, key, date, expires), given) {
        return Err(Refusal::Tampered);
    }
    // Signed values can still be nonsense if the secret leaked; refuse rather than guess.
    let issued = NaiveDateTime::parse_from_str(date, DATE_FORMAT).map_err(|_| Refusal::Incomplete)?;
    let lifetime: i64 = expires.parse().map_err(|_| Refusal::Incomplete)?;
    let deadline = issued.and_utc().timestamp_millis().saturating_add(lifetime.saturating_mul(1000));
    if now >= deadline {
        return Err(Refusal::Expired);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"test-secret";
    const NOW: Millis = 1_767_225_600_000;

    fn query_of(url: &str) -> Vec<(String, String)> {
        serde_urlencoded::from_str(url.split_once('?').map(|(_, q)| q).unwrap_or_default())
            .unwrap_or_default()
    }

    #[test]
    fn a_fresh_url_verifies_until_it_expires() {
        let url = presign(SECRET, "http://h", "clusters/c/x.jar", NOW, 300);
        assert_eq!(url.method, "PUT");
        assert!(url.url.starts_with("http://h/sandbox/storage/clusters/c/x.jar?"), "{}", url.url);
        let q = query_of(&url.url);
        assert_eq!(verify(SECRET, "PUT", "clusters/c/x.jar", &q, NOW + 299_999), Ok(()));
        assert_eq!(verify(SECRET, "PUT", "clusters/c/x.jar", &q, NOW + 300_000), Err(Refusal::Expired));
    }

    #[test]
    fn a_download_url_verifies_only_as_a_get_until_it_expires() {
        let url = presign_get(SECRET, "http://h", "logs/c/keycloak/2026-01-01/05-00.log.gz", NOW, 60);
        assert!(
            url.starts_with("http://h/sandbox/storage/logs/c/keycloak/2026-01-01/05-00.log.gz?"),
            "{url}"
        );
        let q = query_of(&url);
        let key = "logs/c/keycloak/2026-01-01/05-00.log.gz";
        assert_eq!(verify(SECRET, "GET", key, &q, NOW + 59_999), Ok(()));
        assert_eq!(verify(SECRET, "GET", key, &q, NOW + 60_000), Err(Refusal::Expired));
        assert_eq!(verify(SECRET, "PUT", key, &q, NOW), Err(Refusal::Tampered));
    }

    #[test]
    fn any_change_breaks_the_signature() {
        let q = query_of(&presign(SECRET, "http://h", "k/a.jar", NOW, 300).url);
        assert_eq!(verify(SECRET, "PUT", "k/b.jar", &q, NOW), Err(Refusal::Tampered));
        assert_eq!(verify(SECRET, "GET", "k/a.jar", &q, NOW), Err(Refusal::Tampered));
        assert_eq!(verify(b"other", "PUT", "k/a.jar", &q, NOW), Err(Refusal::Tampered));
        let longer: Vec<(String, String)> = q
            .iter()
            .map(|(k, v)| (k.clone(), if k == "X-Amz-Expires" { "99999".to_string() } else { v.clone() }))
            .collect();
        assert_eq!(verify(SECRET, "PUT", "k/a.jar", &longer, NOW), Err(Refusal::Tampered));
        assert_eq!(verify(SECRET, "PUT", "k/a.jar", &q[..2], NOW), Err(Refusal::Incomplete));
    }

    #[test]
    fn keys_are_percent_encoded() {
        assert_eq!(encode_key("a b/ü.jar"), "a%20b/%C3%BC.jar");
    }
}
