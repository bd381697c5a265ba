//! App-association files and the change-password redirect of a WELL_KNOWN extension.

use crate::common::{Harness, Reply};
use crate::ext_helpers::{create, ext_path, send, to_url};
use cluster_api::{PresignedUrl, WellKnown, WellKnownFile};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const PROD: &str = demo::ACME_PROD;
const AASA: &str = "apple-app-site-association";
const LINKS: &str = "assetlinks.json";

fn file<'a>(state: &'a WellKnown, name: &str) -> &'a WellKnownFile {
    let files = state.files.as_deref().unwrap_or_default();
    files.iter().find(|f| f.name.as_deref() == Some(name)).unwrap_or_else(|| panic!("{name} listed"))
}

/// Upload-URL, PUT and confirm for one file; the confirm reply.
async fn publish(h: &Harness, token: &str, ext: &str, name: &str, content: &str) -> Reply {
    let base = format!("{}/well-known/{name}", ext_path(PROD, ext));
    let reply = send(h, Method::POST, &format!("{base}/upload-url"), token, None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let url: PresignedUrl = reply.json();
    assert!(url.resource_key.contains(&format!("/well-known/{name}/")), "{}", url.resource_key);
    let put =
        to_url(h, Method::PUT, &url.url, content.as_bytes().to_vec(), &[("content-type", "text/plain")])
            .await;
    assert_eq!(put.status, StatusCode::OK);
    send(h, Method::PUT, &format!("{base}/confirm"), token, None).await
}

#[tokio::test]
async fn get_lists_both_files_with_their_public_urls() {
    let h = Harness::start().await;
    let token = h.viewer().await;
    let ext = create(&h, &h.admin().await, PROD, "links", "WELL_KNOWN").await;
    let reply = h.get(&format!("{}/well-known", ext_path(PROD, &ext)), &token).await;
    assert_eq!(reply.status, StatusCode::OK);
    let body: Value = reply.json();
    assert!(body.get("change_password_url").is_none(), "{body}");
    let state: WellKnown = reply.json();
    assert_eq!(state.domain.as_deref(), Some("acme-prod.global.auth.ac"));
    assert_eq!(state.propagation_seconds, Some(60));
    for name in [AASA, LINKS] {
        let f = file(&state, name);
        assert_eq!(
            f.url.clone().unwrap_or_default(),
            format!("https://acme-prod.global.auth.ac/.well-known/{name}")
        );
        assert_eq!((f.uploaded, f.resource_key.clone()), (Some(false), None));
    }
}

#[tokio::test]
async fn good_files_are_published_and_bad_ones_explained() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let ext = create(&h, &token, PROD, "links", "WELL_KNOWN").await;

    let reply =
        publish(&h, &token, &ext, AASA, r#"{"applinks": {"details": [{"appIDs": ["T.com.acme"]}]}}"#).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let state: WellKnown = reply.json();
    assert_eq!(file(&state, AASA).uploaded, Some(true));
    assert!(file(&state, AASA).resource_key.is_some());
    assert_eq!(file(&state, LINKS).uploaded, Some(false));

    let bad = [
        (
            LINKS,
            r#"{"relation": []}"#,
            "assetlinks.json must be a JSON array of statements; found an object.",
        ),
        (LINKS, "[]", "assetlinks.json must contain at least one statement; found an empty array."),
        (LINKS, r#"[{"relation": ["x"]}]"#, "Statement 1 of assetlinks.json has no target (an object)."),
        (
            AASA,
            r#"["applinks"]"#,
            "apple-app-site-association must be a JSON object with applinks and/or webcredentials; found an \
             array.",
        ),
        (
            AASA,
            r#"{"appclips": {}}"#,
            "apple-app-site-association must have an applinks or webcredentials key; found only appclips.",
        ),
    ];
    for (name, content, message) in bad {
        let reply = publish(&h, &token, &ext, name, content).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{content}");
        assert_eq!(reply.error(), message);
    }
    let reply = publish(&h, &token, &ext, LINKS, "{not json").await;
    assert!(reply.error().starts_with("The uploaded assetlinks.json is not valid JSON"), "{}", reply.error());

    let statement = json!([{"relation": ["delegate_permission/common.handle_all_urls"],
                            "target": {"namespace": "android_app", "package_name": "com.acme"}}]);
    let reply = publish(&h, &token, &ext, LINKS, &statement.to_string()).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let state: WellKnown = reply.json();
    assert_eq!((file(&state, AASA).uploaded, file(&state, LINKS).uploaded), (Some(true), Some(true)));
}

#[tokio::test]
async fn delete_answers_the_new_state() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let ext = create(&h, &token, PROD, "links", "WELL_KNOWN").await;
    let base = format!("{}/well-known", ext_path(PROD, &ext));
    let confirm = format!("{base}/{AASA}/confirm");
    let reply = send(&h, Method::PUT, &confirm, &token, None).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert!(
        reply.error().starts_with("Nothing has been uploaded for apple-app-site-association yet"),
        "{}",
        reply.error()
    );

    assert_eq!(
        publish(&h, &token, &ext, AASA, r#"{"webcredentials": {"apps": []}}"#).await.status,
        StatusCode::OK
    );
    let reply = h.delete(&format!("{base}/{AASA}"), &token).await;
    assert_eq!(reply.status, StatusCode::OK);
    let state: WellKnown = reply.json();
    assert_eq!((file(&state, AASA).uploaded, file(&state, AASA).resource_key.clone()), (Some(false), None));
    let reply = send(&h, Method::PUT, &confirm, &token, None).await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "the upload went with the file");
}

#[tokio::test]
async fn only_the_two_files_exist() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let ext = create(&h, &token, PROD, "links", "WELL_KNOWN").await;
    let base = format!("{}/well-known", ext_path(PROD, &ext));
    for (method, path) in [
        (Method::POST, format!("{base}/security.txt/upload-url")),
        (Method::PUT, format!("{base}/security.txt/confirm")),
        (Method::DELETE, format!("{base}/security.txt")),
    ] {
        let reply = send(&h, method, &path, &token, None).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(
            reply.error(),
            "There is no well-known file named \"security.txt\"; the files are apple-app-site-association \
             and assetlinks.json."
        );
    }
}

