//! Environment variables: name rules, the STRING default, masked secrets, and the
//! restart every write starts (409 during it, for env vars and reconcile alike).

use crate::common::Harness;
use crate::ext_helpers::send;
use cluster_api::{EnvironmentVariableRepresentation as Var, RestartStatus};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::time::Duration;

const PROD: &str = demo::ACME_PROD;
const MASK: &str = "************";

/// Restarts take 400 ms.
fn quick() -> Config {
    Config { restart: Duration::from_millis(400), provision: Duration::ZERO, ..Config::default() }
}

fn vars() -> String {
    format!("/clusters/{PROD}/env-vars")
}

async fn restarting(h: &Harness, token: &str) -> bool {
    h.get(&format!("/clusters/{PROD}/restart-status"), token)
        .await
        .json::<RestartStatus>()
        .restart_in_progress
}

async fn settle(h: &Harness, token: &str) {
    for _ in 0..40 {
        if !restarting(h, token).await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the restart never ended");
}

#[tokio::test]
async fn names_are_checked_and_nothing_restarts_on_a_refusal() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    for (name, says) in [
        ("KC_DB", "reserved"),
        ("KC_HOSTNAME", "KC_SPI_"),
        ("", "name is required"),
        ("   ", "name is required"),
    ] {
        let reply = send(&h, Method::POST, &vars(), &token, Some(json!({"name": name, "value": "x"}))).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{name:?}");
        assert!(reply.error().contains(says), "{name:?}: {}", reply.error());
    }
    let bad_type =
        send(&h, Method::POST, &vars(), &token, Some(json!({"name": "A", "value": "x", "type": "BINARY"})))
            .await;
    assert_eq!(bad_type.status, StatusCode::BAD_REQUEST);
    assert!(!restarting(&h, &token).await, "a refused change starts no restart");
    let spi = send(
        &h,
        Method::POST,
        &vars(),
        &token,
        Some(json!({"name": "KC_SPI_THEME_WELCOME_THEME", "value": "acme"})),
    )
    .await;
    assert_eq!(spi.status, StatusCode::OK, "{}", spi.body);
    let var: Var = spi.json();
    assert_eq!(
        (var.name.as_str(), var.value.as_str(), var.r#type.as_str()),
        ("KC_SPI_THEME_WELCOME_THEME", "acme", "STRING")
    );
    settle(&h, &token).await;
    let dup = send(
        &h,
        Method::POST,
        &vars(),
        &token,
        Some(json!({"name": "KC_SPI_THEME_WELCOME_THEME", "value": "b"})),
    )
    .await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    assert!(dup.error().contains("already has"));
}

#[tokio::test]
async fn secrets_read_back_masked_everywhere() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let reply = send(
        &h,
        Method::POST,
        &vars(),
        &token,
        Some(json!({"name": "SMTP_PASSWORD", "value": "hunter2", "type": "SECRET"})),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(!reply.body.contains("hunter2"));
    let created: Var = reply.json();
    assert_eq!((created.value.as_str(), created.r#type.as_str()), (MASK, "SECRET"));
    let detail = h.get(&format!("{}/{}", vars(), created.id), &token).await;
    assert_eq!(detail.json::<Var>().value, MASK);
    let list = h.get(&vars(), &token).await;
    assert!(!list.body.contains("hunter2"));
    assert_eq!(list.json::<Vec<Var>>()[0].value, MASK);
    settle(&h, &token).await;
    // Replacing the value without a type keeps it a secret.
    let path = format!("{}/{}", vars(), created.id);
    let updated =
        send(&h, Method::PUT, &path, &token, Some(json!({"name": "SMTP_PASSWORD", "value": "s3cr3t"}))).await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.body);
    assert!(!updated.body.contains("s3cr3t"));
    assert_eq!(updated.json::<Var>().r#type.as_str(), "SECRET");
}

#[tokio::test]
async fn each_write_restarts_and_writes_during_a_restart_are_refused() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let created: Var =
        send(&h, Method::POST, &vars(), &token, Some(json!({"name": "MY_VAR", "value": "1"}))).await.json();
    assert!(restarting(&h, &token).await, "create restarts");
    let path = format!("{}/{}", vars(), created.id);
    let second = send(&h, Method::POST, &vars(), &token, Some(json!({"name": "OTHER", "value": "2"}))).await;
    assert_eq!(second.status, StatusCode::CONFLICT);
    assert!(
        second.error().contains("restart") && second.error().contains("in progress"),
        "{}",
        second.error()
    );
    let update = send(&h, Method::PUT, &path, &token, Some(json!({"name": "MY_VAR", "value": "3"}))).await;
    assert_eq!(update.status, StatusCode::CONFLICT);
    assert_eq!(h.delete(&path, &token).await.status, StatusCode::CONFLICT);
    let reconcile =
        send(&h, Method::POST, &format!("/clusters/{PROD}/extensions/cluster-update"), &token, None).await;
    assert_eq!(reconcile.status, StatusCode::CONFLICT);
    assert!(reconcile.error().contains("restart"));
    let listed: Vec<Var> = h.get(&vars(), &token).await.json();
    assert_eq!(
        listed.iter().map(|v| (v.name.as_str(), v.value.as_str())).collect::<Vec<_>>(),
        [("MY_VAR", "1")],
        "nothing changed"
    );

    settle(&h, &token).await;
    let update =
        send(&h, Method::PUT, &path, &token, Some(json!({"name": "MY_VAR_RENAMED", "value": "3"}))).await;
    assert_eq!(update.status, StatusCode::OK);
    assert_eq!(update.json::<Var>().name, "MY_VAR_RENAMED");
    assert!(restarting(&h, &token).await, "update restarts");
    settle(&h, &token).await;
    assert_eq!(h.delete(&path, &token).await.status, StatusCode::NO_CONTENT);
    assert!(restarting(&h, &token).await, "delete restarts");
    settle(&h, &token).await;
    assert_eq!(h.get(&path, &token).await.status, StatusCode::NOT_FOUND);
    assert!(h.get(&vars(), &token).await.json::<Vec<Var>>().is_empty());
}

#[tokio::test]
async fn roles_tenancy_and_the_active_gate() {
    let h = Harness::with(Config { provision: Duration::from_secs(600), ..quick() }).await;
    let admin = h.admin().await;
    let created: Var =
        send(&h, Method::POST, &vars(), &admin, Some(json!({"name": "A", "value": "1"}))).await.json();
    let viewer = h.viewer().await;
    assert_eq!(h.get(&vars(), &viewer).await.status, StatusCode::OK);
    let write = send(&h, Method::POST, &vars(), &viewer, Some(json!({"name": "B", "value": "1"}))).await;
    assert_eq!(write.status, StatusCode::FORBIDDEN);
    assert!(write.error().contains("manage-clusters"));
    assert_eq!(h.delete(&format!("{}/{}", vars(), created.id), &viewer).await.status, StatusCode::FORBIDDEN);
    let globex = h.globex().await;
    assert_eq!(h.get(&vars(), &globex).await.status, StatusCode::NOT_FOUND);
    let staging = format!("/clusters/{}/env-vars", demo::ACME_STAGING);
    let provisioning =
        send(&h, Method::POST, &staging, &admin, Some(json!({"name": "A", "value": "1"}))).await;
    assert_eq!(provisioning.status, StatusCode::CONFLICT);
    assert!(provisioning.error().contains("ACTIVE"));
}
