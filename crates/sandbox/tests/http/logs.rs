//! Log files: hourly gzip files over 30 days, `from`/`to` filtering (malformed →
//! 400), `max`/`start` paging, no `temp_url` in listings, and signed, expiring
//! download URLs (tampered refused, unknown path 404). The listing tests run with
//! `--hourly-logs` (closed files only); logs_growing.rs covers the growing current file.

use crate::common::Harness;
use cluster_api::LogFile;
use cluster_sandbox::{Config, demo};
use reqwest::StatusCode;
use std::io::Read;

const PROD: &str = demo::ACME_PROD;
const HOUR: i64 = 3_600_000;

async fn files(h: &Harness, token: &str, query: &str) -> Vec<LogFile> {
    let reply = h.get(&format!("/clusters/{PROD}/logs{query}"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{query}: {}", reply.body);
    reply.json()
}

/// A sandbox listing closed hourly files only.
async fn hourly() -> Harness {
    Harness::with(Config { hourly_logs: true, ..Config::default() }).await
}

fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).expect("instant").format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

#[tokio::test]
async fn listing_pages_newest_first_without_temp_urls() {
    let h = hourly().await;
    let token = h.viewer().await;
    let first = files(&h, &token, "").await;
    assert_eq!(first.len(), 20, "max defaults to 20");
    assert!(first.iter().all(|f| f.temp_url.is_none() && f.size.is_some_and(|s| s > 100)));
    assert!(first.iter().all(|f| f.file_name.starts_with("keycloak/") && f.file_name.ends_with(".log.gz")));
    let times: Vec<i64> = first.iter().map(|f| f.last_modified.expect("last_modified").0).collect();
    assert!(times.windows(2).all(|w| w[0] - w[1] == HOUR), "hourly, newest first: {times:?}");
    let raw: serde_json::Value = h.get(&format!("/clusters/{PROD}/logs?max=1"), &token).await.json();
    assert!(raw[0].get("temp_url").is_none(), "{raw}");

    let second = files(&h, &token, "?max=20&start=20").await;
    assert_eq!(second[0].last_modified.map(|m| m.0), Some(times[19] - HOUR));
    let small = files(&h, &token, "?max=5&start=3").await;
    assert_eq!(
        small.iter().map(|f| &f.file_name).collect::<Vec<_>>(),
        first[3..8].iter().map(|f| &f.file_name).collect::<Vec<_>>()
    );

    let all = files(&h, &token, "?max=1000").await;
    assert!((719..=721).contains(&all.len()), "30 days of hourly files: {}", all.len());
    let oldest = all.last().and_then(|f| f.last_modified).expect("oldest").0;
    assert!(times[0] - oldest <= 30 * 24 * HOUR);
    assert!(files(&h, &token, "?start=5000").await.is_empty());

    // The same file lists the same size every time: its bytes are deterministic.
    assert_eq!(files(&h, &token, "?max=3").await, first[..3].to_vec());
}

#[tokio::test]
async fn from_and_to_filter_by_last_modified_and_bad_values_are_400() {
    let h = hourly().await;
    let token = h.viewer().await;
    let newest = files(&h, &token, "?max=1").await[0].last_modified.expect("time").0;
    let from = iso(newest - 6 * HOUR);
    let window = files(&h, &token, &format!("?from={from}&max=100")).await;
    assert_eq!(window.len(), 7, "from is inclusive: {window:?}");
    let to = iso(newest - 2 * HOUR);
    let both = files(&h, &token, &format!("?from={from}&to={to}")).await;
    assert_eq!(both.len(), 5);
    assert!(
        both.iter()
            .all(|f| f.last_modified.is_some_and(|m| m.0 <= newest - 2 * HOUR && m.0 >= newest - 6 * HOUR))
    );
    // An offset other than Z is the same instant.
    let plus_one = chrono::DateTime::from_timestamp_millis(newest - 6 * HOUR)
        .expect("instant")
        .with_timezone(&chrono::FixedOffset::east_opt(3600).expect("offset"))
        .to_rfc3339();
    let encoded = plus_one.replace('+', "%2B");
    assert_eq!(files(&h, &token, &format!("?from={encoded}&max=100")).await.len(), 7);

    for bad in [
        "from=yesterday",
        "to=2026-13-01T00:00:00Z",
        "from=2026-01-01",
        "max=0",
        "max=x",
        "start=-1",
        "max=1001",
        // Given but empty is not a number either (the contract types both as integers).
        "max=",
        "start=",
    ] {
        let reply = h.get(&format!("/clusters/{PROD}/logs?{bad}"), &token).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad}: {}", reply.body);
    }
    let reversed = h.get(&format!("/clusters/{PROD}/logs?from={to}&to={from}"), &token).await;
    assert_eq!(reversed.status, StatusCode::BAD_REQUEST);
    let instant = h.get(&format!("/clusters/{PROD}/logs?from=soon"), &token).await;
    assert!(instant.error().contains("ISO-8601"), "{}", instant.body);
}

