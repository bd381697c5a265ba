//! An organization's API secrets: masking, the count, the limit of 10, names, roles the
//! caller may grant, the roles managing needs, and revocation.

use crate::common::Harness;
use crate::signin::person_token;
use cluster_api::secret_rules::MASK;
use cluster_api::{Secret, TOKEN_PATH};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};

const SECRETS: &str = "/orgs/org-acme/secrets";

async fn create(h: &Harness, token: &str, body: serde_json::Value) -> crate::common::Reply {
    let request = h.http.post(h.url(&format!("/v2{SECRETS}"))).bearer_auth(token).json(&body);
    let response = request.send().await.expect("create");
    let status = response.status();
    let headers = response.headers().clone();
    crate::common::Reply { status, headers, body: response.text().await.expect("body") }
}

async fn count(h: &Harness, token: &str) -> i64 {
    let reply = h.get(&format!("{SECRETS}/count"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(reply.body.trim().parse::<i64>().is_ok(), "a bare integer: {}", reply.body);
    reply.json()
}

#[tokio::test]
async fn the_secret_is_shown_once_then_masked_and_works_until_revoked() {
    let h = Harness::start().await;
    let alice = person_token(&h, demo::ALICE_EMAIL).await;
    assert_eq!(count(&h, &alice).await, 2, "the seeded admin and viewer secrets");
    let reply = create(
        &h,
        &alice,
        serde_json::json!({"name": "deploy", "roles": ["view-clusters", "view-organization"]}),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let created: Secret = reply.json();
    assert_ne!(created.client_secret, MASK);
    assert_eq!(created.roles, vec!["view-clusters", "view-organization"]);
    assert_eq!(created.created_by.as_deref(), Some(demo::ALICE_EMAIL));
    assert_eq!(count(&h, &alice).await, 3);

    let listed: Vec<Secret> = h.get(SECRETS, &alice).await.json();
    assert!(listed.iter().all(|s| s.client_secret == MASK), "every read masks");
    assert!(listed.iter().any(|s| s.id == created.id && s.name == "deploy"));
    let detail: Secret = h.get(&format!("{SECRETS}/{}", created.id), &alice).await.json();
    assert_eq!(
        (detail.client_secret.as_str(), detail.client_id.as_str()),
        (MASK, created.client_id.as_str())
    );

    let issued = h.token_for(&created.client_id, &created.client_secret).await;
    assert_eq!(h.get("/clusters", &issued).await.status, StatusCode::OK);
    assert_eq!(h.delete(&format!("{SECRETS}/{}", created.id), &alice).await.status, StatusCode::NO_CONTENT);

    let form = [
        ("grant_type", "client_credentials"),
        ("client_id", created.client_id.as_str()),
        ("client_secret", created.client_secret.as_str()),
    ];
    let refused = h.post_token(TOKEN_PATH, &form).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "a revoked secret gets no new token");
    assert!(refused.json::<serde_json::Value>().get("access_token").is_none());
    assert_eq!(
        h.get("/clusters", &issued).await.status,
        StatusCode::OK,
        "issued tokens live until they expire"
    );
    assert_eq!(h.get(&format!("{SECRETS}/{}", created.id), &alice).await.status, StatusCode::NOT_FOUND);
    assert_eq!(h.delete(&format!("{SECRETS}/{}", created.id), &alice).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_eleventh_secret_is_refused() {
    let h = Harness::start().await;
    let admin = h.admin().await;
    for name in ["aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh"] {
        assert_eq!(create(&h, &admin, serde_json::json!({"name": name})).await.status, StatusCode::OK);
    }
    assert_eq!(count(&h, &admin).await, 10);
    let eleventh = create(&h, &admin, serde_json::json!({"name": "ii"})).await;
    assert_eq!(eleventh.status, StatusCode::BAD_REQUEST);
    assert!(eleventh.error().contains("10"), "{}", eleventh.body);
}

#[tokio::test]
async fn bad_and_duplicate_names_are_refused() {
    let h = Harness::start().await;
    let admin = h.admin().await;
    for name in ["", "ci-2026", "Deploy", "with space", &"a".repeat(33), "admin"] {
        let reply = create(&h, &admin, serde_json::json!({"name": name})).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{name:?}: {}", reply.body);
        assert!(reply.error().starts_with("name"), "{}", reply.body);
    }
    assert_eq!(create(&h, &admin, serde_json::json!({"name": "a".repeat(32)})).await.status, StatusCode::OK);
}

#[tokio::test]
async fn only_roles_the_caller_holds_can_be_granted() {
    let h = Harness::start().await;
    // A secret holding only the roles managing needs cannot hand out manage-clusters.
    let admin = h.admin().await;
    let limited: Secret = create(
        &h,
        &admin,
        serde_json::json!({"name": "limited", "roles": ["view-organization", "manage-organization"]}),
    )
    .await
    .json();
    let token = h.token_for(&limited.client_id, &limited.client_secret).await;
    let reply =
        create(&h, &token, serde_json::json!({"name": "escalate", "roles": ["manage-clusters"]})).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().contains("manage-clusters"), "{}", reply.body);
    let fine = create(&h, &token, serde_json::json!({"name": "fine", "roles": ["view-organization"]})).await;
    assert_eq!(fine.status, StatusCode::OK, "{}", fine.body);
}

#[tokio::test]
async fn managing_secrets_needs_manage_and_view_organization() {
    let h = Harness::start().await;
    let bob = person_token(&h, demo::BOB_EMAIL).await;
    for reply in [h.get(SECRETS, &bob).await, h.get(&format!("{SECRETS}/count"), &bob).await] {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);
        assert!(reply.error().contains("manage-organization"), "{}", reply.body);
    }
    assert_eq!(create(&h, &bob, serde_json::json!({"name": "nope"})).await.status, StatusCode::FORBIDDEN);
    let viewer = h.viewer().await;
    assert_eq!(h.delete(&format!("{SECRETS}/sec-demo-viewer"), &viewer).await.status, StatusCode::FORBIDDEN);
    let globex = h.globex().await;
    assert_eq!(h.get(SECRETS, &globex).await.status, StatusCode::NOT_FOUND, "strangers see no organization");
    let alice = person_token(&h, demo::ALICE_EMAIL).await;
    // manage-organization alone is not enough: reading and writing secrets needs the pair.
    let half: Secret =
        create(&h, &alice, serde_json::json!({"name": "half", "roles": ["manage-organization"]}))
            .await
            .json();
    let half = h.token_for(&half.client_id, &half.client_secret).await;
    let refused = create(&h, &half, serde_json::json!({"name": "more"})).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert!(refused.error().contains("view-organization"), "{}", refused.body);
    assert_eq!(
        h.raw(Method::GET, &format!("/v2{SECRETS}/sec-globex-admin"), Some(&format!("Bearer {alice}")))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}
