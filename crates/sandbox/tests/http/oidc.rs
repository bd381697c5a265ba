//! Where the identity server must behave as Keycloak (22 and later) does for the console to
//! see the same things: `iss` in every authorization response (RFC 9207), an ID token from
//! the code and refresh grants, and RP-initiated logout that asks for confirmation unless
//! it gets a valid `id_token_hint`.

use crate::common::Harness;
use crate::signin::{Browser, VERIFIER, auth_url, callback, exchange, log_in};
use cluster_api::TOKEN_PATH;
use cluster_api::identity::{AccountTokens, CONSOLE_CLIENT_ID, DISCOVERY_PATH, LOGOUT_PATH};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use serde_json::Value;

/// The claims of a JWT, read without checking its signature (the console's view of it).
fn claims(token: &str) -> Value {
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::HS256);
    validation.insecure_disable_signature_validation();
    validation.validate_exp = false;
    validation.validate_aud = false;
    validation.required_spec_claims.clear();
    let key = jsonwebtoken::DecodingKey::from_secret(b"");
    jsonwebtoken::decode::<Value>(token, &key, &validation).expect("a JWT").claims
}

fn issuer(h: &Harness) -> String {
    h.url("/auth/realms/self")
}

fn logout(h: &Harness, params: &[(&str, &str)]) -> String {
    format!("{}?{}", h.url(LOGOUT_PATH), serde_urlencoded::to_string(params).unwrap_or_default())
}

/// Alice signed in: the browser with her session, and her tokens (`nonce` sent as given).
async fn alice(h: &Harness, nonce: Option<&str>) -> (Browser, AccountTokens) {
    let mut browser = Browser::new();
    let url = auth_url(h, &callback(h), &nonce.map(|n| vec![("nonce", n)]).unwrap_or_default());
    assert_eq!(browser.get(&url).await.status, StatusCode::OK);
    let answer =
        browser.post(&url, &[("username", demo::ALICE_EMAIL), ("password", demo::DEMO_PASSWORD)]).await;
    let code = answer.param("code").unwrap_or_else(|| panic!("no code: {:?}", answer.location));
    let reply = exchange(h, &code, VERIFIER).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    (browser, reply.json())
}

#[tokio::test]
async fn every_authorization_response_names_the_issuer() {
    let h = Harness::start().await;
    let doc: Value = h.raw(Method::GET, DISCOVERY_PATH, None).await.json();
    assert_eq!(doc["authorization_response_iss_parameter_supported"], true);
    assert_eq!(doc["issuer"], issuer(&h));
    let mut browser = Browser::new();
    let refused = browser.get(&auth_url(&h, &callback(&h), &[("prompt", "none")])).await;
    assert_eq!(refused.param("error").as_deref(), Some("login_required"));
    assert_eq!(refused.param("iss"), Some(issuer(&h)), "errors name the issuer too");
    let ok = log_in(&h, &mut browser, demo::ALICE_EMAIL, demo::DEMO_PASSWORD).await;
    assert!(ok.param("code").is_some(), "{:?}", ok.location);
    assert_eq!(ok.param("iss"), Some(issuer(&h)));
}

#[tokio::test]
async fn a_test_can_make_it_name_another_issuer() {
    let config = Config { wrong_iss: Some("https://evil.example/realms/x".into()), ..Config::default() };
    let h = Harness::with(config).await;
    let ok = log_in(&h, &mut Browser::new(), demo::ALICE_EMAIL, demo::DEMO_PASSWORD).await;
    assert_eq!(ok.param("iss").as_deref(), Some("https://evil.example/realms/x"));
}

