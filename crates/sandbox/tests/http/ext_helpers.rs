//! Helpers for the extension, storage and well-known tests: JSON calls, the upload
//! flow, and jars built on the spot.

use crate::common::{Harness, Reply};
use cluster_api::{Extension, ExtensionVersion, PresignedUrl};
use cluster_sandbox::Config;
use reqwest::Method;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

/// Short timers: staging turns ACTIVE at once, scans take 300 ms, restarts 1 s.
pub fn fast() -> Config {
    Config {
        provision: Duration::ZERO,
        scan: Duration::from_millis(300),
        restart: Duration::from_secs(1),
        ..Config::default()
    }
}

pub async fn read(response: reqwest::Response) -> Reply {
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.text().await.expect("body");
    Reply { status, headers, body }
}

/// An API call under `/v2` with a bearer token and an optional JSON body.
pub async fn send(h: &Harness, method: Method, path: &str, token: &str, body: Option<Value>) -> Reply {
    let mut request = h.http.request(method, h.url(&format!("/v2{path}"))).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    read(request.send().await.expect("call")).await
}

/// A raw request to an absolute URL (the presigned ones), no token.
pub async fn to_url(
    h: &Harness,
    method: Method,
    url: &str,
    body: Vec<u8>,
    headers: &[(&str, &str)],
) -> Reply {
    let mut request = h.http.request(method, url).body(body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    read(request.send().await.expect("storage call")).await
}

pub fn ext_path(cluster: &str, ext: &str) -> String {
    format!("/clusters/{cluster}/extensions/{ext}")
}

/// Creates an extension and returns its ID, read from `Location` as clients must.
pub async fn create(h: &Harness, token: &str, cluster: &str, name: &str, kind: &str) -> String {
    let body = json!({"name": name, "resourceType": kind});
    let reply = send(h, Method::POST, &format!("/clusters/{cluster}/extensions"), token, Some(body)).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{name}: {}", reply.body);
    let location = reply.headers["location"].to_str().expect("location").to_string();
    location.rsplit('/').next().expect("id").to_string()
}

pub async fn detail(h: &Harness, token: &str, cluster: &str, ext: &str) -> Extension {
    h.get(&ext_path(cluster, ext), token).await.json()
}

pub async fn new_version(h: &Harness, token: &str, cluster: &str, ext: &str, major: i32) -> ExtensionVersion {
    let body = json!({"keycloak_major_version": major});
    let reply =
        send(h, Method::POST, &format!("{}/versions", ext_path(cluster, ext)), token, Some(body)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

/// `version.uploadUrl.create` (`ver` = Some) or `standalone.uploadUrl.create`.
pub async fn upload_url(
    h: &Harness,
    token: &str,
    cluster: &str,
    ext: &str,
    ver: Option<&str>,
    label: &str,
) -> PresignedUrl {
    let path = match ver {
        Some(ver) => format!("{}/versions/{ver}/upload-url", ext_path(cluster, ext)),
        None => format!("{}/standalone", ext_path(cluster, ext)),
    };
    let reply = send(h, Method::POST, &path, token, Some(json!({"label": label}))).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

/// PUTs bytes to a presigned URL the way a browser would: its method, no token.
pub async fn put(h: &Harness, url: &PresignedUrl, bytes: Vec<u8>) -> Reply {
    assert_eq!(url.method, "PUT");
    to_url(h, Method::PUT, &url.url, bytes, &[("content-type", "application/java-archive")]).await
}

/// `version.confirm` (`ver` = Some) or `standalone.confirm`.
pub async fn confirm(
    h: &Harness,
    token: &str,
    cluster: &str,
    ext: &str,
    ver: Option<&str>,
    key: &str,
) -> Reply {
    let path = match ver {
        Some(ver) => format!("{}/versions/{ver}/confirm", ext_path(cluster, ext)),
        None => format!("{}/standalone/confirm", ext_path(cluster, ext)),
    };
    send(h, Method::PUT, &path, token, Some(json!({"resource_key": key}))).await
}

/// The whole versioned flow for one jar: version, URL, PUT, confirm.
pub async fn upload_jar(
    h: &Harness,
    token: &str,
    cluster: &str,
    ext: &str,
    major: i32,
    entries: &[&str],
) -> ExtensionVersion {
    let version = new_version(h, token, cluster, ext, major).await;
    let url = upload_url(h, token, cluster, ext, Some(&version.id), "v1.0.0").await;
    assert_eq!(put(h, &url, jar(entries)).await.status, StatusCode::OK);
    let reply = confirm(h, token, cluster, ext, Some(&version.id), &url.resource_key).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

/// `PUT …/versions/{ver}/validate`.
pub async fn validate(h: &Harness, token: &str, cluster: &str, ext: &str, ver: &str, body: Value) -> Reply {
    send(h, Method::PUT, &format!("{}/versions/{ver}/validate", ext_path(cluster, ext)), token, Some(body))
        .await
}

/// A real jar whose entries hold their own names (see `cluster_sandbox::jar`).
pub fn jar(entries: &[&str]) -> Vec<u8> {
    cluster_sandbox::jar::stored(entries)
}
