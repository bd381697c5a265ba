//! What every request handler shares.

use crate::coverage::Coverage;
use crate::error::ApiError;
use crate::records::Millis;
use crate::store::Store;
use crate::token_store::TokenStore;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// The timing knobs of a running sandbox.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub token_ttl: Duration,
    /// How long a new cluster stays PROVISIONING.
    pub provision_ms: Millis,
    /// How long a restart-inducing change keeps `restart_in_progress` true.
    pub restart_ms: Millis,
    /// How long a confirmed upload stays SCANNING.
    pub scan_ms: Millis,
    /// Lifetime of presigned upload URLs, in whole seconds as S3's X-Amz-Expires.
    pub upload_url_secs: u64,
    pub max_upload_bytes: u64,
    /// `--download-url-seconds`: lifetime of presigned log downloads, in place of the
    /// request's `minutes`.
    pub download_url_secs: Option<u64>,
    /// `--hourly-logs` and `--log-lines-per-hour`.
    pub logs: crate::engine::logs::Options,
    /// How long a new or imported realm stays PENDING.
    pub realm_ms: Millis,
    /// Signs presigned URLs (persisted in the store, so URLs survive a restart).
    pub storage_secret: Vec<u8>,
    /// Simulated DNS: a custom domain's records count as published this long after it is
    /// added, and its certificate is issued as long again.
    pub dns_ms: Millis,
    /// When a domain that cannot validate (`.invalid`) times out.
    pub dns_timeout_ms: Millis,
    /// `--delay-ms`: how long every API answer waits.
    pub delay: Duration,
    /// The origin the browser sees (`--public-url`, `--trust-proxy`, `--redirect-origin`).
    pub public: crate::public::PublicOrigin,
    /// `Config::wrong_iss`: the `iss` authorization responses name instead of the issuer.
    pub wrong_iss: Option<String>,
}

pub struct AppState {
    /// SQLite is single-writer anyway; one lock keeps every handler's view consistent.
    pub store: Mutex<Store>,
    pub tokens: TokenStore,
    /// The identity server's sessions and codes (people signing in).
    pub identity: crate::identity_sessions::Sessions,
    pub coverage: Coverage,
    pub settings: Settings,
    /// `--issuer`: the outside identity server whose tokens are trusted too.
    pub issuer: Option<crate::issuer::Issuer>,
}

impl AppState {
    pub fn new(store: Store, settings: Settings, issuer: Option<crate::issuer::IssuerConfig>) -> AppState {
        AppState {
            store: Mutex::new(store),
            tokens: TokenStore::default(),
            identity: Default::default(),
            coverage: Coverage::default(),
            settings,
            issuer: issuer.map(crate::issuer::Issuer::new),
        }
    }

    /// The store, or 500 if an earlier handler panicked while holding it: its
    /// half-done work may have left the connection in a state not worth trusting.
    pub fn lock_store(&self) -> Result<MutexGuard<'_, Store>, ApiError> {
        self.store.lock().map_err(|_| {
            ApiError::internal(
                "The sandbox's database is unavailable after an earlier failure; restart the sandbox.",
            )
        })
    }
}
