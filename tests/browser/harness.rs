//! Runs each flow in a fresh headless Chromium against a fresh in-process sandbox that
//! serves the release build in dist/, and always closes the browser, pass or fail.

use std::collections::BTreeMap;
use std::future::Future;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cluster_sandbox::{Config, Running};
use fantoccini::{Client, Locator, elements::Element};
use serde_json::Value;

/// Long enough for a slow CI machine, short enough that a broken flow fails quickly.
pub const WAIT: Duration = Duration::from_secs(20);

pub fn dist_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("dist")
}

/// The build in dist/ with prefetching turned off in its config.json, made once per run:
/// what flows get unless they name a console of their own. Prefetching fetches a screen's
/// code when the page is idle, so a flow that fails the next module download, or counts a
/// click's downloads, would otherwise race it. The navigation flows test prefetching on
/// dist/ itself.
pub fn console_without_prefetch() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("console-no-prefetch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let made = copy_dir(&dist_dir(), &dir).and_then(|_| {
            let path = dir.join("config.json");
            let mut config: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
            config["prefetch"] = Value::Bool(false);
            std::fs::write(&path, config.to_string())
        });
        if let Err(e) = made {
            panic!("cannot prepare the console without prefetching in {}: {e}", dir.display());
        }
        dir
    })
    .clone()
}

/// For engines without a readable console log (Firefox, WebKit): `console_without_prefetch`
/// with the problem recorder (tests/browser/problems.js) as a file of its own, loaded by
/// index.html before anything else in its head. A file, not inline: the console's policy
/// forbids inline script, and the point is to run the console under its real policy. The
/// precompressed index.html copies go, or the sandbox would serve them instead.
pub fn console_with_recorder() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("console-recorder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let made = copy_dir(&console_without_prefetch(), &dir).and_then(|_| {
            std::fs::write(dir.join(RECORDER_FILE), include_str!("problems.js"))?;
            let path = dir.join("index.html");
            let html = std::fs::read_to_string(&path)?;
            let tag = format!("<script src=/{RECORDER_FILE}></script>");
            let at =
                html.find("<title>").ok_or_else(|| std::io::Error::other("index.html has no <title>"))?;
            std::fs::write(&path, format!("{}{tag}{}", &html[..at], &html[at..]))?;
            for compressed in ["index.html.br", "index.html.gz"] {
                let _ = std::fs::remove_file(dir.join(compressed));
            }
            Ok(())
        });
        if let Err(e) = made {
            panic!("cannot prepare the console with the problem recorder in {}: {e}", dir.display());
        }
        dir
    })
    .clone()
}

/// The recorder's name in the served console.
pub const RECORDER_FILE: &str = "e2e-problems.js";

/// Copies a folder and everything in it (a console build with its pkg-<hash>/ folder).
pub use cluster_sandbox::testing::copy_dir;

/// A port free a moment ago, for a server that must know its own or another's in advance.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(9515)
}

pub use crate::driver::{Driver, Engine};

/// What a flow gets: the browser and the sandbox it talks to.
pub struct Ctx {
    pub client: Client,
    /// Where the console is served (`goto` paths are under it).
    pub base: String,
    /// The sandbox playing the service (API, identity server, storage): `base`, unless the
    /// flow split the console from it (`run_split_flow`). Coverage is read here.
    pub api: String,
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

    /// How often the sandbox has answered `op` with `status` so far. Fails the flow when the
    /// sandbox's coverage cannot be read: a check that a call never happened must not pass
    /// because nothing could be counted.
    pub async fn calls(&self, op: &str, status: &str) -> u64 {
        calls_at(&self.api, op, status).await
    }

    /// The sandbox's coverage so far (operation → status → calls); fails the flow when it
    /// cannot be read.
    pub async fn coverage(&self) -> Coverage {
        coverage_at(&self.api).await
    }

