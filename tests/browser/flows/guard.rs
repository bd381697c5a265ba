//! The checks every flow passes through, proven to bite: the console is served with the
//! build's Content-Security-Policy, and a flow whose page breaks the policy, or logs a panic,
//! fails even though its own steps all passed.

use std::time::Duration;

use cluster_sandbox::Config;

use super::Flow;
use crate::harness::{Coverage, Ctx, Driver, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("console_is_served_with_its_csp", |d| Box::pin(run_flow(d, Config::default(), served_with_csp))),
        ("csp_violations_and_panics_fail_a_flow", |d| Box::pin(violations_fail(d))),
    ]
}

/// The headers of `path`, as the page's own fetch sees them.
async fn header(ctx: &Ctx, path: &str, name: &str) -> String {
    let script = format!(
        "const done = arguments[arguments.length - 1];\
         fetch('{path}').then(r => done(r.headers.get('{name}') || ''), e => done('fetch failed: ' + e));"
    );
    let value = ctx.client.execute_async(&script, vec![]).await.unwrap_or_else(|e| panic!("script: {e}"));
    value.as_str().unwrap_or_default().to_string()
}

async fn served_with_csp(ctx: Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    for path in ["/", "/clusters/cl-acme-prod", "/config.json"] {
        let csp = header(&ctx, path, "content-security-policy").await;
        for directive in [
            "default-src 'self'",
            "script-src 'self' 'wasm-unsafe-eval'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'none'",
        ] {
            assert!(csp.contains(directive), "{path}: {directive} missing from {csp:?}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(header(&ctx, path, "x-content-type-options").await, "nosniff", "{path}");
        assert_eq!(header(&ctx, path, "referrer-policy").await, "strict-origin-when-cross-origin", "{path}");
    }
    assert_eq!(header(&ctx, "/v2/clusters", "cache-control").await, "no-store");
}

/// An inline style attribute: what a `style="…"` in a view would do.
async fn inline_style(ctx: Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.client
        .execute("document.body.setAttribute('style', 'outline: 1px solid red'); return 1;", vec![])
        .await
        .unwrap_or_default();
    tokio::time::sleep(Duration::from_millis(500)).await;
}

/// What console_error_panic_hook prints for a panic.
async fn logged_panic(ctx: Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.client
        .execute("console.error('panicked at src/app.rs:1:1: deliberate'); return 1;", vec![])
        .await
        .unwrap_or_default();
    tokio::time::sleep(Duration::from_millis(500)).await;
}

async fn violations_fail(driver: &Driver) -> Result<Coverage, String> {
    match run_flow(driver, Config::default(), inline_style).await {
        Err(why) if why.contains("Content Security Policy") => {}
        other => return Err(format!("a CSP violation did not fail its flow: {other:?}")),
    }
    match run_flow(driver, Config::default(), logged_panic).await {
        Err(why) if why.contains("panicked") => {}
        other => return Err(format!("a logged panic did not fail its flow: {other:?}")),
    }
    Ok(Coverage::new())
}
