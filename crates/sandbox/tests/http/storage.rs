//! The presigned object store: S3's rules for signatures, expiry, the Authorization
//! header, CORS and size, and objects that survive a restart.

use crate::common::Harness;
use crate::ext_helpers::{confirm, create, fast, jar, new_version, put, to_url, upload_url};
use cluster_api::{ExtensionVersion, PresignedUrl};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use std::path::PathBuf;
use std::time::Duration;

const PROD: &str = demo::ACME_PROD;
const ORIGIN: &str = "http://console.example:8080";

/// A fresh upload URL for a new THEME version on acme-prod: (extension, version, url).
async fn fresh_url(h: &Harness, token: &str) -> (String, String, PresignedUrl) {
    let id =
        create(h, token, PROD, &format!("t{}", &uuid::Uuid::new_v4().simple().to_string()[..8]), "EXTENSION")
            .await;
    let version = new_version(h, token, PROD, &id, 26).await;
    let url = upload_url(h, token, PROD, &id, Some(&version.id), "").await;
    (id, version.id, url)
}

fn assert_s3_error(reply: &crate::common::Reply, status: StatusCode, code: &str, message: &str) {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert_eq!(reply.headers["content-type"], "application/xml");
    assert!(reply.body.starts_with("<?xml"), "{}", reply.body);
    assert!(reply.body.contains(&format!("<Error><Code>{code}</Code><Message>{message}")), "{}", reply.body);
}

#[tokio::test]
async fn a_presigned_put_stores_the_object_and_answers_with_an_etag() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let (_, _, url) = fresh_url(&h, &token).await;
    assert_eq!(url.method, "PUT");
    let base = format!("{}/sandbox/storage/{}?", h.sandbox.base_url(), url.resource_key);
    assert!(url.url.starts_with(&base), "{}", url.url);
    for param in ["X-Amz-Algorithm=", "X-Amz-Date=", "X-Amz-Expires=300", "X-Amz-Signature="] {
        assert!(url.url.contains(param), "{param} in {}", url.url);
    }

    let reply = to_url(&h, Method::PUT, &url.url, jar(&["a.class"]), &[("origin", ORIGIN)]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(reply.body.is_empty());
    let etag = reply.headers["etag"].to_str().expect("etag");
    assert!(etag.starts_with('"') && etag.len() == 34, "{etag}");
    assert_eq!(reply.headers["access-control-allow-origin"], ORIGIN);
    assert_eq!(reply.headers["access-control-expose-headers"], "ETag");

    // GET is for downloads (log files): an upload URL is signed for PUT only, as on S3.
    let get = to_url(&h, Method::GET, &url.url, vec![], &[]).await;
    assert_s3_error(
        &get,
        StatusCode::FORBIDDEN,
        "SignatureDoesNotMatch",
        "The request signature we calculated",
    );
    let delete = to_url(&h, Method::DELETE, &url.url, vec![], &[]).await;
    assert_s3_error(
        &delete,
        StatusCode::METHOD_NOT_ALLOWED,
        "MethodNotAllowed",
        "Objects here accept only PUT (uploads) or GET",
    );
}

#[tokio::test]
async fn cors_preflight_allows_get_and_put_from_any_origin() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let (_, _, url) = fresh_url(&h, &token).await;
    let headers = [
        ("origin", ORIGIN),
        ("access-control-request-method", "PUT"),
        ("access-control-request-headers", "content-type"),
    ];
    let reply = to_url(&h, Method::OPTIONS, &url.url, vec![], &headers).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.headers["access-control-allow-origin"], ORIGIN);
    assert_eq!(reply.headers["access-control-allow-methods"], "GET, PUT");
    assert_eq!(reply.headers["access-control-allow-headers"], "content-type");
    assert!(reply.headers.contains_key("access-control-max-age"));

    let no_headers = [("origin", ORIGIN), ("access-control-request-method", "PUT")];
    let reply = to_url(&h, Method::OPTIONS, &url.url, vec![], &no_headers).await;
    assert_eq!(reply.headers["access-control-allow-headers"], "Content-Type");

    let delete = [("origin", ORIGIN), ("access-control-request-method", "DELETE")];
    let reply = to_url(&h, Method::OPTIONS, &url.url, vec![], &delete).await;
    assert_s3_error(&reply, StatusCode::FORBIDDEN, "AccessForbidden", "CORSResponse");
}

