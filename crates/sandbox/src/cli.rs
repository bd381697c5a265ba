//! The command line of the `cluster-sandbox` binary, kept in the library so the
//! binary's `main` stays a few lines.

use crate::{Config, Credentials, Running, demo};
use clap::Parser;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(
    name = "cluster-sandbox",
    version,
    about = "A local Cluster Management Service for the console and its tests"
)]
pub struct Args {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// SQLite database file (its folder is created), or :memory:.
    #[arg(long, default_value = "data/sandbox.sqlite3")]
    pub data: PathBuf,
    /// The built console to serve at / (unknown paths get its index.html).
    #[arg(long, value_name = "DIR")]
    pub console_dir: Option<PathBuf>,
    /// An API secret with every role in the demo organization.
    #[arg(long, value_name = "CLIENT_ID:SECRET", default_value = "demo-admin:demo-admin-secret")]
    pub bootstrap_secret: Credentials,
    /// Lifetime of access tokens.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub token_ttl: u64,
    /// How long a new cluster stays PROVISIONING.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub provision_seconds: u64,
    /// How long a restart-inducing change keeps the cluster restarting.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub restart_seconds: u64,
    /// How long a confirmed extension upload stays SCANNING before its verdict shows.
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub scan_seconds: u64,
    /// Lifetime of presigned upload URLs.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub upload_url_seconds: u64,
    /// Lifetime of presigned log download URLs, in place of the minutes the request asks
    /// for (5 by default).
    #[arg(long, value_name = "SECONDS")]
    pub download_url_seconds: Option<u64>,
    /// List closed hourly log files only, as a service that ships logs once an hour;
    /// by default the current hour's file is listed too and grows as time passes.
    #[arg(long)]
    pub hourly_logs: bool,
    /// Entries in each hour's log file (up to 1,000,000); 40 to 199 by hour when absent.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub log_lines_per_hour: Option<u32>,
    /// The largest file a presigned upload accepts.
    #[arg(long, value_name = "BYTES", default_value_t = crate::DEFAULT_MAX_UPLOAD_BYTES)]
    pub max_upload_bytes: u64,
    /// How long a new or imported realm stays PENDING.
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    pub realm_seconds: u64,
    /// How long after a custom domain is added its DNS records count as published (its
    /// certificate is issued as long again).
    #[arg(long, value_name = "SECONDS", default_value_t = 20)]
    pub dns_seconds: u64,
    /// When a custom domain that cannot validate (under .invalid) times out.
    #[arg(long, value_name = "SECONDS", default_value_t = 120)]
    pub dns_timeout_seconds: u64,
    /// A support staff API secret (the manage-clusters role on the cluster-management
    /// client); repeatable. The demo staff secret always exists too.
    #[arg(long = "staff-secret", value_name = "CLIENT_ID:SECRET")]
    pub staff_secret: Vec<Credentials>,
    /// Adds N more enterprise clusters over more organizations, about 20 extension
    /// versions each (500 gives 10,000 versions), for the review desk's benchmark.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub demo_scale: usize,
    /// Delays every API answer by N ms, to see progress and loading states.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub delay_ms: u64,
    /// Allow this origin (scheme://host[:port]) to call the API and the token endpoint from
    /// a browser (CORS, preflight included); repeatable. None is allowed by default.
    #[arg(long = "allow-origin", value_name = "ORIGIN", value_parser = crate::cors::parse_origin)]
    pub allow_origin: Vec<String>,
    /// Makes this fraction of API calls (0.1 = one in ten) fail: 500, 503, a 2 s delay, a
    /// truncated 200 (reads only), a dropped connection or an expired-token 401. The
    /// token endpoint is never faulted. GET /sandbox/api-faults counts them.
    #[arg(long, value_name = "RATE", default_value_t = 0.0)]
    pub faults: f64,
    /// Which API calls fail, and how, is decided from this seed and the call's number.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub faults_seed: u64,
    /// Adds the Hostile organization, whose every free-text field holds hostile or awkward
    /// strings (markup, javascript: URLs, 2,000-character words, right-to-left text).
    #[arg(long)]
    pub hostile_seed: bool,
    /// Leave acme-prod without the domain, variables, IP rules, extensions and realm
    /// credential that show every part of Export as Terraform.
    #[arg(long)]
    pub no_export_seed: bool,
    /// Behind a proxy (nginx, Caddy): take the public origin (links to hosted pages and
    /// uploads, the identity server's issuer and redirect origin) from X-Forwarded-Proto and
    /// X-Forwarded-Host. Without it those headers are ignored.
    #[arg(long)]
    pub trust_proxy: bool,
    /// The public origin (scheme://host[:port]) the browser uses, whatever requests say.
    #[arg(long, value_name = "URL", value_parser = crate::public::parse_public_url)]
    pub public_url: Option<String>,
    /// The identity server's allowed redirect origin, in place of the public origin (a
    /// Keycloak client's "Valid redirect URIs"); repeatable.
    #[arg(long = "redirect-origin", value_name = "ORIGIN", value_parser = crate::cors::parse_origin)]
    pub redirect_origin: Vec<String>,
    /// Varies every API answer within the contract (optional fields left out, unknown ones
    /// added, open enums outside their values, lists emptied or padded to 500), chosen from
    /// this seed per call. GET /sandbox/drift reports what was varied.
    #[arg(long, value_name = "SEED")]
    pub drift: Option<u64>,
    /// Also trust the access tokens of this OpenID provider (your own Keycloak realm, e.g.
    /// https://sso.example.com/realms/acme), checked against the keys its discovery
    /// document names; the served console's config.json names it as its identity server.
    /// API secrets still sign in at the sandbox's own token endpoint.
    #[arg(long, value_name = "URL", value_parser = crate::issuer::parse_issuer_url)]
    pub issuer: Option<String>,
    /// The console's client at --issuer: its tokens are accepted when `azp` or `client_id`
    /// names this client (or `aud` names --issuer-audience).
    #[arg(long, value_name = "CLIENT_ID", default_value = cluster_api::identity::CONSOLE_CLIENT_ID)]
    pub issuer_client_id: String,
    /// Also accept --issuer's tokens whose `aud` names this (an audience mapper in the
    /// realm); the client ID when absent.
    #[arg(long, value_name = "AUDIENCE")]
    pub issuer_audience: Option<String>,
    /// Do not log one line per request on stderr.
    #[arg(long)]
    pub quiet: bool,
}

