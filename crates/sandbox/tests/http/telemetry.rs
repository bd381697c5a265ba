//! Telemetry export (openapi-v2-next.yaml): a write-only token (`tokenSet`), an
//! omitted token kept, public https endpoints only, validate without saving (a 200
//! outcome `{endpoint, valid, reason?}`), and starter refused with 403.

use crate::common::Harness;
use crate::ext_helpers::send;
use cluster_api::TelemetryExport;
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const PROD: &str = demo::ACME_PROD;

fn path(cluster: &str) -> String {
    format!("/clusters/{cluster}/telemetry-export")
}

async fn put(h: &Harness, token: &str, body: Value) -> crate::common::Reply {
    send(h, Method::PUT, &path(PROD), token, Some(body)).await
}

async fn read(h: &Harness, token: &str) -> (TelemetryExport, Value) {
    let reply = h.get(&path(PROD), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    (reply.json(), reply.json())
}

#[tokio::test]
async fn the_token_is_write_only_and_an_omitted_token_is_kept() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let (initial, _) = read(&h, &token).await;
    assert_eq!((initial.enabled, initial.token_set, initial.endpoint), (Some(false), Some(false), None));
    assert_eq!(initial.protocol.as_deref(), Some("http"));

    let body = json!({
        "enabled": true, "endpoint": "https://otlp.example.com:4318", "protocol": "grpc",
        "token": "s3cr3t-token"
    });
    let reply = put(&h, &token, body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(!reply.body.contains("s3cr3t-token"), "the token never comes back: {}", reply.body);
    let (saved, raw) = read(&h, &token).await;
    assert!(raw.get("token").is_none(), "{raw}");
    assert_eq!((saved.enabled, saved.token_set), (Some(true), Some(true)));
    assert_eq!(
        (saved.endpoint.as_deref(), saved.protocol.as_deref()),
        (Some("https://otlp.example.com:4318"), Some("grpc"))
    );

    // No token sent: the stored one stays.
    let reply = put(&h, &token, json!({"enabled": false, "endpoint": "https://collector.example.org"})).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let (kept, _) = read(&h, &token).await;
    assert_eq!(
        (kept.enabled, kept.token_set, kept.protocol.as_deref()),
        (Some(false), Some(true), Some("grpc"))
    );
    assert_eq!(kept.endpoint.as_deref(), Some("https://collector.example.org"));
    // An empty token removes it.
    put(&h, &token, json!({"token": ""})).await;
    assert_eq!(read(&h, &token).await.0.token_set, Some(false));
}

#[tokio::test]
async fn endpoints_must_be_public_https_and_bad_settings_change_nothing() {
    let h = Harness::start().await;
    let token = h.admin().await;
    put(&h, &token, json!({"enabled": true, "endpoint": "https://otlp.example.com"})).await;
    let before = read(&h, &token).await.1;
    for bad in [
        "http://otlp.example.com",
        "https://localhost:4318",
        "https://127.0.0.1",
        "https://10.0.0.8",
        "https://192.168.1.2",
        "https://[::1]",
        "https://collector.internal",
        "ftp://otlp.example.com",
        "otlp.example.com",
    ] {
        let reply = put(&h, &token, json!({"endpoint": bad})).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad}: {}", reply.body);
        // Validating says why, as a 200 outcome rather than an error.
        let check = validate(&h, &token, bad).await;
        assert_eq!(check["valid"], false, "validate {bad}: {check}");
        let reason = check["reason"].as_str().unwrap_or_default();
        assert!(reason.contains("https") || reason.contains("public"), "{check}");
    }
    for (body, words) in [
        (json!({"protocol": "udp"}), "protocol"),
        (json!({"signals": ["metrics"]}), "signals"),
        (json!({"token": "has space"}), "token"),
        (json!({"enabled": true, "endpoint": ""}), "endpoint is required"),
    ] {
        let reply = put(&h, &token, body.clone()).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(reply.error().contains(words), "{}", reply.body);
    }
    assert_eq!(read(&h, &token).await.1, before);
}