    /// Every console file the sandbox has served so far (`/sandbox/served`), oldest first.
    pub async fn served(&self) -> Vec<String> {
        let answer: Value = sandbox_json(&self.base, "/sandbox/served", "served files")
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        match answer["files"].as_array() {
            Some(files) => files.iter().map(|f| f.as_str().unwrap_or_default().to_string()).collect(),
            None => panic!("/sandbox/served holds no \"files\" list: {answer}"),
        }
    }

    /// Runs `js` in the page (it ends with `return …`) and gives its value; a script or
    /// driver error fails the flow rather than reading as `null`.
    pub async fn script(&self, js: &str) -> Value {
        self.client.execute(js, vec![]).await.unwrap_or_else(|e| panic!("script {js:.120}: {e}"))
    }

    /// `script` for a script that ends by calling `arguments[arguments.length - 1]`.
    pub async fn script_async(&self, js: &str) -> Value {
        self.client.execute_async(js, vec![]).await.unwrap_or_else(|e| panic!("async script {js:.120}: {e}"))
    }

    /// The page's HTML now; a driver error fails the flow rather than reading as "".
    pub async fn source(&self) -> String {
        self.client.source().await.unwrap_or_else(|e| panic!("the page source: {e}"))
    }

    /// The document's title now.
    pub async fn title(&self) -> String {
        self.client.title().await.unwrap_or_else(|e| panic!("the page title: {e}"))
    }

    /// The browser's URL now.
    pub async fn current_url(&self) -> String {
        self.client.current_url().await.map(|u| u.to_string()).unwrap_or_else(|e| panic!("the URL: {e}"))
    }

    /// How many elements match `css` now (none is 0; a driver error fails the flow).
    pub async fn count(&self, css: &str) -> usize {
        self.all(css).await.len()
    }

