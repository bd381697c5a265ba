//! `cluster.deployment.import`: the multipart parts, the file checks (nothing is created
//! when one fails), the asynchronous import and a FAILED one with its `stateError`.

use crate::common::Harness;
use crate::realm_helpers::{created_id, import, quick, settled};
use cluster_api::realms::IMPORT_MAX_BYTES;
use cluster_api::{Deployment, DeploymentState};
use cluster_sandbox::demo;
use reqwest::StatusCode;

const PROD: &str = demo::ACME_PROD;

async fn count(h: &Harness, token: &str) -> usize {
    h.get(&format!("/clusters/{PROD}/deployments"), token).await.json::<Vec<Deployment>>().len()
}

#[tokio::test]
async fn bad_requests_create_nothing() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let before = count(&h, &token).await;
    let missing_file = import(&h, &token, PROD, Some("a"), None).await;
    assert_eq!(missing_file.status, StatusCode::BAD_REQUEST);
    assert!(missing_file.error().contains("file part is required"));
    let missing_name = import(&h, &token, PROD, None, Some(br#"{"realm":"a"}"#)).await;
    assert_eq!(missing_name.status, StatusCode::BAD_REQUEST);
    assert!(missing_name.error().contains("deployment-name part is required"));
    let array = import(&h, &token, PROD, Some("a"), Some(b"[1,2]")).await;
    assert_eq!(array.status, StatusCode::BAD_REQUEST);
    assert!(array.error().contains("JSON object"));
    let not_json = import(&h, &token, PROD, Some("a"), Some(b"realm: a")).await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
    let users = br#"{"realm":"a","users":[{"username":"ann"},{"username":"bo"},{"username":"cy"}]}"#;
    let refused = import(&h, &token, PROD, Some("with-users"), Some(users)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused.error().contains("3 users") && refused.error().contains("cannot be imported"),
        "{}",
        refused.error()
    );
    let big = format!("{{\"realm\":\"a\",\"pad\":\"{}\"}}", "x".repeat(IMPORT_MAX_BYTES));
    let too_big = import(&h, &token, PROD, Some("big"), Some(big.as_bytes())).await;
    assert_eq!(too_big.status, StatusCode::PAYLOAD_TOO_LARGE);
    let plain = h
        .http
        .post(h.url(&format!("/v2/clusters/{PROD}/deployments/import")))
        .bearer_auth(&token)
        .json(&serde_json::json!({"deployment-name": "x"}))
        .send()
        .await
        .expect("call");
    assert_eq!(plain.status(), StatusCode::BAD_REQUEST);
    assert_eq!(count(&h, &token).await, before);
}

#[tokio::test]
async fn an_import_goes_pending_then_active() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let file = br#"{"realm":"shop","enabled":true,"clients":[{"clientId":"web-shop"}]}"#;
    let reply = import(&h, &token, PROD, Some("Shop"), Some(file)).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    let id = created_id(&reply);
    let done = settled(&h, &token, &id).await;
    assert_eq!((done.name.as_str(), done.state, done.state_error), ("shop", DeploymentState::Active, None));
    assert_eq!(done.tags, Some(vec!["imported".to_string()]));
}

#[tokio::test]
async fn a_client_without_client_id_ends_failed_with_the_reason() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let file = br#"{"realm":"broken","clients":[{"clientId":"ok"},{"name":"legacy-portal"}]}"#;
    let reply = import(&h, &token, PROD, Some("broken"), Some(file)).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    let done = settled(&h, &token, &created_id(&reply)).await;
    assert_eq!(done.state, DeploymentState::Failed);
    let why = done.state_error.unwrap_or_default();
    assert!(why.contains("client #2 (legacy-portal)") && why.contains("no clientId"), "{why}");
}

#[tokio::test]
async fn imports_follow_the_gate_the_cap_and_the_roles() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let file = br#"{"realm":"x"}"#;
    let gate = import(&h, &token, demo::ACME_LEGACY, Some("x"), Some(file)).await;
    assert_eq!(gate.status, StatusCode::CONFLICT);
    assert!(gate.error().contains("PENDING_DELETION"));
    assert_eq!(
        import(&h, &token, demo::ACME_DEV, Some("fifth"), Some(file)).await.status,
        StatusCode::CREATED
    );
    let cap = import(&h, &token, demo::ACME_DEV, Some("sixth"), Some(file)).await;
    assert_eq!(cap.status, StatusCode::CONFLICT);
    assert!(cap.error().contains("(5)"));
    let viewer = h.viewer().await;
    let denied = import(&h, &viewer, PROD, Some("x"), Some(file)).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
    assert!(denied.error().contains("manage-clusters"));
    let globex = h.globex().await;
    assert_eq!(import(&h, &globex, PROD, Some("x"), Some(file)).await.status, StatusCode::NOT_FOUND);
}
