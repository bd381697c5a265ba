//! A browser's side of signing in through the identity server: no automatic redirects (the
//! tests read each `Location`), and the SSO cookie carried by hand.

use crate::common::Harness;
use cluster_api::identity::{AUTH_PATH, AccountTokens, CONSOLE_CLIENT_ID};
use reqwest::StatusCode;
use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};

/// RFC 7636 appendix B: a verifier and its S256 challenge.
pub const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
pub const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

pub struct Answer {
    pub status: StatusCode,
    pub location: Option<String>,
    pub set_cookie: Option<String>,
    pub body: String,
}

impl Answer {
    /// A query parameter of the redirect.
    pub fn param(&self, name: &str) -> Option<String> {
        let location = self.location.as_deref()?;
        let query = location.split_once('?')?.1;
        serde_urlencoded::from_str::<Vec<(String, String)>>(query)
            .ok()?
            .into_iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value)
    }
}

pub struct Browser {
    http: reqwest::Client,
    pub cookie: Option<String>,
}

impl Browser {
    pub fn new() -> Browser {
        let http =
            reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
        Browser { http, cookie: None }
    }

    async fn send(&mut self, request: reqwest::RequestBuilder) -> Answer {
        let request = match &self.cookie {
            Some(cookie) => request.header(COOKIE, cookie.clone()),
            None => request,
        };
        let response = request.send().await.expect("request");
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v: &reqwest::header::HeaderValue| v.to_str().ok())
                .map(str::to_string)
        };
        let (location, set_cookie) = (header(LOCATION), header(SET_COOKIE));
        if let Some(set) = &set_cookie {
            let pair = set.split(';').next().unwrap_or_default().to_string();
            self.cookie = pair.split_once('=').filter(|(_, v)| !v.is_empty()).map(|_| pair.clone());
        }
        Answer { status: response.status(), location, set_cookie, body: response.text().await.expect("body") }
    }

    pub async fn get(&mut self, url: &str) -> Answer {
        let request = self.http.get(url);
        self.send(request).await
    }

    pub async fn post(&mut self, url: &str, form: &[(&str, &str)]) -> Answer {
        let request = self.http.post(url).form(form);
        self.send(request).await
    }
}

/// The console's own callback on the sandbox's origin.
pub fn callback(h: &Harness) -> String {
    h.url("/")
}

/// The authorization request the console makes.
pub fn auth_url(h: &Harness, redirect_uri: &str, extra: &[(&str, &str)]) -> String {
    let mut params = vec![
        ("client_id", CONSOLE_CLIENT_ID),
        ("redirect_uri", redirect_uri),
        ("response_type", "code"),
        ("scope", "openid"),
        ("state", "st-1"),
        ("code_challenge", CHALLENGE),
        ("code_challenge_method", "S256"),
    ];
    params.extend_from_slice(extra);
    format!("{}?{}", h.url(AUTH_PATH), serde_urlencoded::to_string(&params).expect("query"))
}

/// Types `username`/`password` into the login page; the answer is the redirect (or the form).
pub async fn log_in(h: &Harness, browser: &mut Browser, username: &str, password: &str) -> Answer {
    let url = auth_url(h, &callback(h), &[]);
    let form = browser.get(&url).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    browser.post(&url, &[("username", username), ("password", password)]).await
}

pub async fn exchange(h: &Harness, code: &str, verifier: &str) -> crate::common::Reply {
    let redirect = callback(h);
    let form = [
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect.as_str()),
        ("client_id", CONSOLE_CLIENT_ID),
        ("code_verifier", verifier),
    ];
    h.post_token(cluster_api::TOKEN_PATH, &form).await
}

/// A person's access token, through the login page and the code exchange.
pub async fn person_token(h: &Harness, username: &str) -> String {
    let mut browser = Browser::new();
    let answer = log_in(h, &mut browser, username, cluster_sandbox::demo::DEMO_PASSWORD).await;
    let code =
        answer.param("code").unwrap_or_else(|| panic!("no code: {:?} {}", answer.location, answer.body));
    let reply = exchange(h, &code, VERIFIER).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json::<AccountTokens>().access_token
}
