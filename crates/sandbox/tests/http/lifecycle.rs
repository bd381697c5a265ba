//! Time and restarts: provisioning completes, and state survives a restart.

use crate::common::Harness;
use cluster_api::{Cluster, SystemInfoRepresentation};
use cluster_sandbox::{Config, demo};
use reqwest::StatusCode;
use std::path::PathBuf;
use std::time::Duration;

#[tokio::test]
async fn provisioning_becomes_active_after_the_provision_time() {
    let provision = Duration::from_secs(2);
    let h = Harness::with(Config { provision, ..Config::default() }).await;
    let token = h.admin().await;
    let path = format!("/clusters/{}", demo::ACME_STAGING);

    let staging: Cluster = h.get(&path, &token).await.json();
    assert_eq!(staging.status.as_str(), "PROVISIONING");
    let info = h.get(&format!("{path}/systeminfo"), &token).await;
    assert_eq!(info.status, StatusCode::CONFLICT);
    assert_eq!(
        info.error(),
        "System information is available only while the cluster is ACTIVE; acme-staging is PROVISIONING."
    );

    tokio::time::sleep(provision + Duration::from_millis(200)).await;
    let staging: Cluster = h.get(&path, &token).await.json();
    assert_eq!(staging.status.as_str(), "ACTIVE");
    let info: SystemInfoRepresentation = h.get(&format!("{path}/systeminfo"), &token).await.json();
    assert!(info.version.is_some());
    assert!(info.uptime_millis.is_some_and(|ms| ms >= 0));
}

struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[tokio::test]
async fn state_survives_a_restart_with_the_same_data_file() {
    let file = TempFile(std::env::temp_dir().join(format!("sandbox-test-{}.sqlite3", uuid::Uuid::new_v4())));
    let config = Config { data: file.0.clone(), ..Config::default() };

    let first = Harness::with(config.clone()).await;
    let old_token = first.admin().await;
    let path = format!("/clusters/{}", demo::ACME_PROD);
    assert_eq!(first.delete(&path, &old_token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(
        first.delete(&format!("/clusters/{}", demo::ACME_TRIAL), &old_token).await.status,
        StatusCode::NO_CONTENT
    );
    first.sandbox.stop().await;

    let second = Harness::with(config).await;
    assert_eq!(second.get(&path, &old_token).await.status, StatusCode::UNAUTHORIZED, "tokens live in memory");
    let token = second.admin().await;
    let prod: Cluster = second.get(&path, &token).await.json();
    assert_eq!(prod.status.as_str(), "PENDING_DELETION");
    assert_eq!(
        second.get(&format!("/clusters/{}", demo::ACME_TRIAL), &token).await.status,
        StatusCode::NOT_FOUND
    );
    let listed: Vec<Cluster> = second.get("/clusters", &token).await.json();
    let mut ids: Vec<&str> = listed.iter().map(|c| c.id.as_str()).collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "not seeded twice");
    assert_eq!(listed.iter().filter(|c| c.id == demo::ACME_PROD).count(), 1, "not seeded twice");
}
