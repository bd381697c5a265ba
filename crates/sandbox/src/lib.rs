//! A local control plane that behaves like the Cluster Management Service, so the
//! console can run and be tested without the hosted service.
//!
//! ```no_run
//! # async fn demo() -> Result<(), cluster_sandbox::StartError> {
//! let sandbox = cluster_sandbox::start(cluster_sandbox::Config::default()).await?;
//! println!("API at {}", sandbox.api_url());
//! sandbox.stop().await;
//! # Ok(()) }
//! ```

mod auth;
mod caller;
pub mod cli;
mod client_auth;
pub mod console;
mod cors;
mod coverage;
mod csp_reports;
mod dispatch;
pub mod drift;
pub mod engine;
mod error;
pub mod faults;
mod handlers;
mod hosted;
mod identity;
mod identity_sessions;
mod issuer;
pub mod jar;
mod jwt;
mod log_append;
mod log_files;
mod oauth_form;
mod payments;
mod policy;
pub mod public;
pub mod records;
mod routing;
pub mod security;
mod server;
mod state;
mod storage;
pub mod store;
mod strict;
#[doc(hidden)]
pub mod testing;
mod token;
mod token_store;

pub use coverage::CoverageReport;
pub use issuer::IssuerConfig;
pub use server::{Running, StartError, start};
pub use store::seed as demo;

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// An API secret's client ID and secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credentials {
    pub client_id: String,
    pub client_secret: String,
}

impl Credentials {
    pub fn new(client_id: &str, client_secret: &str) -> Credentials {
        Credentials { client_id: client_id.to_string(), client_secret: client_secret.to_string() }
    }
}

impl FromStr for Credentials {
    type Err = String;

    /// `CLIENT_ID:SECRET`; the secret may itself contain colons.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.split_once(':') {
            Some((id, secret)) if !id.is_empty() && !secret.is_empty() => Ok(Credentials::new(id, secret)),
            _ => Err(format!("expected CLIENT_ID:SECRET, got {text:?}")),
        }
    }
}

/// 10 MiB: the default size limit of presigned uploads.
pub const DEFAULT_MAX_UPLOAD_BYTES: u64 = 10 * 1024 * 1024;

/// How to run a sandbox. `Default` suits tests: in memory, a free port, quiet, and
/// short timers (a cluster provisions in 5 s, a restart takes 3 s, a custom domain's
/// certificate is issued in 4 s).
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Address to listen on.
    pub host: IpAddr,
    /// 0 picks a free port; read it back from [`Running::addr`].
    pub port: u16,
    /// The SQLite file, or `:memory:` ([`store::IN_MEMORY`]).
    pub data: PathBuf,
    /// The built console, served at `/` with index.html for unknown paths.
    pub console_dir: Option<PathBuf>,
    /// Holds every role in the demo organization; (re)applied on every start.
    pub bootstrap: Credentials,
    pub token_ttl: Duration,
    /// How long a PROVISIONING cluster takes to become ACTIVE.
    pub provision: Duration,
    /// How long a restart-inducing change keeps `restart_in_progress` true.
    pub restart: Duration,
    /// One line per request on stderr.
    pub log_requests: bool,
    /// How long a confirmed upload stays SCANNING before its verdict shows.
    pub scan: Duration,
    /// Lifetime of presigned upload URLs.
    pub upload_url: Duration,
    /// The largest object a presigned PUT accepts (larger → 400 EntityTooLarge).
    pub max_upload_bytes: u64,
    /// `--download-url-seconds`: lifetime of presigned log downloads; the request's
    /// `minutes` (default 5) when absent.
    pub download_url: Option<Duration>,
    /// `--hourly-logs`: list closed hourly log files only (no growing current file).
    pub hourly_logs: bool,
    /// `--log-lines-per-hour`: entries in each hour's log; 40 to 199 when absent.
    pub log_lines_per_hour: Option<u32>,
    /// How long a new or imported realm stays PENDING.
    pub realm: Duration,
    /// Simulated DNS: records count as published this long after a domain is added;
    /// the certificate is issued as long again.
    pub dns: Duration,
    /// When a custom domain that cannot validate (under `.invalid`) times out.
    pub dns_timeout: Duration,
    /// Support staff's API secrets (the staff client role); the demo one by default.
    pub staff: Vec<Credentials>,
    /// `--demo-scale`: this many more enterprise clusters, about 20 versions each.
    pub demo_scale: usize,
    /// `--delay-ms`: every API answer waits this long, to see progress and loading states.
    pub delay: Duration,
    /// `--allow-origin`: origins allowed to call the API and the token endpoint (CORS); none
    /// by default.
    pub allow_origins: Vec<String>,
    /// `--faults`: the fraction of API calls that fail (0 = none; see [`faults`]).
    pub faults: f64,
    /// `--faults-seed`: makes the faulted calls repeatable.
    pub faults_seed: u64,
    /// `--hostile-seed`: adds the Hostile organization (hostile and awkward strings).
    pub hostile: bool,
    /// Seeds acme-prod with one of everything Export as Terraform writes (store/export_seed.rs).
    pub export_seed: bool,
    /// `--trust-proxy`: `X-Forwarded-Proto` and `X-Forwarded-Host` name the public origin
    /// (the sandbox behind nginx or Caddy); ignored otherwise.
    pub trust_proxy: bool,
    /// `--public-url`: the public origin (`scheme://host[:port]`), whatever requests say.
    pub public_url: Option<String>,
    /// `--redirect-origin`: the identity server's allowed redirect origins; none means the
    /// public origin alone.
    pub redirect_origins: Vec<String>,
    /// `--drift SEED`: answers vary within the contract (see [`drift`]); off when `None`.
    pub drift: Option<u64>,
    /// `--issuer`: also trust this outside identity server's access tokens, and serve the
    /// console a config.json naming it (see [`IssuerConfig`]).
    pub issuer: Option<IssuerConfig>,
    /// For tests only (no flag): the identity server's authorization responses name this
    /// `iss` instead of its own issuer, as a mix-up attack would (RFC 9207), so a test can
    /// see the console refuse it.
    pub wrong_iss: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            data: PathBuf::from(store::IN_MEMORY),
            console_dir: None,
            bootstrap: Credentials::new(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET),
            token_ttl: Duration::from_secs(300),
            provision: Duration::from_secs(5),
            restart: Duration::from_secs(3),
            log_requests: false,
            scan: Duration::from_secs(1),
            upload_url: Duration::from_secs(300),
            max_upload_bytes: DEFAULT_MAX_UPLOAD_BYTES,
            download_url: None,
            hourly_logs: false,
            log_lines_per_hour: None,
            realm: Duration::from_secs(2),
            dns: Duration::from_secs(2),
            dns_timeout: Duration::from_secs(10),
            staff: vec![Credentials::new(demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET)],
            demo_scale: 0,
            delay: Duration::ZERO,
            allow_origins: Vec::new(),
            faults: 0.0,
            faults_seed: 1,
            hostile: false,
            export_seed: false,
            trust_proxy: false,
            public_url: None,
            redirect_origins: Vec::new(),
            drift: None,
            issuer: None,
            wrong_iss: None,
        }
    }
}
