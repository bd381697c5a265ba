//! One realm: detail, update (the echoed record), delete, metrics, single-use console and
//! app links with the stand-in admin console, the token, roles and tenant isolation.

use crate::common::Harness;
use crate::realm_helpers::{create, quick, realm, send, settled, visit};
use cluster_api::{ConsoleLink, DeploymentState, Metrics, TokenResponse};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const CUSTOMERS: &str = demo::REALM_CUSTOMERS;

#[tokio::test]
async fn update_takes_the_echoed_record_and_changes_only_the_display_name() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let path = format!("/deployments/{CUSTOMERS}");
    let mut body: Value = serde_json::to_value(realm(&h, &token, CUSTOMERS).await).expect("json");
    body["display_name"] = json!("Customers (EU)");
    let reply = send(&h, Method::PUT, &path, &token, Some(body.clone())).await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT, "{}", reply.body);
    assert_eq!(realm(&h, &token, CUSTOMERS).await.display_name.as_deref(), Some("Customers (EU)"));

    for (field, value, needle) in [
        ("name", Value::Null, "name is required"),
        ("name", json!("  "), "name is required"),
        ("org_id", Value::Null, "org_id is required"),
        ("name", json!("renamed"), "cannot change"),
    ] {
        let mut bad = body.clone();
        bad[field] = value;
        let reply = send(&h, Method::PUT, &path, &token, Some(bad)).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{field}");
        assert!(reply.error().contains(needle), "{}", reply.error());
    }
    let mut missing = body.clone();
    missing.as_object_mut().map(|o| o.remove("org_id"));
    assert_eq!(send(&h, Method::PUT, &path, &token, Some(missing)).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(realm(&h, &token, CUSTOMERS).await.name, "customers");
}

#[tokio::test]
async fn delete_is_permanent() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let path = format!("/deployments/{}", demo::REALM_PARTNERS);
    assert_eq!(h.delete(&path, &token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(h.get(&path, &token).await.status, StatusCode::NOT_FOUND);
    assert_eq!(h.delete(&path, &token).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn console_links_are_new_each_call_and_work_once() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let path = format!("/deployments/{CUSTOMERS}/console-link");
    let first: ConsoleLink = send(&h, Method::POST, &path, &token, None).await.json();
    let second: ConsoleLink = send(&h, Method::POST, &path, &token, None).await.json();
    assert_ne!(first.link, second.link);
    assert!(first.expiration_seconds > 0 && !first.user_id.is_empty());
    let page = visit(&h, &first.link).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Signed in as admin to realm customers"), "{}", page.body);
    let again = visit(&h, &first.link).await;
    assert_eq!(again.status, StatusCode::GONE);
    assert!(again.body.contains("already used"));
    assert_eq!(
        visit(&h, &format!("{}/sandbox/realm-console/nope", h.sandbox.base_url())).await.status,
        StatusCode::NOT_FOUND
    );

    // A realm that is not ACTIVE cannot be signed in to.
    let pending = create(&h, &token, demo::ACME_PROD, "fresh").await;
    let reply = send(&h, Method::POST, &format!("/deployments/{pending}/console-link"), &token, None).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert!(reply.error().contains("PENDING"));
    settled(&h, &token, &pending).await;
    assert_eq!(
        send(&h, Method::POST, &format!("/deployments/{pending}/console-link"), &token, None).await.status,
        StatusCode::OK
    );
    let failed =
        send(&h, Method::POST, &format!("/deployments/{}/token", demo::REALM_LEGACY_IMPORT), &token, None)
            .await;
    assert_eq!(failed.status, StatusCode::CONFLICT);
    assert!(failed.error().contains("FAILED"));
}

#[tokio::test]
async fn app_links_need_a_client_and_a_redirect_uri() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let path = format!("/deployments/{CUSTOMERS}/app-link");
    for (body, needle) in [
        (json!({"redirect_uri": "https://shop.example/"}), "client_id is required"),
        (json!({"client_id": "web-shop"}), "redirect_uri is required"),
        (json!({"client_id": "web-shop", "redirect_uri": "javascript:alert(1)"}), "http(s)"),
        (json!({"client_id": "nope", "redirect_uri": "https://shop.example/"}), "has no client nope"),
    ] {
        let reply = send(&h, Method::POST, &path, &token, Some(body)).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        assert!(reply.error().contains(needle), "{}", reply.error());
    }
    let body = json!({"client_id": "web-shop", "redirect_uri": "https://shop.example/after"});
    let link: ConsoleLink = send(&h, Method::POST, &path, &token, Some(body)).await.json();
    let page = visit(&h, &link.link).await;
    assert!(page.body.contains("Signed in as admin to realm customers through web-shop"), "{}", page.body);
    assert!(page.body.contains("https://shop.example/after"));
    assert_eq!(visit(&h, &link.link).await.status, StatusCode::GONE);
}

#[tokio::test]
async fn tokens_and_metrics() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let reply = send(&h, Method::POST, &format!("/deployments/{CUSTOMERS}/token"), &token, None).await;
    let t: TokenResponse = reply.json();
    assert_eq!((t.base_url.as_str(), t.token_type.as_str()), ("https://acme-prod.global.auth.ac", "Bearer"));
    assert!(t.expires_in.is_some_and(|s| s > 0) && !t.access_token.is_empty());
    let m: Metrics = h.get(&format!("/deployments/{CUSTOMERS}/metrics"), &token).await.json();
    assert_eq!((m.name.as_str(), m.healthy), ("customers", true));
    let counts = m.counts.unwrap_or_default();
    assert!(counts.get("clients").is_some_and(|&n| n >= 8), "{counts:?}");
    let again: Metrics = h.get(&format!("/deployments/{CUSTOMERS}/metrics"), &token).await.json();
    assert_eq!(again.counts, Some(counts));
    let failed: Metrics =
        h.get(&format!("/deployments/{}/metrics", demo::REALM_LEGACY_IMPORT), &token).await.json();
    assert!(!failed.healthy);
    assert_eq!(failed.counts.and_then(|c| c.get("clients").copied()), Some(0));
}

