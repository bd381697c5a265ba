//! The identity server of realm `self`: discovery, the code flow with PKCE, silent
//! sign-in, sign-out, refresh, and the demo people's roles.

use crate::common::Harness;
use crate::signin::{Browser, CHALLENGE, VERIFIER, auth_url, callback, exchange, log_in, person_token};
use cluster_api::identity::{
    AccountTokens, CONSOLE_CLIENT_ID, DISCOVERY_PATH, LOGOUT_PATH, USERINFO_PATH, UserInfo,
};
use cluster_api::{Org, TOKEN_PATH};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};

#[tokio::test]
async fn discovery_names_the_endpoints_and_s256() {
    let h = Harness::start().await;
    let reply = h.raw(Method::GET, DISCOVERY_PATH, None).await;
    assert_eq!(reply.status, StatusCode::OK);
    let doc: serde_json::Value = reply.json();
    let base = h.sandbox.base_url();
    assert_eq!(doc["issuer"], format!("{base}/auth/realms/self"));
    assert_eq!(
        doc["authorization_endpoint"],
        format!("{base}/auth/realms/self/protocol/openid-connect/auth")
    );
    assert_eq!(doc["token_endpoint"], h.sandbox.token_url());
    assert_eq!(doc["end_session_endpoint"], format!("{base}{LOGOUT_PATH}"));
    assert_eq!(doc["code_challenge_methods_supported"], serde_json::json!(["S256"]));
}

#[tokio::test]
async fn login_page_then_code_then_token_for_alice() {
    let h = Harness::start().await;
    let mut browser = Browser::new();
    let wrong = log_in(&h, &mut browser, demo::ALICE_EMAIL, "nope").await;
    assert_eq!(wrong.status, StatusCode::OK);
    assert!(wrong.location.is_none());
    assert!(wrong.body.contains("Invalid username or password"), "{}", wrong.body);
    assert!(wrong.body.contains("name=\"username\"") && wrong.body.contains("name=\"password\""));
    assert!(browser.cookie.is_none(), "no session for a wrong password");

    let ok = log_in(&h, &mut browser, demo::ALICE_EMAIL, demo::DEMO_PASSWORD).await;
    assert_eq!(ok.status, StatusCode::FOUND, "{}", ok.body);
    let location = ok.location.clone().unwrap_or_default();
    assert!(location.starts_with(&callback(&h)), "{location}");
    assert_eq!(ok.param("state").as_deref(), Some("st-1"), "state comes back unchanged");
    let cookie = ok.set_cookie.clone().unwrap_or_default();
    for part in ["KEYCLOAK_IDENTITY=", "HttpOnly", "SameSite=Lax", "Path=/auth/realms/self/"] {
        assert!(cookie.contains(part), "{part} missing from {cookie}");
    }
    let code = ok.param("code").unwrap_or_default();
    let reply = exchange(&h, &code, VERIFIER).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let tokens: AccountTokens = reply.json();
    assert!(tokens.refresh_token.is_some());

    let me = h.raw(Method::GET, USERINFO_PATH, Some(&format!("Bearer {}", tokens.access_token))).await;
    let me: UserInfo = me.json();
    assert_eq!(me.email.as_deref(), Some(demo::ALICE_EMAIL));
    assert_eq!(me.name.as_deref(), Some("Alice Anders"));

    let reused = exchange(&h, &code, VERIFIER).await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert!(reused.body.contains("invalid_grant"), "{}", reused.body);
}

#[tokio::test]
async fn a_wrong_verifier_is_refused_and_spends_the_code() {
    let h = Harness::start().await;
    let mut browser = Browser::new();
    let ok = log_in(&h, &mut browser, demo::BOB_EMAIL, demo::DEMO_PASSWORD).await;
    let code = ok.param("code").unwrap_or_default();
    let wrong = exchange(&h, &code, &"x".repeat(43)).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert!(wrong.body.contains("invalid_grant"), "{}", wrong.body);
    let after = exchange(&h, &code, VERIFIER).await;
    assert_eq!(after.status, StatusCode::BAD_REQUEST, "the code is spent");
}

