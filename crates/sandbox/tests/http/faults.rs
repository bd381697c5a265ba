//! `--faults`: the injected failures, their counters and their repeatability; and
//! `--hostile-seed`'s organization.

use crate::common::Harness;
use cluster_sandbox::Config;
use cluster_sandbox::store::hostile;
use reqwest::{Method, StatusCode};
use std::collections::BTreeMap;

fn faulty(rate: f64, seed: u64) -> Config {
    Config { faults: rate, faults_seed: seed, ..Config::default() }
}

/// What `n` reads of the cluster list came back as: a status, "dropped" or "truncated".
async fn outcomes(h: &Harness, token: &str, n: usize) -> Vec<String> {
    let mut seen = Vec::new();
    for _ in 0..n {
        let sent = h.http.get(h.url("/v2/clusters")).bearer_auth(token).send().await;
        let outcome = match sent {
            Err(_) => "dropped".to_string(),
            Ok(response) => {
                let status = response.status();
                match response.text().await {
                    Err(_) => "dropped".to_string(),
                    Ok(body)
                        if status == StatusCode::OK
                            && serde_json::from_str::<serde_json::Value>(&body).is_err() =>
                    {
                        "truncated".to_string()
                    }
                    Ok(_) => status.as_u16().to_string(),
                }
            }
        };
        seen.push(outcome);
    }
    seen
}

async fn report(h: &Harness) -> serde_json::Value {
    h.raw(Method::GET, "/sandbox/api-faults", None).await.json()
}

#[tokio::test]
async fn every_kind_is_injected_counted_and_a_seed_replays_them() {
    let h = Harness::with(faulty(0.5, 7)).await;
    // The token endpoint is never faulted.
    let token = h.admin().await;
    let first = outcomes(&h, &token, 40).await;
    let counts = report(&h).await;
    assert_eq!(counts["calls"], 40, "{counts}");
    let injected: BTreeMap<String, u64> =
        serde_json::from_value(counts["injected"].clone()).unwrap_or_default();
    for kind in ["server_error", "unavailable", "delay", "expired", "dropped", "truncated"] {
        assert!(injected.get(kind).copied().unwrap_or(0) > 0, "{kind} never injected in {counts}");
    }
    // Each kind looks as it should on the wire.
    let faulted: u64 = injected.values().sum();
    let failed = first.iter().filter(|o| *o != "200").count() as u64;
    assert_eq!(failed, faulted - injected["delay"], "{first:?} vs {counts}");
    assert_eq!(first.iter().filter(|o| *o == "500").count() as u64, injected["server_error"]);
    assert_eq!(first.iter().filter(|o| *o == "503").count() as u64, injected["unavailable"]);
    assert_eq!(first.iter().filter(|o| *o == "401").count() as u64, injected["expired"]);
    assert_eq!(first.iter().filter(|o| *o == "dropped").count() as u64, injected["dropped"]);
    assert_eq!(first.iter().filter(|o| *o == "truncated").count() as u64, injected["truncated"]);
    drop(h);

    let again = Harness::with(faulty(0.5, 7)).await;
    let token = again.admin().await;
    assert_eq!(
        outcomes(&again, &token, 40).await,
        first,
        "the same seed must fail the same calls the same way"
    );
}

#[tokio::test]
async fn a_500_fault_has_the_usual_json_body_and_a_401_asks_for_a_new_token() {
    let h = Harness::with(faulty(1.0, 7)).await;
    let token = h.admin().await;
    let mut seen = BTreeMap::new();
    for _ in 0..60 {
        let Ok(response) = h.http.get(h.url("/v2/organizations")).bearer_auth(&token).send().await else {
            continue;
        };
        let status = response.status();
        let challenge = response.headers().get("www-authenticate").is_some();
        let Ok(body) = response.text().await else { continue };
        if status == StatusCode::INTERNAL_SERVER_ERROR {
            let error: cluster_api::ErrorBody =
                serde_json::from_str(&body).expect("500 has a JSON error body");
            assert!(error.error.contains("--faults"), "{}", error.error);
        }
        if status == StatusCode::UNAUTHORIZED {
            assert!(challenge, "an expired-token 401 carries WWW-Authenticate");
        }
        *seen.entry(status.as_u16()).or_insert(0) += 1;
    }
    assert!(seen.contains_key(&500) && seen.contains_key(&401) && seen.contains_key(&503), "{seen:?}");
}

