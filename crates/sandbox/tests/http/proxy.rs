//! The sandbox behind a proxy: `X-Forwarded-Proto` and `X-Forwarded-Host` name the public
//! origin only with `--trust-proxy`; `--public-url` names it outright; `--redirect-origin`
//! lists the identity server's allowed redirect origins instead. Whichever, the redirect
//! rule stays strict: one origin (or the list), nothing else.

use crate::common::Harness;
use crate::signin::{CHALLENGE, VERIFIER};
use cluster_api::identity::{AUTH_PATH, AccountTokens, CONSOLE_CLIENT_ID, DISCOVERY_PATH};
use cluster_sandbox::{Config, demo};
use reqwest::StatusCode;
use reqwest::header::{HeaderMap, HeaderValue, LOCATION};

const PUBLIC: &str = "https://console.example:8443";

/// What nginx sends for a browser at `PUBLIC` (the deploy/ configs).
fn forwarded() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
    headers.insert("x-forwarded-host", HeaderValue::from_static("console.example:8443"));
    headers
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client")
}

async fn issuer(h: &Harness, headers: HeaderMap) -> String {
    let reply = client().get(h.url(DISCOVERY_PATH)).headers(headers).send().await.expect("discovery");
    assert_eq!(reply.status(), StatusCode::OK);
    let doc: serde_json::Value = reply.json().await.expect("json");
    doc["issuer"].as_str().unwrap_or_default().to_string()
}

fn auth_query(redirect_uri: &str) -> String {
    let params = [
        ("client_id", CONSOLE_CLIENT_ID),
        ("redirect_uri", redirect_uri),
        ("response_type", "code"),
        ("state", "st-1"),
        ("code_challenge", CHALLENGE),
        ("code_challenge_method", "S256"),
    ];
    serde_urlencoded::to_string(params).expect("query")
}

/// The login page for `redirect_uri`: its status and body.
async fn login_page(h: &Harness, redirect_uri: &str, headers: HeaderMap) -> (StatusCode, String) {
    let url = format!("{}?{}", h.url(AUTH_PATH), auth_query(redirect_uri));
    let reply = client().get(url).headers(headers).send().await.expect("auth");
    (reply.status(), reply.text().await.expect("body"))
}

async fn refused(h: &Harness, redirect_uri: &str, headers: HeaderMap) {
    let (status, body) = login_page(h, redirect_uri, headers).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{redirect_uri} was accepted: {body}");
    assert!(body.contains("Invalid parameter: redirect_uri"), "{body}");
}

async fn accepted(h: &Harness, redirect_uri: &str, headers: HeaderMap) {
    let (status, body) = login_page(h, redirect_uri, headers).await;
    assert_eq!(status, StatusCode::OK, "{redirect_uri} was refused: {body}");
    assert!(body.contains("name=\"password\""), "{body}");
}

/// Signs Alice in for `redirect_uri` and exchanges the code: the whole flow through a proxy.
async fn sign_in(h: &Harness, redirect_uri: &str, headers: HeaderMap) {
    let url = format!("{}?{}", h.url(AUTH_PATH), auth_query(redirect_uri));
    let form = [("username", demo::ALICE_EMAIL), ("password", demo::DEMO_PASSWORD)];
    let answer = client().post(url).headers(headers.clone()).form(&form).send().await.expect("login");
    assert_eq!(answer.status(), StatusCode::FOUND);
    let location =
        answer.headers().get(LOCATION).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert!(location.starts_with(redirect_uri), "{location}");
    let query = location.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let params: Vec<(String, String)> = serde_urlencoded::from_str(query).expect("query");
    let code = params.iter().find(|(k, _)| k == "code").map(|(_, v)| v.clone()).unwrap_or_default();
    let exchange = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("redirect_uri", redirect_uri),
        ("client_id", CONSOLE_CLIENT_ID),
        ("code_verifier", VERIFIER),
    ];
    let reply = client()
        .post(h.url(cluster_api::TOKEN_PATH))
        .headers(headers)
        .form(&exchange)
        .send()
        .await
        .expect("token");
    assert_eq!(reply.status(), StatusCode::OK);
    assert!(reply.json::<AccountTokens>().await.expect("tokens").refresh_token.is_some());
}

#[tokio::test]
async fn forwarded_headers_are_ignored_without_trust_proxy() {
    let h = Harness::start().await;
    let base = h.sandbox.base_url();
    assert_eq!(issuer(&h, forwarded()).await, format!("{base}/auth/realms/self"));
    refused(&h, &format!("{PUBLIC}/"), forwarded()).await;
    accepted(&h, &format!("{base}/"), forwarded()).await;
}

#[tokio::test]
async fn trust_proxy_takes_the_origin_from_the_forwarded_headers() {
    let h = Harness::with(Config { trust_proxy: true, ..Config::default() }).await;
    assert_eq!(issuer(&h, forwarded()).await, format!("{PUBLIC}/auth/realms/self"));
    sign_in(&h, &format!("{PUBLIC}/"), forwarded()).await;
    // Exactly one origin: the sandbox's own address is not the public one.
    refused(&h, &format!("{}/", h.sandbox.base_url()), forwarded()).await;
    refused(&h, "http://console.example:8443/", forwarded()).await;
    // Reached directly (no forwarded headers), it is its own origin again.
    let base = h.sandbox.base_url();
    assert_eq!(issuer(&h, HeaderMap::new()).await, format!("{base}/auth/realms/self"));
}

#[tokio::test]
async fn public_url_names_the_origin_whatever_the_request_says() {
    let config = Config { public_url: Some("https://console.example".into()), ..Config::default() };
    let h = Harness::with(config).await;
    assert_eq!(issuer(&h, HeaderMap::new()).await, "https://console.example/auth/realms/self");
    assert_eq!(issuer(&h, forwarded()).await, "https://console.example/auth/realms/self");
    sign_in(&h, "https://console.example/clusters", HeaderMap::new()).await;
    refused(&h, &format!("{}/", h.sandbox.base_url()), HeaderMap::new()).await;
    refused(&h, &format!("{PUBLIC}/"), forwarded()).await;
}

#[tokio::test]
async fn redirect_origins_list_the_allowed_origins() {
    let config = Config {
        trust_proxy: true,
        redirect_origins: vec!["https://a.example".into(), "http://localhost:3000".into()],
        ..Config::default()
    };
    let h = Harness::with(config).await;
    sign_in(&h, "https://a.example/", forwarded()).await;
    accepted(&h, "http://localhost:3000/clusters", HeaderMap::new()).await;
    // The list replaces the public origin: a Keycloak client's "Valid redirect URIs".
    refused(&h, &format!("{PUBLIC}/"), forwarded()).await;
    refused(&h, "https://a.example.evil.example/", HeaderMap::new()).await;
    assert_eq!(issuer(&h, forwarded()).await, format!("{PUBLIC}/auth/realms/self"));
}

#[tokio::test]
async fn a_redirect_uri_on_another_origin_is_still_refused_behind_a_proxy() {
    let h = Harness::with(Config { trust_proxy: true, ..Config::default() }).await;
    for foreign in
        ["https://evil.example/", "https://console.example:8443.evil.example/", "https://console.example/"]
    {
        refused(&h, foreign, forwarded()).await;
    }
    refused(&h, &format!("{PUBLIC}/#fragment"), forwarded()).await;
}
