//! A split deployment: the console's files served from one origin (`http://localhost:<port>`),
//! the service on another (`http://127.0.0.1:<port>`: the API, the token endpoint, the
//! identity server and presigned storage), as a console on a CDN in front of the real
//! service. The console's copy of dist/ names the service in config.json (`console_url`,
//! `storage_origins`) and has its `_headers` recomputed by scripts/headers.mjs, so its
//! Content-Security-Policy lets it connect there; the service allows the console's origin
//! (CORS) and redirects signed-in people back to it. `localhost` and `127.0.0.1` are two
//! sites for cookies, which ignore ports.
//!
//! The flow signs in with a secret and with an account (to the identity server's page and
//! back), adds a realm, uploads a theme to storage and downloads a log file from the page,
//! all across origins; the harness fails it on any CSP violation.

use std::path::PathBuf;
use std::time::Duration;

use cluster_sandbox::{Config, demo};
use serde_json::Value;

use super::access::fetch;
use super::resources::{add, theme_jar, upload, uploaded_fully};
use super::{Flow, back_signed_in, flow_file};
use crate::harness::{
    Coverage, Ctx, Driver, OrFail, console_without_prefetch, copy_dir, coverage_at, free_port, run_started,
};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![("split_origin_console_and_service_on_two_origins", |d| Box::pin(split(d)))]
}

/// Starts the service, then the console's copy naming it, and runs the flow.
async fn split(driver: &Driver) -> Result<Coverage, String> {
    let console_port = free_port();
    let console_origin = format!("http://localhost:{console_port}");
    let api = cluster_sandbox::start(Config {
        allow_origins: vec![console_origin.clone()],
        redirect_origins: vec![console_origin.clone()],
        realm: Duration::from_secs(3),
        scan: Duration::from_secs(1),
        ..Config::default()
    })
    .await
    .map_err(|e| format!("the service's sandbox: {e}"))?;
    let dir = console_for(&api.base_url())?;
    let console =
        cluster_sandbox::start(Config { port: console_port, console_dir: Some(dir), ..Config::default() })
            .await
            .map_err(|e| format!("the console's server on port {console_port}: {e}"))?;
    let api_base = api.base_url();
    run_started(driver, vec![api, console], console_origin, api_base, false, flow).await
}

