//! Runs each flow in a fresh headless Chromium against a fresh in-process sandbox that
//! serves the release build in dist/, and always closes the browser, pass or fail.

mod consoles;
mod ctx;
mod provider;
mod sandbox;
mod walk;

use std::collections::BTreeMap;
use std::future::Future;
use std::net::TcpListener;
use std::time::Duration;

use cluster_sandbox::{Config, Running};

pub use crate::driver::{Driver, Engine};
pub use crate::self_check::self_check;
pub use consoles::{console_with_recorder, console_without_prefetch, copy_dir, dist_dir};
pub use ctx::{Ctx, OrFail};
pub use provider::{Provider, end_provider_sessions, provider_log};
pub use sandbox::{calls_at, coverage_at, read_coverage, sandbox_json};

/// Long enough for a slow CI machine, short enough that a broken flow fails quickly.
pub const WAIT: Duration = Duration::from_secs(20);

/// A port free a moment ago, for a server that must know its own or another's in advance.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(9515)
}

pub type Coverage = BTreeMap<String, BTreeMap<String, u64>>;

/// A flow's steps as the runners take them: given the browser, a future run as a task of
/// its own (so a panic in it is caught and the browser still closes).
pub trait Steps: FnOnce(Ctx) -> Self::Run + Send + 'static {
    type Run: Future<Output = ()> + Send + 'static;
}

impl<F, Run> Steps for F
where
    F: FnOnce(Ctx) -> Run + Send + 'static,
    Run: Future<Output = ()> + Send + 'static,
{
    type Run = Run;
}

/// Runs one flow: fresh sandbox (with `config`), fresh browser session; returns the
/// operations the flow made the console call, or the failure.
pub async fn run_flow(driver: &Driver, config: Config, flow: impl Steps) -> Result<Coverage, String> {
    run_flow_expecting(driver, config, &[], flow).await
}

/// `config` serving the console the engine's flows use, unless it names one.
fn with_console(driver: &Driver, mut config: Config) -> Config {
    if config.console_dir.is_none() {
        config.console_dir = Some(if driver.engine.has_console_log() {
            console_without_prefetch()
        } else {
            console_with_recorder()
        });
    }
    config
}

/// The rest of a flow once its sandboxes run: the console at `base`, the service at `api`
/// (another origin in a split deployment; behind a web server for a TLS flow, which the
/// caller stops); the browser session accepts self-signed certificates when
/// `accept_insecure_certs`. Every sandbox stops when the flow ends; the coverage is `api`'s.
pub async fn run_started(
    driver: &Driver,
    sandboxes: Vec<Running>,
    base: String,
    api: String,
    accept_insecure_certs: bool,
    flow: impl Steps,
) -> Result<Coverage, String> {
    run_expecting(driver, sandboxes, (base, api), accept_insecure_certs, &[], flow).await
}

/// `run_flow` for a flow that provokes a refusal on purpose: the browser console must hold
/// a message containing each of `expected` (the refusal was said), and those messages do not
/// fail the flow; any other offending message still does.
pub async fn run_flow_expecting(
    driver: &Driver,
    config: Config,
    expected: &'static [&'static str],
    flow: impl Steps,
) -> Result<Coverage, String> {
    let config = with_console(driver, config);
    let sandbox: Running = cluster_sandbox::start(config).await.map_err(|e| e.to_string())?;
    let base = sandbox.base_url();
    run_expecting(driver, vec![sandbox], (base.clone(), base), false, expected, flow).await
}

async fn run_expecting(
    driver: &Driver,
    sandboxes: Vec<Running>,
    (base, api): (String, String),
    accept_insecure_certs: bool,
    expected: &'static [&'static str],
    flow: impl Steps,
) -> Result<Coverage, String> {
    let client = driver.connect(accept_insecure_certs).await?;
    let ctx = Ctx { client: client.clone(), base, api: api.clone() };
    // The flow runs as its own task so a panic in it is caught and the browser still closes.
    let outcome = tokio::spawn(flow(ctx)).await;
    // Whatever the flow did, the browser console must hold no CSP violation and no panic.
    let console = if driver.engine.has_console_log() {
        match client.session_id().await {
            Ok(Some(session)) => crate::console_log::read(&driver.url, &session).await,
            _ => Err("no WebDriver session to read the browser log of".to_string()),
        }
    } else {
        crate::console_log::recorded(&client).await
    };
    let _ = client.close().await;
    // Read before the sandbox stops; a coverage that cannot be read fails the flow.
    let coverage = read_coverage(&api).await;
    for sandbox in sandboxes {
        sandbox.stop().await;
    }
    let mut offending = match &console {
        Ok(entries) => crate::console_log::offending(entries),
        Err(e) => vec![format!("cannot read the browser console: {e}")],
    };
    for needle in expected {
        let before = offending.len();
        offending.retain(|message| !message.contains(needle));
        if offending.len() == before && console.is_ok() {
            offending.push(format!("the browser console never said {needle:?}, which this flow provokes"));
        }
    }
    if !offending.is_empty() {
        let flow = match &outcome {
            Ok(()) => String::new(),
            Err(e) => format!(" (the flow also failed: {e})"),
        };
        return Err(format!("the browser console reported{flow}:\n      {}", offending.join("\n      ")));
    }
    match outcome {
        Ok(()) => coverage,
        Err(e) if e.is_panic() => Err(panic_message(e).unwrap_or_else(|| "panicked".into())),
        Err(e) => Err(e.to_string()),
    }
}

/// What a task that panicked panicked with: `panic!` raises a `String` or a `&str`; anything
/// else has no message.
pub(crate) fn panic_message(panicked: tokio::task::JoinError) -> Option<String> {
    let payload = panicked.into_panic();
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
}
