//! Custom domains: validation, uniqueness, the ACTIVE gate, tier caps, the simulated
//! DNS and certificate timeline, the primary host and deleting it, roles and tenancy.

use crate::common::Harness;
use crate::ext_helpers::send;
use cluster_api::{Cluster, CustomerDomain, CustomerDomainValidation};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::time::Duration;

const PROD: &str = demo::ACME_PROD;

/// DNS publishes after 300 ms, the certificate after 600 ms, `.invalid` times out at 900 ms.
fn quick() -> Config {
    Config {
        dns: Duration::from_millis(300),
        dns_timeout: Duration::from_millis(900),
        provision: Duration::ZERO,
        ..Config::default()
    }
}

async fn add(h: &Harness, token: &str, cluster: &str, host: &str) -> crate::common::Reply {
    send(h, Method::POST, &format!("/clusters/{cluster}/domains"), token, Some(json!({"host": host}))).await
}

async fn set_host(h: &Harness, token: &str, cluster: &str, host: &str) -> crate::common::Reply {
    send(h, Method::PUT, &format!("/clusters/{cluster}/host"), token, Some(json!({"host": host}))).await
}

async fn status(h: &Harness, token: &str, cluster: &str, id: &str) -> CustomerDomainValidation {
    let reply = h.get(&format!("/clusters/{cluster}/domains/{id}/status"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

#[tokio::test]
async fn create_answers_a_validation_with_the_records_to_create() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let reply = add(&h, &token, PROD, "Auth.Acme.com").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let v: CustomerDomainValidation = reply.json();
    assert_eq!(
        (v.status.as_str(), v.certificate_status.as_str()),
        ("PENDING_VALIDATION", "PENDING_VALIDATION")
    );
    assert_eq!(v.domain.domain, "auth.acme.com");
    assert_eq!(v.domain.r#type.as_str(), "WEB");
    assert_eq!(v.domain.organization_id.as_deref(), Some(demo::ACME_ORG_ID));
    let records = v.domain.domain_records.clone().expect("records");
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|r| r.r#type.as_str() == "CNAME"));
    assert!(records[0].name.starts_with('_') && records[0].name.ends_with(".auth.acme.com."));
    assert_eq!(
        (records[1].name.as_str(), records[1].value.as_str()),
        ("auth.acme.com.", "acme-prod.global.auth.ac.")
    );
    // The wire spells these camelCase.
    assert!(reply.body.contains("\"certificateStatus\"") && reply.body.contains("\"domainRecords\""));

    let listed: Vec<CustomerDomain> = h.get(&format!("/clusters/{PROD}/domains"), &token).await.json();
    assert_eq!(listed, vec![v.domain.clone()]);
    let one: CustomerDomain =
        h.get(&format!("/clusters/{PROD}/domains/{}", v.domain.id), &token).await.json();
    assert_eq!(one, v.domain);
    let missing = h.get(&format!("/clusters/{PROD}/domains/dom-nope"), &token).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn hosts_must_be_bare_well_formed_hostnames() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let long = format!("{}.com", vec!["a".repeat(60); 5].join("."));
    for (host, says) in [
        ("https://auth.acme.com", "not a URL"),
        ("auth.acme.com/login", "not a URL"),
        ("", "host is required"),
        ("localhost", "fully qualified"),
        ("bad_label.acme.com", "not a valid hostname"),
        (long.as_str(), "253"),
        ("x.acme-prod.global.auth.ac", "global.auth.ac"),
    ] {
        let reply = add(&h, &token, PROD, host).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{host}: {}", reply.body);
        assert!(reply.error().contains(says), "{host}: {}", reply.error());
    }
    let no_body = send(&h, Method::POST, &format!("/clusters/{PROD}/domains"), &token, Some(json!({}))).await;
    assert_eq!(no_body.status, StatusCode::BAD_REQUEST);
    assert!(no_body.error().contains("host is required"));
    let listed: Vec<CustomerDomain> = h.get(&format!("/clusters/{PROD}/domains"), &token).await.json();
    assert!(listed.is_empty(), "nothing was added");
}

#[tokio::test]
async fn hosts_are_unique_across_clusters_and_need_an_active_cluster() {
    let h = Harness::with(Config { provision: Duration::from_secs(600), ..quick() }).await;
    let token = h.admin().await;
    assert_eq!(add(&h, &token, PROD, "auth.acme.com").await.status, StatusCode::OK);
    let again = add(&h, &token, PROD, "auth.acme.com").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(again.error().contains("already a custom domain of this cluster"));
    let other = add(&h, &token, demo::ACME_DEV, "AUTH.acme.com").await;
    assert_eq!(other.status, StatusCode::CONFLICT);
    assert!(other.error().contains("another cluster"));
    let globex = h.globex().await;
    let elsewhere = add(&h, &globex, demo::GLOBEX_PROD, "auth.acme.com").await;
    assert_eq!(elsewhere.status, StatusCode::CONFLICT, "unique across every organization");

    let staging = add(&h, &token, demo::ACME_STAGING, "staging.acme.com").await;
    assert_eq!(staging.status, StatusCode::CONFLICT);
    assert!(
        staging.error().contains("PROVISIONING") && staging.error().contains("ACTIVE"),
        "{}",
        staging.error()
    );
}

#[tokio::test]
async fn tiers_cap_the_number_of_domains() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    // acme-dev is starter: 2.
    for host in ["a.acme.dev", "b.acme.dev"] {
        assert_eq!(add(&h, &token, demo::ACME_DEV, host).await.status, StatusCode::OK);
    }
    let third = add(&h, &token, demo::ACME_DEV, "c.acme.dev").await;
    assert_eq!(third.status, StatusCode::CONFLICT);
    assert!(third.error().contains("starter tier allows 2 custom domains"), "{}", third.error());
    // globex-prod is premium: 5.
    let globex = h.globex().await;
    for i in 0..5 {
        assert_eq!(
            add(&h, &globex, demo::GLOBEX_PROD, &format!("d{i}.globex.com")).await.status,
            StatusCode::OK
        );
    }
    let sixth = add(&h, &globex, demo::GLOBEX_PROD, "d5.globex.com").await;
    assert_eq!(sixth.status, StatusCode::CONFLICT);
    assert!(sixth.error().contains("premium tier allows 5"), "{}", sixth.error());
    // acme-prod is enterprise: 15.
    for i in 0..15 {
        assert_eq!(add(&h, &token, PROD, &format!("p{i}.acme.com")).await.status, StatusCode::OK);
    }
    let more = add(&h, &token, PROD, "p15.acme.com").await;
    assert_eq!(more.status, StatusCode::CONFLICT);
    assert!(more.error().contains("enterprise tier allows 15"));
}

#[tokio::test]
async fn dns_then_certificate_then_primary_host_and_back() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let v: CustomerDomainValidation = add(&h, &token, PROD, "auth.acme.com").await.json();
    let id = v.domain.id;
    let early = set_host(&h, &token, PROD, "auth.acme.com").await;
    assert_eq!(early.status, StatusCode::CONFLICT);
    assert!(early.error().contains("not issued yet"), "{}", early.error());

    tokio::time::sleep(Duration::from_millis(350)).await;
    let validated = status(&h, &token, PROD, &id).await;
    assert_eq!(
        (validated.status.as_str(), validated.certificate_status.as_str()),
        ("SUCCESS", "PENDING_VALIDATION")
    );
    assert_eq!(validated.domain.domain_records, Some(vec![]), "no records left once validated");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let issued = status(&h, &token, PROD, &id).await;
    assert_eq!(issued.certificate_status.as_str(), "ISSUED");

    let unknown = set_host(&h, &token, PROD, "nope.acme.com").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let url = set_host(&h, &token, PROD, "https://auth.acme.com").await;
    assert_eq!(url.status, StatusCode::BAD_REQUEST);

    let switched = set_host(&h, &token, PROD, "auth.acme.com").await;
    assert_eq!(switched.status, StatusCode::OK, "{}", switched.body);
    assert_eq!(switched.json::<Cluster>().host, "https://auth.acme.com");
    let detail: Cluster = h.get(&format!("/clusters/{PROD}"), &token).await.json();
    assert_eq!(detail.host, "https://auth.acme.com");
    let listed: Vec<Cluster> = h.get("/clusters", &token).await.json();
    assert!(listed.iter().any(|c| c.id == PROD && c.host == "https://auth.acme.com"));

    let refused = h.delete(&format!("/clusters/{PROD}/domains/{id}"), &token).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(refused.error().contains("primary host") && refused.error().contains("acme-prod.global.auth.ac"));

    let back = set_host(&h, &token, PROD, "acme-prod.global.auth.ac").await;
    assert_eq!(back.status, StatusCode::OK);
    assert_eq!(back.json::<Cluster>().host, "https://acme-prod.global.auth.ac");
    assert_eq!(
        h.delete(&format!("/clusters/{PROD}/domains/{id}"), &token).await.status,
        StatusCode::NO_CONTENT
    );
    let gone = h.get(&format!("/clusters/{PROD}/domains/{id}/status"), &token).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn invalid_hosts_time_out_and_never_issue() {
    let h = Harness::with(quick()).await;
    let token = h.admin().await;
    let v: CustomerDomainValidation = add(&h, &token, PROD, "auth.acme.invalid").await.json();
    tokio::time::sleep(Duration::from_millis(650)).await;
    let pending = status(&h, &token, PROD, &v.domain.id).await;
    assert_eq!(pending.certificate_status.as_str(), "PENDING_VALIDATION");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let timed_out = status(&h, &token, PROD, &v.domain.id).await;
    assert_eq!(
        (timed_out.status.as_str(), timed_out.certificate_status.as_str()),
        ("FAILED", "VALIDATION_TIMED_OUT")
    );
    assert_eq!(timed_out.domain.domain_records.map(|r| r.len()), Some(2));
    let refused = set_host(&h, &token, PROD, "auth.acme.invalid").await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn viewers_read_but_cannot_write_and_strangers_see_nothing() {
    let h = Harness::with(quick()).await;
    let admin = h.admin().await;
    let v: CustomerDomainValidation = add(&h, &admin, PROD, "auth.acme.com").await.json();
    let viewer = h.viewer().await;
    assert_eq!(h.get(&format!("/clusters/{PROD}/domains"), &viewer).await.status, StatusCode::OK);
    assert_eq!(
        h.get(&format!("/clusters/{PROD}/domains/{}/status", v.domain.id), &viewer).await.status,
        StatusCode::OK
    );
    let add_as_viewer = add(&h, &viewer, PROD, "b.acme.com").await;
    assert_eq!(add_as_viewer.status, StatusCode::FORBIDDEN);
    assert!(add_as_viewer.error().contains("manage-clusters"), "{}", add_as_viewer.error());
    assert_eq!(set_host(&h, &viewer, PROD, "acme-prod.global.auth.ac").await.status, StatusCode::FORBIDDEN);
    let del = h.delete(&format!("/clusters/{PROD}/domains/{}", v.domain.id), &viewer).await;
    assert_eq!(del.status, StatusCode::FORBIDDEN);
    let globex = h.globex().await;
    assert_eq!(h.get(&format!("/clusters/{PROD}/domains"), &globex).await.status, StatusCode::NOT_FOUND);
    assert_eq!(add(&h, &globex, PROD, "c.acme.com").await.status, StatusCode::NOT_FOUND);
}
