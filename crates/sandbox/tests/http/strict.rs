//! The sandbox refuses what the real service refuses: bodies by shape, type and size, enum
//! values, and answers HEAD, OPTIONS, HTTP Basic client authentication and CORS as it does.

use crate::common::{Harness, Reply};
use crate::ext_helpers::{create, read, send};
use base64::Engine;
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use serde_json::json;

const PROD: &str = demo::ACME_PROD;

/// A call with a raw body and Content-Type (or none).
async fn raw_body(
    h: &Harness,
    method: Method,
    path: &str,
    token: &str,
    content_type: Option<&str>,
    body: &str,
) -> Reply {
    let mut request =
        h.http.request(method, h.url(&format!("/v2{path}"))).bearer_auth(token).body(body.to_string());
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    read(request.send().await.expect("call")).await
}

fn assert_json_error(reply: &Reply, status: StatusCode, needle: &str) {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert!(
        reply.headers["content-type"].to_str().unwrap_or("").starts_with("application/json"),
        "{:?}",
        reply.headers
    );
    assert!(reply.error().contains(needle), "{needle:?} not in {:?}", reply.error());
}

#[tokio::test]
async fn bodies_must_be_json_objects_of_the_right_types() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let path = format!("/clusters/{PROD}/extensions");
    let json = Some("application/json");
    let typed = r#"{"name":"t","resourceType":"THEME"}"#;
    let (bad, unsupported) = (StatusCode::BAD_REQUEST, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let not_an_enum_value = "resourceType must be THEME, EXTENSION";
    // Each refused: (Content-Type, body, status, what the error says).
    let refused = [
        // An array read by position would have created an extension named "theme-a".
        (json, r#"["theme-a", "THEME"]"#, bad, "must be a JSON object, not an array"),
        (Some("text/plain"), typed, unsupported, "not a text/plain body"),
        (None, typed, unsupported, "without Content-Type"),
        (json, "", bad, "needs a JSON request body"),
        (json, r#"{"name":"t","resourceType":""}"#, bad, not_an_enum_value),
        (json, r#"{"name":"t","resourceType":"SKIN"}"#, bad, not_an_enum_value),
        (json, r#"{"name":7,"resourceType":"THEME"}"#, bad, "name: invalid type"),
    ];
    for (content_type, body, status, needle) in refused {
        let reply = raw_body(&h, Method::POST, &path, &token, content_type, body).await;
        assert_json_error(&reply, status, needle);
    }
    // None of them created anything; the proper body still does.
    let listed = h.get(&path, &token).await;
    assert!(!listed.body.contains("theme-a") && !listed.body.contains("\"t\""), "{}", listed.body);
    let ok = raw_body(&h, Method::POST, &path, &token, Some("application/json; charset=utf-8"), typed).await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
}

#[tokio::test]
async fn nested_objects_sent_as_arrays_are_refused() {
    let h = Harness::start().await;
    let token = h.admin().await;
    // An IP rule is an object: as an array, serde read its alias and address by position.
    let path = format!("/clusters/{PROD}/ip-rules");
    let body = r#"{"adminAllowedIpRules":[["office","203.0.113.0/24"]]}"#;
    let reply = raw_body(&h, Method::POST, &path, &token, Some("application/json"), body).await;
    assert_json_error(&reply, StatusCode::BAD_REQUEST, "adminAllowedIpRules[0] must be a JSON object");
    let typed = r#"{"adminAllowedIpRules":[{"alias":"office","address":7}]}"#;
    let reply = raw_body(&h, Method::POST, &path, &token, Some("application/json"), typed).await;
    assert_json_error(&reply, StatusCode::BAD_REQUEST, "adminAllowedIpRules[0].address: invalid type");
    assert!(!h.get(&path, &token).await.body.contains("office"));
}

#[tokio::test]
async fn required_bodies_cannot_be_left_out() {
    let h = Harness::with(crate::ext_helpers::fast()).await;
    let token = h.admin().await;
    let ext = create(&h, &token, PROD, "standalone-theme", "THEME").await;
    let standalone = format!("/clusters/{PROD}/extensions/{ext}/standalone");
    let reply = send(&h, Method::POST, &standalone, &token, None).await;
    assert_json_error(&reply, StatusCode::BAD_REQUEST, "needs a JSON request body");
    let version = send(
        &h,
        Method::POST,
        &format!("/clusters/{PROD}/extensions/{ext}/versions"),
        &token,
        Some(json!({"keycloak_major_version": 26})),
    )
    .await;
    let version_id = version.json::<cluster_api::ExtensionVersion>().id;
    let upload = format!("/clusters/{PROD}/extensions/{ext}/versions/{version_id}/upload-url");
    assert_json_error(
        &send(&h, Method::POST, &upload, &token, None).await,
        StatusCode::BAD_REQUEST,
        "needs a JSON request body",
    );
    assert_eq!(
        send(&h, Method::POST, &upload, &token, Some(json!({"label": "v1"}))).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn enum_query_values_must_be_known() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for query in ["type=", "type=theme", "type=SKIN"] {
        let reply = h.get(&format!("/clusters/{PROD}/extensions?{query}"), &token).await;
        assert_json_error(
            &reply,
            StatusCode::BAD_REQUEST,
            "type must be THEME, EXTENSION, PASSWORD_BLACKLIST or WELL_KNOWN; got",
        );
    }
    assert_eq!(
        h.get(&format!("/clusters/{PROD}/extensions?type=THEME"), &token).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn oversized_bodies_get_a_json_413() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let body = format!(r#"{{"name":"{}","resourceType":"THEME"}}"#, "x".repeat(3 * 1024 * 1024));
    let reply = raw_body(
        &h,
        Method::POST,
        &format!("/clusters/{PROD}/extensions"),
        &token,
        Some("application/json"),
        &body,
    )
    .await;
    assert_json_error(&reply, StatusCode::PAYLOAD_TOO_LARGE, "larger than");
}

#[tokio::test]
async fn head_and_options_on_get_resources() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let get = h.get("/clusters", &token).await;
    let head = h.call(Method::HEAD, "/clusters", &token).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty());
    assert_eq!(head.headers["content-type"], get.headers["content-type"]);
    assert_eq!(h.raw(Method::HEAD, "/v2/clusters", None).await.status, StatusCode::UNAUTHORIZED);
    let options = h.raw(Method::OPTIONS, &format!("/v2/clusters/{PROD}"), None).await;
    assert_eq!(options.status, StatusCode::NO_CONTENT);
    assert_eq!(options.headers["allow"], "GET, DELETE, HEAD, OPTIONS");
    // Other methods still name what the path takes.
    let put = h.call(Method::PUT, "/clusters", &token).await;
    assert_eq!(put.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(put.headers["allow"], "GET, POST, HEAD, OPTIONS");
}

#[tokio::test]
async fn api_answers_are_never_cached() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for reply in [
        h.get("/clusters", &token).await,
        h.get("/nope", &token).await,
        h.raw(Method::GET, "/v2/clusters", None).await,
    ] {
        assert_eq!(reply.headers["cache-control"], "no-store", "{}", reply.status);
        assert_eq!(reply.headers["x-content-type-options"], "nosniff");
    }
    let form = [
        ("grant_type", "client_credentials"),
        ("client_id", demo::ADMIN_CLIENT_ID),
        ("client_secret", demo::ADMIN_CLIENT_SECRET),
    ];
    assert_eq!(h.post_token(cluster_api::TOKEN_PATH, &form).await.headers["cache-control"], "no-store");
}

fn basic(id: &str, secret: &str) -> String {
    format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(format!("{id}:{secret}")))
}

#[tokio::test]
async fn token_endpoint_takes_client_secret_basic() {
    let h = Harness::start().await;
    let token_call = |authorization: String, form: Vec<(&'static str, &'static str)>| {
        let request =
            h.http.post(h.url(cluster_api::TOKEN_PATH)).header("authorization", authorization).form(&form);
        async move { read(request.send().await.expect("token call")).await }
    };
    let grant = vec![("grant_type", "client_credentials")];
    let ok = token_call(basic(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET), grant.clone()).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    let token = ok.json::<cluster_api::AccessToken>().access_token;
    assert_eq!(h.get("/clusters", &token).await.status, StatusCode::OK);
    let wrong = token_call(basic(demo::ADMIN_CLIENT_ID, "nope"), grant.clone()).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let twice = vec![("grant_type", "client_credentials"), ("client_secret", demo::ADMIN_CLIENT_SECRET)];
    let twice = token_call(basic(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET), twice).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST);
    assert!(twice.body.contains("invalid_request"), "{}", twice.body);
}

#[tokio::test]
async fn cors_only_for_allowed_origins() {
    let origin = "https://console.example";
    let preflight = |h: &Harness, path: &str, from: &str| {
        let request = h
            .http
            .request(Method::OPTIONS, h.url(path))
            .header("origin", from)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "authorization, content-type");
        async move { read(request.send().await.expect("preflight")).await }
    };
    let closed = Harness::start().await;
    let reply = preflight(&closed, "/v2/clusters", origin).await;
    assert!(
        reply.headers.get("access-control-allow-origin").is_none(),
        "no CORS by default: {:?}",
        reply.headers
    );

    let open = Harness::with(Config { allow_origins: vec![origin.to_string()], ..Config::default() }).await;
    // The userinfo endpoint too: the console asks it who signed in, from its own origin.
    for path in ["/v2/clusters", cluster_api::TOKEN_PATH, cluster_api::identity::USERINFO_PATH] {
        let reply = preflight(&open, path, origin).await;
        assert!(reply.status.is_success(), "{path}: {}", reply.status);
        assert_eq!(reply.headers["access-control-allow-origin"], origin, "{path}");
        let methods = reply.headers["access-control-allow-methods"].to_str().unwrap_or("").to_string();
        assert!(methods.contains("POST") && methods.contains("DELETE"), "{methods}");
        let allowed =
            reply.headers["access-control-allow-headers"].to_str().unwrap_or("").to_ascii_lowercase();
        assert!(allowed.contains("authorization") && allowed.contains("content-type"), "{allowed}");
        let stranger = preflight(&open, path, "https://evil.example").await;
        assert!(stranger.headers.get("access-control-allow-origin").is_none(), "{path}");
    }
    let token = open.admin().await;
    let actual = open
        .http
        .get(open.url("/v2/clusters"))
        .bearer_auth(&token)
        .header("origin", origin)
        .send()
        .await
        .expect("call");
    assert_eq!(actual.headers()["access-control-allow-origin"], origin);
}

#[tokio::test]
async fn plain_options_names_the_methods_with_cors_on() {
    let origin = "https://console.example";
    let h = Harness::with(Config { allow_origins: vec![origin.to_string()], ..Config::default() }).await;
    // No Origin: not a preflight, so the resource answers with its methods, as without CORS.
    let plain = h.raw(Method::OPTIONS, &format!("/v2/clusters/{PROD}"), None).await;
    assert_eq!(plain.status, StatusCode::NO_CONTENT);
    assert_eq!(plain.headers["allow"], "GET, DELETE, HEAD, OPTIONS");
    assert!(plain.headers.get("access-control-allow-origin").is_none(), "{:?}", plain.headers);
    let list = h.raw(Method::OPTIONS, "/v2/clusters", None).await;
    assert_eq!(list.headers["allow"], "GET, POST, HEAD, OPTIONS");
    let token = h.raw(Method::OPTIONS, cluster_api::TOKEN_PATH, None).await;
    assert_eq!(token.headers["allow"], "POST", "{}", token.status);
    // An Origin without Access-Control-Request-Method is not a preflight either.
    let asked = h
        .http
        .request(Method::OPTIONS, h.url(&format!("/v2/clusters/{PROD}")))
        .header("origin", origin)
        .send()
        .await
        .expect("options");
    assert_eq!(read(asked).await.headers["allow"], "GET, DELETE, HEAD, OPTIONS");
    // A preflight is still the CORS layer's, with no Allow.
    let preflight = h
        .http
        .request(Method::OPTIONS, h.url(&format!("/v2/clusters/{PROD}")))
        .header("origin", origin)
        .header("access-control-request-method", "DELETE")
        .send()
        .await
        .expect("preflight");
    let preflight = read(preflight).await;
    assert!(preflight.status.is_success(), "{}", preflight.status);
    assert_eq!(preflight.headers["access-control-allow-origin"], origin);
    assert!(preflight.headers.get("allow").is_none(), "{:?}", preflight.headers);
}
