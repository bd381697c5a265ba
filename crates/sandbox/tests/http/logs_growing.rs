//! The current hour's log file grows while the sandbox runs (listed with the lines up to
//! now and a `last_modified` of now); `--hourly-logs` lists closed files only; the
//! `POST /sandbox/logs/append` hook writes a line stamped now; `--log-lines-per-hour`.

use crate::common::Harness;
use cluster_api::LogFile;
use cluster_sandbox::{Config, demo};
use reqwest::StatusCode;
use std::io::Read;

const PROD: &str = demo::ACME_PROD;
const HOUR: i64 = 3_600_000;

fn encode(path: &str) -> String {
    path.replace('/', "%2F")
}

fn now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn name_of(hour_start: i64) -> String {
    chrono::DateTime::from_timestamp_millis(hour_start)
        .expect("instant")
        .format("keycloak/%Y-%m-%d/%H-00.log.gz")
        .to_string()
}

async fn list(h: &Harness, token: &str, query: &str) -> Vec<LogFile> {
    let reply = h.get(&format!("/clusters/{PROD}/logs{query}"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

/// The text of `name`, downloaded through its presigned URL.
async fn download(h: &Harness, token: &str, name: &str) -> (LogFile, String) {
    let detail = h.get(&format!("/clusters/{PROD}/logs/{}", encode(name)), token).await;
    assert_eq!(detail.status, StatusCode::OK, "{name}: {}", detail.body);
    let file: LogFile = detail.json();
    let bytes = h
        .http
        .get(file.temp_url.clone().expect("temp_url"))
        .send()
        .await
        .expect("download")
        .bytes()
        .await
        .expect("bytes");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).expect("gunzip");
    (file, text)
}

async fn append(h: &Harness, cluster: &str, body: &str) -> (StatusCode, serde_json::Value) {
    let response = h
        .http
        .post(h.url(&format!("/sandbox/logs/append?cluster={cluster}")))
        .body(body.to_string())
        .send()
        .await
        .expect("append");
    let status = response.status();
    (status, response.json().await.expect("json"))
}

fn stamp_of(line: &str) -> i64 {
    chrono::NaiveDateTime::parse_from_str(&line[..23], "%Y-%m-%d %H:%M:%S,%3f")
        .expect("stamp")
        .and_utc()
        .timestamp_millis()
}

#[tokio::test]
async fn the_current_hour_is_listed_and_grows_with_appended_lines() {
    let h = Harness::start().await;
    let token = h.viewer().await;
    let before = now();
    let first = list(&h, &token, "?max=2").await;
    let current = &first[0];
    let modified = current.last_modified.expect("last_modified").0;
    assert!(modified >= before - 1000 && modified <= now() + 1000, "now-ish: {modified} vs {before}");
    if current.file_name != name_of(before.div_euclid(HOUR) * HOUR) {
        // The hour turned between the two readings; the next one is the current file then.
        assert_eq!(current.file_name, name_of(now().div_euclid(HOUR) * HOUR));
    }
    assert_eq!(first[1].file_name, name_of(modified.div_euclid(HOUR) * HOUR - HOUR));

    let (status, appended) = append(
        &h,
        PROD,
        "type=LOGIN, realmId=customers, clientId=web-shop, userId=u-1, ipAddress=203.0.113.9",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{appended}");
    let line = appended["line"].as_str().expect("line").to_string();
    assert!(
        line.contains(" INFO  [org.keycloak.events] (executor-thread-0) type=LOGIN, realmId=customers"),
        "{line}"
    );
    let name = appended["file_name"].as_str().expect("file_name").to_string();
    let (status, json) =
        append(&h, PROD, r#"{"level":"error","logger":"org.keycloak.services","message":"boom"}"#).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    let second = json["line"].as_str().expect("line").to_string();
    assert!(second.ends_with(" ERROR [org.keycloak.services] (executor-thread-0) boom"), "{second}");

    let (file, text) = download(&h, &token, &name).await;
    let appended_at = appended["at"].as_i64().expect("at");
    assert!(text.contains(&format!("{line}\n")) && text.contains(&format!("{second}\n")), "{text}");
    let entries: Vec<&str> =
        text.lines().filter(|l| !l.starts_with('\t') && !l.starts_with("Caused by:")).collect();
    let stamps: Vec<i64> = entries.iter().map(|l| stamp_of(l)).collect();
    assert!(stamps.windows(2).all(|w| w[0] <= w[1]), "in time order");
    assert!(stamps.iter().all(|at| *at <= now()), "nothing from the future");
    assert!(file.last_modified.is_some_and(|m| m.0 >= appended_at));
    // The listing's size is the download's.
    let listed = list(&h, &token, "?max=3").await.into_iter().find(|f| f.file_name == name).expect("listed");
    assert!(listed.size.is_some_and(|s| s > 0));
}

#[tokio::test]
async fn the_append_hook_checks_what_it_is_given() {
    let h = Harness::start().await;
    let (status, empty) = append(&h, PROD, "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(empty["line"].as_str().is_some_and(|l| l.contains("type=LOGIN, realmId=master")), "{empty}");
    for (cluster, body, expected) in [
        ("", "x", StatusCode::BAD_REQUEST),
        ("no-such-cluster", "x", StatusCode::NOT_FOUND),
        (PROD, r#"{"level":"LOUD"}"#, StatusCode::BAD_REQUEST),
        (PROD, "{not json", StatusCode::BAD_REQUEST),
        (PROD, "one\ntwo", StatusCode::BAD_REQUEST),
    ] {
        let (status, answer) = append(&h, cluster, body).await;
        assert_eq!(status, expected, "{cluster} {body}: {answer}");
        assert!(answer["error"].is_string(), "{answer}");
    }
    // A stack trace is one entry.
    let (status, _) = append(&h, PROD, "Uncaught server error: x\n\tat a.b(C.java:1)\nCaused by: y").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn hourly_logs_lists_closed_files_only() {
    let h = Harness::with(Config { hourly_logs: true, ..Config::default() }).await;
    let token = h.viewer().await;
    let at = now();
    let first = list(&h, &token, "?max=1").await.remove(0);
    let current = name_of(at.div_euclid(HOUR) * HOUR);
    assert_ne!(first.file_name, current);
    let closed = first.last_modified.expect("last_modified").0;
    assert_eq!(closed % HOUR, 17_000, "closed a little after its hour ended: {closed}");
    assert!(closed <= at);
    let detail = h.get(&format!("/clusters/{PROD}/logs/{}", encode(&current)), &token).await;
    assert_eq!(detail.status, StatusCode::NOT_FOUND, "the open file is not served: {}", detail.body);
}

#[tokio::test]
async fn lines_per_hour_fills_a_window() {
    let config = Config { hourly_logs: true, log_lines_per_hour: Some(20_000), ..Config::default() };
    let h = Harness::with(config).await;
    let token = h.viewer().await;
    let name = list(&h, &token, "?max=1").await.remove(0).file_name;
    let (_, text) = download(&h, &token, &name).await;
    let entries = text.lines().filter(|l| !l.starts_with('\t') && !l.starts_with("Caused by:")).count();
    assert_eq!(entries, 20_000);
    assert!(text.contains("error=invalid_client_credentials"));
}
