//! Chromium's DevTools protocol through chromedriver (`POST /session/{id}/goog/cdp/execute`),
//! for what WebDriver itself cannot set: the media the page is shown for (dark mode, a
//! touch screen's coarse pointer). Chromium only: other engines answer with an error.

use fantoccini::Client;
use fantoccini::wd::WebDriverCompatibleCommand;
use serde_json::{Value, json};

#[derive(Debug)]
struct Execute {
    body: Value,
}

impl WebDriverCompatibleCommand for Execute {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// Runs the DevTools command `cmd` with `params`.
pub async fn execute(client: &Client, cmd: &str, params: Value) -> Result<Value, String> {
    client
        .issue_cmd(Execute { body: json!({ "cmd": cmd, "params": params }) })
        .await
        .map_err(|e| format!("{cmd}: {e}"))
}

/// Shows the page as for `features` (e.g. `[("prefers-color-scheme", "dark")]`); an empty
/// list goes back to the browser's own.
pub async fn emulate_media(client: &Client, features: &[(&str, &str)]) {
    let features: Vec<Value> =
        features.iter().map(|(name, value)| json!({ "name": name, "value": value })).collect();
    execute(client, "Emulation.setEmulatedMedia", json!({ "features": features }))
        .await
        .unwrap_or_else(|e| panic!("cannot emulate media: {e}"));
}