#[tokio::test]
async fn change_password_redirect_is_set_and_cleared() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let ext = create(&h, &token, PROD, "links", "WELL_KNOWN").await;
    let path = format!("{}/well-known/change-password", ext_path(PROD, &ext));
    let set = |url: Value| json!({"change_password_url": url});

    let reply =
        send(&h, Method::PUT, &path, &token, Some(set(json!("https://acme.example/account/password")))).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(
        reply.json::<WellKnown>().change_password_url.as_deref(),
        Some("https://acme.example/account/password")
    );

    let reply = send(&h, Method::PUT, &path, &token, Some(set(json!("ftp://acme.example")))).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().starts_with("change_password_url must be an http(s) URL"), "{}", reply.error());

    for clear in [Some(set(json!(""))), Some(set(Value::Null)), Some(json!({})), None] {
        send(&h, Method::PUT, &path, &token, Some(set(json!("https://acme.example/pw")))).await;
        let reply = send(&h, Method::PUT, &path, &token, clear.clone()).await;
        assert_eq!(reply.status, StatusCode::OK, "{clear:?}");
        assert_eq!(reply.json::<WellKnown>().change_password_url, None, "{clear:?}");
    }
    let state: WellKnown = h.get(&format!("{}/well-known", ext_path(PROD, &ext)), &token).await.json();
    assert_eq!(state.change_password_url, None);

    let viewer = send(&h, Method::PUT, &path, &h.viewer().await, None).await;
    assert_eq!(viewer.status, StatusCode::FORBIDDEN);
    assert!(viewer.error().contains("manage-clusters"));
}
