//! The console deployed as the README's "Deploying dist/" says: Debian's nginx serves a copy
//! of the build over HTTP/2 and TLS (a self-signed certificate for localhost) with the
//! generated deploy/nginx.conf, and proxies the service's paths (/auth/, /v2/, /sandbox/) to
//! an in-process sandbox started with `trust_proxy`, so the identity server's issuer and the
//! origin it redirects to are nginx's public `https://localhost:<port>`. Starting nginx is
//! `cluster_sandbox::testing::Nginx`, shared with the sandbox's HTTP test of the same
//! configuration (crates/sandbox/tests/http/deploy.rs).
//!
//! Only this flow's browser session accepts the self-signed certificate
//! (`harness::run_started` with self-signed certificates accepted). It signs in with a secret,
//! checks the page and its code came over HTTP/2, opens a cluster page (code loaded on demand),
//! uploads a theme through nginx to presigned storage, downloads a log file, then signs out and in
//! with an account on the identity server's page, back to the console's https origin. The harness
//! fails it on any CSP violation or panic; nginx is stopped and its folder removed however it ends.

use std::time::Duration;

use cluster_sandbox::testing::Nginx;
use cluster_sandbox::{Config, demo};

use super::resources::{add, theme_jar, upload, uploaded_fully};
use super::{Flow, admin, flow_file};
use crate::harness::{Coverage, Ctx, Driver, OrFail, console_without_prefetch, run_started};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![("deploy_nginx_http2_sign_in_upload_download", |d| Box::pin(behind_nginx(d)))]
}

/// Starts the service, then nginx in front of it, runs the flow, and stops nginx.
async fn behind_nginx(driver: &Driver) -> Result<Coverage, String> {
    let api = cluster_sandbox::start(Config {
        trust_proxy: true,
        scan: Duration::from_secs(1),
        ..Config::default()
    })
    .await
    .map_err(|e| format!("the service's sandbox: {e}"))?;
    let upstream = api.base_url();
    // Prefetching off, as every flow's console: the flow loads the cluster page's code on
    // the click.
    let build = console_without_prefetch();
    // Starting and stopping nginx block (child processes, curl): off the runtime's threads.
    let nginx = tokio::task::spawn_blocking(move || Nginx::start("nginx-browser", &build, &upstream))
        .await
        .map_err(|e| format!("starting nginx: {e}"))??;
    let base = nginx.base.clone();
    let api_base = api.base_url();
    let outcome = run_started(driver, vec![api], base, api_base, true, flow).await;
    let outcome = outcome.map_err(|why| {
        let log = nginx.log();
        let lines: Vec<&str> = log.lines().collect();
        let tail = lines[lines.len().saturating_sub(30)..].join("\n      ");
        format!("{why}\n    the end of nginx's error log:\n      {tail}")
    });
    // A flow that failed or panicked still comes back here (the harness catches it): nginx
    // stops and its folder goes in any case.
    let _ = tokio::task::spawn_blocking(move || drop(nginx)).await;
    outcome
}

const PROD: &str = "/clusters/cl-acme-prod";

/// The protocol the current page was loaded with (`h2` for HTTP/2).
async fn page_protocol(ctx: &Ctx) -> String {
    let protocol = ctx.script("return performance.getEntriesByType('navigation')[0].nextHopProtocol;").await;
    protocol.as_str().unwrap_or_default().to_string()
}

/// Every resource the page fetched from URLs starting with `prefix`: [name, protocol].
async fn fetched(ctx: &Ctx, prefix: &str) -> Vec<(String, String)> {
    let read = ctx
        .script(&format!(
            "return performance.getEntriesByType('resource').filter(e => e.name.startsWith({}))\
                 .map(e => [e.name, e.nextHopProtocol]);",
            serde_json::to_string(prefix).unwrap_or_default()
        ))
        .await;
    serde_json::from_value(read.clone()).unwrap_or_else(|e| panic!("resource entries {read}: {e}"))
}