#[tokio::test]
async fn an_authorization_header_is_refused_as_s3_does() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let (_, _, url) = fresh_url(&h, &token).await;
    let bearer = format!("Bearer {token}");
    let reply =
        to_url(&h, Method::PUT, &url.url, jar(&["a"]), &[("authorization", &bearer), ("origin", ORIGIN)])
            .await;
    assert_s3_error(&reply, StatusCode::BAD_REQUEST, "InvalidArgument", "Only one auth mechanism allowed");
    assert_eq!(reply.headers["access-control-allow-origin"], ORIGIN, "the browser may read the error");
}

#[tokio::test]
async fn tampered_or_incomplete_urls_are_refused() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let (_, _, url) = fresh_url(&h, &token).await;
    let mismatch = "The request signature we calculated does not match";
    let (path, query) = url.url.split_once('?').expect("query");
    let sig_at = query.find("X-Amz-Signature=").expect("sig") + "X-Amz-Signature=".len();
    let flipped =
        format!("{path}?{}{}", &query[..sig_at], query[sig_at..].replace(|c: char| c.is_ascii_digit(), "0"));
    let other_key = format!("{}?{query}", path.replace(".jar", "-x.jar"));
    let longer = url.url.replace("X-Amz-Expires=300", "X-Amz-Expires=86400");
    for tampered in [flipped, other_key, longer] {
        let reply = to_url(&h, Method::PUT, &tampered, jar(&["a"]), &[]).await;
        assert_s3_error(&reply, StatusCode::FORBIDDEN, "SignatureDoesNotMatch", mismatch);
    }
    let reply = to_url(&h, Method::PUT, path, jar(&["a"]), &[]).await;
    assert_s3_error(&reply, StatusCode::FORBIDDEN, "AccessDenied", "Query-string authentication requires");
}

#[tokio::test]
async fn expired_urls_are_refused() {
    let h = Harness::with(Config { upload_url: Duration::from_secs(1), ..Config::default() }).await;
    let token = h.admin().await;
    let (_, _, url) = fresh_url(&h, &token).await;
    assert!(url.url.contains("X-Amz-Expires=1&"), "{}", url.url);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let reply = put(&h, &url, jar(&["a"])).await;
    assert_s3_error(&reply, StatusCode::FORBIDDEN, "AccessDenied", "Request has expired");
}

#[tokio::test]
async fn objects_over_the_size_limit_are_refused() {
    let h = Harness::with(Config { max_upload_bytes: 1024, ..Config::default() }).await;
    let token = h.admin().await;
    let (_, _, url) = fresh_url(&h, &token).await;
    let reply = put(&h, &url, vec![b'x'; 1025]).await;
    assert_s3_error(
        &reply,
        StatusCode::BAD_REQUEST,
        "EntityTooLarge",
        "Your proposed upload exceeds the maximum allowed size of 1024 bytes",
    );
    assert_eq!(put(&h, &url, vec![b'x'; 1024]).await.status, StatusCode::OK);
}

struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[tokio::test]
async fn uploads_and_upload_urls_survive_a_restart() {
    let file =
        TempFile(std::env::temp_dir().join(format!("sandbox-storage-{}.sqlite3", uuid::Uuid::new_v4())));
    let config = Config { data: file.0.clone(), ..fast() };

    let first = Harness::with(config.clone()).await;
    let token = first.admin().await;
    let (id, ver, url) = fresh_url(&first, &token).await;
    assert_eq!(put(&first, &url, jar(&["before-restart.class"])).await.status, StatusCode::OK);
    let second_version = new_version(&first, &token, PROD, &id, 25).await;
    let later = upload_url(&first, &token, PROD, &id, Some(&second_version.id), "").await;
    let first_base = first.sandbox.base_url();
    first.sandbox.stop().await;

    let second = Harness::with(config).await;
    let token = second.admin().await;
    let reply = confirm(&second, &token, PROD, &id, Some(&ver), &url.resource_key).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.json::<ExtensionVersion>().resource_key, Some(url.resource_key.clone()));
    // The signing secret is persisted, so a URL issued before the restart still works.
    let later_url = PresignedUrl { url: later.url.replace(&first_base, &second.sandbox.base_url()), ..later };
    assert_eq!(put(&second, &later_url, jar(&["after.class"])).await.status, StatusCode::OK);
}