/// A copy of the build (prefetching off, as every flow's) whose only environment is the
/// service at `api` (API and storage), with `_headers` computed again for it.
fn console_for(api: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("console-split-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&console_without_prefetch(), &dir).map_err(|e| format!("copy the console: {e}"))?;
    let path = dir.join("config.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut config: Value = serde_json::from_str(&text).map_err(|e| format!("config.json: {e}"))?;
    let env = config["environments"]
        .get_mut(0)
        .ok_or_else(|| format!("the build's config.json lists no environment: {text}"))?;
    env["name"] = Value::from("Split service");
    env["console_url"] = Value::from(api);
    env["storage_origins"] = Value::from(vec![api]);
    std::fs::write(&path, config.to_string()).map_err(|e| format!("{}: {e}", path.display()))?;
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/headers.mjs");
    let ran = std::process::Command::new("node")
        .arg(&script)
        .arg(&dir)
        .output()
        .map_err(|e| format!("cannot run node scripts/headers.mjs: {e}"))?;
    if !ran.status.success() {
        return Err(format!("node scripts/headers.mjs failed: {}", String::from_utf8_lossy(&ran.stderr)));
    }
    Ok(dir)
}

const PROD_REALMS: &str = "/clusters/cl-acme-prod/realms";
const PROD_RESOURCES: &str = "/clusters/cl-acme-prod/resources";
const PROD_LOGS: &str = "/clusters/cl-acme-prod/logs";

async fn flow(ctx: Ctx) {
    let api = ctx.api.clone();
    assert!(ctx.base.starts_with("http://localhost:") && api.starts_with("http://127.0.0.1:"));

    // The console's policy lets it connect to the service's origin (computed for this copy).
    let (status, headers, _) = fetch(&ctx.url("/")).await;
    assert!(status.contains(" 200 "), "the console's index page: {status}");
    let policy = headers
        .lines()
        .find_map(|l| l.strip_prefix("content-security-policy:"))
        .unwrap_or_else(|| panic!("the console's page has no Content-Security-Policy: {headers}"))
        .to_string();
    let connect = policy.split(';').map(str::trim).find(|d| d.starts_with("connect-src")).unwrap_or_default();
    assert!(
        connect.split_whitespace().any(|source| source == api),
        "connect-src does not list the service's origin {api}: {policy}"
    );

    // Sign in with a secret: the token endpoint and the API are on the other origin.
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    assert!(ctx.current_url().await.starts_with(&ctx.base), "left the console's origin");
    assert!(ctx.calls("cluster.list", "200").await >= 1, "the service never listed the clusters");
    // The console's own server was never asked for the API.
    let own = coverage_at(&ctx.base).await;
    assert!(own.is_empty(), "the console called its own origin's API: {own:?}");

    // Sign out, and in with an account: the identity server's page on the service's origin,
    // then back to the console's.
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.click("#sign-in-account").await;
    let login = ctx.wait_url("/protocol/openid-connect/auth").await;
    assert!(login.starts_with(&api), "the login page is not the service's: {login}");
    ctx.type_into("#username", demo::ALICE_EMAIL).await;
    ctx.type_into("#password", demo::DEMO_PASSWORD).await;
    ctx.click("#kc-login").await;
    let back = ctx.wait_url("/clusters").await;
    assert!(back.starts_with(&ctx.base), "not sent back to the console's origin: {back}");
    ctx.wait_text("#signed-in-as", "Alice").await;

    // A realm on acme-prod (a reload signs her in again silently, across origins).
    ctx.goto(PROD_REALMS).await;
    back_signed_in(&ctx, PROD_REALMS).await;
    ctx.type_into("#realm-name", "split-tenant").await;
    ctx.wait_text("#realm-name-state", "split-tenant is available").await;
    ctx.click("#add-realm").await;
    ctx.wait_text("#realm-added", "split-tenant was added").await;
    ctx.find("tr[data-realm='split-tenant'] [data-state='ACTIVE']").await;
    let created: u64 = ctx
        .coverage()
        .await
        .get("cluster.deployment.create")
        .map(|statuses| statuses.iter().filter(|(status, _)| status.starts_with('2')).map(|(_, n)| n).sum())
        .unwrap_or(0);
    assert_eq!(created, 1, "the service did not create the realm once");

    // A theme, PUT to presigned storage on the service's origin.
    ctx.goto(PROD_RESOURCES).await;
    back_signed_in(&ctx, PROD_RESOURCES).await;
    ctx.find("#resources").await;
    add(&ctx, "split-theme", "THEME").await;
    upload(&ctx, "split-theme", Some("26"), &flow_file("split", "split-theme.jar", &theme_jar(None))).await;
    uploaded_fully(&ctx, "split-theme").await;
    ctx.wait_text("article[data-extension='split-theme'] tr[data-major='26'] .scan", "Passed").await;
    let storage = format!("{api}/sandbox/storage/");
    let sent = ctx
        .script(&format!(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.startsWith({}));",
            serde_json::to_string(&storage).unwrap_or_default()
        ))
        .await;
    assert!(sent.as_array().is_some_and(|a| !a.is_empty()), "no request to the storage at {storage}: {sent}");

    // A log file: its presigned URL is on the service's origin, and the page can read it.
    ctx.goto(PROD_LOGS).await;
    back_signed_in(&ctx, PROD_LOGS).await;
    ctx.find("#log-table tbody tr").await;
    ctx.click("#log-table tbody tr:nth-child(1) .download-log").await;
    ctx.wait_text("#download-state", "stays valid").await;
    let url = ctx.find("#download-link").await.attr_or_fail("href").await.unwrap_or_default();
    assert!(url.starts_with(&format!("{storage}logs/")) && url.contains("X-Amz-Signature="), "{url}");
    let read = ctx
        .script_async(&format!(
            "const done = arguments[arguments.length - 1];
            fetch({}).then(async r => {{
                const bytes = new Uint8Array(await r.arrayBuffer());
                done([r.status, r.headers.get('content-type'), bytes.length, bytes[0], bytes[1]]);
            }}).catch(e => done(String(e)));",
            serde_json::to_string(&url).unwrap_or_default()
        ))
        .await;
    assert_eq!(read[0], 200, "the page could not download the log across origins: {read}");
    assert_eq!(read[1], "application/gzip", "{read}");
    assert!(
        read[2].as_u64().is_some_and(|n| n > 100) && read[3] == 0x1f && read[4] == 0x8b,
        "not gzip: {read}"
    );
}
