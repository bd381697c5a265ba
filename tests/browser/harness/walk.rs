//! Walking the running app from screen to screen without reloading it (the session lives in
//! memory): moving to an address, and waiting for the page to settle before it is checked.

use super::Ctx;

impl Ctx {
    /// Moves the running app to `path` (no reload: the session lives in memory), without
    /// waiting for anything.
    pub async fn push_path(&self, path: &str) {
        let script = format!(
            "history.pushState(null, '', '{path}'); \
             window.dispatchEvent(new PopStateEvent('popstate', {{ state: null }})); return 1;"
        );
        self.client.execute(&script, vec![]).await.unwrap_or_else(|e| panic!("push {path}: {e}"));
    }

    /// Opens `path` inside the running app and waits for its reads to answer.
    pub async fn walk_to(&self, path: &str) {
        self.push_path(path).await;
        self.wait_url(path).await;
        self.settle(path).await;
    }

    /// Waits for the page to stop changing (its reads answered), at most a few seconds: in the
    /// page itself, so a quiet page costs one round trip and `QUIET` ms rather than several
    /// polls. "Changing" is the page's text changing; a page that still shows a loading line
    /// (`.loading`, or the English word) is not settled. A page still changing after 8 s (a
    /// live count) is checked as it stands, and the flow says so.
    pub async fn settle(&self, path: &str) {
        let settled = self.script_async(SETTLE).await;
        match settled.as_str() {
            Some("quiet") => {}
            Some(why) if why.starts_with("timeout") => println!("    settle {path}: {why}"),
            _ => panic!("{path}: the page never answered the settle script: {settled}"),
        }
    }
}

/// Resolves with "quiet" once the text stayed the same for 400 ms with nothing loading, or
/// with "timeout" and why after 8 s.
const SETTLE: &str = r#"
const done = arguments[arguments.length - 1];
const QUIET = 400, LIMIT = 8000, started = performance.now();
let last = null, since = started;
const tick = () => {
    const now = performance.now(), text = document.body.innerText;
    const busy = document.querySelector('.loading') || (text.includes('Loading') ? 'Loading' : null);
    if (text !== last || busy) { last = text; since = now; }
    if (now - since >= QUIET) return done('quiet');
    if (now - started > LIMIT) {
        return done(busy
            ? `timeout: still loading (${busy.outerHTML || busy})`
            : `timeout: the text kept changing`);
    }
    setTimeout(tick, 100);
};
tick();
"#;