#[tokio::test]
async fn the_code_and_refresh_grants_issue_an_id_token() {
    let h = Harness::start().await;
    let (_, tokens) = alice(&h, Some("n-0S6_WzA2Mj")).await;
    let id = claims(tokens.id_token.as_deref().expect("an ID token"));
    assert_eq!(id["iss"], issuer(&h));
    assert_eq!(id["aud"], CONSOLE_CLIENT_ID);
    assert_eq!(id["email"], demo::ALICE_EMAIL);
    assert_eq!(id["nonce"], "n-0S6_WzA2Mj");
    assert!(id["sub"].as_str().is_some_and(|s| !s.is_empty()), "{id}");
    assert!(id["exp"].as_i64() > id["iat"].as_i64(), "{id}");
    assert_ne!(tokens.id_token.as_deref(), Some(tokens.access_token.as_str()));

    let refresh = tokens.refresh_token.clone().unwrap_or_default();
    let form = [
        ("grant_type", "refresh_token"),
        ("refresh_token", refresh.as_str()),
        ("client_id", CONSOLE_CLIENT_ID),
    ];
    let renewed: AccountTokens = h.post_token(TOKEN_PATH, &form).await.json();
    let again = claims(renewed.id_token.as_deref().expect("an ID token on refresh"));
    assert_eq!(again["sub"], id["sub"]);
    assert_eq!(again["aud"], CONSOLE_CLIENT_ID);
    assert!(again.get("nonce").is_none(), "a refresh is no authentication: {again}");

    let (_, plain) = alice(&h, None).await;
    assert!(claims(plain.id_token.as_deref().unwrap_or_default()).get("nonce").is_none());
}

#[tokio::test]
async fn a_valid_id_token_hint_signs_out_at_once() {
    let h = Harness::start().await;
    let (mut browser, tokens) = alice(&h, None).await;
    let back = format!("{}sign-in?signed-out=1", callback(&h));
    let hint = tokens.id_token.clone().unwrap_or_default();
    let url = logout(
        &h,
        &[("client_id", CONSOLE_CLIENT_ID), ("id_token_hint", &hint), ("post_logout_redirect_uri", &back)],
    );
    let out = browser.get(&url).await;
    assert_eq!(out.status, StatusCode::FOUND, "{}", out.body);
    assert_eq!(out.location.as_deref(), Some(back.as_str()));
    let silent = browser.get(&auth_url(&h, &callback(&h), &[("prompt", "none")])).await;
    assert_eq!(silent.param("error").as_deref(), Some("login_required"), "the session is over");
    let noted: Vec<Value> = h.raw(Method::GET, "/sandbox/logouts", None).await.json();
    assert_eq!(
        noted,
        [serde_json::json!({
            "client_id": "console", "id_token_hint": true, "post_logout_redirect_uri": back
        })]
    );
}

#[tokio::test]
async fn without_a_hint_the_person_is_asked_first() {
    let h = Harness::start().await;
    let (mut browser, _) = alice(&h, None).await;
    let back = format!("{}sign-in", callback(&h));
    let asked = browser
        .get(&logout(&h, &[("client_id", CONSOLE_CLIENT_ID), ("post_logout_redirect_uri", &back)]))
        .await;
    assert_eq!(asked.status, StatusCode::OK);
    assert!(asked.location.is_none());
    assert!(asked.body.contains("Do you want to log out?"), "{}", asked.body);
    let still = browser.get(&auth_url(&h, &callback(&h), &[("prompt", "none")])).await;
    assert!(still.param("code").is_some(), "nothing ended before the answer: {:?}", still.location);

    let confirmed = browser
        .post(
            &h.url(LOGOUT_PATH),
            &[("client_id", CONSOLE_CLIENT_ID), ("post_logout_redirect_uri", &back), ("confirm", "yes")],
        )
        .await;
    assert_eq!(confirmed.status, StatusCode::FOUND, "{}", confirmed.body);
    assert_eq!(confirmed.location.as_deref(), Some(back.as_str()));
    let silent = browser.get(&auth_url(&h, &callback(&h), &[("prompt", "none")])).await;
    assert_eq!(silent.param("error").as_deref(), Some("login_required"));
}

#[tokio::test]
async fn a_hint_it_did_not_issue_is_refused() {
    let h = Harness::start().await;
    let (mut browser, tokens) = alice(&h, None).await;
    let back = format!("{}sign-in", callback(&h));
    // An access token is signed with the same key, yet it is no ID token.
    for hint in ["not-a-token", tokens.access_token.as_str()] {
        let answer =
            browser.get(&logout(&h, &[("id_token_hint", hint), ("post_logout_redirect_uri", &back)])).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{hint}");
        assert!(answer.body.contains("Invalid IDToken"), "{}", answer.body);
    }
    let nobody = browser.get(&logout(&h, &[("post_logout_redirect_uri", &back)])).await;
    assert_eq!(nobody.status, StatusCode::BAD_REQUEST);
    assert!(nobody.body.contains("client_id or the parameter id_token_hint"), "{}", nobody.body);
    let still = browser.get(&auth_url(&h, &callback(&h), &[("prompt", "none")])).await;
    assert!(still.param("code").is_some(), "a refused sign-out ends nothing");
}
