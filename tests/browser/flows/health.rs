//! A health view that tells the truth: the cluster overview's counts are the sandbox's
//! (users "not reported", since the sandbox does not model them), the health line records
//! a change made during the visit (a realm added, a restart started elsewhere), uptime
//! starts again after a restart, the restart is in the visit's history, and the custom
//! domain is an issued domain or the host; axe-core on the overview.

use std::time::Duration;

use cluster_sandbox::{Config, demo};
use serde_json::Value;

use super::{Flow, admin, as_admin_elsewhere, axe, restart_elsewhere};
use crate::harness::{Ctx, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("health_overview_counts_history_and_uptime", |d| {
            Box::pin(run_flow(d, config(), counts_history_uptime))
        }),
        ("health_overview_custom_domain", |d| Box::pin(run_flow(d, config(), custom_domain))),
    ]
}

/// A restart long enough for a reading every 5 s to see it; realms and certificates quick.
fn config() -> Config {
    Config {
        restart: Duration::from_secs(8),
        realm: Duration::from_secs(1),
        dns: Duration::from_secs(1),
        ..Config::default()
    }
}

const OVERVIEW: &str = "/clusters/cl-acme-prod";

/// Opens acme-prod's overview from within the app (a reload would sign out: tokens live in
/// memory only), through its Domains tab so the overview reads everything afresh.
async fn open_overview(ctx: &Ctx) {
    // From the clusters list, so the cluster itself (its host) is read again too.
    ctx.click("nav.sidenav a[href='/clusters']").await;
    ctx.find("tr[data-cluster=acme-prod]").await;
    ctx.click(&format!("a[href='{OVERVIEW}']")).await;
    ctx.wait_url(OVERVIEW).await;
    ctx.click(&format!("nav.tabs a[href='{OVERVIEW}/domains']")).await;
    ctx.wait_url("/domains").await;
    ctx.click(&format!("nav.tabs a[href='{OVERVIEW}']")).await;
    ctx.find("#custom-domain").await;
}

/// An API call from the page as another client; answers `[status, body as JSON or null]`.
async fn call(ctx: &Ctx, method: &str, path: &str, body: Value) -> (u64, Value) {
    let script = as_admin_elsewhere(&format!(
        "const r = await fetch('/v2{path}', {{ method: '{method}', body: {body},
            headers: {{ Authorization: 'Bearer ' + token.access_token, 'Content-Type': 'application/json' }} \
                }});
        const text = await r.text();
        done([r.status, text ? JSON.parse(text) : null]);",
        body = if body.is_null() { "undefined".to_string() } else { format!("JSON.stringify({body})") }
    ));
    let answer = ctx.client.execute_async(&script, vec![]).await.unwrap_or_else(|e| panic!("script: {e}"));
    let status = answer[0].as_u64().unwrap_or_else(|| panic!("{method} {path}: {answer}"));
    (status, answer[1].clone())
}

async fn count_shown(ctx: &Ctx, name: &str) -> String {
    let css = format!("#metrics dd[data-count='{name}']");
    ctx.find(&css).await.text().await.unwrap_or_else(|e| panic!("{css}: {e}"))
}

async fn counts_history_uptime(ctx: Ctx) {
    admin(&ctx).await;
    open_overview(&ctx).await;
    ctx.wait_text("#health", "Healthy").await;
    ctx.wait_text("#system-info", "Uptime").await;

    // The counts are the service's, and users are not invented.
    let (status, metrics) =
        call(&ctx, "GET", &format!("/clusters/{}/metrics", demo::ACME_PROD), Value::Null).await;
    assert_eq!(status, 200, "{metrics}");
    assert!(metrics["counts"].get("users").is_none(), "the sandbox reports users: {metrics}");
    let realms = metrics["counts"]["realms"].as_i64().unwrap_or_else(|| panic!("realms: {metrics}"));
    let clients = metrics["counts"]["clients"].as_i64().unwrap_or_else(|| panic!("clients: {metrics}"));
    assert_eq!(count_shown(&ctx, "realms").await, realms.to_string());
    assert_eq!(count_shown(&ctx, "clients").await, clients.to_string());
    assert_eq!(count_shown(&ctx, "users").await, "not reported");
    ctx.wait_text("#metrics", "No change since you opened this page").await;
    // A first reading of this visit exists (its line is drawn) before the realm is added,
    // or the realm would be in the first reading and there would be no change to see.
    ctx.find("#spark-realms").await;
    axe::no_serious_violations(&ctx, "#main", "the cluster overview").await;

    // A realm added elsewhere during the visit shows on the line, with when.
    let (status, answer) = call(
        &ctx,
        "POST",
        &format!("/clusters/{}/deployments", demo::ACME_PROD),
        serde_json::json!({"name": "health-flow"}),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let change = ctx.wait_text("#metrics-changes", &format!("Realms {realms} → {}", realms + 1)).await;
    assert!(change.contains(" UTC: "), "the change has no time: {change}");
    let points = ctx.find("#spark-realms").await.attr("data-points").await.ok().flatten().unwrap_or_default();
    assert!(points.parse::<u32>().is_ok_and(|n| n >= 2), "the realms line has {points:?} points");
    ctx.wait_text("#metrics dd[data-count='realms']", &(realms + 1).to_string()).await;

    // A restart started elsewhere: not healthy during it, healthy after, uptime from zero.
    restart_elsewhere(&ctx).await;
    ctx.wait_text("#metrics-changes", "became not healthy").await;
    ctx.wait_text("#metrics-changes", "became healthy").await;
    // Counted from the restart, in the console's words ("42 seconds", "1 minute, 3 seconds").
    let up = ctx.wait_text("#uptime", "second").await;
    assert!(!up.contains("day") && !up.contains("hour"), "the uptime after a restart: {up}");
    ctx.wait_text("#restart-history", "ended").await;
    ctx.snap("health-after-restart").await;
}

async fn custom_domain(ctx: Ctx) {
    admin(&ctx).await;
    open_overview(&ctx).await;
    ctx.wait_text("#custom-domain", "None").await;
    let domains = format!("/clusters/{}/domains", demo::ACME_PROD);
    let (status, answer) =
        call(&ctx, "POST", &domains, serde_json::json!({"host": "login.health.example"})).await;
    assert!((200..300).contains(&status), "{status} {answer}");
    // DNS in 1 s, the certificate 1 s later.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    open_overview(&ctx).await;
    ctx.wait_text("#custom-domain", "login.health.example (certificate issued; not the primary host)").await;

    let host = format!("/clusters/{}/host", demo::ACME_PROD);
    let (status, answer) =
        call(&ctx, "PUT", &host, serde_json::json!({"host": "login.health.example"})).await;
    assert_eq!(status, 200, "{answer}");
    // A cluster read less than 1.5 s ago counts as fresh and is not read again on opening
    // its page (poll::FRESH_MS); the page was read just before the change made elsewhere.
    tokio::time::sleep(Duration::from_millis(1_600)).await;
    open_overview(&ctx).await;
    ctx.wait_text("#custom-domain", "login.health.example (primary host)").await;
}
