//! The client-credentials token endpoint.

use crate::common::Harness;
use cluster_api::{AccessToken, TOKEN_PATH};
use cluster_sandbox::demo;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn form<'a>(grant: &'a str, id: &'a str, secret: &'a str) -> [(&'a str, &'a str); 3] {
    [("grant_type", grant), ("client_id", id), ("client_secret", secret)]
}

#[tokio::test]
async fn valid_credentials_get_a_bearer_token() {
    let h = Harness::start().await;
    let reply =
        h.post_token(TOKEN_PATH, &form("client_credentials", "demo-admin", "demo-admin-secret")).await;
    assert_eq!(reply.status, StatusCode::OK);
    let token: AccessToken = reply.json();
    assert_eq!(token.token_type, "Bearer");
    assert_eq!(token.expires_in, 300);
    assert!(token.access_token.len() >= 32);
    let body: Value = reply.json();
    assert!(body.get("refresh_token").is_none());
    assert_eq!(h.get("/orgs", &token.access_token).await.status, StatusCode::OK);
}

#[tokio::test]
async fn wrong_or_unknown_client_is_invalid_client() {
    let h = Harness::start().await;
    let expected = json!({"error": "invalid_client", "error_description": "Invalid client or Invalid client \
        credentials"});
    for (id, secret) in
        [(demo::ADMIN_CLIENT_ID, "wrong"), ("nobody", "demo-admin-secret"), (demo::ADMIN_CLIENT_ID, "")]
    {
        let reply = h.post_token(TOKEN_PATH, &form("client_credentials", id, secret)).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{id}");
        assert_eq!(reply.json::<Value>(), expected);
    }
}

#[tokio::test]
async fn other_grant_types_are_unsupported() {
    let h = Harness::start().await;
    let reply = h.post_token(TOKEN_PATH, &form("password", "demo-admin", "demo-admin-secret")).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.json::<Value>()["error"], "unsupported_grant_type");

    let reply = h.post_token(TOKEN_PATH, &[("client_id", "demo-admin")]).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.json::<Value>()["error"], "invalid_request");
}

#[tokio::test]
async fn another_realm_does_not_exist() {
    let h = Harness::start().await;
    let path = "/auth/realms/other/protocol/openid-connect/token";
    let reply = h.post_token(path, &form("client_credentials", "demo-admin", "demo-admin-secret")).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.json::<Value>(), json!({"error": "Realm does not exist"}));
}

#[tokio::test]
async fn the_token_path_under_the_api_prefix_is_not_found() {
    let h = Harness::start().await;
    for path in [
        "/v2/auth/realms/self/protocol/openid-connect/token",
        "/v2/protocol/openid-connect/token",
        "/auth/realms/self/v2/protocol/openid-connect/token",
    ] {
        let reply = h.post_token(path, &form("client_credentials", "demo-admin", "demo-admin-secret")).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.error().is_empty());
    }
}
