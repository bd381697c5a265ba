//! Versions and standalone files: create rules, confirm failures, scan verdicts,
//! approval with and without reasons, and the wrong-flow 400s.

use crate::common::Harness;
use crate::ext_helpers::{
    confirm, create, detail, ext_path, fast, jar, new_version, put, send, upload_jar, upload_url, validate,
};
use cluster_api::{ExtensionVersion, ScanState};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::time::Duration;

const PROD: &str = demo::ACME_PROD;

#[tokio::test]
async fn version_create_rules() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let id = create(&h, &token, PROD, "theme", "THEME").await;
    let path = format!("{}/versions", ext_path(PROD, &id));

    let v = new_version(&h, &token, PROD, &id, 26).await;
    assert_eq!(
        (v.keycloak_major_version, v.valid, v.scan_state.clone()),
        (Some(26), false, ScanState::Unscanned)
    );
    assert_eq!(v.resource_key, None);

    let reply = send(&h, Method::POST, &path, &token, Some(json!({"keycloak_major_version": 23}))).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().contains("23 is not supported; use one of 24, 25, 26"), "{}", reply.error());
    let reply = send(&h, Method::POST, &path, &token, Some(json!({"keycloak_major_version": 26}))).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert_eq!(
        reply.error(),
        format!("theme already has a version for Keycloak 26 ({}); upload to it, or delete it first.", v.id)
    );
    // The response's camelCase keycloakMajorVersion is not the request's field name.
    let reply = send(&h, Method::POST, &path, &token, Some(json!({"keycloakMajorVersion": 25}))).await;
    assert_eq!(reply.error(), "keycloak_major_version is required");

    let one = format!("{path}/{}", v.id);
    assert_eq!(h.delete(&one, &token).await.status, StatusCode::NO_CONTENT);
    let gone = h.delete(&one, &token).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert!(gone.error().contains("has no version with ID"), "{}", gone.error());
    assert_eq!(detail(&h, &token, PROD, &id).await.versions, Some(vec![]));
}

#[tokio::test]
async fn the_wrong_flow_says_which_to_use() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let theme = create(&h, &token, PROD, "theme", "THEME").await;
    let denylist = create(&h, &token, PROD, "denylist", "PASSWORD_BLACKLIST").await;
    let links = create(&h, &token, PROD, "links", "WELL_KNOWN").await;

    let cases = [
        (Method::POST, format!("{}/versions", ext_path(PROD, &denylist)), "standalone operations"),
        (Method::POST, format!("{}/versions", ext_path(PROD, &links)), "well-known operations"),
        (Method::POST, format!("{}/standalone", ext_path(PROD, &theme)), "per Keycloak major version"),
        (Method::PUT, format!("{}/standalone/confirm", ext_path(PROD, &theme)), "per Keycloak major version"),
        (Method::POST, format!("{}/standalone", ext_path(PROD, &links)), "well-known operations"),
        (Method::GET, format!("{}/well-known", ext_path(PROD, &theme)), "per Keycloak major version"),
        (
            Method::POST,
            format!("{}/well-known/assetlinks.json/upload-url", ext_path(PROD, &denylist)),
            "standalone",
        ),
    ];
    for (method, path, says) in cases {
        let reply =
            send(&h, method, &path, &token, Some(json!({"keycloak_major_version": 26, "resource_key": "k"})))
                .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{path}: {}", reply.body);
        assert!(reply.error().contains(says), "{path}: {}", reply.error());
    }
    let reply = send(&h, Method::GET, &format!("{}/well-known", ext_path(PROD, &theme)), &token, None).await;
    assert!(
        reply.error().starts_with("Well-known files apply only to WELL_KNOWN resources; theme is a THEME")
    );
}

#[tokio::test]
async fn confirm_checks_what_was_uploaded() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let id = create(&h, &token, PROD, "provider", "EXTENSION").await;
    let other_ext = create(&h, &token, PROD, "other", "EXTENSION").await;
    let v26 = new_version(&h, &token, PROD, &id, 26).await;
    let v25 = new_version(&h, &token, PROD, &id, 25).await;
    let url = upload_url(&h, &token, PROD, &id, Some(&v26.id), "1.0").await;
    assert!(url.resource_key.starts_with(&format!("clusters/{PROD}/extensions/{id}/versions/{}/", v26.id)));
    assert!(url.resource_key.ends_with(".jar"));

    let reply = confirm(&h, &token, PROD, &id, Some(&v26.id), &url.resource_key).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert!(reply.error().starts_with("Nothing has been uploaded to"), "{}", reply.error());

    let reply = confirm(&h, &token, PROD, &id, Some(&v26.id), "clusters/nope.jar").await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().contains("No upload URL was issued"), "{}", reply.error());

    let reply = confirm(&h, &token, PROD, &id, Some(&v25.id), &url.resource_key).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().contains("belongs to another version"), "{}", reply.error());

    let other_v = new_version(&h, &token, PROD, &other_ext, 26).await;
    let reply = confirm(&h, &token, PROD, &other_ext, Some(&other_v.id), &url.resource_key).await;
    assert!(reply.error().contains("belongs to another extension"), "{}", reply.error());

    assert_eq!(put(&h, &url, b"not a zip at all".to_vec()).await.status, StatusCode::OK);
    let reply = confirm(&h, &token, PROD, &id, Some(&v26.id), &url.resource_key).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().contains("is not a jar"), "{}", reply.error());

    let reply = send(
        &h,
        Method::PUT,
        &format!("{}/versions/{}/confirm", ext_path(PROD, &id), v26.id),
        &token,
        Some(json!({"resourceKey": "x"})),
    )
    .await;
    assert_eq!(reply.error(), "resource_key is required");

    // Overwriting the object with a jar makes the same key confirmable.
    assert_eq!(put(&h, &url, jar(&["a.class"])).await.status, StatusCode::OK);
    let version: ExtensionVersion =
        confirm(&h, &token, PROD, &id, Some(&v26.id), &url.resource_key).await.json();
    assert_eq!(version.resource_key.as_deref(), Some(url.resource_key.as_str()));
    assert_eq!(version.label.as_deref(), Some("1.0"));
}

