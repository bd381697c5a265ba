//! Realms on a cluster: the list and its search, create (201 + Location, PENDING then
//! ACTIVE), names and the availability check, the ACTIVE gate and the tier caps.

use crate::common::Harness;
use crate::realm_helpers::{create, quick, realm, send, settled};
use cluster_api::{Deployment, DeploymentState, NameAvailability};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::json;

const PROD: &str = demo::ACME_PROD;

#[tokio::test]
async fn the_seeded_realms_are_listed_with_every_field_and_searchable() {
    let h = Harness::start().await;
    let token = h.viewer().await;
    let all: Vec<Deployment> = h.get(&format!("/clusters/{PROD}/deployments"), &token).await.json();
    let names: Vec<&str> = all.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["customers", "partners", "internal", "legacy-import"]);
    let customers = &all[0];
    assert_eq!(customers.org_id.as_deref(), Some(demo::ACME_ORG_ID));
    assert_eq!(customers.region.as_deref(), Some("eu-central-1"));
    assert_eq!(customers.cluster.as_ref().map(|c| c.id.as_str()), Some(PROD));
    assert_eq!(customers.state, DeploymentState::Active);
    assert!(customers.created_at.is_some() && customers.display_name.is_some());
    let failed = &all[3];
    assert_eq!(failed.state, DeploymentState::Failed);
    assert_eq!(failed.state_error.as_deref(), Some(demo::LEGACY_IMPORT_ERROR));
    let found: Vec<Deployment> =
        h.get(&format!("/clusters/{PROD}/deployments?search=PART"), &token).await.json();
    assert_eq!(found.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["partners"]);
    let dev: Vec<Deployment> =
        h.get(&format!("/clusters/{}/deployments", demo::ACME_DEV), &token).await.json();
    assert_eq!(dev.len(), demo::ACME_DEV_REALMS);
}

#[tokio::test]
async fn create_answers_201_with_a_location_and_goes_pending_then_active() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let reply = send(
        &h,
        Method::POST,
        &format!("/clusters/{PROD}/deployments"),
        &token,
        Some(json!({"name": "Tenant-One"})),
    )
    .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    assert!(reply.body.is_empty());
    let location = reply.headers["location"].to_str().expect("ascii").to_string();
    let id = location.rsplit('/').next().expect("id").to_string();
    assert_eq!(location, format!("{}/auth/realms/self/v2/deployments/{id}", h.sandbox.base_url()));
    let fresh = realm(&h, &token, &id).await;
    assert_eq!((fresh.name.as_str(), fresh.state.clone()), ("tenant-one", DeploymentState::Pending));
    assert_eq!(fresh.created_by_user_id.as_deref(), Some(demo::ADMIN_CLIENT_ID));
    assert_eq!(settled(&h, &token, &id).await.state, DeploymentState::Active);
}

#[tokio::test]
async fn names_are_checked_with_a_recommendation() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let check = |name: &str| format!("/clusters/{PROD}/deployments/name-available?name={name}");
    let taken: NameAvailability = h.get(&check("Customers"), &token).await.json();
    assert_eq!((taken.name.as_str(), taken.available), ("customers", false));
    assert_eq!(taken.recommendation.as_deref(), Some("customers-2"));
    let reserved: NameAvailability = h.get(&check("master"), &token).await.json();
    assert!(!reserved.available && reserved.recommendation.is_some());
    let malformed: NameAvailability = h.get(&check("my%20realm"), &token).await.json();
    assert_eq!((malformed.available, malformed.recommendation.as_deref()), (false, Some("my-realm")));
    let free: NameAvailability = h.get(&check("brand-new"), &token).await.json();
    assert!(free.available && free.recommendation.is_none());
    assert_eq!(
        h.get(&format!("/clusters/{PROD}/deployments/name-available"), &token).await.status,
        StatusCode::BAD_REQUEST
    );

    let post = |name: String| {
        let (h, token) = (&h, &token);
        async move {
            send(
                h,
                Method::POST,
                &format!("/clusters/{PROD}/deployments"),
                token,
                Some(json!({"name": name})),
            )
            .await
        }
    };
    let dup = post("CUSTOMERS".into()).await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    assert!(dup.error().contains("already has a realm named customers"), "{}", dup.error());
    let master = post("master".into()).await;
    assert_eq!(master.status, StatusCode::CONFLICT);
    assert!(master.error().contains("reserved"));
    assert_eq!(post("a b".into()).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(post("".into()).await.status, StatusCode::BAD_REQUEST);
    let long = post("x".repeat(256)).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert!(long.error().contains("255"));
    assert_eq!(post("x".repeat(255)).await.status, StatusCode::CREATED);
}

#[tokio::test]
async fn only_an_active_cluster_takes_realms_and_the_refusal_names_its_state() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for (cluster, state) in [(demo::ACME_LEGACY, "PENDING_DELETION"), (demo::ACME_STAGING, "PROVISIONING")] {
        let reply = send(
            &h,
            Method::POST,
            &format!("/clusters/{cluster}/deployments"),
            &token,
            Some(json!({"name": "x"})),
        )
        .await;
        assert_eq!(reply.status, StatusCode::CONFLICT, "{cluster}");
        assert!(reply.error().contains(state) && reply.error().contains("ACTIVE"), "{}", reply.error());
    }
}

#[tokio::test]
async fn the_starter_cap_is_five_and_the_refusal_names_it() {
    let h = Harness::start().await;
    let token = h.admin().await;
    create(&h, &token, demo::ACME_DEV, "fifth").await;
    let reply = send(
        &h,
        Method::POST,
        &format!("/clusters/{}/deployments", demo::ACME_DEV),
        &token,
        Some(json!({"name": "sixth"})),
    )
    .await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    let why = reply.error();
    assert!(why.contains("cap of the starter tier (5)"), "{why}");
    // Deleting one frees a slot.
    let dev: Vec<Deployment> =
        h.get(&format!("/clusters/{}/deployments", demo::ACME_DEV), &token).await.json();
    assert_eq!(h.delete(&format!("/deployments/{}", dev[0].id), &token).await.status, StatusCode::NO_CONTENT);
    create(&h, &token, demo::ACME_DEV, "sixth").await;
}

#[tokio::test]
async fn the_premium_cap_is_twenty() {
    let h = Harness::start().await;
    let token = h.globex().await;
    // Globex's premium cluster starts with one realm.
    for i in 0..19 {
        create(&h, &token, demo::GLOBEX_PROD, &format!("r{i}")).await;
    }
    let reply = send(
        &h,
        Method::POST,
        &format!("/clusters/{}/deployments", demo::GLOBEX_PROD),
        &token,
        Some(json!({"name": "r20"})),
    )
    .await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert!(reply.error().contains("premium tier (20)"), "{}", reply.error());
}

#[tokio::test]
async fn cluster_metrics_count_the_realms_it_holds() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let before: cluster_api::Metrics =
        h.get(&format!("/clusters/{}/metrics", demo::ACME_DEV), &token).await.json();
    assert_eq!(
        before.counts.as_ref().and_then(|c| c.get("realms").copied()),
        Some(demo::ACME_DEV_REALMS as i64)
    );
    create(&h, &token, demo::ACME_DEV, "fifth").await;
    let after: cluster_api::Metrics =
        h.get(&format!("/clusters/{}/metrics", demo::ACME_DEV), &token).await.json();
    assert_eq!(after.counts.and_then(|c| c.get("realms").copied()), Some(demo::ACME_DEV_REALMS as i64 + 1));
}
