//! One truth about when Keycloak started: the log's "Keycloak <version> … started" lines
//! name the version system info reports, sit exactly at the cluster's start and at the
//! end of each restart (and nowhere else), and system info's uptime counts from the last
//! of them. Read only over HTTP: system info, restart status, and every log file through
//! list → detail → presigned URL → gunzip.

use crate::common::Harness;
use crate::ext_helpers::send;
use cluster_api::{LogFile, RestartStatus, SystemInfoRepresentation};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::io::Read;
use std::time::Duration;

/// Started 20 days ago: its start falls in the 30 days of logs.
const DEV: &str = demo::ACME_DEV;
const HOUR: i64 = 3_600_000;

fn now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn encode(path: &str) -> String {
    path.replace('/', "%2F")
}

/// A "started" line: its instant and the version it names.
#[derive(Debug, Clone, PartialEq)]
struct Started {
    at: i64,
    version: String,
    file: String,
}

/// Every "started" line of a file's text.
fn started_lines(file: &str, text: &str) -> Vec<Started> {
    text.lines()
        .filter(|line| line.contains(" [io.quarkus] (main) Keycloak ") && line.contains(" started in "))
        .map(|line| {
            let stamp = line.get(..23).expect("a stamp");
            let at = chrono::NaiveDateTime::parse_from_str(stamp, "%Y-%m-%d %H:%M:%S,%3f")
                .unwrap_or_else(|e| panic!("{line}: {e}"))
                .and_utc()
                .timestamp_millis();
            let version = line
                .split_once(" Keycloak ")
                .and_then(|(_, rest)| rest.split_once(" on JVM"))
                .map(|(version, _)| version.to_string())
                .unwrap_or_else(|| panic!("no version in {line}"));
            Started { at, version, file: file.to_string() }
        })
        .collect()
}

/// System info, with the local instants the call was made between: the server's clock
/// is this process's, so Keycloak last started within `[before, after] - uptime`.
async fn system_info(h: &Harness, token: &str) -> (SystemInfoRepresentation, std::ops::RangeInclusive<i64>) {
    let before = now();
    let reply = h.get(&format!("/clusters/{DEV}/systeminfo"), token).await;
    let after = now();
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let info: SystemInfoRepresentation = reply.json();
    let uptime = info.uptime_millis.expect("uptime_millis");
    (info, before - uptime..=after - uptime)
}

async fn restarting(h: &Harness, token: &str) -> bool {
    let reply = h.get(&format!("/clusters/{DEV}/restart-status"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json::<RestartStatus>().restart_in_progress
}

/// The "started" lines of one file, read through its presigned URL.
async fn started_in_file(h: &Harness, token: &str, name: &str) -> Vec<Started> {
    let detail = h.get(&format!("/clusters/{DEV}/logs/{}", encode(name)), token).await;
    assert_eq!(detail.status, StatusCode::OK, "{name}: {}", detail.body);
    let url = detail.json::<LogFile>().temp_url.expect("temp_url");
    let download = h.http.get(&url).send().await.expect("download");
    assert_eq!(download.status(), StatusCode::OK, "{name}");
    let bytes = download.bytes().await.expect("bytes");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).expect("gunzip");
    assert!(!text.is_empty(), "{name} has lines");
    started_lines(name, &text)
}

/// The "started" lines of the newest `max` files, newest file first, and their names.
async fn started_in(h: &Harness, token: &str, max: usize) -> (Vec<Started>, Vec<String>) {
    let reply = h.get(&format!("/clusters/{DEV}/logs?max={max}"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let names: Vec<String> = reply.json::<Vec<LogFile>>().into_iter().map(|f| f.file_name).collect();
    assert!(names.len().min(max) > 1, "files listed: {}", names.len());
    let mut started = Vec::new();
    for name in &names {
        started.extend(started_in_file(h, token, name).await);
    }
    (started, names)
}

/// Every listed file's "started" lines (the 20 days of them).
async fn every_started_line(h: &Harness, token: &str) -> (Vec<Started>, Vec<String>) {
    let (started, names) = started_in(h, token, 1000).await;
    // 480 or 481 files, by where the hour boundary falls between the start and now.
    assert!(names.len() >= 20 * 24, "20 days of hourly files: {}", names.len());
    (started, names)
}

fn name_of(at: i64) -> String {
    chrono::DateTime::from_timestamp_millis(at.div_euclid(HOUR) * HOUR)
        .expect("instant")
        .format("keycloak/%Y-%m-%d/%H-00.log.gz")
        .to_string()
}

#[tokio::test]
async fn started_lines_are_the_starts_system_info_counts_from() {
    let restart = Duration::from_millis(2_000);
    let h = Harness::with(Config { restart, ..Config::default() }).await;
    let token = h.admin().await;

    // Before any restart: one start (the cluster's, 20 days ago), in the version reported.
    assert!(!restarting(&h, &token).await);
    let (info, start) = system_info(&h, &token).await;
    let version = info.version.clone().expect("version");
    let started = started_in_file(&h, &token, &name_of(*start.start())).await;
    assert_eq!(started.len(), 1, "the cluster's start: {started:?}");
    assert!(start.contains(&started[0].at), "uptime counts from the started line: {started:?} vs {start:?}");
    assert_eq!(started[0].version, version);

    // A restart through the API (an environment variable): a new started line when it ends.
    let asked = now();
    let set = send(
        &h,
        Method::POST,
        &format!("/clusters/{DEV}/env-vars"),
        &token,
        Some(json!({"name": "A", "value": "x"})),
    )
    .await;
    let answered = now();
    assert!(set.status.is_success(), "{}", set.body);
    assert!(restarting(&h, &token).await);
    let (during, _) = started_in(&h, &token, 2).await;
    assert!(restarting(&h, &token).await, "read during the restart");
    assert_eq!(during, Vec::new(), "no started line while Keycloak is still starting");
    tokio::time::sleep(restart + Duration::from_millis(200)).await;
    assert!(!restarting(&h, &token).await);

    let (info, last) = system_info(&h, &token).await;
    assert_eq!(info.version.as_deref(), Some(version.as_str()));
    let (after, names) = every_started_line(&h, &token).await;
    assert_eq!(after.len(), 2, "the start and the restart, nothing else: {after:?}");
    // Newest file first: the restart's line is first.
    let (restarted, first) = (&after[0], &after[1]);
    assert_eq!(first, &started[0], "the earlier start is unchanged");
    let ends = asked + restart.as_millis() as i64..=answered + restart.as_millis() as i64;
    assert!(ends.contains(&restarted.at), "at the restart's end: {restarted:?} vs {ends:?}");
    assert!(last.contains(&restarted.at), "uptime counts from it: {restarted:?} vs {last:?}");
    assert!(after.iter().all(|s| s.version == version), "{after:?}");
    // In the current hour's file (listed by default, growing).
    assert_eq!(restarted.file, name_of(restarted.at));
    assert!(names.iter().take(2).any(|n| *n == restarted.file), "the current file: {names:?}");
}