    /// Every element matching `css` now (none is empty; a driver error fails the flow).
    pub async fn all(&self, css: &str) -> Vec<Element> {
        self.client.find_all(Locator::Css(css)).await.unwrap_or_else(|e| panic!("find all {css}: {e}"))
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
    /// A driver error fails the flow rather than counting as "gone".
    pub async fn wait_gone(&self, css: &str, within: Duration, what: &str) {
        let started = Instant::now();
        while self.exists(css).await {
            assert!(started.elapsed() < within, "{what}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Whether anything matches `css` now. Nothing matching is `false`; a driver error (a
    /// closed window, an invalid selector, a lost session) fails the flow, so that a check
    /// that something is absent cannot pass because the browser could not be asked.
    pub async fn exists(&self, css: &str) -> bool {
        // WebKitWebDriver can answer "stale element" to a search that met a node the page
        // was replacing: no answer either way, so ask again (a few times at most).
        let mut tries = 0;
        loop {
            match self.client.find_all(Locator::Css(css)).await {
                Ok(found) => return !found.is_empty(),
                Err(e) if tries < 3 && e.to_string().contains("Stale element") => tries += 1,
                Err(e) => panic!("cannot tell whether {css} exists: {e}"),
            }
        }
    }
}

/// An element's attribute, property, text and state, read so that a driver error (a stale
/// element, a lost session) fails the flow instead of reading as "none", "" or a default
/// that a check could then take for an answer.
#[allow(async_fn_in_trait)]
pub trait OrFail {
    /// The attribute, `None` when the element has none.
    async fn attr_or_fail(&self, name: &str) -> Option<String>;
    /// The property as text, `None` when unset.
    async fn prop_or_fail(&self, name: &str) -> Option<String>;
    /// The visible text.
    async fn text_or_fail(&self) -> String;
    /// Whether the control is enabled.
    async fn enabled_or_fail(&self) -> bool;
}

impl OrFail for Element {
    async fn attr_or_fail(&self, name: &str) -> Option<String> {
        self.attr(name).await.unwrap_or_else(|e| panic!("attribute {name}: {e}"))
    }

    async fn prop_or_fail(&self, name: &str) -> Option<String> {
        self.prop(name).await.unwrap_or_else(|e| panic!("property {name}: {e}"))
    }

    async fn text_or_fail(&self) -> String {
        self.text().await.unwrap_or_else(|e| panic!("element text: {e}"))
    }

    async fn enabled_or_fail(&self) -> bool {
        self.is_enabled().await.unwrap_or_else(|e| panic!("is enabled: {e}"))
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
        config.console_dir = Some(if driver.engine.has_console_log() {
            console_without_prefetch()
        } else {
            console_with_recorder()
        });
    }
    let sandbox: Running = cluster_sandbox::start(config).await.map_err(|e| e.to_string())?;
    let base = sandbox.base_url();
    run_started(driver, vec![sandbox], base.clone(), base, false, flow).await
}

/// The rest of a flow once its sandboxes run: the console at `base`, the service at `api`
/// (another origin in a split deployment; behind a web server for a TLS flow, which the
/// caller stops); the browser session accepts self-signed certificates when
/// `accept_insecure_certs`. Every sandbox stops when the flow ends; the coverage is `api`'s.
pub async fn run_started<F, Fut>(
    driver: &Driver,
    sandboxes: Vec<Running>,
    base: String,
    api: String,
    accept_insecure_certs: bool,
    flow: F,
) -> Result<Coverage, String>
where
    F: FnOnce(Ctx) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
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

/// How often the sandbox at `base` has answered `op` with `status`; panics, naming the URL
/// and the reason, when its coverage cannot be read or parsed. `Ctx::calls` is this.
pub async fn calls_at(base: &str, op: &str, status: &str) -> u64 {
    coverage_at(base).await.get(op).and_then(|s| s.get(status)).copied().unwrap_or(0)
}

/// The sandbox's coverage at `base`; panics, naming the URL and the reason, when it cannot
/// be read or parsed.
pub async fn coverage_at(base: &str) -> Coverage {
    read_coverage(base).await.unwrap_or_else(|e| panic!("{e}"))
}

/// `GET {base}/sandbox/coverage`, read from this process (not the page, so that the page's
/// state cannot change the answer): the coverage, or why it could not be read.
pub async fn read_coverage(base: &str) -> Result<Coverage, String> {
    sandbox_json(base, "/sandbox/coverage", "coverage").await
}

/// `GET {base}{path}` from this process, read as JSON: the answer, or why it could not be
/// read (`what` names it in the message).
pub async fn sandbox_json<T: serde::de::DeserializeOwned>(
    base: &str,
    path: &str,
    what: &str,
) -> Result<T, String> {
    // A minimal GET over a raw socket keeps the test free of an HTTP client crate.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let url = format!("{base}{path}");
    let fail = |why: String| format!("cannot read the sandbox's {what} at {url}: {why}");
    let authority = base.strip_prefix("http://").ok_or_else(|| fail("not an http:// URL".into()))?;
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(authority).await.map_err(|e| e.to_string())?;
        let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
        Ok::<_, String>(raw)
    };
    let raw = tokio::time::timeout(WAIT, exchange)
        .await
        .map_err(|_| fail(format!("no answer in {} s", WAIT.as_secs())))?
        .map_err(&fail)?;
    let raw = String::from_utf8_lossy(&raw);
    let (head, body) =
        raw.split_once("\r\n\r\n").ok_or_else(|| fail(format!("not an HTTP answer: {raw:.200}")))?;
    let status_line = head.lines().next().unwrap_or("");
    if status_line.split_whitespace().nth(1) != Some("200") {
        return Err(fail(format!("the sandbox answered {status_line:?}")));
    }
    let chunked = head.lines().any(|l| {
        l.split_once(':').is_some_and(|(n, v)| {
            n.eq_ignore_ascii_case("transfer-encoding") && v.to_ascii_lowercase().contains("chunked")
        })
    });
    if chunked {
        return Err(fail("a chunked answer, which this reader does not decode".into()));
    }
    serde_json::from_str(body).map_err(|e| fail(format!("not {what} JSON ({e}): {body:.200}")))
}

pub use crate::self_check::self_check;