impl Args {
    pub fn into_config(self) -> Config {
        Config {
            host: self.host,
            port: self.port,
            data: self.data,
            console_dir: self.console_dir,
            bootstrap: self.bootstrap_secret,
            token_ttl: Duration::from_secs(self.token_ttl),
            provision: Duration::from_secs(self.provision_seconds),
            restart: Duration::from_secs(self.restart_seconds),
            log_requests: !self.quiet,
            scan: Duration::from_secs(self.scan_seconds),
            upload_url: Duration::from_secs(self.upload_url_seconds),
            max_upload_bytes: self.max_upload_bytes,
            download_url: self.download_url_seconds.map(Duration::from_secs),
            hourly_logs: self.hourly_logs,
            log_lines_per_hour: self.log_lines_per_hour,
            realm: Duration::from_secs(self.realm_seconds),
            dns: Duration::from_secs(self.dns_seconds),
            dns_timeout: Duration::from_secs(self.dns_timeout_seconds),
            staff: std::iter::once(Credentials::new(demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET))
                .chain(self.staff_secret)
                .collect(),
            demo_scale: self.demo_scale,
            delay: Duration::from_millis(self.delay_ms),
            allow_origins: self.allow_origin,
            faults: self.faults,
            faults_seed: self.faults_seed,
            hostile: self.hostile_seed,
            export_seed: !self.no_export_seed,
            trust_proxy: self.trust_proxy,
            public_url: self.public_url,
            redirect_origins: self.redirect_origin,
            drift: self.drift,
            issuer: self.issuer.map(|url| crate::IssuerConfig {
                client_id: self.issuer_client_id,
                audience: self.issuer_audience,
                ..crate::IssuerConfig::new(&url)
            }),
            wrong_iss: None,
        }
    }
}

/// What the binary prints once it listens: where things are and how to log in.
pub fn banner(config: &Config, running: &Running) -> String {
    let base = running.base_url();
    let console = match &config.console_dir {
        Some(dir) => format!("{base}/  (serving {})", dir.display()),
        None => "not served (no --console-dir)".to_string(),
    };
    [
        format!("Cluster sandbox listening on {base}"),
        format!("  Console:        {console}"),
        format!("  API:            {} (also {base}/v2)", running.api_url()),
        format!("  Token endpoint: {}", running.token_url()),
        format!(
            "  Admin secret:   client ID {}  secret {}  (every role in Acme Inc.)",
            config.bootstrap.client_id, config.bootstrap.client_secret
        ),
        format!(
            "  Viewer secret:  client ID {}  secret {}  (view roles only)",
            demo::VIEWER_CLIENT_ID,
            demo::VIEWER_CLIENT_SECRET
        ),
        format!(
            "  Staff secret:   client ID {}  secret {}  (support staff: read every organization, review \
             extensions)",
            demo::STAFF_CLIENT_ID,
            demo::STAFF_CLIENT_SECRET
        ),
        config
            .staff
            .iter()
            .filter(|c| c.client_id != demo::STAFF_CLIENT_ID)
            .map(|c| {
                format!(
                    "  Staff secret:   client ID {}  secret {}  \
                     (--staff-secret)",
                    c.client_id, c.client_secret
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
        format!(
            "  People:         {}, {}, {}, {} (all with password {}): every role, billing admin, support, \
             support staff",
            demo::ALICE_EMAIL,
            demo::CAROL_EMAIL,
            demo::BOB_EMAIL,
            demo::SAM_EMAIL,
            demo::DEMO_PASSWORD
        ),
        "  Test cards:     pm_card_visa charges, pm_card_authenticationRequired asks for 3-D Secure, \
         pm_card_chargeDeclined is declined"
            .to_string(),
        if config.faults > 0.0 {
            format!(
                "  Faults:         {:.0}% of API calls fail (seed {}); counts at {base}/sandbox/api-faults",
                config.faults * 100.0,
                config.faults_seed
            )
        } else {
            String::new()
        },
        match config.drift {
            Some(seed) => format!(
                "  Drift:          answers vary within the contract (seed {seed}); what \
                 varied at {base}/sandbox/drift"
            ),
            None => String::new(),
        },
        match (&config.public_url, config.trust_proxy) {
            (Some(url), _) => format!("  Public origin:  {url} (--public-url)"),
            (None, true) => {
                "  Public origin:  from X-Forwarded-Proto and X-Forwarded-Host (--trust-proxy)".to_string()
            }
            (None, false) => String::new(),
        },
        match &config.issuer {
            Some(issuer) => format!(
                "  Issuer:         {} (--issuer): its tokens for client {} are trusted too; people by email",
                issuer.url, issuer.client_id
            ),
            None => String::new(),
        },
        crate::store::hostile::banner_line(config.hostile),
        format!("  Data:           {}", config.data.display()),
        format!("  Coverage:       {base}/sandbox/coverage"),
        format!("  Uploads:        {base}/sandbox/storage/… (presigned PUT URLs)"),
    ]
    .into_iter()
    .filter(|line| !line.is_empty())
    .collect::<Vec<_>>()
    .join("\n")
}
