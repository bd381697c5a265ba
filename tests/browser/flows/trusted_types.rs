//! Trusted Types (issue 39): the served policy requires them for every script sink, the
//! console's `default` policy (public/prefs.js) passes the framework's markup and refuses
//! hostile markup and script URLs, says so with console.error, and the browser reports the
//! refusal to the sandbox's /csp-report. The console has no markup path of its own, so the
//! flow assigns the markup itself. Chromium only: the other engines may ignore the directive
//! (their smoke flows pass under it either way).

use std::time::{Duration, Instant};

use cluster_sandbox::Config;
use serde_json::Value;

use super::Flow;
use super::access::fetch;
use crate::harness::{Ctx, run_flow_expecting};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![("trusted_types_refuse_hostile_markup_and_report_it", |d| {
        Box::pin(run_flow_expecting(
            d,
            Config::default(),
            &[
                "Trusted Types: refused",
                "requires 'TrustedHTML' assignment",
                "requires 'TrustedScriptURL' assignment",
            ],
            refused,
        ))
    })]
}

/// What the page's sinks did: [Trusted Types on, hostile markup refused, its element absent,
/// plain markup passed, a script URL refused, the payload did not run].
const PROBE: &str = r#"
const probe = document.createElement('div');
document.body.appendChild(probe);
let refused = false;
try {
    probe.innerHTML = '<img src="data:," onerror="window.__pwned = 1">';
} catch (e) {
    refused = e instanceof TypeError;
}
const absent = probe.querySelector('img') === null;
let plain = false;
try {
    probe.innerHTML = '<b class="tt-plain">plain</b>';
    plain = probe.querySelector('b.tt-plain') !== null;
} catch (e) {}
let url = false;
try { document.createElement('script').src = '/evil.js'; } catch (e) { url = e instanceof TypeError; }
probe.remove();
return [typeof window.trustedTypes === 'object', refused, absent, plain, url, window.__pwned === undefined];
"#;

async fn refused(ctx: Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.find("#client-id").await;
    // The policy as served: Trusted Types for scripts, the two policies, and the report's address.
    let (status, headers, _) = fetch(&format!("{}/sign-in", ctx.base)).await;
    assert!(status.contains(" 200 "), "{status}");
    for must in [
        "require-trusted-types-for 'script'",
        "trusted-types default console-payments",
        "report-uri /csp-report",
    ] {
        assert!(headers.contains(must), "the served policy lacks {must:?}: {headers}");
    }
    let got = ctx.script(PROBE).await;
    let flags: Vec<bool> =
        got.as_array().map(|a| a.iter().filter_map(Value::as_bool).collect()).unwrap_or_default();
    assert_eq!(flags.len(), 6, "the probe could not be read: {got}");
    let names = [
        "Trusted Types on",
        "hostile markup refused",
        "its element absent",
        "plain markup passed",
        "a script URL refused",
        "the payload did not run",
    ];
    for (ok, name) in flags.iter().zip(names) {
        assert!(ok, "{name}: no ({got})");
    }
    // The browser reports the refusals where the policy says (sent after the fact: wait).
    let started = Instant::now();
    loop {
        let (_, _, body) = fetch(&format!("{}/sandbox/csp-reports", ctx.base)).await;
        let text = String::from_utf8_lossy(&body).to_lowercase();
        if text.contains("trusted-types") {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no Trusted Types report reached /csp-report: {text}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}
