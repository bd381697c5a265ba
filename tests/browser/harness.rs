//! Runs each flow in a fresh headless Chromium against a fresh in-process sandbox that
//! serves the release build in dist/, and always closes the browser, pass or fail.

use std::collections::BTreeMap;
use std::future::Future;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use cluster_sandbox::{Config, Running};
use fantoccini::{Client, ClientBuilder, Locator, elements::Element};
use hyper_util::client::legacy::connect::HttpConnector;
use tokio::process::{Child, Command};

/// Long enough for a slow CI machine, short enough that a broken flow fails quickly.
pub const WAIT: Duration = Duration::from_secs(20);

pub fn dist_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("dist")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(9515)
}

pub struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    pub async fn start() -> Result<Driver, String> {
        let port = free_port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start chromedriver ({e}); run `make setup`"))?;
        Ok(Driver { child, url: format!("http://127.0.0.1:{port}") })
    }

    async fn connect(&self) -> Result<Client, String> {
        let caps = serde_json::json!({
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--disable-background-networking", "--disable-component-update", "--no-first-run",
                         "--disable-sync", "--window-size=1280,900"]
            },
            // Every console message, for the check after each flow (crate::console_log).
            "goog:loggingPrefs": { "browser": "ALL" }
        });
        let caps = match caps {
            serde_json::Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        let started = Instant::now();
        loop {
            match ClientBuilder::new(HttpConnector::new()).capabilities(caps.clone()).connect(&self.url).await
            {
                Ok(client) => return Ok(client),
                Err(e) if started.elapsed() > Duration::from_secs(15) => {
                    return Err(format!("chromedriver: {e}"));
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
    }

    pub async fn stop(mut self) {
        let _ = self.child.kill().await;
    }
}

/// What a flow gets: the browser and the sandbox it talks to.
pub struct Ctx {
    pub client: Client,
    pub base: String,
}

impl Ctx {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn goto(&self, path: &str) {
        self.client.goto(&self.url(path)).await.unwrap_or_else(|e| panic!("goto {path}: {e}"));
    }

    pub async fn find(&self, css: &str) -> Element {
        self.client
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    pub async fn click(&self, css: &str) {
        self.find(css).await.click().await.unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    pub async fn type_into(&self, css: &str, text: &str) {
        let field = self.find(css).await;
        field.clear().await.unwrap_or_else(|e| panic!("clear {css}: {e}"));
        field.send_keys(text).await.unwrap_or_else(|e| panic!("type into {css}: {e}"));
    }

    /// Waits until the page's text contains `needle`.
    pub async fn wait_text(&self, css: &str, needle: &str) -> String {
        let started = Instant::now();
        let mut last = String::new();
        while started.elapsed() < WAIT {
            if let Ok(el) = self.client.find(Locator::Css(css)).await {
                last = el.text().await.unwrap_or_default();
                if last.contains(needle) {
                    return last;
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("{css} never contained {needle:?}; last text: {last:?}")
    }

    pub async fn wait_url(&self, needle: &str) -> String {
        let started = Instant::now();
        let mut last = String::new();
        while started.elapsed() < WAIT {
            last = self.client.current_url().await.map(|u| u.to_string()).unwrap_or_default();
            if last.contains(needle) {
                return last;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the URL never contained {needle:?}; last: {last}")
    }

    pub async fn sign_in(&self, client_id: &str, secret: &str) {
        self.type_into("#client-id", client_id).await;
        self.type_into("#client-secret", secret).await;
        self.click("form button[type=submit]").await;
    }

    /// Saves a PNG of the page to $CONSOLE_SCREENSHOTS/<name>.png when that variable is set,
    /// so a person can look at what the flows see.
    pub async fn snap(&self, name: &str) {
        let Some(dir) = std::env::var_os("CONSOLE_SCREENSHOTS") else { return };
        if let Ok(png) = self.client.screenshot().await {
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(Path::new(&dir).join(format!("{name}.png")), png);
        }
    }

    /// How often the sandbox has answered `op` with `status` so far, read by the page itself.
    pub async fn calls(&self, op: &str, status: &str) -> u64 {
        let script = "const done = arguments[arguments.length - 1];\
            fetch('/sandbox/coverage').then(r => r.json()).then(done, () => done({}));";
        let coverage = self.client.execute_async(script, vec![]).await.unwrap_or_default();
        coverage.get(op).and_then(|s| s.get(status)).and_then(|n| n.as_u64()).unwrap_or(0)
    }

    /// Makes the page believe the tab is hidden or visible again, as switching tabs would.
    pub async fn set_tab_hidden(&self, hidden: bool) {
        let state = if hidden { "hidden" } else { "visible" };
        let script = format!(
            "Object.defineProperty(document, 'visibilityState', {{ configurable: true, get: () => '{state}' }});\
             Object.defineProperty(document, 'hidden', {{ configurable: true, get: () => {hidden} }});\
             document.dispatchEvent(new Event('visibilitychange')); return 1;"
        );
        self.client.execute(&script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    }

    /// Waits until nothing matches `css`; `what` says what should have gone, for the failure.
    pub async fn wait_gone(&self, css: &str, within: Duration, what: &str) {
        let started = Instant::now();
        while self.exists(css).await {
            assert!(started.elapsed() < within, "{what}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub async fn exists(&self, css: &str) -> bool {
        self.client.find(Locator::Css(css)).await.is_ok()
    }
}

pub type Coverage = BTreeMap<String, BTreeMap<String, u64>>;

/// Runs one flow: fresh sandbox (with `config`), fresh browser session; returns the
/// operations the flow made the console call, or the failure.
pub async fn run_flow<F, Fut>(driver: &Driver, mut config: Config, flow: F) -> Result<Coverage, String>
where
    F: FnOnce(Ctx) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    if config.console_dir.is_none() {
        config.console_dir = Some(dist_dir());
    }
    let sandbox: Running = cluster_sandbox::start(config).await.map_err(|e| e.to_string())?;
    let base = sandbox.base_url();
    let client = driver.connect().await?;
    let ctx = Ctx { client: client.clone(), base: base.clone() };
    // The flow runs as its own task so a panic in it is caught and the browser still closes.
    let outcome = tokio::spawn(flow(ctx)).await;
    // Whatever the flow did, the browser console must hold no CSP violation and no panic.
    let console = match client.session_id().await {
        Ok(Some(session)) => crate::console_log::read(&driver.url, &session).await,
        _ => Err("no WebDriver session to read the browser log of".to_string()),
    };
    let _ = client.close().await;
    let coverage = fetch_coverage(&base).await;
    sandbox.stop().await;
    let offending = match &console {
        Ok(entries) => crate::console_log::offending(entries),
        Err(e) => vec![format!("cannot read the browser console: {e}")],
    };
    if !offending.is_empty() {
        let flow = match &outcome {
            Ok(()) => String::new(),
            Err(e) => format!(" (the flow also failed: {e})"),
        };
        return Err(format!("the browser console reported{flow}:\n      {}", offending.join("\n      ")));
    }
    match outcome {
        Ok(()) => Ok(coverage),
        Err(e) if e.is_panic() => {
            let payload = e.into_panic();
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panicked".into());
            Err(message)
        }
        Err(e) => Err(e.to_string()),
    }
}

async fn fetch_coverage(base: &str) -> Coverage {
    // A minimal GET over a raw socket keeps the test free of an HTTP client crate.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Some(authority) = base.strip_prefix("http://") else { return Coverage::new() };
    let Ok(mut stream) = tokio::net::TcpStream::connect(authority).await else { return Coverage::new() };
    let request = format!("GET /sandbox/coverage HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).await.is_err() {
        return Coverage::new();
    }
    let mut raw = String::new();
    let _ = stream.read_to_string(&mut raw).await;
    let body = raw.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    serde_json::from_str(body).unwrap_or_default()
}