#[tokio::test]
async fn scan_verdicts_follow_the_markers_in_the_jar() {
    let h = Harness::with(fast()).await;
    let token = h.admin().await;
    let cases = [
        ("clean", vec!["com/acme/Provider.class"], ScanState::Pass, Some(5)),
        ("warned", vec!["com/acme/Provider.class", "SCAN-WARN"], ScanState::Warn, Some(55)),
        ("blocked", vec!["META-INF/SCAN-BLOCK.txt"], ScanState::Block, Some(95)),
        ("broken", vec!["SCAN-ERROR"], ScanState::Error, None),
    ];
    let mut uploaded = Vec::new();
    for (name, entries, ..) in &cases {
        let id = create(&h, &token, PROD, name, "EXTENSION").await;
        let version = upload_jar(&h, &token, PROD, &id, 26, entries).await;
        assert_eq!(version.scan_state, ScanState::Scanning, "{name}");
        assert_eq!((version.risk_score, version.scanned_at), (None, None));
        uploaded.push((id, version.id));
    }
    tokio::time::sleep(Duration::from_millis(400)).await;
    for ((name, _, state, risk), (id, _)) in cases.iter().zip(&uploaded) {
        let versions = detail(&h, &token, PROD, id).await.versions.unwrap_or_default();
        let v = &versions[0];
        assert_eq!((&v.scan_state, v.risk_score), (state, *risk), "{name}");
        assert!(v.scanned_at.is_some(), "{name}");
        assert_eq!(v.scanner_version.as_deref(), Some("sandbox-scan 1.0"));
    }
}

