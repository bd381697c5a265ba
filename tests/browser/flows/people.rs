//! People signing in with their account (the login page, silent sign-in on reload, sign
//! out), and roles by person.

use cluster_sandbox::{Config, demo};

use super::{Flow, alice, back_signed_in, person};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("people_alice_signs_in_reloads_and_signs_out", |d| {
            Box::pin(run_flow(d, Config::default(), alice_round_trip))
        }),
        ("people_token_renewed_through_the_identity_session", |d| {
            Box::pin(run_flow(d, short_tokens(), renewal))
        }),
        ("people_support_sees_clusters_cannot_change", |d| {
            Box::pin(run_flow(d, Config::default(), support_views))
        }),
    ]
}

/// Redirects the page's last navigation went through: a silent sign-in is one (the identity
/// server's answer), a page the console opened by itself none.
async fn redirects(ctx: &Ctx) -> u64 {
    let script = "return performance.getEntriesByType('navigation')[0].redirectCount";
    let count = ctx.script(script).await;
    count.as_u64().unwrap_or_else(|| panic!("the redirect count: not a number: {count}"))
}

async fn alice_round_trip(ctx: Ctx) {
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    // This browser never signed anyone in: no silent trip to the identity server first.
    assert_eq!(redirects(&ctx).await, 0, "a first visit went to the identity server before the sign-in page");
    let first = ctx.find(".sign-in .card button").await;
    assert_eq!(first.attr_or_fail("id").await.as_deref(), Some("sign-in-account"), "the account comes first");
    ctx.click("#sign-in-account").await;
    ctx.wait_url("/protocol/openid-connect/auth").await;
    ctx.type_into("#username", demo::ALICE_EMAIL).await;
    ctx.type_into("#password", "not-the-password").await;
    ctx.click("#kc-login").await;
    ctx.wait_text("#input-error", "Invalid username or password").await;
    ctx.type_into("#password", demo::DEMO_PASSWORD).await;
    ctx.click("#kc-login").await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("#signed-in-as", "Alice Anders").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    ctx.snap("signed-in-as-alice").await;

    // A reload: signed in again silently, on the same page.
    ctx.goto("/clusters/cl-acme-prod").await;
    back_signed_in(&ctx, "/clusters/cl-acme-prod").await;
    assert_eq!(redirects(&ctx).await, 1, "the reload was not a silent sign-in");
    ctx.wait_text(".page-head", "acme-prod").await;
    assert!(ctx.calls("cluster.detail", "200").await >= 1);

    // Signing out also ends the identity server's session: a reload asks again.
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.wait_text(".notice", "You signed out").await;
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.find("#sign-in-account").await;
    assert!(!ctx.exists("#signed-in-as").await, "still signed in after signing out");
    assert_eq!(redirects(&ctx).await, 0, "after signing out, a visit still tried a silent sign-in");
}

fn short_tokens() -> Config {
    Config { token_ttl: std::time::Duration::from_secs(1), ..Config::default() }
}

/// The access token lapses; the console renews it with the identity server's session
/// (the refresh grant), and the person notices nothing. Then it lapses again and a second
/// visit to the cluster page (its record already read) reads its cards at once: each meets
/// a 401, and they must share one renewal, because the rotated refresh token works once
/// and a second use is a replay that revokes the session's grant (the person would be
/// signed out). The identity server answers slowly then, so the 401s surely meet one
/// renewal under way.
async fn renewal(ctx: Ctx) {
    let lapse = std::time::Duration::from_millis(1500);
    alice(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    tokio::time::sleep(lapse).await;
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text("#metrics", "Healthy").await;
    let url = ctx.current_url().await;
    assert!(!url.contains("/sign-in"), "asked to sign in again: {url}");
    ctx.wait_text("#signed-in-as", "Alice").await;
    let before = refreshes(&ctx).await;
    assert!(before.rotated >= 1, "the lapsed token was not renewed with the refresh grant: {before:?}");

    ctx.click("nav.sidenav a[href='/clusters']").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let refused = lapsed_calls(&ctx).await;
    tokio::time::sleep(lapse).await;
    ctx.arm_fault("openid-connect/token", 1, "delay_ms=1000").await;
    ctx.click("tr[data-cluster=acme-prod] a").await;
    // The cards may show what the first visit read at once: wait for the renewal itself.
    let started = std::time::Instant::now();
    loop {
        let now = refreshes(&ctx).await;
        if now.rotated > before.rotated || now.replayed > 0 {
            break;
        }
        assert!(started.elapsed() < crate::harness::WAIT, "the lapsed token was never renewed: {now:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // A second renewal side by side would have met the slow identity server (held for a
    // second) or come after it: give it the time to answer.
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let after = refreshes(&ctx).await;
    let met = lapsed_calls(&ctx).await - refused;
    assert!(met >= 2, "{met} of the second visit's reads met the lapsed token: no two could share a renewal");
    assert_eq!(after.replayed, 0, "two renewals presented one refresh token: {after:?}");
    assert!(!ctx.current_url().await.contains("/sign-in"), "signed out on the second visit");
    ctx.wait_text("#signed-in-as", "Alice").await;
}

/// How many API calls the sandbox has answered with a 401 so far.
async fn lapsed_calls(ctx: &Ctx) -> u64 {
    ctx.coverage().await.values().filter_map(|statuses| statuses.get("401")).sum()
}

#[derive(Debug, serde::Deserialize)]
struct Refreshes {
    rotated: u32,
    replayed: u32,
}

/// How the sandbox's refresh grants went so far.
async fn refreshes(ctx: &Ctx) -> Refreshes {
    crate::harness::sandbox_json(&ctx.api, "/sandbox/refreshes", "refresh grants")
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

async fn support_views(ctx: Ctx) {
    person(&ctx, demo::BOB_EMAIL).await;
    ctx.wait_text("#signed-in-as", "Bob").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let create = ctx.find("#new-cluster").await;
    assert!(create.attr_or_fail("disabled").await.is_some(), "support can start creating a cluster");
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text(".page-head", "acme-prod").await;
    ctx.wait_text("#delete-blocked", "manage-clusters").await;
    let delete = ctx.find("#delete-cluster").await;
    assert!(delete.attr_or_fail("disabled").await.is_some(), "support can press delete");
}
