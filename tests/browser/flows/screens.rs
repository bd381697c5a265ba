//! Screens on demand: the first visit to a screen downloads its module, a deep link loads
//! it straight away, and a module that fails to download is recovered from in the page.

use cluster_sandbox::{Config, demo};

use super::{Flow, admin, staging_moving};
use crate::harness::{Ctx, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("screens_load_on_demand", |d| Box::pin(run_flow(d, staging_moving(Config::default()), on_demand))),
        ("deep_link_into_a_lazy_screen", |d| Box::pin(run_flow(d, Config::default(), deep_link_lazy))),
        ("a_failed_screen_download_is_recovered", |d| {
            Box::pin(run_flow(d, staging_moving(Config::default()), failed_chunk))
        }),
        ("old_tab_addresses_redirect", |d| Box::pin(run_flow(d, Config::default(), old_tab_addresses))),
    ]
}

/// The wasm modules the page has fetched so far.
async fn wasm_fetched(ctx: &Ctx) -> Vec<String> {
    let script =
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.wasm'));";
    let names = ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    names
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

async fn on_demand(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    super::list_handed_over(&ctx).await;
    let eager = wasm_fetched(&ctx).await;
    // The main module draws sign-in; signing in is `signing_in`'s code, the clusters list the
    // signed-in console's group, and the list's moving cluster brings the activity center's
    // tracking (`activity`), after the list shows (a pack two of them need is fetched once).
    let wanted: Vec<String> =
        std::iter::once("_bg.wasm".to_string()).chain(super::navigation::list_packs()).collect();
    assert_eq!(eager.len(), wanted.len(), "sign-in and the clusters list should need {wanted:?}: {eager:?}");
    // Every group but the main module's comes in packs: `activity`'s own is among them.
    assert!(eager.iter().any(|f| f.ends_with("/pack_activity.wasm")), "no activity pack: {eager:?}");
    for name in &wanted {
        assert!(eager.iter().any(|f| f.ends_with(name.as_str())), "{name} was not fetched: {eager:?}");
    }
    ctx.click(&format!("a[href='/clusters/{}']", demo::ACME_PROD)).await;
    ctx.wait_text(".page-head", "acme-prod").await;
    let after = wasm_fetched(&ctx).await;
    assert!(after.len() > eager.len(), "opening a cluster fetched no module of its own: {after:?}");
    // Going back to the list and in again needs nothing new.
    ctx.click("nav.sidenav a[href='/clusters']").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    ctx.click(&format!("a[href='/clusters/{}']", demo::ACME_PROD)).await;
    ctx.wait_text(".page-head", "acme-prod").await;
    assert_eq!(wasm_fetched(&ctx).await.len(), after.len(), "a screen seen before was downloaded again");
}

async fn deep_link_lazy(ctx: Ctx) {
    let path = format!("/clusters/{}/resources", demo::ACME_PROD);
    ctx.goto(&path).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(&path).await;
    ctx.wait_text(".page-head", "acme-prod").await;
    ctx.wait_text("main", "Upload").await;
}

/// The tabs' former addresses (`/settings`, `/extensions`) still open them, query kept,
/// under their one name: `/env-vars` labelled "Environment variables", `/resources`.
async fn old_tab_addresses(ctx: Ctx) {
    let base = format!("/clusters/{}", demo::ACME_PROD);
    ctx.goto(&format!("{base}/settings")).await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(&format!("{base}/env-vars")).await;
    ctx.wait_text("nav.tabs a[aria-current='page']", "Environment variables").await;
    ctx.goto(&format!("{base}/extensions?name=login")).await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(&format!("{base}/resources?name=login")).await;
    ctx.wait_text("nav.tabs a[aria-current='page']", "Resources").await;
}

/// Arms the sandbox to fail the next `times` requests for wasm modules with a 503.
pub async fn fail_next_modules(ctx: &Ctx, times: u32) {
    ctx.arm_fault(".wasm", times, "status=503").await;
}

async fn failed_chunk(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    super::list_handed_over(&ctx).await;
    fail_next_modules(&ctx, 1).await;
    ctx.click("nav.sidenav a[href='/organizations']").await;
    let error = ctx.wait_text("#chunk-error", "could not download").await;
    assert!(error.contains("Retry"), "{error}");
    let title = ctx.title().await;
    assert_eq!(
        title, "Screen not loaded · Cluster console",
        "the tab kept the title of the page left behind"
    );
    ctx.snap("chunk-error").await;
    // The app is alive: Retry loads the screen in place.
    ctx.click("#chunk-error button").await;
    ctx.wait_text("h1", "Organizations").await;
    assert!(!ctx.exists("#chunk-error").await, "the error stayed after the screen loaded");
    let title = ctx.title().await;
    assert_eq!(title, "Organizations · Cluster console");

    // A failure on the way to a screen of another route group (billing shares the
    // organizations' module, so it would need no download); navigating there again tries again.
    fail_next_modules(&ctx, 1).await;
    ctx.click("nav.sidenav a[href='/realms']").await;
    ctx.wait_text("#chunk-error", "could not download").await;
    ctx.click("nav.sidenav a[href='/clusters']").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    ctx.click("nav.sidenav a[href='/realms']").await;
    ctx.wait_text("h1", "Realms").await;
}