#[tokio::test]
async fn clusters_that_never_ran_have_no_files_and_strangers_get_404() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let reply = h.get(&format!("/clusters/{}/logs", demo::ACME_TRIAL), &token).await;
    assert_eq!(reply.json::<Vec<LogFile>>(), Vec::new());
    let globex = h.get(&format!("/clusters/{PROD}/logs"), &h.globex().await).await;
    assert_eq!(globex.status, StatusCode::NOT_FOUND);
}

fn encode(path: &str) -> String {
    path.replace('/', "%2F")
}

#[tokio::test]
async fn detail_signs_an_expiring_download_of_the_gzip_bytes() {
    let h = Harness::start().await;
    let token = h.viewer().await;
    let listed = files(&h, &token, "?max=2&start=4").await.remove(1);
    let reply =
        h.get(&format!("/clusters/{PROD}/logs/{}?minutes=10", encode(&listed.file_name)), &token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let file: LogFile = reply.json();
    assert_eq!(
        (&file.file_name, file.last_modified, file.size),
        (&listed.file_name, listed.last_modified, listed.size)
    );
    let url = file.temp_url.expect("temp_url");
    assert!(
        url.starts_with(&format!("{}/sandbox/storage/logs/{PROD}/keycloak/", h.sandbox.base_url())),
        "{url}"
    );
    assert!(url.contains("X-Amz-Expires=600&"), "minutes=10 → 600 s: {url}");
    let default = h.get(&format!("/clusters/{PROD}/logs/{}", encode(&listed.file_name)), &token).await;
    assert!(
        default.json::<LogFile>().temp_url.is_some_and(|u| u.contains("X-Amz-Expires=300&")),
        "minutes defaults to 5"
    );

    let download = h.http.get(&url).send().await.expect("download");
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.headers()["content-type"], "application/gzip");
    assert!(
        download.headers()["content-disposition"]
            .to_str()
            .expect("ascii")
            .starts_with("attachment; filename=")
    );
    let bytes = download.bytes().await.expect("bytes");
    assert_eq!(Some(bytes.len() as i64), listed.size);
    assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzip magic");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).expect("gunzip");
    assert!(text.lines().count() >= 40 && text.contains("[org.keycloak.events]"), "{text}");

    // Tampered: another file under the same signature, a longer lifetime, a forged signature, none.
    let (path, query) = url.split_once('?').expect("query");
    let other = format!(
        "{}?{query}",
        path.replace("-00.log.gz", "-01.log.gz").replacen("/keycloak/", "/keycloak/x", 1)
    );
    let longer = url.replace("X-Amz-Expires=600", "X-Amz-Expires=6000");
    let sig_at = url.find("X-Amz-Signature=").expect("sig") + "X-Amz-Signature=".len();
    let forged = format!("{}{}", &url[..sig_at], "0".repeat(url.len() - sig_at));
    for bad in [other, longer, forged, path.to_string()] {
        let refused = h.http.get(&bad).send().await.expect("refused");
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{bad}");
        assert!(refused.text().await.expect("body").contains("<Error><Code>"));
    }
    // A download URL is not an upload URL.
    let put = h.http.put(&url).body("x").send().await.expect("put");
    assert_eq!(put.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn unknown_paths_404_and_minutes_are_checked() {
    let h = Harness::start().await;
    let token = h.viewer().await;
    for unknown in [
        "keycloak/1999-01-01/05-00.log.gz",
        "keycloak/2999-01-01/05-00.log.gz",
        "nope.log.gz",
        "keycloak/2026-01-01/05-30.log.gz",
    ] {
        let reply = h.get(&format!("/clusters/{PROD}/logs/{}", encode(unknown)), &token).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{unknown}: {}", reply.body);
        assert!(reply.error().contains("has no log file"));
    }
    let name = files(&h, &token, "?max=1").await.remove(0).file_name;
    for bad in ["minutes=0", "minutes=x", "minutes=100000"] {
        let reply = h.get(&format!("/clusters/{PROD}/logs/{}?{bad}", encode(&name)), &token).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    // A file of one cluster is not a file of another that never ran.
    let trial = h.get(&format!("/clusters/{}/logs/{}", demo::ACME_TRIAL, encode(&name)), &token).await;
    assert_eq!(trial.status, StatusCode::NOT_FOUND);
}
