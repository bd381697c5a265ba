//! Wiring: the router, startup (open, seed, bind) and the handle of a running sandbox.

use crate::dispatch::{self, PREFIXES};
use crate::error::ApiError;
use crate::records::{Millis, now_millis};
use crate::state::{AppState, Settings};
use crate::store::{Store, StoreError, seed};
use crate::{Config, CoverageReport, security, token};
use axum::extract::DefaultBodyLimit;
use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::{Json, Router};
use cluster_api::TOKEN_PATH;
use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Why a sandbox could not start.
#[derive(Debug)]
pub enum StartError {
    Store(StoreError),
    Bind(std::io::Error),
    /// The console directory cannot be served as built (its `_headers` is missing).
    Console(String),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Store(e) => write!(f, "cannot open the sandbox database: {e}"),
            StartError::Bind(e) => write!(f, "cannot listen: {e}"),
            StartError::Console(e) => write!(f, "cannot serve the console: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

impl From<StoreError> for StartError {
    fn from(e: StoreError) -> Self {
        StartError::Store(e)
    }
}

fn millis(duration: Duration) -> Millis {
    Millis::try_from(duration.as_millis()).unwrap_or(Millis::MAX)
}

/// What the identity server's end-session requests carried, newest last (for tests).
async fn logouts(State(app): State<Arc<AppState>>) -> Json<Vec<serde_json::Value>> {
    Json(app.identity.logouts())
}

/// How the refresh grants went so far: rotated, and refused as replays (for tests).
async fn refreshes(State(app): State<Arc<AppState>>) -> Json<crate::identity_sessions::Refreshes> {
    Json(app.identity.refreshes())
}

async fn coverage(State(app): State<Arc<AppState>>) -> Json<CoverageReport> {
    Json(app.coverage.report())
}

async fn no_console(request: Request) -> Response {
    let path = request.uri().path();
    ApiError::not_found(format!(
        "Nothing is served at {path}: start the sandbox with --console-dir to serve the console."
    ))
    .into_response()
}

async fn log_request(request: Request, next: Next) -> Response {
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let started = Instant::now();
    let response = next.run(request).await;
    eprintln!("{method} {path} -> {} ({} ms)", response.status().as_u16(), started.elapsed().as_millis());
    response
}

/// The API, the token endpoint and the identity server's userinfo: bodies up to
/// `strict::MAX_BODY_BYTES`, never cached, CORS only for `--allow-origin`'s origins.
fn api_routes(config: &Config, faults: &crate::console::Faults) -> Router<Arc<AppState>> {
    let mut api = Router::new()
        .route(TOKEN_PATH, any(token::endpoint))
        .route(token::ANY_REALM_PATH, any(token::endpoint));
    for prefix in PREFIXES {
        api = api.route(prefix, any(dispatch::api)).route(&format!("{prefix}/{{*rest}}"), any(dispatch::api));
    }
    // The token endpoint and the API answer the armed faults too, so a test can make the
    // token slow, or one operation late or failing.
    api = api
        .layer(middleware::from_fn_with_state(faults.clone(), crate::console::armed))
        .merge(crate::identity::userinfo_route())
        .layer(DefaultBodyLimit::max(crate::strict::MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(security::api_headers(), security::apply));
    match crate::cors::layer(&config.allow_origins) {
        Some(cors) => api.layer(cors),
        None => api,
    }
}

fn router(
    state: Arc<AppState>,
    config: &Config,
    console: Option<(security::HeaderSet, Option<String>)>,
) -> Router {
    let pages = security::page_headers(&config.allow_origins, crate::hosted::html::STYLE);
    let faults = crate::console::Faults::default();
    let mut router = Router::new()
        .route("/sandbox/coverage", get(coverage))
        .route("/sandbox/logouts", get(logouts))
        .route("/sandbox/refreshes", get(refreshes))
        .merge(api_routes(config, &faults))
        // Storage answers the armed faults too, so a test can make one log file unreadable.
        .merge(
            crate::storage::routes()
                .layer(middleware::from_fn_with_state(faults.clone(), crate::console::armed)),
        )
        .merge(crate::log_append::routes())
        .merge(crate::csp_reports::routes())
        .merge(
            crate::hosted::routes()
                .layer(middleware::from_fn_with_state(pages.clone(), security::apply_to_pages)),
        )
        .merge(
            crate::identity::routes().layer(middleware::from_fn_with_state(pages, security::apply_to_pages)),
        );
    router = router.merge(crate::console::fault_routes(faults.clone()));
    router = match (&config.console_dir, console) {
        // A single-page app: paths the console routes itself get index.html.
        (Some(dir), Some((headers, config_json))) => {
            router.fallback_service(crate::console::service(dir, faults, headers, config_json))
        }
        _ => router.fallback(no_console),
    };
    // Inside the faults: a truncated answer is cut after it was varied.
    let drift = crate::drift::Drift::new(config.drift);
    router = router.merge(crate::drift::routes(drift.clone()));
    router = router.layer(middleware::from_fn_with_state(drift, crate::drift::apply));
    let api_faults = crate::faults::ApiFaults::new(config.faults, config.faults_seed);
    router = router.merge(crate::faults::routes(api_faults.clone()));
    router = router.layer(middleware::from_fn_with_state(api_faults, crate::faults::inject));
    if config.log_requests {
        router = router.layer(middleware::from_fn(log_request));
    }
    router.with_state(state)
}

/// The console build's headers, and with `--issuer` its config.json naming the issuer and
/// a policy that lets it connect there.
fn console_build(
    dir: &std::path::Path,
    issuer: Option<&crate::IssuerConfig>,
) -> Result<(security::HeaderSet, Option<String>), String> {
    let headers = security::console_headers(dir)?;
    match issuer {
        None => Ok((headers, None)),
        Some(issuer) => Ok((
            crate::issuer::console::connect_to(&headers, &issuer.origin()),
            Some(crate::issuer::console::config_json(dir, issuer)?),
        )),
    }
}

/// Opens the database (seeding it when new), applies the bootstrap secret, and
/// starts serving on a background task of the current tokio runtime.
pub async fn start(config: Config) -> Result<Running, StartError> {
    // Checked first: a console is never served without its build's security headers.
    let console = match &config.console_dir {
        Some(dir) => Some(console_build(dir, config.issuer.as_ref()).map_err(StartError::Console)?),
        None => None,
    };
    let mut store = Store::open(&config.data)?;
    let now = now_millis();
    if store.is_empty()? {
        seed::seed(&mut store, now, millis(config.provision))?;
        if config.export_seed {
            crate::store::export_seed::seed_store(&mut store, now)?;
        }
    }
    seed::ensure_bootstrap(&mut store, &config.bootstrap.client_id, &config.bootstrap.client_secret, now)?;
    crate::store::people_seed::ensure_people(&mut store)?;
    let staff: Vec<(&str, &str)> =
        config.staff.iter().map(|c| (c.client_id.as_str(), c.client_secret.as_str())).collect();
    seed::ensure_staff(&mut store, &staff, now)?;
    if config.hostile {
        crate::store::hostile::ensure(&mut store, now)?;
    }
    if config.demo_scale > 0 {
        seed::scale(&mut store, config.demo_scale, now)?;
    }
    let settings = Settings {
        token_ttl: config.token_ttl,
        provision_ms: millis(config.provision),
        restart_ms: millis(config.restart),
        scan_ms: millis(config.scan),
        // S3 counts expiry in whole seconds; never hand out an already-expired URL.
        upload_url_secs: config.upload_url.as_secs().max(1),
        max_upload_bytes: config.max_upload_bytes,
        download_url_secs: config.download_url.map(|d| d.as_secs().max(1)),
        logs: crate::engine::logs::Options {
            hourly: config.hourly_logs,
            per_hour: config.log_lines_per_hour,
        },
        realm_ms: millis(config.realm),
        storage_secret: store.storage_secret()?,
        dns_ms: millis(config.dns),
        dns_timeout_ms: millis(config.dns_timeout),
        delay: config.delay,
        public: crate::public::PublicOrigin {
            url: config.public_url.clone(),
            trust_proxy: config.trust_proxy,
            redirect_origins: config.redirect_origins.clone(),
        },
        wrong_iss: config.wrong_iss.clone(),
    };
    let app = router(Arc::new(AppState::new(store, settings, config.issuer.clone())), &config, console);
    let listener =
        tokio::net::TcpListener::bind((config.host, config.port)).await.map_err(StartError::Bind)?;
    let addr = listener.local_addr().map_err(StartError::Bind)?;
    let (shutdown, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let signal = async move {
            // A dropped sender means the `Running` is gone: stop as well.
            let _ = stopped.await;
        };
        axum::serve(listener, app).with_graceful_shutdown(signal).await
    });
    Ok(Running { addr, shutdown: Some(shutdown), task: Some(task) })
}

/// A sandbox serving in the background. Dropping it stops the server.
pub struct Running {
    pub addr: SocketAddr,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl Running {
    /// `http://127.0.0.1:<port>`: the console's URL, and the token endpoint's host.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The API base on the console host (`…/auth/realms/self/v2`).
    pub fn api_url(&self) -> String {
        format!("{}{}", self.base_url(), cluster_api::API_PREFIX)
    }

    pub fn token_url(&self) -> String {
        format!("{}{}", self.base_url(), TOKEN_PATH)
    }

    /// Resolves when the server stops on its own (it normally never does).
    pub async fn finished(&mut self) {
        if let Some(task) = self.task.as_mut() {
            let _ = task.await;
            self.task = None;
        }
    }

    /// Stops accepting, lets in-flight calls finish (up to 5 s), and releases the
    /// database, so a new sandbox can open the same file.
    pub async fn stop(mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(mut task) = self.task.take()
            && tokio::time::timeout(Duration::from_secs(5), &mut task).await.is_err()
        {
            task.abort();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}
