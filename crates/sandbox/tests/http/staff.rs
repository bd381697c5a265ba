//! Support staff: JWTs with the staff client role, read-only access to every
//! organization, and the two staff operations (report, adminBlock).

use crate::common::Harness;
use crate::ext_helpers::{create, fast, send, upload_jar};
use clap::Parser;
use cluster_api::{Cluster, Extension, ExtensionVersion, Org};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

const SHOP: &str = demo::ACME_SHOP;

fn version_path(cluster: &str, ext: &str, ver: &str) -> String {
    format!("/clusters/{cluster}/extensions/{ext}/versions/{ver}")
}

async fn staff(h: &Harness) -> String {
    h.token_for(demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET).await
}

fn claims(token: &str) -> Value {
    let payload = token.split('.').nth(1).expect("a JWT has three parts");
    let mut bits = Vec::new();
    for c in payload.bytes() {
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        bits.push(alphabet.iter().position(|a| *a == c).expect("base64url") as u32);
    }
    let mut bytes = Vec::new();
    for chunk in bits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, v)| n | v << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            bytes.push((n >> (16 - 8 * i)) as u8);
        }
    }
    serde_json::from_slice(&bytes).expect("claims are JSON")
}

#[tokio::test]
async fn tokens_are_jwts_and_only_staff_carry_the_client_role() {
    let h = Harness::start().await;
    let staff = claims(&staff(&h).await);
    assert_eq!(staff["azp"], demo::STAFF_CLIENT_ID);
    assert_eq!(staff["resource_access"]["cluster-management"]["roles"], json!(["manage-clusters"]));
    assert!(staff["exp"].as_i64().is_some() && staff["sub"].is_string());
    let admin = claims(&h.admin().await);
    assert_eq!(admin["azp"], demo::ADMIN_CLIENT_ID);
    assert!(admin.get("resource_access").is_none());
    let forged = format!("{}x", h.admin().await);
    assert_eq!(h.get("/clusters", &forged).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn both_staff_operations_are_refused_to_customers_owners_included() {
    let h = Harness::start().await;
    for (token, cluster, ext, ver) in [
        (h.admin().await, SHOP, "ext-storefront", demo::OVERRIDDEN_VERSION),
        (h.globex().await, demo::GLOBEX_PROD, "ext-globex-brand", demo::BLOCKED_VERSION),
    ] {
        let path = version_path(cluster, ext, ver);
        let report = h.get(&format!("{path}/report"), &token).await;
        assert_eq!(report.status, StatusCode::FORBIDDEN, "{}", report.body);
        assert!(
            report.error().contains("manage-clusters role on the cluster-management client"),
            "{}",
            report.error()
        );
        let body = json!({"blocked": true, "reason": "mine"});
        let block = send(&h, Method::PUT, &format!("{path}/admin-block"), &token, Some(body)).await;
        assert_eq!(block.status, StatusCode::FORBIDDEN, "{}", block.body);
    }
    // Another organization's version stays invisible: 404 before 403.
    let path = version_path(demo::GLOBEX_PROD, "ext-globex-brand", demo::BLOCKED_VERSION);
    assert_eq!(h.get(&format!("{path}/report"), &h.admin().await).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn staff_read_every_organization_while_customers_stay_isolated() {
    let h = Harness::start().await;
    let token = staff(&h).await;
    let clusters: Vec<Cluster> = h.get("/clusters", &token).await.json();
    let ids: Vec<&str> = clusters.iter().map(|c| c.id.as_str()).collect();
    for id in [demo::ACME_PROD, SHOP, demo::GLOBEX_PROD] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    let orgs: Vec<Org> = h.get("/orgs", &token).await.json();
    assert_eq!(orgs.len(), 2);
    assert!(orgs.iter().all(|o| o.roles.is_empty()), "{orgs:?}");
    for path in [
        format!("/clusters/{}", demo::GLOBEX_PROD),
        format!("/clusters/{}/extensions", demo::GLOBEX_PROD),
        format!("/clusters/{}/systeminfo", demo::GLOBEX_PROD),
        "/orgs/org-globex/billing/subscriptions".to_string(),
    ] {
        let reply = h.get(&path, &token).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.body);
    }
    let acme = h.admin().await;
    assert_eq!(h.get(&format!("/clusters/{}", demo::GLOBEX_PROD), &acme).await.status, StatusCode::NOT_FOUND);
    let theirs: Vec<Cluster> = h.get("/clusters", &acme).await.json();
    assert!(theirs.iter().all(|c| c.owner.as_deref() == Some(demo::ACME_ORG_ID)));
}

#[tokio::test]
async fn staff_are_refused_every_customer_write_and_every_handover() {
    let h = Harness::start().await;
    let token = staff(&h).await;
    let prod = demo::ACME_PROD;
    let shop_version = version_path(SHOP, "ext-storefront", demo::OVERRIDDEN_VERSION);
    let calls = [
        (Method::DELETE, format!("/clusters/{prod}"), None, "manage-clusters"),
        (
            Method::POST,
            format!("/clusters/{prod}/extensions"),
            Some(json!({"name": "x", "resourceType": "THEME"})),
            "manage-clusters",
        ),
        (Method::PUT, format!("{shop_version}/validate"), Some(json!({"valid": false})), "manage-clusters"),
        (Method::POST, format!("/clusters/{SHOP}/extensions/cluster-update"), None, "manage-clusters"),
        (Method::POST, "/orgs/org-acme/billing/contacts/user-bob".to_string(), None, "manage-billing"),
        (Method::POST, "/orgs/org-acme/billing/portal".to_string(), Some(json!({})), "manage-billing"),
        (
            Method::POST,
            "/orgs/org-globex/billing/payment-methods".to_string(),
            Some(json!({})),
            "manage-billing",
        ),
        (Method::POST, format!("/clusters/{prod}/billing"), Some(json!({})), "manage-billing"),
    ];
    for (method, path, body, role) in calls {
        let reply = send(&h, method.clone(), &path, &token, body).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{method} {path}: {}", reply.body);
        let error = reply.error();
        assert!(error.contains(role) && error.contains("read-only"), "{method} {path}: {error}");
    }
    // Nothing changed.
    assert_eq!(h.get(&format!("/clusters/{prod}"), &token).await.status, StatusCode::OK);
}

#[tokio::test]
async fn block_and_unblock_set_and_clear_every_field_and_customers_see_it() {
    let h = Harness::start().await;
    let token = staff(&h).await;
    let path = version_path(SHOP, "ext-storefront", demo::OVERRIDDEN_VERSION);
    let blank = send(
        &h,
        Method::PUT,
        &format!("{path}/admin-block"),
        &token,
        Some(json!({"blocked": true, "reason": "  "})),
    )
    .await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    assert!(blank.error().contains("reason is required"), "{}", blank.error());
    let none =
        send(&h, Method::PUT, &format!("{path}/admin-block"), &token, Some(json!({"blocked": true}))).await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);

    let body = json!({"blocked": true, "reason": "Exfiltrates tokens"});
    let reply = send(&h, Method::PUT, &format!("{path}/admin-block"), &token, Some(body)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let blocked: ExtensionVersion = reply.json();
    assert_eq!(blocked.admin_blocked, Some(true));
    assert_eq!(blocked.admin_blocked_by.as_deref(), Some(demo::STAFF_CLIENT_ID));
    assert_eq!(blocked.admin_blocked_reason.as_deref(), Some("Exfiltrates tokens"));
    assert!(blocked.admin_blocked_at.is_some());

    // The customer sees it on every read, may still approve it, and it survives a reconcile.
    let acme = h.admin().await;
    let ext: Extension = h.get(&format!("/clusters/{SHOP}/extensions/ext-storefront"), &acme).await.json();
    let seen = ext
        .versions
        .unwrap_or_default()
        .into_iter()
        .find(|v| v.id == demo::OVERRIDDEN_VERSION)
        .expect("listed");
    assert_eq!(seen.admin_blocked_reason.as_deref(), Some("Exfiltrates tokens"));
    let approve = json!({"valid": true, "reason": "still want it"});
    assert_eq!(
        send(&h, Method::PUT, &format!("{path}/validate"), &acme, Some(approve)).await.status,
        StatusCode::OK
    );
    let reconcile =
        send(&h, Method::POST, &format!("/clusters/{SHOP}/extensions/cluster-update"), &acme, None).await;
    assert_eq!(reconcile.status, StatusCode::ACCEPTED, "{}", reconcile.body);
    let listed: Vec<Extension> = h.get(&format!("/clusters/{SHOP}/extensions"), &acme).await.json();
    let still = listed
        .iter()
        .flat_map(|e| e.versions.clone().unwrap_or_default())
        .find(|v| v.id == demo::OVERRIDDEN_VERSION);
    assert_eq!(still.and_then(|v| v.admin_blocked), Some(true), "the block stays until staff lift it");

    let reply =
        send(&h, Method::PUT, &format!("{path}/admin-block"), &token, Some(json!({"blocked": false}))).await;
    let lifted: ExtensionVersion = reply.json();
    assert_eq!(lifted.admin_blocked, Some(false));
    assert_eq!(
        (lifted.admin_blocked_by, lifted.admin_blocked_reason, lifted.admin_blocked_at),
        (None, None, None)
    );
}

#[tokio::test]
async fn the_seed_has_every_scan_state_one_block_and_one_override() {
    let h = Harness::start().await;
    let token = staff(&h).await;
    let mut versions = Vec::new();
    for cluster in [SHOP, demo::GLOBEX_PROD] {
        let listed: Vec<Extension> = h.get(&format!("/clusters/{cluster}/extensions"), &token).await.json();
        versions.extend(listed.into_iter().flat_map(|e| e.versions.unwrap_or_default()));
    }
    for state in ["UNSCANNED", "SCANNING", "PASS", "WARN", "BLOCK", "ERROR"] {
        assert!(versions.iter().any(|v| v.scan_state.as_str() == state), "{state}");
    }
    let blocked = versions.iter().find(|v| v.id == demo::BLOCKED_VERSION).expect("blocked version");
    assert_eq!(blocked.admin_blocked, Some(true));
    let over = versions.iter().find(|v| v.id == demo::OVERRIDDEN_VERSION).expect("override");
    assert!(over.valid && over.scan_state.as_str() == "WARN" && over.override_reason.is_some());
    assert!(over.report_location.is_some());
}

#[tokio::test]
async fn reports_explain_their_verdict_and_answer_404_until_there_is_one() {
    let h = Harness::start().await;
    let token = staff(&h).await;
    let report: Value = h
        .get(&format!("{}/report", version_path(SHOP, "ext-loyalty", "ver-loyalty-26")), &token)
        .await
        .json();
    assert_eq!(report["verdict"], "BLOCK");
    assert_eq!(report["risk_score"], 95);
    let severities: Vec<&str> =
        report["findings"].as_array().unwrap().iter().filter_map(|f| f["severity"].as_str()).collect();
    assert_eq!(severities, ["CRITICAL", "MEDIUM"]);
    assert!(report["checked"]["classes"].as_u64().unwrap() > 0);
    for (ver, says) in [
        ("ver-loyalty-24", "not scanned"),
        ("ver-loyalty-25", "still being scanned"),
        ("ver-nope", "no version"),
    ] {
        let reply = h.get(&format!("{}/report", version_path(SHOP, "ext-loyalty", ver)), &token).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{ver}");
        assert!(reply.error().contains(says), "{ver}: {}", reply.error());
    }

    // A fresh upload: a version never uploaded has none; after the scan, the report is there.
    let h = Harness::with(fast()).await;
    let (token, acme) = (staff(&h).await, h.admin().await);
    let ext = create(&h, &acme, demo::ACME_PROD, "scanned", "EXTENSION").await;
    let bare: ExtensionVersion = send(
        &h,
        Method::POST,
        &format!("/clusters/{}/extensions/{ext}/versions", demo::ACME_PROD),
        &acme,
        Some(json!({"keycloak_major_version": 25})),
    )
    .await
    .json();
    let reply = h.get(&format!("{}/report", version_path(demo::ACME_PROD, &ext, &bare.id)), &token).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(reply.error().contains("no uploaded file"), "{}", reply.error());
    let v = upload_jar(&h, &acme, demo::ACME_PROD, &ext, 26, &["a/B.class", "a/SCAN-WARN.class"]).await;
    assert_eq!(v.report_location, None, "no report while scanning");
    tokio::time::sleep(Duration::from_millis(400)).await;
    let report: Value =
        h.get(&format!("{}/report", version_path(demo::ACME_PROD, &ext, &v.id)), &token).await.json();
    assert_eq!(report["verdict"], "WARN");
    assert_eq!(report["findings"][0]["location"], "a/SCAN-WARN.class");
    let listed: Extension =
        h.get(&format!("/clusters/{}/extensions/{ext}", demo::ACME_PROD), &acme).await.json();
    let versions = listed.versions.unwrap_or_default();
    let scanned = versions.iter().find(|x| x.id == v.id).expect("listed");
    assert!(scanned.report_location.as_deref().is_some_and(|l| l.ends_with(".json")), "{versions:?}");
    assert!(versions.iter().find(|x| x.id == bare.id).is_some_and(|x| x.report_location.is_none()));
}

#[tokio::test]
async fn demo_scale_adds_clusters_with_twenty_versions_each() {
    let h =
        Harness::with(cluster_sandbox::Config { demo_scale: 12, ..cluster_sandbox::Config::default() }).await;
    let token = staff(&h).await;
    let clusters: Vec<Cluster> = h.get("/clusters", &token).await.json();
    assert_eq!(clusters.iter().filter(|c| c.id.starts_with("cl-scale-")).count(), 12);
    let orgs: Vec<Org> = h.get("/orgs", &token).await.json();
    assert_eq!(orgs.len(), 4, "two demo organizations and two of ten clusters each");
    let listed: Vec<Extension> = h.get("/clusters/cl-scale-0011/extensions", &token).await.json();
    assert_eq!(listed.iter().map(|e| e.versions.as_ref().map_or(0, Vec::len)).sum::<usize>(), 20);
}

#[tokio::test]
async fn delay_ms_delays_api_answers() {
    let h = Harness::with(cluster_sandbox::Config {
        delay: Duration::from_millis(250),
        ..cluster_sandbox::Config::default()
    })
    .await;
    let token = h.admin().await;
    let started = std::time::Instant::now();
    assert_eq!(h.get("/clusters", &token).await.status, StatusCode::OK);
    assert!(started.elapsed() >= Duration::from_millis(250));
}

#[tokio::test]
async fn staff_secret_flag_adds_a_staff_client_and_wrong_secrets_are_refused() {
    let extra = cluster_sandbox::Credentials::new("support-2", "s3cret:with:colons");
    let config = cluster_sandbox::Config { staff: vec![extra], ..cluster_sandbox::Config::default() };
    let h = Harness::with(config).await;
    let token = h.token_for("support-2", "s3cret:with:colons").await;
    assert_eq!(claims(&token)["resource_access"]["cluster-management"]["roles"], json!(["manage-clusters"]));
    let clusters: Vec<Cluster> = h.get("/clusters", &token).await.json();
    assert!(clusters.iter().any(|c| c.id == demo::GLOBEX_PROD));
    let form = [("grant_type", "client_credentials"), ("client_id", "support-2"), ("client_secret", "nope")];
    assert_eq!(h.post_token(cluster_api::TOKEN_PATH, &form).await.status, StatusCode::UNAUTHORIZED);
    let args = cluster_sandbox::cli::Args::parse_from([
        "cluster-sandbox",
        "--staff-secret",
        "a:b",
        "--staff-secret",
        "c:d",
        "--demo-scale",
        "3",
        "--delay-ms",
        "5",
    ]);
    let config = args.into_config();
    let ids: Vec<&str> = config.staff.iter().map(|c| c.client_id.as_str()).collect();
    assert_eq!(ids, [demo::STAFF_CLIENT_ID, "a", "c"]);
    assert_eq!((config.demo_scale, config.delay), (3, Duration::from_millis(5)));
}

#[tokio::test]
async fn sam_signs_in_as_a_person_and_is_staff() {
    // The staff person of the identity server: the same client role in the token, the same
    // read-everything, change-nothing rule as the staff secret.
    let h = Harness::start().await;
    let token = crate::signin::person_token(&h, demo::SAM_EMAIL).await;
    assert_eq!(claims(&token)["resource_access"]["cluster-management"]["roles"], json!(["manage-clusters"]));
    let reply = h.get(&format!("/clusters/{}", demo::GLOBEX_PROD), &token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let report =
        h.get(&format!("{}/report", version_path(SHOP, "ext-loyalty", "ver-loyalty-26")), &token).await;
    assert_eq!(report.status, StatusCode::OK, "{}", report.body);
    let delete = h.delete(&format!("/clusters/{}", demo::GLOBEX_PROD), &token).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN, "{}", delete.body);
    // Alice, a person too, holds every Acme role and still is not staff.
    let alice = crate::signin::person_token(&h, demo::ALICE_EMAIL).await;
    assert!(claims(&alice).get("resource_access").is_none());
    let refused =
        h.get(&format!("{}/report", version_path(SHOP, "ext-loyalty", "ver-loyalty-26")), &alice).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}