#[tokio::test]
async fn approval_needs_a_reason_unless_the_scan_passed() {
    let h = Harness::with(Config { scan: Duration::ZERO, ..fast() }).await;
    let token = h.admin().await;
    let id = create(&h, &token, PROD, "provider", "EXTENSION").await;

    let empty = new_version(&h, &token, PROD, &id, 24).await;
    let reply = validate(&h, &token, PROD, &id, &empty.id, json!({"valid": true, "reason": "x"})).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert!(reply.error().contains("no confirmed upload"), "{}", reply.error());

    let pass = upload_jar(&h, &token, PROD, &id, 26, &["a.class"]).await;
    assert_eq!(pass.scan_state, ScanState::Pass, "a zero scan time settles at once");
    let v: ExtensionVersion = validate(&h, &token, PROD, &id, &pass.id, json!({"valid": true})).await.json();
    assert!(v.valid);
    assert_eq!((v.override_by, v.override_reason), (None, None));

    let warn = upload_jar(&h, &token, PROD, &id, 25, &["SCAN-WARN"]).await;
    let reply = validate(&h, &token, PROD, &id, &warn.id, json!({"valid": true})).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        reply.error(),
        "Approving a version whose scan is WARN needs a reason; send reason with valid=true."
    );
    let reply = validate(
        &h,
        &token,
        PROD,
        &id,
        &warn.id,
        json!({"valid": true, "reason": "Reviewed: false positive"}),
    )
    .await;
    let v: ExtensionVersion = reply.json();
    assert!(v.valid);
    assert_eq!(v.override_by.as_deref(), Some(demo::ADMIN_CLIENT_ID));
    assert_eq!(v.override_reason.as_deref(), Some("Reviewed: false positive"));
    let v: ExtensionVersion = validate(&h, &token, PROD, &id, &warn.id, json!({"valid": false})).await.json();
    assert_eq!((v.valid, v.override_by, v.override_reason), (false, None, None));

    let other = create(&h, &token, PROD, "blocked", "EXTENSION").await;
    let block = upload_jar(&h, &token, PROD, &other, 26, &["SCAN-BLOCK"]).await;
    let reply = validate(&h, &token, PROD, &other, &block.id, json!({"valid": true, "reason": " "})).await;
    assert!(reply.error().contains("BLOCK needs a reason"), "{}", reply.error());
    let v: ExtensionVersion =
        validate(&h, &token, PROD, &other, &block.id, json!({"valid": true, "reason": "accepted risk"}))
            .await
            .json();
    assert!(v.valid);

    let viewer = validate(&h, &h.viewer().await, PROD, &id, &pass.id, json!({"valid": false})).await;
    assert_eq!(viewer.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn without_scanning_versions_stay_unscanned() {
    let h = Harness::with(fast()).await;
    let token = h.admin().await;
    let staging = demo::ACME_STAGING;
    let id = create(&h, &token, staging, "theme", "THEME").await;
    // A real theme jar (see the next test for one that is not).
    let version =
        upload_jar(&h, &token, staging, &id, 26, &["META-INF/keycloak-themes.json", "SCAN-BLOCK"]).await;
    assert_eq!(version.scan_state, ScanState::Unscanned);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let versions = detail(&h, &token, staging, &id).await.versions.unwrap_or_default();
    assert_eq!((&versions[0].scan_state, versions[0].risk_score), (&ScanState::Unscanned, None));
    let reply = validate(&h, &token, staging, &id, &version.id, json!({"valid": true})).await;
    assert!(reply.error().contains("UNSCANNED"), "{}", reply.error());
    let reply =
        validate(&h, &token, staging, &id, &version.id, json!({"valid": true, "reason": "staging"})).await;
    assert_eq!(reply.status, StatusCode::OK);
}

/// A zip of theme folders renamed `.jar` is no theme jar: it fails the scan (ERROR, with
/// the reason in its report), where scanning is off too, instead of showing as not scanned.
#[tokio::test]
async fn a_theme_that_is_not_a_theme_jar_fails_the_scan_even_unscanned() {
    let h = Harness::with(Config { scan: Duration::ZERO, ..fast() }).await;
    let token = h.admin().await;
    // The report is support staff's to read.
    let staff = h.token_for(demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET).await;
    let renamed_zip = ["login/theme.properties", "login/resources/css/login.css"];
    for cluster in [demo::ACME_STAGING, PROD] {
        let id = create(&h, &token, cluster, "zipped-theme", "THEME").await;
        let version = upload_jar(&h, &token, cluster, &id, 26, &renamed_zip).await;
        let versions = detail(&h, &token, cluster, &id).await.versions.unwrap_or_default();
        let shown = versions.iter().find(|v| v.id == version.id).map(|v| v.scan_state.clone());
        assert_eq!(shown, Some(ScanState::Error), "{cluster}: not a theme jar, yet {shown:?}");
        assert_eq!(versions.iter().find(|v| v.id == version.id).and_then(|v| v.risk_score), None);
        let path = format!("/clusters/{cluster}/extensions/{id}/versions/{}/report", version.id);
        let report = h.get(&path, &staff).await;
        assert_eq!(report.status, StatusCode::OK, "{}", report.body);
        assert!(report.body.contains("keycloak-themes.json"), "the report does not say why: {}", report.body);
        // An extension jar needs no theme descriptor: the same entries pass there.
        let ext = create(&h, &token, cluster, "plain-ext", "EXTENSION").await;
        let plain = upload_jar(&h, &token, cluster, &ext, 26, &renamed_zip).await;
        assert_ne!(plain.scan_state, ScanState::Error, "{cluster}: an extension was held to the theme rule");
    }
}

#[tokio::test]
async fn a_denylist_is_one_standalone_file() {
    let h = Harness::with(fast()).await;
    let token = h.admin().await;
    let id = create(&h, &token, PROD, "denylist", "PASSWORD_BLACKLIST").await;

    let reply = confirm(&h, &token, PROD, &id, None, "k").await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "no upload yet");

    let url = upload_url(&h, &token, PROD, &id, None, "2026-01").await;
    assert!(url.resource_key.contains("/standalone/"), "{}", url.resource_key);
    assert_eq!(put(&h, &url, b"123456\npassword\nqwerty\n".to_vec()).await.status, StatusCode::OK);
    let reply = confirm(&h, &token, PROD, &id, None, &url.resource_key).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let v: ExtensionVersion = reply.json();
    assert_eq!((v.keycloak_major_version, v.label.as_deref()), (None, Some("2026-01")));
    assert_eq!(v.resource_key.as_deref(), Some(url.resource_key.as_str()));

    // A second upload replaces the single version's file rather than adding a version.
    let again = upload_url(&h, &token, PROD, &id, None, "2026-02").await;
    assert_ne!(again.resource_key, url.resource_key);
    assert_eq!(put(&h, &again, b"letmein\n".to_vec()).await.status, StatusCode::OK);
    let v2: ExtensionVersion = confirm(&h, &token, PROD, &id, None, &again.resource_key).await.json();
    assert_eq!(v2.id, v.id);
    let versions = detail(&h, &token, PROD, &id).await.versions.unwrap_or_default();
    assert_eq!(versions.len(), 1);
    assert_eq!(versions[0].label.as_deref(), Some("2026-02"));

    // The single version is approved through version.validate.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let approved: ExtensionVersion =
        validate(&h, &token, PROD, &id, &v.id, json!({"valid": true})).await.json();
    assert!(approved.valid);
}
