//! What a flow drives the page with: `Ctx` (find, click, type, wait, read the page and the
//! sandbox's counts) and `OrFail` (an element read that fails the flow on a driver error).

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator, elements::Element};
use serde_json::Value;

use super::{Coverage, WAIT, calls_at, coverage_at, sandbox_json};

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

    /// Clicks the element `css` finds. A view may draw it again between the find and the
    /// click (a poll's answer redrawing a table row): the click then meets a stale element,
    /// and the element is found again, once. Any other failure fails the flow.
    pub async fn click(&self, css: &str) {
        let clicked = match self.find(css).await.click().await {
            Err(e) if e.is_stale_element_reference() => self.find(css).await.click().await,
            first => first,
        };
        clicked.unwrap_or_else(|e| panic!("click {css}: {e}"));
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
        let url = self.client.current_url().await.map(|u| u.to_string()).unwrap_or_default();
        let page = self.client.execute("return document.body.innerText", vec![]).await.unwrap_or_default();
        let page: String = page.as_str().unwrap_or_default().chars().take(600).collect();
        panic!("{css} never contained {needle:?}; last text: {last:?}; at {url} the page read: {page:?}")
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

    /// How often the sandbox has answered `op` so far, whatever the status (a 413 or a 500
    /// too): what "nothing was sent" must check. Fails the flow when it cannot be read.
    pub async fn calls_any(&self, op: &str) -> u64 {
        self.coverage().await.get(op).map(|statuses| statuses.values().sum()).unwrap_or(0)
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

    /// Arms a sandbox fault (`POST /sandbox/faults`, crates/sandbox/src/console.rs): the next
    /// `times` requests whose path contains `path` get `answer`, `status=503` (failed) or
    /// `delay_ms=1000` (held, then served). Sent from the page, as the console's own calls
    /// are; fails the flow unless the sandbox armed it.
    pub async fn arm_fault(&self, path: &str, times: u32, answer: &str) {
        let path = percent_encoding::utf8_percent_encode(path, percent_encoding::NON_ALPHANUMERIC);
        let url = Value::from(format!("/sandbox/faults?path={path}&times={times}&{answer}"));
        let script = format!(
            "const done = arguments[arguments.length - 1];\
             fetch({url}, {{ method: 'POST' }}).then(r => done(r.status), e => done(String(e)));"
        );
        let armed = self.script_async(&script).await;
        assert_eq!(
            armed.as_u64(),
            Some(201),
            "the sandbox did not arm the fault on {path} ({answer}): {armed}"
        );
    }

    /// Runs `js` in the page (it ends with `return …`) and gives its value; a script or
    /// driver error fails the flow rather than reading as `null`.
    pub async fn script(&self, js: &str) -> Value {
        self.client.execute(js, vec![]).await.unwrap_or_else(|e| panic!("script {js:.120}: {e}"))
    }

    /// Runs a check `js` that returns an array of strings (the problems it found, `[]` for
    /// none) and gives them. Anything else (`null`, an object, a number in the array, a
    /// script error) fails the flow: a check that could not run must not read as "no
    /// problems".
    pub async fn strings(&self, js: &str) -> Vec<String> {
        let found = self.script(js).await;
        strings_of(&found).unwrap_or_else(|why| panic!("check {js:.120}: {why}"))
    }

    /// Resizes the window and waits until the page has drawn two frames at the new size, so
    /// its resize listeners and media queries have run (a fixed sleep waited longer and
    /// proved less).
    pub async fn resize(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).await.unwrap_or_else(|e| panic!("resize to {width}: {e}"));
        let drawn = self
            .script_async(
                "const done = arguments[arguments.length - 1];\
                 requestAnimationFrame(() => requestAnimationFrame(() => done(innerWidth)));",
            )
            .await;
        assert!(drawn.as_u64().is_some(), "after resizing to {width} px the page drew no frame: {drawn}");
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
            "Object.defineProperty(document, 'visibilityState', {{ configurable: true, get: () => '{state}' \
             }});Object.defineProperty(document, 'hidden', {{ configurable: true, get: () => {hidden} }});\
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

/// A script's answer as a list of strings; `Err` saying what came instead.
fn strings_of(found: &Value) -> Result<Vec<String>, String> {
    let Some(items) = found.as_array() else {
        return Err(format!("expected an array of strings, got {found:.200}"));
    };
    items
        .iter()
        .map(|item| {
            item.as_str()
                .map(String::from)
                .ok_or_else(|| format!("expected a string in the array, got {item:.200}"))
        })
        .collect()
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