#[tokio::test]
async fn foreign_redirect_uris_get_an_error_page_never_a_redirect() {
    let h = Harness::start().await;
    let mut browser = Browser::new();
    for foreign in ["https://evil.example/", "http://127.0.0.2/cb"] {
        let answer = browser.get(&auth_url(&h, foreign, &[])).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        assert!(answer.location.is_none(), "redirected to {foreign}");
        assert!(answer.body.contains("Invalid parameter: redirect_uri"), "{}", answer.body);
    }
    let url = auth_url(&h, &callback(&h), &[]).replace("client_id=console", "client_id=other");
    assert!(browser.get(&url).await.location.is_none(), "unknown clients are not redirected either");
}

#[tokio::test]
async fn pkce_s256_is_required() {
    let h = Harness::start().await;
    let mut browser = Browser::new();
    let plain =
        auth_url(&h, &callback(&h), &[]).replace("code_challenge_method=S256", "code_challenge_method=plain");
    let answer = browser.get(&plain).await;
    assert_eq!(answer.status, StatusCode::FOUND);
    assert_eq!(answer.param("error").as_deref(), Some("invalid_request"));
    assert_eq!(answer.param("state").as_deref(), Some("st-1"));
    let none = auth_url(&h, &callback(&h), &[]).replace(&format!("code_challenge={CHALLENGE}&"), "");
    assert_eq!(browser.get(&none).await.param("error").as_deref(), Some("invalid_request"));
}

#[tokio::test]
async fn prompt_none_answers_at_once_with_or_without_a_session() {
    let h = Harness::start().await;
    let mut browser = Browser::new();
    let silent = auth_url(&h, &callback(&h), &[("prompt", "none")]);
    let without = browser.get(&silent).await;
    assert_eq!(without.status, StatusCode::FOUND);
    assert_eq!(without.param("error").as_deref(), Some("login_required"));
    assert_eq!(without.param("state").as_deref(), Some("st-1"));

    log_in(&h, &mut browser, demo::CAROL_EMAIL, demo::DEMO_PASSWORD).await;
    let with = browser.get(&silent).await;
    assert_eq!(with.status, StatusCode::FOUND);
    let code = with.param("code").unwrap_or_else(|| panic!("no code: {:?}", with.location));
    assert_eq!(exchange(&h, &code, VERIFIER).await.status, StatusCode::OK);
}

#[tokio::test]
async fn logout_ends_the_session_and_its_refresh_tokens() {
    let h = Harness::start().await;
    let mut browser = Browser::new();
    let ok = log_in(&h, &mut browser, demo::ALICE_EMAIL, demo::DEMO_PASSWORD).await;
    let tokens: AccountTokens = exchange(&h, &ok.param("code").unwrap_or_default(), VERIFIER).await.json();
    let refresh = tokens.refresh_token.clone().unwrap_or_default();
    let refresh_form = [
        ("grant_type", "refresh_token"),
        ("refresh_token", refresh.as_str()),
        ("client_id", CONSOLE_CLIENT_ID),
    ];
    let renewed = h.post_token(TOKEN_PATH, &refresh_form).await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.body);
    let renewed: AccountTokens = renewed.json();
    assert_ne!(renewed.access_token, tokens.access_token);
    // Rotated, as a certified provider does: the answer's refresh token replaces the old.
    let rotated = renewed.refresh_token.clone().unwrap_or_default();
    assert!(!rotated.is_empty() && rotated != refresh, "the refresh token was not rotated");
    let rotated_form = [
        ("grant_type", "refresh_token"),
        ("refresh_token", rotated.as_str()),
        ("client_id", CONSOLE_CLIENT_ID),
    ];

    let foreign = format!(
        "{}?client_id=console&post_logout_redirect_uri=https%3A%2F%2Fevil.example%2F",
        h.url(LOGOUT_PATH)
    );
    let refused = browser.get(&foreign).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(refused.location.is_none());

    let back = format!("{}sign-in", callback(&h));
    let url = format!(
        "{}?{}",
        h.url(LOGOUT_PATH),
        serde_urlencoded::to_string([
            ("client_id", CONSOLE_CLIENT_ID),
            ("id_token_hint", tokens.id_token.as_deref().unwrap_or_default()),
            ("post_logout_redirect_uri", back.as_str())
        ])
        .unwrap_or_default()
    );
    let out = browser.get(&url).await;
    assert_eq!(out.status, StatusCode::FOUND);
    assert_eq!(out.location.as_deref(), Some(back.as_str()));
    assert!(out.set_cookie.unwrap_or_default().contains("Max-Age=0"));

    let silent = browser.get(&auth_url(&h, &callback(&h), &[("prompt", "none")])).await;
    assert_eq!(silent.param("error").as_deref(), Some("login_required"));
    let stale = h.post_token(TOKEN_PATH, &rotated_form).await;
    assert_eq!(stale.status, StatusCode::BAD_REQUEST);
    assert!(stale.body.contains("invalid_grant"));
}

