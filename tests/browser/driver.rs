//! The browser engines and their WebDriver servers: only the driver binary and the
//! capabilities differ between Chromium, Firefox ESR and WebKitGTK.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::Value;
use tokio::process::{Child, Command};

use crate::harness::free_port;

/// The browser engines the suite drives: every flow in Chromium, a smoke subset
/// (`flows::smoke`) in Firefox ESR and in WebKitGTK. Only the driver binary and the
/// capabilities differ; the flows and the checks after them are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Chromium,
    Firefox,
    WebKit,
}

/// WebKitGTK's browser for automation (webkit2gtk-driver's MiniBrowser).
const MINIBROWSER: &str = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const FIREFOX: &str = "/usr/bin/firefox-esr";

impl Engine {
    /// Its name in the summary line (`browser:` is Chromium's, as before).
    pub fn label(self) -> &'static str {
        match self {
            Engine::Chromium => "browser",
            Engine::Firefox => "firefox",
            Engine::WebKit => "webkit",
        }
    }

    /// Its name for CONSOLE_ENGINES.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Chromium => "chromium",
            Engine::Firefox => "firefox",
            Engine::WebKit => "webkit",
        }
    }

    /// Whether the browser console can be read through WebDriver (`goog:loggingPrefs`):
    /// only Chromium's. The others record problems in the page (tests/browser/problems.js).
    pub fn has_console_log(self) -> bool {
        self == Engine::Chromium
    }
}

/// A program on PATH, or in cargo's bin folder (where `cargo install` puts geckodriver),
/// which `make test` may not have on PATH.
fn program(name: &str) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> =
        std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        dirs.push(PathBuf::from(home).join("bin"));
    }
    if let Some(home) = std::env::var_os("HOME") {
        dirs.push(PathBuf::from(home).join(".cargo/bin"));
    }
    dirs.into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}

pub struct Driver {
    child: Child,
    pub(crate) url: String,
    pub engine: Engine,
}

impl Driver {
    pub async fn start(engine: Engine) -> Result<Driver, String> {
        let port = free_port();
        let missing = |what: &str| format!("{what} is not installed: `make setup` installs it");
        let mut command = match engine {
            Engine::Chromium => {
                let mut c = Command::new("chromedriver");
                c.arg(format!("--port={port}"));
                c
            }
            Engine::Firefox => {
                if !Path::new(FIREFOX).exists() {
                    return Err(missing(&format!("Firefox ESR ({FIREFOX})")));
                }
                let gecko = program("geckodriver").ok_or_else(|| missing("geckodriver"))?;
                let mut c = Command::new(gecko);
                c.args(["--host", "127.0.0.1", "--port", &port.to_string()]);
                c
            }
            Engine::WebKit => {
                if !Path::new(MINIBROWSER).exists() {
                    return Err(missing(&format!("WebKitGTK's MiniBrowser ({MINIBROWSER})")));
                }
                if program("WebKitWebDriver").is_none() {
                    return Err(missing("WebKitWebDriver (webkit2gtk-driver)"));
                }
                if program("xvfb-run").is_none() {
                    return Err(missing("xvfb-run (xvfb)"));
                }
                // MiniBrowser needs a display: a virtual one, for as long as the driver runs.
                // Its own process group, so that stopping it ends Xvfb and the browsers too.
                let mut c = Command::new("xvfb-run");
                c.args(["-a", "-s", "-screen 0 1366x1024x24", "WebKitWebDriver", &format!("--port={port}")]);
                c.process_group(0);
                c
            }
        };
        let child = command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start the {engine:?} driver ({e}); run `make setup`"))?;
        Ok(Driver { child, url: format!("http://127.0.0.1:{port}"), engine })
    }

    fn capabilities(&self) -> Value {
        match self.engine {
            Engine::Chromium => serde_json::json!({
                "goog:chromeOptions": {
                    "binary": "/usr/bin/chromium",
                    "args": [
                        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--disable-background-networking", "--disable-component-update", "--no-first-run",
                        "--disable-sync", "--window-size=1280,900"
                    ]
                },
                // Every console message, for the check after each flow (crate::console_log).
                "goog:loggingPrefs": { "browser": "ALL" }
            }),
            Engine::Firefox => serde_json::json!({
                "browserName": "firefox",
                "moz:firefoxOptions": {
                    "binary": FIREFOX,
                    "args": ["-headless", "--width=1280", "--height=900"],
                    "prefs": {
                        // No update checks, telemetry or first-run pages in a test profile.
                        "app.update.disabledForTesting": true,
                        "datareporting.policy.dataSubmissionEnabled": false,
                        "browser.shell.checkDefaultBrowser": false,
                        "browser.aboutwelcome.enabled": false
                    }
                }
            }),
            Engine::WebKit => serde_json::json!({
                "webkitgtk:browserOptions": { "binary": MINIBROWSER, "args": ["--automation"] }
            }),
        }
    }

    /// A fresh browser session. `accept_insecure_certs` makes this session (only) accept a
    /// certificate no authority signed, for a flow against a server with a self-signed one.
    pub(crate) async fn connect(&self, accept_insecure_certs: bool) -> Result<Client, String> {
        let mut caps = match self.capabilities() {
            serde_json::Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        // Only when asked: every other session keeps WebDriver's default (refused).
        if accept_insecure_certs {
            caps.insert("acceptInsecureCerts".into(), serde_json::Value::Bool(true));
        }
        let started = Instant::now();
        loop {
            match ClientBuilder::new(HttpConnector::new()).capabilities(caps.clone()).connect(&self.url).await
            {
                Ok(client) => {
                    if self.engine != Engine::Chromium {
                        // The size Chromium gets from --window-size, so layouts compare.
                        client
                            .set_window_size(1280, 900)
                            .await
                            .map_err(|e| format!("{:?}: cannot size the window: {e}", self.engine))?;
                    }
                    return Ok(client);
                }
                Err(e) if started.elapsed() > Duration::from_secs(30) => {
                    return Err(format!("{:?} WebDriver: {e}", self.engine));
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
    }

    pub async fn stop(mut self) {
        if self.engine == Engine::WebKit
            && let Some(pid) = self.child.id()
        {
            // xvfb-run leads a process group (Xvfb, the driver, its browsers). Its own
            // children end first, so that it cleans up after itself (its temporary folder);
            // then whatever of the group is left.
            let children =
                std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).unwrap_or_default();
            for child in children.split_whitespace() {
                let _ = Command::new("kill").args(["-TERM", child]).status().await;
            }
            let _ = tokio::time::timeout(Duration::from_secs(5), self.child.wait()).await;
            let _ = Command::new("kill")
                .args(["-TERM", "--", &format!("-{pid}")])
                .stderr(Stdio::null())
                .status()
                .await;
        }
        let _ = self.child.kill().await;
    }
}