#[tokio::test]
async fn viewers_read_and_every_write_needs_manage_clusters() {
    let h = Harness::start().await;
    let viewer = h.viewer().await;
    let d = format!("/deployments/{CUSTOMERS}");
    for path in [
        d.clone(),
        format!("{d}/metrics"),
        format!("/clusters/{}/deployments", demo::ACME_PROD),
        format!("/clusters/{}/deployments/name-available?name=x", demo::ACME_PROD),
    ] {
        assert_eq!(h.get(&path, &viewer).await.status, StatusCode::OK, "{path}");
    }
    let echoed = serde_json::to_value(realm(&h, &viewer, CUSTOMERS).await).expect("json");
    let app = json!({"client_id": "web-shop", "redirect_uri": "https://x.example/"});
    for (method, path, body) in [
        (Method::POST, format!("/clusters/{}/deployments", demo::ACME_PROD), Some(json!({"name": "v"}))),
        (Method::PUT, d.clone(), Some(echoed)),
        (Method::DELETE, d.clone(), None),
        (Method::POST, format!("{d}/console-link"), None),
        (Method::POST, format!("{d}/app-link"), Some(app)),
        (Method::POST, format!("{d}/token"), None),
        // Realm credentials are the manage role's, even their list (no secret in it).
        (Method::GET, format!("{d}/credentials"), None),
        (Method::POST, format!("{d}/credentials"), None),
        (Method::GET, format!("{d}/credentials/api-x/secret"), None),
        (Method::DELETE, format!("{d}/credentials/api-x"), None),
    ] {
        let reply = send(&h, method.clone(), &path, &viewer, body).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{method} {path}");
        assert!(reply.error().contains("manage-clusters"), "{}", reply.error());
    }
    assert_eq!(realm(&h, &viewer, CUSTOMERS).await.state, DeploymentState::Active);
}

#[tokio::test]
async fn other_organizations_realms_do_not_exist() {
    let h = Harness::start().await;
    let globex = h.globex().await;
    let admin = h.admin().await;
    for path in [
        format!("/deployments/{CUSTOMERS}"),
        format!("/deployments/{CUSTOMERS}/metrics"),
        format!("/deployments/{CUSTOMERS}/credentials"),
        format!("/clusters/{}/deployments", demo::ACME_PROD),
    ] {
        assert_eq!(h.get(&path, &globex).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    let reply =
        send(&h, Method::POST, &format!("/deployments/{CUSTOMERS}/console-link"), &globex, None).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(h.delete(&format!("/deployments/{CUSTOMERS}"), &globex).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        h.get(&format!("/deployments/{}", demo::REALM_GLOBEX), &admin).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(h.get(&format!("/deployments/{}", demo::REALM_GLOBEX), &globex).await.status, StatusCode::OK);
}