#[tokio::test]
async fn a_used_refresh_token_is_refused_and_revokes_the_rotated_one() {
    let h = Harness::start().await;
    let mut browser = Browser::new();
    let ok = log_in(&h, &mut browser, demo::ALICE_EMAIL, demo::DEMO_PASSWORD).await;
    let tokens: AccountTokens = exchange(&h, &ok.param("code").unwrap_or_default(), VERIFIER).await.json();
    fn form(token: &str) -> [(&str, &str); 3] {
        [("grant_type", "refresh_token"), ("refresh_token", token), ("client_id", CONSOLE_CLIENT_ID)]
    }
    let first = tokens.refresh_token.clone().unwrap_or_default();
    let renewed = h.post_token(TOKEN_PATH, &form(&first)).await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.body);
    let second = renewed.json::<AccountTokens>().refresh_token.unwrap_or_default();
    assert!(!second.is_empty() && second != first, "not rotated");
    let replayed = h.post_token(TOKEN_PATH, &form(&first)).await;
    assert_eq!(replayed.status, StatusCode::BAD_REQUEST, "{}", replayed.body);
    assert!(replayed.body.contains("invalid_grant") && replayed.body.contains("reuse"), "{}", replayed.body);
    // One of the two holders of `first` is not the person: the rotated token goes too.
    let revoked = h.post_token(TOKEN_PATH, &form(&second)).await;
    assert_eq!(revoked.status, StatusCode::BAD_REQUEST, "{}", revoked.body);
    // The session lives on: a silent sign-in still answers with a code.
    let silent = browser.get(&auth_url(&h, &callback(&h), &[("prompt", "none")])).await;
    assert!(silent.param("code").is_some(), "{:?}", silent.location);
}

async fn acme_roles(h: &Harness, token: &str) -> Vec<String> {
    let orgs: Vec<Org> = h.get("/orgs", token).await.json();
    orgs.into_iter().find(|o| o.id == demo::ACME_ORG_ID).map(|o| o.roles).unwrap_or_default()
}

#[tokio::test]
async fn each_person_holds_their_roles_and_is_authorized_like_a_secret() {
    let h = Harness::start().await;
    let alice = person_token(&h, demo::ALICE_EMAIL).await;
    let carol = person_token(&h, demo::CAROL_EMAIL).await;
    let bob = person_token(&h, demo::BOB_EMAIL).await;
    assert_eq!(acme_roles(&h, &alice).await.len(), demo::ALL_ROLES.len());
    let carol_roles = acme_roles(&h, &carol).await;
    assert!(
        carol_roles.contains(&"manage-billing".to_string())
            && carol_roles.contains(&"view-clusters".to_string())
    );
    assert!(
        !carol_roles.iter().any(|r| r.starts_with("manage-") && r != "manage-billing"),
        "{carol_roles:?}"
    );
    let bob_roles = acme_roles(&h, &bob).await;
    assert!(!bob_roles.is_empty() && bob_roles.iter().all(|r| r.starts_with("view-")), "{bob_roles:?}");

    let path = format!("/clusters/{}", demo::ACME_DEV);
    assert_eq!(h.get(&path, &bob).await.status, StatusCode::OK, "support sees clusters");
    let refused = h.delete(&path, &bob).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.error().contains("manage-clusters"), "{}", refused.body);
    let portal = h.call(Method::POST, &format!("/orgs/{}/billing/portal", demo::ACME_ORG_ID), &carol).await;
    assert_ne!(portal.status, StatusCode::FORBIDDEN, "{}", portal.body);
    assert_eq!(h.delete(&path, &carol).await.status, StatusCode::FORBIDDEN);
}
