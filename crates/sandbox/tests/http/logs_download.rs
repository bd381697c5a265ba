//! Log downloads as object storage serves them: the presigned GET answers the console's
//! origin (CORS), carries the gzip file itself (`application/gzip`, no
//! `Content-Encoding`), honours the URL's expiry (`--download-url-seconds`), and the file
//! reads as a real Keycloak's log.

use crate::common::Harness;
use cluster_api::LogFile;
use cluster_sandbox::{Config, demo};
use reqwest::StatusCode;
use std::io::Read;
use std::time::Duration;

const PROD: &str = demo::ACME_PROD;
const CONSOLE: &str = "http://console.example:8080";

fn encode(path: &str) -> String {
    path.replace('/', "%2F")
}

/// The `n`th listed file's presigned URL.
async fn temp_url(h: &Harness, token: &str, n: usize) -> (LogFile, String) {
    let reply = h.get(&format!("/clusters/{PROD}/logs?max={}", n + 1), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let listed = reply.json::<Vec<LogFile>>().remove(n);
    let detail = h.get(&format!("/clusters/{PROD}/logs/{}", encode(&listed.file_name)), token).await;
    assert_eq!(detail.status, StatusCode::OK, "{}", detail.body);
    let url = detail.json::<LogFile>().temp_url.expect("temp_url");
    (listed, url)
}

fn gunzip(bytes: &[u8]) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes).read_to_string(&mut text).expect("gunzip");
    text
}

/// Does `line` start `yyyy-mm-dd hh:mm:ss,mmm LEVEL [logger] (thread) ` with the level padded to 5?
fn keycloak_line(line: &str) -> bool {
    let Some((stamp, rest)) = line.split_at_checked(23) else { return false };
    let stamp_ok = chrono::NaiveDateTime::parse_from_str(stamp, "%Y-%m-%d %H:%M:%S,%3f").is_ok();
    let level = rest.get(1..6).unwrap_or("");
    let level_ok = ["INFO ", "WARN ", "ERROR", "DEBUG"].contains(&level);
    let tail = rest.get(6..).unwrap_or("");
    stamp_ok && level_ok && tail.starts_with(" [") && tail.contains("] (") && tail.contains(") ")
}

#[tokio::test]
async fn the_download_is_the_gzip_file_itself_with_cors_for_the_console() {
    let h = Harness::with(Config { allow_origins: vec![CONSOLE.to_string()], ..Config::default() }).await;
    let token = h.viewer().await;
    // A closed file: the whole hour.
    let (listed, url) = temp_url(&h, &token, 3).await;
    let download = h
        .http
        .get(&url)
        .header("origin", CONSOLE)
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .expect("download");
    assert_eq!(download.status(), StatusCode::OK);
    let headers = download.headers().clone();
    assert_eq!(headers["access-control-allow-origin"], CONSOLE);
    assert_eq!(headers["content-type"], "application/gzip");
    assert!(headers.get("content-encoding").is_none(), "the browser must not unzip it: {headers:?}");
    let bytes = download.bytes().await.expect("bytes");
    assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzip magic");
    assert_eq!(Some(bytes.len() as i64), listed.size);
    let again = h.http.get(&url).send().await.expect("again").bytes().await.expect("bytes");
    assert_eq!(bytes, again, "a closed file always has the same bytes");

    // What a file holds comes by chance, hour by hour (a file is a function of its hour): some
    // hours have no stack trace or no failed client login (2026-11-27 08:00 had neither). So
    // the content is read over the last six closed hours, and the test does not depend on the
    // clock.
    let mut text = String::new();
    for n in 1..=6 {
        let (_, url) = temp_url(&h, &token, n).await;
        text += &gunzip(&h.http.get(&url).send().await.expect("download").bytes().await.expect("bytes"));
    }
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 40, "{text}");
    let continuation = |l: &str| l.starts_with('\t') || l.starts_with("Caused by:");
    assert!(lines.iter().all(|l| continuation(l) || keycloak_line(l)), "{text}");
    // A stack trace: continuation lines right after an ERROR entry.
    let trace = lines.iter().position(|l| l.starts_with("\tat ")).expect("a stack trace");
    let head = lines[..trace].iter().rev().find(|l| !continuation(l)).expect("its entry");
    assert!(head.contains(" ERROR [") && head.contains("Uncaught server error"), "{head}");
    assert!(lines.iter().any(|l| l.starts_with("Caused by: ")), "{text}");
    assert!(
        lines.iter().any(|l| l.contains(" ERROR [org.keycloak.events] (executor-thread-")
            && l.contains("type=CLIENT_LOGIN_ERROR")
            && l.contains("error=invalid_client_credentials")),
        "{text}"
    );
    assert!(text.contains(" WARN  [org.keycloak.services] ") || text.contains(" INFO  [io.quarkus] (main) "));
    // acme-prod's realms and master, never the invented "acme".
    assert!(text.contains("realmId=master"));
    assert!(["customers", "partners", "internal"].iter().any(|r| text.contains(&format!("realmId={r},"))));
    assert!(!text.contains("realmId=acme,"), "{text}");
}

#[tokio::test]
async fn a_download_url_expires_as_s3_says() {
    let config = Config { download_url: Some(Duration::from_secs(2)), ..Config::default() };
    let h = Harness::with(config).await;
    let token = h.viewer().await;
    let (_, url) = temp_url(&h, &token, 1).await;
    assert!(url.contains("X-Amz-Expires=2&"), "--download-url-seconds wins over minutes: {url}");
    let fresh = h.http.get(&url).header("origin", CONSOLE).send().await.expect("fresh");
    assert_eq!(fresh.status(), StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let expired = h.http.get(&url).header("origin", CONSOLE).send().await.expect("expired");
    assert_eq!(expired.status(), StatusCode::FORBIDDEN);
    assert_eq!(expired.headers()["access-control-allow-origin"], CONSOLE, "the console can read why");
    let body = expired.text().await.expect("body");
    assert!(body.contains("<Code>AccessDenied</Code>") && body.contains("Request has expired"), "{body}");
}

#[tokio::test]
async fn a_preflight_for_get_is_allowed() {
    let h = Harness::start().await;
    let token = h.viewer().await;
    let (_, url) = temp_url(&h, &token, 1).await;
    let reply = h
        .http
        .request(reqwest::Method::OPTIONS, &url)
        .header("origin", CONSOLE)
        .header("access-control-request-method", "GET")
        .send()
        .await
        .expect("preflight");
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(reply.headers()["access-control-allow-origin"], CONSOLE);
    assert_eq!(reply.headers()["access-control-allow-methods"], "GET, PUT");
}