async fn flow(ctx: Ctx) {
    let base = ctx.base.clone();
    assert!(base.starts_with("https://localhost:"), "not nginx's https origin: {base}");
    assert!(ctx.api.starts_with("http://127.0.0.1:"), "not the sandbox's own address: {}", ctx.api);

    // Sign in with the demo admin secret: the token endpoint and the API through nginx.
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let url = ctx.current_url().await;
    assert!(url.starts_with(&format!("{base}/clusters")), "not on nginx's origin: {url}");
    assert!(
        ctx.calls("cluster.list", "200").await >= 1,
        "the sandbox behind nginx never listed the clusters"
    );

    // The page, its code and the API's answers came over HTTP/2.
    assert_eq!(page_protocol(&ctx).await, "h2", "the page was not loaded over HTTP/2");
    let code = fetched(&ctx, &format!("{base}/pkg-")).await;
    assert!(!code.is_empty(), "no code fetched from {base}/pkg-…");
    let api = fetched(&ctx, &format!("{base}/auth/")).await;
    assert!(!api.is_empty(), "no call to {base}/auth/…");
    for (name, protocol) in code.iter().chain(&api) {
        assert_eq!(protocol, "h2", "{name} was not fetched over HTTP/2");
    }

    // A cluster's page: a screen whose code is fetched when it is opened (prefetching is off).
    let before = fetched(&ctx, &format!("{base}/pkg-")).await.len();
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    let after = fetched(&ctx, &format!("{base}/pkg-")).await;
    assert!(after.len() > before, "opening the cluster page fetched no code: {after:?}");
    for (name, protocol) in &after {
        assert_eq!(protocol, "h2", "{name} was not fetched over HTTP/2");
    }

    // A theme, PUT through nginx to the sandbox's presigned storage (its URL names nginx's
    // origin, and the signature still matches behind the proxy).
    ctx.click(&format!("nav.tabs a[href='{PROD}/resources']")).await;
    ctx.find("#resources").await;
    add(&ctx, "nginx-theme", "THEME").await;
    upload(&ctx, "nginx-theme", Some("26"), &flow_file("nginx", "nginx-theme.jar", &theme_jar(None))).await;
    uploaded_fully(&ctx, "nginx-theme").await;
    ctx.wait_text("article[data-extension='nginx-theme'] tr[data-major='26'] .scan", "Passed").await;
    let storage = format!("{base}/sandbox/storage/");
    let sent = fetched(&ctx, &storage).await;
    assert!(!sent.is_empty(), "no request to the storage at {storage}");
    for (name, protocol) in &sent {
        assert_eq!(protocol, "h2", "{name} was not sent over HTTP/2");
    }

    // A log file: its presigned URL is on nginx's origin, and the page reads it as gzip.
    ctx.click(&format!("nav.tabs a[href='{PROD}/logs']")).await;
    ctx.find("#log-table tbody tr").await;
    ctx.click("#log-table tbody tr:nth-child(1) .download-log").await;
    ctx.wait_text("#download-state", "stays valid").await;
    let url = ctx.find("#download-link").await.attr_or_fail("href").await.unwrap_or_default();
    assert!(url.starts_with(&format!("{storage}logs/")) && url.contains("X-Amz-Signature="), "{url}");
    // The viewer signs the files it reads as well, so at least this one was signed.
    assert!(ctx.calls("cluster.log.detail", "200").await >= 1, "no log link was signed");
    let read = ctx
        .script_async(&format!(
            "const done = arguments[arguments.length - 1];
            fetch({}).then(async r => {{
                const bytes = new Uint8Array(await r.arrayBuffer());
                done([r.status, r.headers.get('content-type'), bytes.length, bytes[0], bytes[1], bytes[2]]);
            }}).catch(e => done(String(e)));",
            serde_json::to_string(&url).unwrap_or_default()
        ))
        .await;
    assert_eq!(read[0], 200, "the page could not download the log through nginx: {read}");
    assert_eq!(read[1], "application/gzip", "{read}");
    assert!(
        read[2].as_u64().is_some_and(|n| n > 100) && read[3] == 0x1f && read[4] == 0x8b && read[5] == 0x08,
        "not gzip: {read}"
    );

    // Sign out, and in with an account from the console's front page: the identity server's
    // page through nginx (its issuer is nginx's origin), then back to the console's https
    // origin, on the clusters list. (Signing in from the sign-in page the logs page sent the
    // person to would return there instead.)
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    assert_eq!(page_protocol(&ctx).await, "h2", "the sign-in page was not loaded over HTTP/2");
    ctx.click("#sign-in-account").await;
    let login = ctx.wait_url("/protocol/openid-connect/auth").await;
    assert!(
        login.starts_with(&format!("{base}/auth/realms/self/")),
        "the login page is not nginx's: {login}"
    );
    assert_eq!(page_protocol(&ctx).await, "h2", "the login page was not loaded over HTTP/2");
    ctx.type_into("#username", demo::ALICE_EMAIL).await;
    ctx.type_into("#password", demo::DEMO_PASSWORD).await;
    ctx.click("#kc-login").await;
    let clusters = format!("{base}/clusters");
    let back = ctx.wait_url(&clusters).await;
    assert_eq!(back.split(['?', '#']).next(), Some(clusters.as_str()), "not back on the clusters list");
    ctx.wait_text("#signed-in-as", "Alice").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
}
