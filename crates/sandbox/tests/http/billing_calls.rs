//! Calls the billing tests need beyond `common`: JSON bodies, and hosted pages fetched
//! without following redirects so a test can check each 303's Location.

use crate::common::{Harness, Reply};
use reqwest::Method;
use serde_json::Value;

async fn read(response: reqwest::Response) -> Reply {
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.text().await.expect("body");
    Reply { status, headers, body }
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client")
}

impl Harness {
    /// An API call under `/v2` with a JSON body.
    pub async fn send_json(&self, method: Method, path: &str, token: &str, body: &Value) -> Reply {
        let request =
            self.http.request(method, self.url(&format!("/v2{path}"))).bearer_auth(token).json(body);
        read(request.send().await.expect("call")).await
    }

    /// An API call under `/v2` with a raw body (for malformed JSON).
    pub async fn send_text(&self, method: Method, path: &str, token: &str, body: &str) -> Reply {
        let request = self
            .http
            .request(method, self.url(&format!("/v2{path}")))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body.to_string());
        read(request.send().await.expect("call")).await
    }

    /// The path of a link the sandbox handed out, checking it points back at this sandbox.
    pub fn local_path(&self, link: &str) -> String {
        let base = self.sandbox.base_url();
        link.strip_prefix(&base).unwrap_or_else(|| panic!("{link} is not on {base}")).to_string()
    }

    /// GET of a hosted page (path or link), redirects not followed.
    pub async fn page(&self, path_or_link: &str) -> Reply {
        let url =
            if path_or_link.starts_with("http") { path_or_link.to_string() } else { self.url(path_or_link) };
        read(no_redirects().get(url).send().await.expect("page")).await
    }

    /// A hosted page's form POST, redirects not followed.
    pub async fn submit(&self, path: &str, form: &[(&str, &str)]) -> Reply {
        read(no_redirects().post(self.url(path)).form(form).send().await.expect("form")).await
    }

    /// What stripe.js posts when the 3-D Secure dialog ends.
    pub async fn authenticate(&self, client_secret: &str, outcome: &str) -> Reply {
        let url = self.url(&format!("/sandbox/payment-intents/{client_secret}/authenticate"));
        let body = serde_json::json!({ "outcome": outcome });
        read(self.http.post(url).json(&body).send().await.expect("authenticate")).await
    }
}

impl Reply {
    pub fn location(&self) -> &str {
        self.headers
            .get("location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_else(|| panic!("no Location: {}", self.status))
    }
}
