//! Cluster reads, name checks and delete semantics on the seeded demo world.

use crate::common::Harness;
use cluster_api::{Cluster, Metrics, NameAvailability, Region, RestartStatus};
use cluster_sandbox::demo;
use reqwest::StatusCode;

fn ids(clusters: &[Cluster]) -> Vec<&str> {
    clusters.iter().map(|c| c.id.as_str()).collect()
}

#[tokio::test]
async fn list_shows_every_state_but_archived() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let clusters: Vec<Cluster> = h.get("/clusters", &token).await.json();
    let listed = ids(&clusters);
    for id in [demo::ACME_PROD, demo::ACME_STAGING, demo::ACME_LEGACY, demo::ACME_TRIAL] {
        assert!(listed.contains(&id), "{id} in {listed:?}");
    }
    assert!(!listed.contains(&demo::ACME_ARCHIVED));

    let archived: Cluster = h.get(&format!("/clusters/{}", demo::ACME_ARCHIVED), &token).await.json();
    assert_eq!(archived.status.as_str(), "ARCHIVED", "detail still answers");
}

#[tokio::test]
async fn detail_has_the_wire_shape() {
    let h = Harness::start().await;
    let prod: Cluster = h.get(&format!("/clusters/{}", demo::ACME_PROD), &h.admin().await).await.json();
    assert_eq!(prod.name, "acme-prod");
    assert_eq!(prod.host, "https://acme-prod.global.auth.ac");
    assert_eq!(
        prod.region,
        Region { name: "EU_CENTRAL_1".into(), provider: "aws".into(), region: "eu-central-1".into() }
    );
    assert_eq!((prod.tier.as_str(), prod.status.as_str()), ("enterprise", "ACTIVE"));
    assert_eq!(prod.owner.as_deref(), Some(demo::ACME_ORG_ID));
    assert_eq!(prod.variant.as_deref(), Some("DEDICATED"));
    assert_eq!(prod.resource_limits.as_str(), "standard");
    assert!(prod.created_at.0 < chrono::Utc::now().timestamp_millis());
}

#[tokio::test]
async fn unknown_ids_are_not_found() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for suffix in ["", "/metrics", "/restart-status", "/systeminfo"] {
        let reply = h.get(&format!("/clusters/no-such-cluster{suffix}"), &token).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{suffix}");
        assert_eq!(reply.error(), "No cluster with ID no-such-cluster was found.");
    }
    assert_eq!(h.delete("/clusters/no-such-cluster", &token).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn regions_metrics_and_restart_status() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let regions: Vec<Region> = h.get("/clusters/regions", &token).await.json();
    let names: Vec<&str> = regions.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["US_EAST_1", "US_WEST_2", "EU_CENTRAL_1"]);
    assert!(regions.iter().all(|r| r.provider == "aws"));

    let metrics: Metrics = h.get(&format!("/clusters/{}/metrics", demo::ACME_PROD), &token).await.json();
    assert!(metrics.healthy);
    assert_eq!(metrics.name, "acme-prod");
    let again: Metrics = h.get(&format!("/clusters/{}/metrics", demo::ACME_PROD), &token).await.json();
    assert_eq!(metrics, again, "deterministic");
    let staging: Metrics = h.get(&format!("/clusters/{}/metrics", demo::ACME_STAGING), &token).await.json();
    assert!(!staging.healthy);

    let restart: RestartStatus =
        h.get(&format!("/clusters/{}/restart-status", demo::ACME_PROD), &token).await.json();
    assert!(!restart.restart_in_progress);
}

#[tokio::test]
async fn name_availability() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let check = |name: &str| format!("/clusters/name-available?name={name}");

    let reply = h.get("/clusters/name-available", &token).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.error(), "name is required");
    assert_eq!(h.get(&check(""), &token).await.status, StatusCode::BAD_REQUEST);

    let fresh: NameAvailability = h.get(&check("Brand-New"), &token).await.json();
    assert_eq!((fresh.name.as_str(), fresh.available), ("brand-new", true));

    let taken: NameAvailability = h.get(&check("ACME-PROD"), &token).await.json();
    assert_eq!((taken.name.as_str(), taken.available), ("acme-prod", false));
    let recommendation = taken.recommendation.expect("a recommendation");
    let recommended: NameAvailability = h.get(&check(&recommendation), &token).await.json();
    assert!(recommended.available, "{recommendation}");

    // Names are global: another organization's and archived clusters' names are taken too.
    for name in ["globex-prod", "acme-old", "admin", "no", "bad_name"] {
        let reply: NameAvailability = h.get(&check(name), &token).await.json();
        assert!(!reply.available, "{name}");
    }
}

#[tokio::test]
async fn deleting_a_billed_cluster_schedules_it() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let path = format!("/clusters/{}", demo::ACME_PROD);
    let reply = h.delete(&path, &token).await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT);
    assert!(reply.body.is_empty());

    let cluster: Cluster = h.get(&path, &token).await.json();
    assert_eq!(cluster.status.as_str(), "PENDING_DELETION");
    let listed: Vec<Cluster> = h.get("/clusters", &token).await.json();
    assert!(ids(&listed).contains(&demo::ACME_PROD));
    let name: NameAvailability = h.get("/clusters/name-available?name=acme-prod", &token).await.json();
    assert!(!name.available, "the name stays reserved");

    let again = h.delete(&path, &token).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(again.error().contains("already scheduled for deletion"), "{}", again.error());
}

#[tokio::test]
async fn deleting_a_never_billed_cluster_removes_it() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let path = format!("/clusters/{}", demo::ACME_TRIAL);
    assert_eq!(h.delete(&path, &token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(h.get(&path, &token).await.status, StatusCode::NOT_FOUND);
    let name: NameAvailability = h.get("/clusters/name-available?name=acme-trial", &token).await.json();
    assert!(name.available, "the name is free again");
}

#[tokio::test]
async fn deleting_an_archived_cluster_conflicts() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let reply = h.delete(&format!("/clusters/{}", demo::ACME_ARCHIVED), &token).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert!(reply.error().contains("archived"), "{}", reply.error());
}
