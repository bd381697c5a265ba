//! The check every flow passes through: the browser's console must hold no Content Security
//! Policy violation and no panic. Read from chromedriver's browser log (`goog:loggingPrefs`),
//! which Chromium fills from the first byte of every page: a violation the policy reports
//! before the console's own code runs (an inline script or style in index.html, a blocked
//! connection during start-up) is there too. Chromium reports every `securitypolicyviolation`
//! to the console as an error naming the Content Security Policy; a Rust panic prints
//! "panicked at" (debug builds, console_error_panic_hook) and a release build's aborting
//! panic traps as "RuntimeError: unreachable".
//!
//! Firefox and WebKit give WebDriver no console log. There the page records its own problems
//! (tests/browser/problems.js, which the harness's console copy loads before the app):
//! `securitypolicyviolation` events, uncaught errors, unhandled rejections and
//! `console.error` lines, worded like Chromium's messages, into sessionStorage; `recorded`
//! reads them when the flow ends, and the same scanner decides. Firefox words a trapped
//! panic "unreachable code executed", WebKit "Unreachable code should not be executed":
//! both contain "unreachable".

use serde_json::Value;

/// What fails a flow, matched case-insensitively in a log entry's message.
const OFFENDING: [&str; 7] = [
    "content security policy",
    "content-security-policy",
    "panicked",
    "unreachable",
    // A Trusted Types refusal: the browser's ("requires 'TrustedHTML' assignment") and the
    // console's default policy's own (public/prefs.js).
    "trusted types",
    "'trustedhtml'",
    "'trustedscripturl'",
];

/// The messages among chromedriver's log entries (`[{level, message, source, timestamp}]`)
/// that fail a flow.
pub fn offending(entries: &Value) -> Vec<String> {
    entries
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|entry| entry.get("message").and_then(Value::as_str))
        .filter(|message| {
            let lower = message.to_ascii_lowercase();
            OFFENDING.iter().any(|needle| lower.contains(needle))
        })
        .map(str::to_string)
        .collect()
}

/// Drains the session's browser log from chromedriver (`POST /session/{id}/se/log`).
pub async fn read(driver_url: &str, session: &str) -> Result<Value, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let authority = driver_url.strip_prefix("http://").ok_or("chromedriver URL is not http")?;
    let mut stream =
        tokio::net::TcpStream::connect(authority).await.map_err(|e| format!("chromedriver: {e}"))?;
    let body = r#"{"type":"browser"}"#;
    let request = format!(
        "POST /session/{session}/se/log HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.map_err(|e| format!("chromedriver: {e}"))?;
    // chromedriver may keep the connection open: read up to Content-Length, never to EOF.
    let mut raw = Vec::new();
    let mut chunk = [0u8; 16384];
    let complete = |raw: &[u8]| -> Option<usize> {
        let text = String::from_utf8_lossy(raw);
        let (head, body) = text.split_once("\r\n\r\n")?;
        let length = head
            .lines()
            .find_map(|l| l.split_once(':').filter(|(n, _)| n.eq_ignore_ascii_case("content-length")))
            .and_then(|(_, v)| v.trim().parse::<usize>().ok())?;
        (body.len() >= length).then_some(head.len() + 4 + length)
    };
    let read_all = async {
        loop {
            if complete(&raw).is_some() {
                return Ok(());
            }
            match stream.read(&mut chunk).await {
                Ok(0) => return Ok(()),
                Ok(n) => raw.extend_from_slice(&chunk[..n]),
                Err(e) => return Err(format!("chromedriver: {e}")),
            }
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(15), read_all)
        .await
        .map_err(|_| "chromedriver did not answer the browser-log request in 15 s".to_string())??;
    let raw = String::from_utf8_lossy(&raw);
    let reply = raw.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    let reply: Value = serde_json::from_str(reply)
        .map_err(|e| format!("the browser log is not JSON ({e}): {reply:.200}"))?;
    reply
        .get("value")
        .cloned()
        .filter(Value::is_array)
        .ok_or_else(|| format!("no browser log in {reply:.300}"))
}

/// What the page's recorder (tests/browser/problems.js) kept in this tab, as log entries
/// (`[{message}]`) for `offending`. A recorder that never ran fails the flow: a clean
/// result must mean "nothing went wrong", never "nothing was listening".
pub async fn recorded(client: &fantoccini::Client) -> Result<Value, String> {
    let script = "return [sessionStorage.getItem('e2e-recorder'), \
                  sessionStorage.getItem('e2e-console-problems'),\
        window.__consoleProblems || [], location.href];";
    let answer =
        client.execute(script, vec![]).await.map_err(|e| format!("cannot read the page's recorder: {e}"))?;
    if answer[0].as_str() != Some("on") {
        return Err(format!(
            "the page's problem recorder never ran in this tab (ending on {}): was the console served \
             without it (harness::console_with_recorder)?",
            answer[3]
        ));
    }
    let mut messages: Vec<String> = match answer[1].as_str() {
        Some(text) => {
            serde_json::from_str(text).map_err(|e| format!("the recorded problems ({e}): {text:.200}"))?
        }
        None => Vec::new(),
    };
    // Problems sessionStorage refused to keep are still in the page that recorded them.
    for message in answer[2].as_array().map(Vec::as_slice).unwrap_or_default() {
        let message = message.as_str().unwrap_or_default().to_string();
        if !messages.contains(&message) {
            messages.push(message);
        }
    }
    Ok(Value::Array(messages.into_iter().map(|m| serde_json::json!({ "message": m })).collect()))
}

/// Itself checked at the start of every suite run: a scanner that matched nothing would let
/// every flow pass.
pub fn self_check() -> Result<(), String> {
    let entries = serde_json::json!([
        {"level": "SEVERE", "message": "http://127.0.0.1:1/ - Refused to apply inline style because it \
                                        violates the following Content Security Policy directive: \
                                        \"style-src 'self'\"."},
        {"level": "SEVERE", "message": "http://127.0.0.1:1/pkg-0/cluster-console.js 1 panicked at \
                                        src/app.rs:1:1: boom"},
        {"level": "SEVERE", "message": "Uncaught RuntimeError: unreachable"},
        {"level": "SEVERE", "message": "http://127.0.0.1:1/v2/clusters - Failed to load resource: the server \
                                        responded with a status of 503"},
        {"level": "INFO", "message": "an ordinary message"},
        // What tests/browser/problems.js records in Firefox and WebKit.
        {"message": "Refused inline: it violates the following Content Security Policy directive: \
                     \"style-src-attr\" (http://127.0.0.1:1/:0)"},
        {"message": "Uncaught RuntimeError: Unreachable code should not be executed \
                     (http://127.0.0.1:1/pkg-0/x.js:1)"},
        {"message": "Uncaught (in promise) TypeError: NetworkError when attempting to fetch resource."}
    ]);
    let found = offending(&entries);
    if found.len() == 5 && found.iter().all(|m| !m.contains("503")) {
        Ok(())
    } else {
        Err(format!("the browser-console scanner is broken: it matched {found:?}"))
    }
}
