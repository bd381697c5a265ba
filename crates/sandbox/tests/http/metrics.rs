//! What a cluster reports about itself tells the truth: `counts` holds only what the
//! sandbox models (realms, and their clients: Keycloak's six defaults, imported clients
//! and realm credentials; no invented `users`), `healthy` follows the state and restarts,
//! and system info's uptime counts from the latest start.

use crate::common::Harness;
use crate::ext_helpers::send;
use cluster_api::{Metrics, RestartStatus, SystemInfoRepresentation};
use cluster_sandbox::{Config, demo};
use reqwest::Method;
use serde_json::json;
use std::time::Duration;

const PROD: &str = demo::ACME_PROD;
/// account, account-console, admin-cli, broker, realm-management, security-admin-console.
const DEFAULT_CLIENTS: i64 = 6;

async fn metrics(h: &Harness, token: &str, cluster: &str) -> Metrics {
    h.get(&format!("/clusters/{cluster}/metrics"), token).await.json()
}

async fn uptime(h: &Harness, token: &str) -> i64 {
    let info: SystemInfoRepresentation = h.get(&format!("/clusters/{PROD}/systeminfo"), token).await.json();
    info.uptime_millis.expect("uptime")
}

#[tokio::test]
async fn counts_are_realms_and_their_clients_and_never_users() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let realms: Vec<serde_json::Value> = h.get(&format!("/clusters/{PROD}/deployments"), &token).await.json();
    let m = metrics(&h, &token, PROD).await;
    let counts = m.counts.expect("counts");
    assert!(!counts.contains_key("users"), "the sandbox does not model users: {counts:?}");
    assert_eq!(counts.get("realms"), Some(&(realms.len() as i64)));
    // Sum each active realm's clients as the realm's own metrics report them.
    let mut clients = 0;
    for realm in &realms {
        let id = realm["id"].as_str().expect("id");
        let realm_metrics: Metrics = h.get(&format!("/deployments/{id}/metrics"), &token).await.json();
        let realm_counts = realm_metrics.counts.expect("counts");
        assert!(!realm_counts.contains_key("users") && !realm_counts.contains_key("sessions"));
        clients += realm_counts.get("clients").copied().unwrap_or(0);
    }
    assert!(clients >= DEFAULT_CLIENTS * 3, "{clients}");
    assert_eq!(counts.get("clients"), Some(&clients));

    // A cluster created a minute ago holds nothing yet.
    let trial = metrics(&h, &token, demo::ACME_STAGING).await;
    assert!(!trial.healthy);
    assert_eq!(trial.counts.unwrap_or_default().values().sum::<i64>(), 0);
}

#[tokio::test]
async fn a_restart_is_unhealthy_while_it_runs_and_uptime_starts_again() {
    let restart = Duration::from_millis(600);
    let h = Harness::with(Config { restart, ..Config::default() }).await;
    let token = h.admin().await;
    assert!(uptime(&h, &token).await > 24 * 3_600_000, "the demo cluster has run for days");
    assert!(metrics(&h, &token, PROD).await.healthy);

    let set = send(
        &h,
        Method::POST,
        &format!("/clusters/{PROD}/env-vars"),
        &token,
        Some(json!({"name": "A", "value": "x"})),
    )
    .await;
    assert!(set.status.is_success(), "{}", set.body);
    let status: RestartStatus = h.get(&format!("/clusters/{PROD}/restart-status"), &token).await.json();
    assert!(status.restart_in_progress);
    assert!(!metrics(&h, &token, PROD).await.healthy, "restarting is not healthy");

    tokio::time::sleep(restart + Duration::from_millis(300)).await;
    assert!(metrics(&h, &token, PROD).await.healthy);
    let after = uptime(&h, &token).await;
    assert!((0..5_000).contains(&after), "uptime counts from the restart: {after} ms");
}

#[tokio::test]
async fn a_new_realms_clients_count_once_active_without_anyone_listing_realms() {
    let realm = Duration::from_millis(400);
    let h = Harness::with(Config { realm, ..Config::default() }).await;
    let token = h.admin().await;
    let counts = |m: Metrics| m.counts.expect("counts");
    let before = counts(metrics(&h, &token, PROD).await);
    let created = send(
        &h,
        Method::POST,
        &format!("/clusters/{PROD}/deployments"),
        &token,
        Some(json!({"name": "counted-later"})),
    )
    .await;
    assert!(created.status.is_success(), "{}", created.body);
    // The realm counts at once; its clients only once it is active. Only metrics are read
    // from here on: the realm settles by time, as it does for every other read.
    let pending = counts(metrics(&h, &token, PROD).await);
    assert_eq!(pending["realms"], before["realms"] + 1);
    assert_eq!(pending["clients"], before["clients"]);
    tokio::time::sleep(realm + Duration::from_millis(300)).await;
    let active = counts(metrics(&h, &token, PROD).await);
    assert_eq!(active["clients"], before["clients"] + DEFAULT_CLIENTS);
}
