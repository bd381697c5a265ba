//! `/csp-report`: what browsers send of the console's policy violations is kept, newest last,
//! and read back at `/sandbox/csp-reports`; a body too large to be a report is refused.

use crate::common::Harness;
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn reports_are_kept_and_read_back() {
    let h = Harness::start().await;
    let report = json!({
        "csp-report": {
            "violated-directive": "require-trusted-types-for", "blocked-uri": "trusted-types-sink"
        }
    });
    let sent = h
        .http
        .post(h.url("/csp-report"))
        .header("content-type", "application/csp-report")
        .body(report.to_string())
        .send()
        .await
        .expect("report sent");
    assert_eq!(sent.status(), StatusCode::NO_CONTENT);
    let odd = h.http.post(h.url("/csp-report")).body("not json").send().await.expect("sent");
    assert_eq!(odd.status(), StatusCode::NO_CONTENT);
    let kept: Vec<Value> = h
        .http
        .get(h.url("/sandbox/csp-reports"))
        .send()
        .await
        .expect("read")
        .json()
        .await
        .expect("a JSON list");
    assert_eq!(kept, vec![report, json!({ "unreadable": "not json" })]);
}

#[tokio::test]
async fn a_body_too_large_for_a_report_is_refused() {
    let h = Harness::start().await;
    let sent = h.http.post(h.url("/csp-report")).body(vec![b'x'; 100 * 1024]).send().await.expect("sent");
    assert_eq!(sent.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let kept: Vec<Value> =
        h.http.get(h.url("/sandbox/csp-reports")).send().await.expect("read").json().await.expect("list");
    assert!(kept.is_empty(), "{kept:?}");
}
