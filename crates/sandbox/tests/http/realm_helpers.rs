//! Helpers for the realm tests: JSON and multipart calls, and reading a realm.

use crate::common::{Harness, Reply};
use cluster_api::Deployment;
use cluster_sandbox::Config;
use reqwest::{Method, StatusCode};
use std::time::Duration;

/// Realms settle after 300 ms.
pub fn quick() -> Config {
    Config { realm: Duration::from_millis(300), ..Config::default() }
}

use crate::ext_helpers::read;
pub use crate::ext_helpers::send;

/// A GET of an absolute URL (the sign-in links), no token.
pub async fn visit(h: &Harness, url: &str) -> Reply {
    read(h.http.get(url).send().await.expect("visit")).await
}

/// A multipart body of `(name, filename, bytes)` parts, as browsers send it.
pub fn form(parts: &[(&str, Option<&str>, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----sandbox-test-7d1f";
    let mut body = Vec::new();
    for (name, filename, data) in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        let file = filename
            .map(|f| format!("; filename=\"{f}\"\r\nContent-Type: application/json"))
            .unwrap_or_default();
        body.extend_from_slice(
            format!("Content-Disposition: form-data; name=\"{name}\"{file}\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub async fn import(
    h: &Harness,
    token: &str,
    cluster: &str,
    name: Option<&str>,
    file: Option<&[u8]>,
) -> Reply {
    let mut parts: Vec<(&str, Option<&str>, &[u8])> = Vec::new();
    if let Some(file) = file {
        parts.push(("file", Some("realm-export.json"), file));
    }
    if let Some(name) = name {
        parts.push(("deployment-name", None, name.as_bytes()));
    }
    let (content_type, body) = form(&parts);
    let url = h.url(&format!("/v2/clusters/{cluster}/deployments/import"));
    let request = h.http.post(url).bearer_auth(token).header("content-type", content_type).body(body);
    read(request.send().await.expect("import")).await
}

/// Creates a realm and returns its ID (from `Location`).
pub async fn create(h: &Harness, token: &str, cluster: &str, name: &str) -> String {
    let reply = send(
        h,
        Method::POST,
        &format!("/clusters/{cluster}/deployments"),
        token,
        Some(serde_json::json!({"name": name})),
    )
    .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    created_id(&reply)
}

pub fn created_id(reply: &Reply) -> String {
    let location = reply.headers["location"].to_str().expect("ascii");
    location.rsplit('/').next().expect("id").to_string()
}

pub async fn realm(h: &Harness, token: &str, id: &str) -> Deployment {
    let reply = h.get(&format!("/deployments/{id}"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

/// Polls until the realm leaves PENDING (at most 5 s).
pub async fn settled(h: &Harness, token: &str, id: &str) -> Deployment {
    for _ in 0..50 {
        let r = realm(h, token, id).await;
        if r.state != cluster_api::DeploymentState::Pending {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("realm {id} stayed PENDING");
}
