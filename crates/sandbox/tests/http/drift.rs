//! `--drift SEED`: answers vary within the contract, never outside it; padded items read
//! back as real objects; error answers and the token endpoint are left alone; a seed
//! replays; `/sandbox/drift` reports what varied.

use crate::common::Harness;
use cluster_sandbox::Config;
use cluster_sandbox::demo;
use cluster_sandbox::drift::{conform, schema};
use reqwest::{Method, StatusCode};
use serde_json::Value;

fn drifting(seed: u64) -> Config {
    Config { drift: Some(seed), ..Config::default() }
}

/// Reads the console reads, each with its contract path.
fn reads() -> Vec<(String, &'static str)> {
    let cluster = demo::ACME_PROD;
    let org = demo::ACME_ORG_ID;
    vec![
        ("/orgs".to_string(), "/orgs"),
        ("/clusters".to_string(), "/clusters"),
        (format!("/clusters/{cluster}"), "/clusters/{id}"),
        (format!("/clusters/{cluster}/deployments"), "/clusters/{id}/deployments"),
        (format!("/clusters/{cluster}/domains"), "/clusters/{id}/domains"),
        (format!("/clusters/{cluster}/extensions"), "/clusters/{id}/extensions"),
        (format!("/clusters/{cluster}/env-vars"), "/clusters/{id}/env-vars"),
        (format!("/orgs/{org}/secrets"), "/orgs/{orgId}/secrets"),
    ]
}

async fn sweep(h: &Harness, token: &str, rounds: usize) -> (Vec<String>, Vec<String>) {
    let (mut bodies, mut failures) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        for (path, template) in reads() {
            let reply = h.get(&path, token).await;
            if reply.status != StatusCode::OK {
                failures.push(format!("{path}: {} {}", reply.status, reply.body));
                continue;
            }
            let Some(contract) = schema::response("GET", template, 200) else {
                failures.push(format!("GET {template}: not in the drift index"));
                continue;
            };
            let value: Value = reply.json();
            failures.extend(conform::problems(&value, contract, &path));
            bodies.push(reply.body);
        }
    }
    (bodies, failures)
}

#[tokio::test]
async fn drifted_answers_keep_to_the_contract_and_a_seed_replays_them() {
    let h = Harness::with(drifting(11)).await;
    let token = h.admin().await;
    let (first, failures) = sweep(&h, &token, 12).await;
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
    let report: Value = h.raw(Method::GET, "/sandbox/drift", None).await.json();
    assert_eq!(report["seed"], 11, "{report}");
    assert_eq!(report["answers"], first.len() as u64, "{report}");
    for kind in ["omitted_optional", "extra_field", "unknown_enum", "empty_list", "padded_list"] {
        assert!(report["varied"][kind].as_u64().unwrap_or(0) > 0, "{kind} never varied: {report}");
        assert!(report["examples"][kind].as_array().is_some_and(|e| !e.is_empty()), "{kind}: {report}");
    }
    assert!(report["open_enums"].as_array().is_some_and(|e| e.len() == 6), "{report}");
    drop(h);

    let again = Harness::with(drifting(11)).await;
    let token = again.admin().await;
    let (second, _) = sweep(&again, &token, 12).await;
    assert_eq!(first.len(), second.len());
    // The bodies themselves hold times that move on; what varied, and where, must not.
    let replayed: Value = again.raw(Method::GET, "/sandbox/drift", None).await.json();
    assert_eq!(replayed, report, "the same seed must vary the same calls the same way");
}

#[tokio::test]
async fn a_padded_item_reads_back_as_the_real_one_under_its_alias() {
    let h = Harness::with(drifting(3)).await;
    let token = h.admin().await;
    let mut padded = None;
    for _ in 0..60 {
        let list: Vec<Value> = h.get("/clusters", &token).await.json();
        if list.len() == 500 {
            padded = Some(list);
            break;
        }
    }
    let list = padded.expect("the cluster list is padded to 500 within 60 reads");
    let alias = list[499]["id"].as_str().expect("a string id").to_string();
    assert!(alias.contains("--drift-"), "{alias}");
    let detail = h.get(&format!("/clusters/{alias}"), &token).await;
    assert_eq!(detail.status, StatusCode::OK, "{}", detail.body);
    let detail: Value = detail.json();
    assert_eq!(detail["id"], alias.as_str(), "the alias is answered back as the ID");
    let realms = h.get(&format!("/clusters/{alias}/deployments"), &token).await;
    assert_eq!(realms.status, StatusCode::OK, "{}", realms.body);
}

#[tokio::test]
async fn errors_the_token_endpoint_and_sandbox_hooks_are_left_alone() {
    let h = Harness::with(drifting(5)).await;
    let token = h.admin().await;
    for _ in 0..10 {
        let missing = h.get("/clusters/no-such-cluster", &token).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        let body: Value = missing.json();
        assert_eq!(
            body.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()),
            Some(vec!["error".to_string()]),
            "{body}"
        );
    }
    let report: Value = h.raw(Method::GET, "/sandbox/drift", None).await.json();
    assert_eq!(report["answers"], 0, "error answers are not varied: {report}");
    // Off without the flag.
    let plain = Harness::start().await;
    let report: Value = plain.raw(Method::GET, "/sandbox/drift", None).await.json();
    assert!(report["seed"].is_null(), "{report}");
}