#[tokio::test]
async fn faulted_writes_are_never_applied_nor_truncated() {
    let h = Harness::with(faulty(1.0, 11)).await;
    let token = h.admin().await;
    // With every call faulted, a write either is delayed and then applied whole, or fails
    // before it reaches the service: never a cut answer to an applied write.
    let (mut reached, mut created) = (0, 0);
    for i in 0..12 {
        let body = serde_json::json!({ "name": format!("FAULT_{i}"), "value": "v", "type": "STRING" });
        let sent = h
            .http
            .post(h.url("/v2/clusters/cl-acme-prod/env-vars"))
            .bearer_auth(&token)
            .json(&body)
            .send()
            .await;
        if let Ok(response) = sent {
            let status = response.status().as_u16();
            if let Ok(text) = response.text().await
                && ![500, 503, 401].contains(&status)
            {
                // Delayed, then served: the first is created, the rest wait for its restart.
                reached += 1;
                if status == 200 || status == 201 {
                    serde_json::from_str::<serde_json::Value>(&text)
                        .expect("a successful write's answer is whole");
                    created += 1;
                }
            }
        }
    }
    let counts = report(&h).await;
    assert_eq!(counts["injected"].get("truncated"), None, "{counts}");
    assert_eq!(counts["injected"]["delay"], reached, "only delayed writes reached the service: {counts}");
    assert!(created <= 1, "one variable at most, then a restart: {created}");
}

#[tokio::test]
async fn without_faults_nothing_is_injected() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for _ in 0..20 {
        assert_eq!(h.get("/clusters", &token).await.status, StatusCode::OK);
    }
    let counts = report(&h).await;
    assert_eq!(counts["calls"], 0);
    assert_eq!(counts["injected"], serde_json::json!({}));
}

#[tokio::test]
async fn the_hostile_organization_serves_its_strings_verbatim() {
    let h = Harness::with(Config { hostile: true, ..Config::default() }).await;
    let token = h.token_for(hostile::HOSTILE_CLIENT_ID, hostile::HOSTILE_CLIENT_SECRET).await;
    let clusters = h.get("/clusters", &token).await;
    assert_eq!(clusters.status, StatusCode::OK);
    assert!(clusters.body.contains("onerror"), "{}", clusters.body);
    assert!(!clusters.body.contains("acme"), "only the Hostile organization's clusters: {}", clusters.body);
    let cluster = hostile::HOSTILE_CLUSTERS[0];
    for path in ["deployments", "extensions", "env-vars", "domains"] {
        let reply = h.get(&format!("/clusters/{cluster}/{path}"), &token).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.body);
        assert!(
            reply.body.contains(&hostile::long_word()) || reply.body.contains(&hostile::long_host()),
            "{path} lacks the long strings"
        );
    }
    // The demo world is untouched.
    let acme = h.get("/clusters", &h.admin().await).await;
    assert!(!acme.body.contains("onerror"));
}

/// `POST /sandbox/faults` reaches the API too: an armed fault fails or holds the next calls
/// whose path holds its text, as often as armed, and no other call.
#[tokio::test]
async fn an_armed_fault_fails_or_holds_an_api_operation_as_often_as_armed() {
    let h = Harness::with(Config::default()).await;
    let token = h.admin().await;
    let restarts = format!("/clusters/{}/restart-status", cluster_sandbox::demo::ACME_PROD);
    let armed = h.raw(Method::POST, "/sandbox/faults?path=/restart-status&times=1&status=503", None).await;
    assert_eq!(armed.status, StatusCode::CREATED, "{}", armed.body);
    assert_eq!(h.get("/clusters", &token).await.status, StatusCode::OK, "another operation was failed");
    assert_eq!(h.get(&restarts, &token).await.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(h.get(&restarts, &token).await.status, StatusCode::OK, "a fault armed once fails once");

    let armed = h.raw(Method::POST, "/sandbox/faults?path=/restart-status&times=1&delay_ms=600", None).await;
    assert_eq!(armed.status, StatusCode::CREATED, "{}", armed.body);
    let started = std::time::Instant::now();
    assert_eq!(h.get(&restarts, &token).await.status, StatusCode::OK, "a held call is then served");
    assert!(started.elapsed() >= std::time::Duration::from_millis(600), "the call was not held");
}
