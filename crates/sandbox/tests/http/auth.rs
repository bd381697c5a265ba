//! Bearer tokens, organization roles and tenant isolation.

use crate::common::Harness;
use cluster_api::{Cluster, Org};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use std::time::Duration;

#[tokio::test]
async fn calls_without_a_usable_token_are_unauthorized() {
    let h = Harness::start().await;
    let cases = [
        (None, "needs an access token"),
        (Some("Basic ZGVtbzpkZW1v"), "malformed"),
        (Some("Bearer"), "malformed"),
        (Some("Bearer "), "malformed"),
        (Some("Bearer not-a-token"), "not valid"),
    ];
    for (header, says) in cases {
        let reply = h.raw(Method::GET, "/v2/clusters", header).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{header:?}");
        assert!(reply.error().contains(says), "{header:?}: {}", reply.error());
        assert!(reply.headers.contains_key("www-authenticate"));
    }
}

#[tokio::test]
async fn expired_tokens_are_unauthorized() {
    let h = Harness::with(Config { token_ttl: Duration::from_secs(1), ..Config::default() }).await;
    let token = h.admin().await;
    assert_eq!(h.get("/clusters", &token).await.status, StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let reply = h.get("/clusters", &token).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert!(reply.error().contains("expired"), "{}", reply.error());
}

#[tokio::test]
async fn org_list_shows_the_roles_of_the_secret() {
    let h = Harness::start().await;
    let orgs: Vec<Org> = h.get("/orgs", &h.admin().await).await.json();
    assert_eq!(orgs.len(), 1);
    assert_eq!((orgs[0].id.as_str(), orgs[0].name.as_str()), (demo::ACME_ORG_ID, "acme"));
    assert_eq!(orgs[0].display_name.as_deref(), Some("Acme Inc."));
    assert_eq!(orgs[0].roles.len(), demo::ALL_ROLES.len());

    let orgs: Vec<Org> = h.get("/orgs", &h.viewer().await).await.json();
    let mut want: Vec<String> = demo::VIEWER_ROLES.iter().map(|r| r.to_string()).collect();
    want.sort();
    assert_eq!(orgs[0].roles, want);

    let orgs: Vec<Org> = h.get("/orgs", &h.globex().await).await.json();
    assert_eq!(orgs.iter().map(|o| o.id.as_str()).collect::<Vec<_>>(), [demo::GLOBEX_ORG_ID]);
}

#[tokio::test]
async fn a_viewer_reads_but_cannot_delete() {
    let h = Harness::start().await;
    let viewer = h.viewer().await;
    let path = format!("/clusters/{}", demo::ACME_PROD);
    assert_eq!(h.get(&path, &viewer).await.status, StatusCode::OK);
    let reply = h.delete(&path, &viewer).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(reply.error(), "This API secret lacks the manage-clusters role in organization Acme Inc.");
    let cluster: Cluster = h.get(&path, &viewer).await.json();
    assert_eq!(cluster.status.as_str(), "ACTIVE", "unchanged");
}

#[tokio::test]
async fn organizations_cannot_see_each_others_clusters() {
    let h = Harness::start().await;
    let (acme, globex) = (h.admin().await, h.globex().await);

    let acme_ids: Vec<String> =
        h.get("/clusters", &acme).await.json::<Vec<Cluster>>().into_iter().map(|c| c.id).collect();
    assert!(acme_ids.contains(&demo::ACME_PROD.to_string()));
    assert!(!acme_ids.contains(&demo::GLOBEX_PROD.to_string()));
    let globex_ids: Vec<String> =
        h.get("/clusters", &globex).await.json::<Vec<Cluster>>().into_iter().map(|c| c.id).collect();
    assert_eq!(globex_ids, [demo::GLOBEX_PROD]);

    for (token, foreign) in [(&acme, demo::GLOBEX_PROD), (&globex, demo::ACME_PROD)] {
        for suffix in ["", "/metrics", "/restart-status", "/systeminfo"] {
            let reply = h.get(&format!("/clusters/{foreign}{suffix}"), token).await;
            assert_eq!(reply.status, StatusCode::NOT_FOUND, "{foreign}{suffix}");
        }
        assert_eq!(h.delete(&format!("/clusters/{foreign}"), token).await.status, StatusCode::NOT_FOUND);
    }
    let reply = h.get(&format!("/clusters/{}", demo::GLOBEX_PROD), &globex).await;
    assert_eq!(reply.json::<Cluster>().status.as_str(), "ACTIVE", "the failed delete changed nothing");
}