/// The 200 outcome of validating `endpoint` on the premium cluster.
async fn validate(h: &Harness, token: &str, endpoint: &str) -> Value {
    let url = format!("{}/validate-endpoint?endpoint={}", path(PROD), urlencode(endpoint));
    let reply = h.get(&url, token).await;
    assert_eq!(reply.status, StatusCode::OK, "validate {endpoint}: {}", reply.body);
    reply.json()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test]
async fn validate_checks_without_saving() {
    let h = Harness::start().await;
    let viewer = h.viewer().await;
    let url =
        format!("{}/validate-endpoint?endpoint={}", path(PROD), urlencode("https://otlp.example.com/v1"));
    let reply = h.get(&url, &viewer).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.json::<Value>(), json!({"endpoint": "https://otlp.example.com/v1", "valid": true}));
    assert_eq!(read(&h, &viewer).await.0.endpoint, None, "nothing saved");
    let missing = h.get(&format!("{}/validate-endpoint", path(PROD)), &viewer).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert!(missing.error().contains("endpoint is required"));
}

#[tokio::test]
async fn validate_answers_valid_for_a_reachable_collector() {
    let h = Harness::start().await;
    let admin = h.admin().await;
    for endpoint in
        ["https://otlp.example.com:4318", "  https://collector.example.org/otlp  ", "https://8.8.8.8"]
    {
        let outcome = validate(&h, &admin, endpoint).await;
        assert_eq!(outcome, json!({"endpoint": endpoint.trim(), "valid": true}), "{endpoint}");
    }
}

#[tokio::test]
async fn validate_answers_invalid_with_a_reason() {
    let h = Harness::start().await;
    let admin = h.admin().await;
    for (endpoint, words) in [
        // Simulated: the sandbox has no network (engine::telemetry::reachability_problem).
        ("https://collector.unreachable.example:4318", "timed out"),
        ("https://otel.untrusted.example", "not publicly trusted"),
        // Refused by form, as saving would refuse them.
        ("https://collector.invalid", "public internet"),
        ("https://10.0.0.8:4318", "private"),
        ("http://otlp.example.com", "https://"),
    ] {
        let outcome = validate(&h, &admin, endpoint).await;
        assert_eq!((&outcome["endpoint"], &outcome["valid"]), (&json!(endpoint), &json!(false)), "{outcome}");
        let reason = outcome["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(words), "{endpoint}: {outcome}");
        assert_eq!(outcome.as_object().map(|o| o.len()), Some(3), "endpoint, valid, reason: {outcome}");
    }
    // Nothing was saved along the way.
    assert_eq!(read(&h, &admin).await.0.endpoint, None);
}

#[tokio::test]
async fn starter_is_refused_viewers_cannot_write_and_strangers_see_nothing() {
    let h = Harness::start().await;
    let admin = h.admin().await;
    let dev = path(demo::ACME_DEV);
    for reply in [
        h.get(&dev, &admin).await,
        send(&h, Method::PUT, &dev, &admin, Some(json!({"enabled": false}))).await,
        h.get(&format!("{dev}/validate-endpoint?endpoint=https%3A%2F%2Fotlp.example.com"), &admin).await,
    ] {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);
        assert!(reply.error().contains("not available on this tier"), "{}", reply.body);
    }
    let viewer = h.viewer().await;
    let reply = put(&h, &viewer, json!({"enabled": false})).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert!(reply.error().contains("manage-clusters"));
    let globex = h.globex().await;
    assert_eq!(h.get(&path(PROD), &globex).await.status, StatusCode::NOT_FOUND);
    // Premium has export.
    assert_eq!(h.get(&path(demo::GLOBEX_PROD), &globex).await.status, StatusCode::OK);
}
