//! Serving the built console as a single-page app.

use crate::common::Harness;
use cluster_sandbox::Config;
use reqwest::{Method, StatusCode};

/// What scripts/headers.mjs writes (the policy shortened).
const HEADERS: &str = "# comment\n/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors \
                       'none'\n  \
    X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n";

#[tokio::test]
async fn serves_files_and_falls_back_to_index_html() {
    let dir = std::env::temp_dir().join(format!("sandbox-console-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("index.html"), "<html>console</html>").expect("index");
    std::fs::write(dir.join("config.json"), r#"{"env":"sandbox"}"#).expect("config");
    std::fs::write(dir.join("_headers"), HEADERS).expect("headers");
    let h = Harness::with(Config { console_dir: Some(dir.clone()), ..Config::default() }).await;

    for (path, body) in [
        ("/", "<html>console</html>"),
        ("/config.json", r#"{"env":"sandbox"}"#),
        ("/clusters/abc", "<html>console</html>"),
    ] {
        let reply = h.raw(Method::GET, path, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert_eq!(reply.body, body, "{path}");
    }
    // The API keeps its JSON 404s.
    let reply = h.raw(Method::GET, "/v2/nope", None).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let _ = std::fs::remove_dir_all(dir);
}

/// A build laid out like `dist/`: a hashed folder with precompressed siblings.
fn built_console() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sandbox-console-{}", uuid::Uuid::new_v4()));
    let pkg = dir.join("pkg-0123456789abcdef");
    std::fs::create_dir_all(&pkg).expect("temp dir");
    std::fs::write(dir.join("index.html"), "<html>console</html>").expect("index");
    std::fs::write(dir.join("config.json"), "{}").expect("config");
    std::fs::write(dir.join("_headers"), HEADERS).expect("headers");
    std::fs::write(pkg.join("app.js"), "plain js").expect("js");
    std::fs::write(pkg.join("app.js.br"), "brotli js").expect("br");
    std::fs::write(pkg.join("app.js.gz"), "gzip js").expect("gz");
    dir
}

async fn get_with(h: &Harness, path: &str, encoding: &str) -> reqwest::Response {
    h.http.get(h.url(path)).header("accept-encoding", encoding).send().await.expect("call")
}

#[tokio::test]
async fn sends_precompressed_files_cached_by_name() {
    let dir = built_console();
    let h = Harness::with(Config { console_dir: Some(dir.clone()), ..Config::default() }).await;
    // reqwest here decodes nothing, so the bytes on the wire are the stored sibling's.
    for (encoding, body, sent) in [
        ("br, gzip", "brotli js", Some("br")),
        ("gzip", "gzip js", Some("gzip")),
        ("identity", "plain js", None),
    ] {
        let reply = get_with(&h, "/pkg-0123456789abcdef/app.js", encoding).await;
        assert_eq!(reply.status(), StatusCode::OK);
        let got = reply.headers().get("content-encoding").and_then(|v| v.to_str().ok()).map(String::from);
        assert_eq!(got.as_deref(), sent, "{encoding}");
        assert_eq!(reply.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(reply.text().await.unwrap_or_default(), body);
    }
    for path in ["/", "/config.json", "/clusters/c1"] {
        let reply = get_with(&h, path, "gzip").await;
        assert_eq!(reply.status(), StatusCode::OK, "{path}");
        assert_eq!(reply.headers()["cache-control"], "no-cache", "{path}");
    }
    // A file of another build is missing, not the page.
    let reply = get_with(&h, "/pkg-ffffffffffffffff/app.js", "gzip").await;
    assert_eq!(reply.status(), StatusCode::NOT_FOUND);
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn fails_console_files_on_demand() {
    let dir = built_console();
    let h = Harness::with(Config { console_dir: Some(dir.clone()), ..Config::default() }).await;
    let armed = h.raw(Method::POST, "/sandbox/faults?path=app.js&times=1&status=503", None).await;
    assert_eq!(armed.status, StatusCode::CREATED, "{}", armed.body);
    let path = "/pkg-0123456789abcdef/app.js";
    assert_eq!(h.raw(Method::GET, path, None).await.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(h.raw(Method::GET, path, None).await.status, StatusCode::OK, "a fault armed once fails once");
    let bad = h.raw(Method::POST, "/sandbox/faults?path=&status=503", None).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    // What was served: the file once (the faulted request sent no file), in order.
    let served = h.raw(Method::GET, "/sandbox/served", None).await;
    assert_eq!(served.status, StatusCode::OK);
    let files: serde_json::Value = serde_json::from_str(&served.body).expect("served is JSON"); // ok: a test
    assert_eq!(files["files"], serde_json::json!([path]), "{}", served.body);
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn every_console_file_carries_the_builds_security_headers() {
    let dir = built_console();
    let h = Harness::with(Config { console_dir: Some(dir.clone()), ..Config::default() }).await;
    for path in
        ["/", "/clusters/c1", "/config.json", "/pkg-0123456789abcdef/app.js", "/pkg-ffffffffffffffff/app.js"]
    {
        let reply = h.raw(Method::GET, path, None).await;
        assert_eq!(
            reply.headers["content-security-policy"], "default-src 'self'; frame-ancestors 'none'",
            "{path}"
        );
        assert_eq!(reply.headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(reply.headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn a_console_without_its_headers_is_not_served() {
    let dir = built_console();
    std::fs::remove_file(dir.join("_headers")).expect("remove");
    let refused =
        cluster_sandbox::start(Config { console_dir: Some(dir.clone()), ..Config::default() }).await;
    let why = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(why.contains("_headers") && why.contains("rebuild"), "{why}");
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn hosted_pages_have_a_policy_of_their_own() {
    let h = Harness::start().await;
    let page = h.raw(Method::GET, "/sandbox/checkout/cs_unknown", None).await;
    assert!(page.headers["content-type"].to_str().unwrap_or("").starts_with("text/html"));
    let csp = page.headers["content-security-policy"].to_str().unwrap_or("").to_string();
    assert!(csp.starts_with("default-src 'none'; style-src 'sha256-"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'") && !csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(page.headers["x-content-type-options"], "nosniff");
    // The stylesheet the policy allows is the one the page has.
    let style =
        page.body.split("<style>").nth(1).and_then(|rest| rest.split("</style>").next()).unwrap_or("");
    assert!(csp.contains(&cluster_sandbox::security::csp_hash(style)), "{csp}");
    let login = h
        .raw(
            Method::GET,
            "/auth/realms/self/protocol/openid-connect/auth?client_id=console&response_type=code",
            None,
        )
        .await;
    assert_eq!(
        login.headers.get("content-security-policy").map(|v| v.to_str().unwrap_or("")),
        Some(csp.as_str()),
        "{}",
        login.status
    );
}
