//! Extension slots: create (201 + Location), list/detail/update/delete, names, tier
//! caps, roles, tenancy, the ACTIVE gate and reconcile's restart.

use crate::common::Harness;
use crate::ext_helpers::{create, detail, ext_path, fast, new_version, send};
use cluster_api::{Extension, RestartStatus};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::time::Duration;

const PROD: &str = demo::ACME_PROD;

#[tokio::test]
async fn keycloak_versions_are_a_bare_int_array() {
    let h = Harness::start().await;
    let token = h.viewer().await;
    let reply = h.get(&format!("/clusters/{PROD}/extensions/keycloak-versions"), &token).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json::<Vec<i32>>(), [24, 25, 26]);
    let listed: Vec<Extension> = h.get(&format!("/clusters/{PROD}/extensions"), &token).await.json();
    assert!(listed.is_empty());
}

#[tokio::test]
async fn create_answers_201_with_a_location_and_starts_enabled() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let body = json!({"name": "acme-theme", "resourceType": "THEME"});
    let reply = send(&h, Method::POST, &format!("/clusters/{PROD}/extensions"), &token, Some(body)).await;
    assert_eq!(reply.status, StatusCode::CREATED);
    assert!(reply.body.is_empty());
    let location = reply.headers["location"].to_str().expect("ascii");
    let id = location.rsplit('/').next().expect("id");
    let want = format!("{}/auth/realms/self/v2/clusters/{PROD}/extensions/{id}", h.sandbox.base_url());
    assert_eq!(location, want);

    let ext = detail(&h, &token, PROD, id).await;
    assert_eq!((ext.name.as_str(), ext.enabled, ext.resource_type.as_str()), ("acme-theme", true, "THEME"));
    assert_eq!(ext.versions, Some(vec![]));
    assert!(ext.created_at.is_some());

    create(&h, &token, PROD, "denylist", "PASSWORD_BLACKLIST").await;
    let list = |q: &'static str| format!("/clusters/{PROD}/extensions{q}");
    let all: Vec<Extension> = h.get(&list(""), &token).await.json();
    assert_eq!(all.len(), 2);
    let themes: Vec<Extension> = h.get(&list("?type=THEME"), &token).await.json();
    assert_eq!(themes.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), [id]);
    let wk: Vec<Extension> = h.get(&list("?type=WELL_KNOWN"), &token).await.json();
    assert!(wk.is_empty());
    let bad = h.get(&list("?type=PLUGIN"), &token).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.error().contains("type must be THEME, EXTENSION, PASSWORD_BLACKLIST or WELL_KNOWN"));
}

#[tokio::test]
async fn names_are_checked_and_unique_per_cluster() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let path = format!("/clusters/{PROD}/extensions");
    for name in ["", "Theme", "my theme", "ü", &"x".repeat(64)] {
        let reply =
            send(&h, Method::POST, &path, &token, Some(json!({"name": name, "resourceType": "THEME"}))).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{name}");
        assert!(
            reply.error().contains("lowercase letters, digits, hyphens or underscores"),
            "{}",
            reply.error()
        );
    }
    let reply =
        send(&h, Method::POST, &path, &token, Some(json!({"name": "x", "resourceType": "PLUGIN"}))).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().contains("resourceType must be"), "{}", reply.error());
    let reply = send(&h, Method::POST, &path, &token, Some(json!({"resourceType": "THEME"}))).await;
    assert_eq!(reply.error(), "name is required");

    create(&h, &token, PROD, "theme_1-0-0", "THEME").await;
    let reply = send(
        &h,
        Method::POST,
        &path,
        &token,
        Some(json!({"name": "theme_1-0-0", "resourceType": "EXTENSION"})),
    )
    .await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert_eq!(reply.error(), "acme-prod already has an extension named theme_1-0-0.");
    // Names are per cluster: another cluster may reuse it.
    create(&h, &token, demo::ACME_DEV, "theme_1-0-0", "THEME").await;
}

async fn refused(h: &Harness, token: &str, cluster: &str, name: &str, kind: &str) -> String {
    let body = json!({"name": name, "resourceType": kind});
    let reply = send(h, Method::POST, &format!("/clusters/{cluster}/extensions"), token, Some(body)).await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "{name}: {}", reply.body);
    reply.error()
}

#[tokio::test]
async fn starter_tier_caps() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let dev = demo::ACME_DEV;
    assert_eq!(
        refused(&h, &token, dev, "provider", "EXTENSION").await,
        "The starter tier allows 0 extensions or password denylists; acme-dev has 0. Upgrade the cluster to \
         add more."
    );
    assert!(refused(&h, &token, dev, "denylist", "PASSWORD_BLACKLIST").await.contains("allows 0 extensions"));
    create(&h, &token, dev, "theme", "THEME").await;
    assert_eq!(
        refused(&h, &token, dev, "theme-2", "THEME").await,
        "The starter tier allows 1 theme; acme-dev has 1. Upgrade the cluster to add more."
    );
    create(&h, &token, dev, "links", "WELL_KNOWN").await;
}

