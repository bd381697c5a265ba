//! Routing through the catalogue: prefixes, unknown paths and methods,
//! every operation implemented, and the coverage counter.

use crate::common::Harness;
use cluster_api::{Cluster, catalogue};
use cluster_sandbox::CoverageReport;
use reqwest::{Method, StatusCode};
use std::collections::BTreeMap;

#[tokio::test]
async fn both_prefixes_serve_the_api() {
    let h = Harness::start().await;
    let bearer = format!("Bearer {}", h.admin().await);
    let console_host: Vec<Cluster> =
        h.raw(Method::GET, "/auth/realms/self/v2/clusters", Some(&bearer)).await.json();
    let api_host: Vec<Cluster> = h.raw(Method::GET, "/v2/clusters", Some(&bearer)).await.json();
    assert!(!console_host.is_empty());
    assert_eq!(console_host, api_host);
}

#[tokio::test]
async fn every_operation_of_both_contracts_is_implemented() {
    // Each operation called once, as the demo admin, on made-up IDs and with no body:
    // whatever it answers (404, 400, 409…), it must not be 501 "not implemented".
    let h = Harness::start().await;
    let bearer = format!("Bearer {}", h.admin().await);
    let mut missing = Vec::new();
    for op in catalogue::every() {
        let path: String = op
            .path
            .split('/')
            .map(|segment| if segment.starts_with('{') { "x-unknown" } else { segment })
            .collect::<Vec<_>>()
            .join("/");
        let method =
            Method::from_bytes(op.method.as_str().as_bytes()).expect("catalogue methods are HTTP methods");
        let reply = h.raw(method, &format!("/v2{path}"), Some(&bearer)).await;
        if reply.status == StatusCode::NOT_IMPLEMENTED {
            missing.push(op.id);
        }
    }
    assert!(missing.is_empty(), "not implemented: {missing:?}");

    let anonymous = h.raw(Method::GET, "/v2/clusters/cl-acme-prod/telemetry-export", None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn unknown_paths_and_methods() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for path in ["/nope", "/clusters/c1/nope", ""] {
        let reply = h.get(path, &token).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.error().is_empty());
    }
    let reply = h.call(Method::PATCH, "/clusters/c1", &token).await;
    assert_eq!(reply.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(reply.headers["allow"], "GET, DELETE, HEAD, OPTIONS");
    // A literal path never falls through to /clusters/{id}.
    let reply = h.delete("/clusters/regions", &token).await;
    assert_eq!(reply.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn coverage_counts_calls_by_operation_and_status() {
    let h = Harness::start().await;
    let token = h.admin().await;
    h.get("/clusters/cl-acme-prod", &token).await;
    h.get("/clusters/cl-acme-prod", &token).await;
    h.get("/clusters/missing", &token).await;
    h.raw(Method::GET, "/auth/realms/self/v2/clusters", None).await;
    h.get("/clusters/cl-acme-prod/telemetry-export", &token).await;
    h.get("/not-an-operation", &token).await;
    h.call(Method::PATCH, "/clusters/x", &token).await;

    let report: CoverageReport = h.raw(Method::GET, "/sandbox/coverage", None).await.json();
    let counts =
        |pairs: &[(&str, u64)]| pairs.iter().map(|(s, n)| (s.to_string(), *n)).collect::<BTreeMap<_, _>>();
    let mut want = CoverageReport::new();
    want.insert(catalogue::CLUSTER_DETAIL.id.into(), counts(&[("200", 2), ("404", 1)]));
    want.insert(catalogue::CLUSTER_LIST.id.into(), counts(&[("401", 1)]));
    want.insert(catalogue::CLUSTER_TELEMETRYEXPORT_DETAIL.id.into(), counts(&[("200", 1)]));
    assert_eq!(report, want);
}
