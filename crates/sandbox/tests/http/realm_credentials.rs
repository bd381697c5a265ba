//! Realm credentials (openapi-v2-next.yaml): create with defaults, generated client IDs,
//! unknown roles refused, the secret read live, revoke then 404.

use crate::common::Harness;
use crate::realm_helpers::send;
use cluster_api::DeploymentCredential;
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::json;

const D: &str = demo::REALM_CUSTOMERS;

#[tokio::test]
async fn create_list_read_and_revoke() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let base = format!("/deployments/{D}/credentials");
    let body = json!({"name": "terraform", "description": "CI pipeline"});
    let reply = send(&h, Method::POST, &base, &token, Some(body)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let made: DeploymentCredential = reply.json();
    assert!(
        made.client_id.starts_with("api-terraform-") && made.client_id.len() == "api-terraform-".len() + 8,
        "{}",
        made.client_id
    );
    assert_eq!(made.roles, ["realm-admin"]);
    assert_eq!(
        (made.realm.as_str(), made.server_url.as_str()),
        ("customers", "https://acme-prod.global.auth.ac")
    );
    assert_eq!(made.description.as_deref(), Some("CI pipeline"));
    let secret = made.client_secret.clone().unwrap_or_default();
    assert!(!secret.is_empty());

    let listed: Vec<DeploymentCredential> = h.get(&base, &token).await.json();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].client_secret, None);
    assert_eq!(listed[0].client_id, made.client_id);

    let read: DeploymentCredential = h.get(&format!("{base}/{}/secret", made.client_id), &token).await.json();
    assert_eq!(read.client_secret.as_deref(), Some(secret.as_str()));

    assert_eq!(h.delete(&format!("{base}/{}", made.client_id), &token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(
        h.get(&format!("{base}/{}/secret", made.client_id), &token).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(h.delete(&format!("{base}/{}", made.client_id), &token).await.status, StatusCode::NOT_FOUND);
    assert!(h.get(&base, &token).await.json::<Vec<DeploymentCredential>>().is_empty());
}

#[tokio::test]
async fn bodies_names_and_roles() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let base = format!("/deployments/{D}/credentials");
    let bare: DeploymentCredential = send(&h, Method::POST, &base, &token, None).await.json();
    assert!(bare.client_id.starts_with("api-") && bare.roles == ["realm-admin"], "{}", bare.client_id);
    let narrow = json!({"name": "audit", "roles": ["view-users", "view-realm"]});
    let made: DeploymentCredential = send(&h, Method::POST, &base, &token, Some(narrow)).await.json();
    assert_eq!(made.roles, ["view-users", "view-realm"]);
    let unknown =
        send(&h, Method::POST, &base, &token, Some(json!({"roles": ["view-users", "god-mode"]}))).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.error().contains("god-mode"), "{}", unknown.error());
    let bad_name = send(&h, Method::POST, &base, &token, Some(json!({"name": "Not OK"}))).await;
    assert_eq!(bad_name.status, StatusCode::BAD_REQUEST);
    assert_eq!(h.get(&base, &token).await.json::<Vec<DeploymentCredential>>().len(), 2);
    // Deleting the realm revokes its credentials with it.
    assert_eq!(h.delete(&format!("/deployments/{D}"), &token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(
        h.get(&format!("{base}/{}/secret", made.client_id), &token).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_viewer_cannot_list_a_realms_credentials() {
    let h = Harness::start().await;
    let base = format!("/deployments/{D}/credentials");
    let reply = h.get(&base, &h.viewer().await).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);
    assert!(reply.error().contains("manage-clusters"), "the refusal names the role: {}", reply.error());
    assert!(!reply.body.contains("api-"), "nothing of a credential in the refusal: {}", reply.body);
    assert_eq!(h.get(&base, &h.admin().await).await.status, StatusCode::OK);
}