#[tokio::test]
async fn premium_tier_caps_share_extensions_and_denylists() {
    let h = Harness::with(fast()).await;
    let token = h.admin().await;
    let staging = demo::ACME_STAGING;
    create(&h, &token, staging, "provider", "EXTENSION").await;
    assert_eq!(
        refused(&h, &token, staging, "denylist", "PASSWORD_BLACKLIST").await,
        "The premium tier allows 1 extension or password denylist; acme-staging has 1. Upgrade the cluster \
         to add more."
    );
    create(&h, &token, staging, "theme", "THEME").await;
    assert!(
        refused(&h, &token, staging, "theme-2", "THEME")
            .await
            .starts_with("The premium tier allows 1 theme;")
    );
    // Enterprise has no caps.
    for name in ["a", "b", "c"] {
        create(&h, &token, PROD, name, "EXTENSION").await;
        create(&h, &token, PROD, &format!("{name}-theme"), "THEME").await;
    }
}

#[tokio::test]
async fn update_toggles_and_delete_takes_every_version() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let id = create(&h, &token, PROD, "provider", "EXTENSION").await;
    new_version(&h, &token, PROD, &id, 26).await;
    new_version(&h, &token, PROD, &id, 25).await;

    let reply = send(&h, Method::PUT, &ext_path(PROD, &id), &token, Some(json!({"enabled": false}))).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let ext: Extension = reply.json();
    assert!(!ext.enabled);
    let majors: Vec<Option<i32>> =
        ext.versions.unwrap_or_default().iter().map(|v| v.keycloak_major_version).collect();
    assert_eq!(majors, [Some(25), Some(26)], "disabling keeps versions, sorted by major");
    let reply = send(&h, Method::PUT, &ext_path(PROD, &id), &token, Some(json!({}))).await;
    assert_eq!(reply.error(), "enabled is required");

    let reply = h.delete(&ext_path(PROD, &id), &token).await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT);
    let gone = h.get(&ext_path(PROD, &id), &token).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(gone.error(), format!("acme-prod has no extension with ID {id}."));
    assert_eq!(h.delete(&ext_path(PROD, &id), &token).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn writes_need_manage_clusters_and_an_active_cluster() {
    let h = Harness::start().await;
    let (admin, viewer, globex) = (h.admin().await, h.viewer().await, h.globex().await);
    let id = create(&h, &admin, PROD, "theme", "THEME").await;

    let body = json!({"name": "other", "resourceType": "THEME"});
    let reply =
        send(&h, Method::POST, &format!("/clusters/{PROD}/extensions"), &viewer, Some(body.clone())).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(reply.error(), "This API secret lacks the manage-clusters role in organization Acme Inc.");
    let reply = send(&h, Method::PUT, &ext_path(PROD, &id), &viewer, Some(json!({"enabled": false}))).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(h.get(&ext_path(PROD, &id), &viewer).await.status, StatusCode::OK, "viewers read");

    for path in [
        format!("/clusters/{PROD}/extensions"),
        ext_path(PROD, &id),
        format!("{}/well-known", ext_path(PROD, &id)),
    ] {
        let reply = h.get(&path, &globex).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(reply.error(), format!("No cluster with ID {PROD} was found."));
    }
    let reply =
        send(&h, Method::POST, &format!("/clusters/{PROD}/extensions"), &globex, Some(body.clone())).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);

    let legacy = format!("/clusters/{}/extensions", demo::ACME_LEGACY);
    let reply = send(&h, Method::POST, &legacy, &admin, Some(body)).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert_eq!(
        reply.error(),
        "acme-legacy is PENDING_DELETION; its extensions can be changed only while it is ACTIVE."
    );
    assert_eq!(h.get(&legacy, &admin).await.status, StatusCode::OK, "reads still work");
}

#[tokio::test]
async fn reconcile_restarts_once_at_a_time() {
    let h = Harness::with(fast()).await;
    let token = h.admin().await;
    let reconcile = format!("/clusters/{PROD}/extensions/cluster-update");
    let status = format!("/clusters/{PROD}/restart-status");

    let reply = send(&h, Method::POST, &reconcile, &token, None).await;
    assert_eq!(reply.status, StatusCode::ACCEPTED);
    assert!(reply.body.is_empty());
    assert!(h.get(&status, &token).await.json::<RestartStatus>().restart_in_progress);

    let again = send(&h, Method::POST, &reconcile, &token, None).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.error(), "A restart of acme-prod is already in progress; try again when it finishes.");

    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert!(!h.get(&status, &token).await.json::<RestartStatus>().restart_in_progress);
    assert_eq!(send(&h, Method::POST, &reconcile, &token, None).await.status, StatusCode::ACCEPTED);

    let viewer = send(&h, Method::POST, &reconcile, &h.viewer().await, None).await;
    assert_eq!(viewer.status, StatusCode::FORBIDDEN);
}
