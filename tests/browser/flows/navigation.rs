//! Navigation: a first click on a cluster downloads a handful of files (its route group's
//! pack and a few shared ones), not a hundred; with prefetching on, the code is fetched
//! while the person reads the list, so the click downloads nothing; and a failed prefetch is
//! silent, the click fetching the files again. Files are counted at the sandbox, which logs
//! each console file it serves (`/sandbox/served`).

use cluster_sandbox::{Config, demo};

use super::{Flow, admin, staging_moving};
use crate::harness::{Ctx, WAIT, dist_dir, run_flow};

/// The most console files a first navigation may download.
const MOST_FILES: usize = 10;

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("navigation_first_click_fetches_few_files", |d| {
            Box::pin(run_flow(d, staging_moving(Config::default()), first_click_few_files))
        }),
        ("navigation_prefetched_click_fetches_nothing", |d| {
            Box::pin(run_flow(d, staging_moving(prefetching()), prefetched))
        }),
        ("navigation_failed_prefetch_is_silent", |d| Box::pin(run_flow(d, prefetching(), failed_prefetch))),
        ("boot_module_alone_draws_sign_in", |d| Box::pin(run_flow(d, Config::default(), boot_alone))),
        ("boot_failed_console_fetch_shows_retry", |d| {
            Box::pin(run_flow(d, Config::default(), console_retry))
        }),
        ("boot_failed_signing_in_fetch_shows_retry", |d| {
            Box::pin(run_flow(d, Config::default(), signing_in_retry))
        }),
        ("boot_failed_secret_signing_in_fetch_says_so", |d| {
            Box::pin(run_flow(d, Config::default(), secret_signing_in_retry))
        }),
    ]
}

/// Makes the sandbox answer each of `packs` with a 503, `times` times.
async fn fail_packs(ctx: &Ctx, packs: &[String], times: u32) {
    for pack in packs {
        ctx.arm_fault(pack, times, "status=503").await;
    }
}

/// Issue 35: the main module alone draws the sign-in page and signs in; the signed-in
/// console's packs are held back (every fetch of them fails) and never asked for until then.
/// Signing in's own code (`signing_in`, fetched on the click) is not held back, including a
/// pack it shares with the console.
async fn boot_alone(ctx: Ctx) {
    let signing_in = packs_of("signing_in");
    let console = console_only();
    // A first visit (nothing cached), at an address inside the console: sent to sign-in
    // without its code.
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.wait_text("h1", "Sign in").await;
    ctx.find("#sign-in-account").await;
    ctx.find("#client-id").await;
    let boot = new_files(&ctx, 0).await;
    assert!(boot.iter().any(|f| f.ends_with("_bg.wasm")), "the main module was not served: {boot:?}");
    assert!(
        !boot.iter().any(|f| is_one_of(f, &console) || is_one_of(f, &signing_in)),
        "the sign-in page fetched the console's or signing in's packs before a click: {boot:?}"
    );
    // From now on the console's code cannot be had. The form works up to the token exchange:
    // the secret is exchanged, then the console's code is what is missing, and the page says
    // so with Retry, never a blank page.
    fail_packs(&ctx, &console, 1000).await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("#chunk-error", "could not download").await;
    ctx.find("#chunk-error button").await;
    assert_eq!(ctx.calls("cluster.list", "200").await, 0, "the clusters were read without their screen");
}

/// The console's packs that signing in does not need: held back, they keep the console's
/// code from loading but not the sign-in (a pack both need is signing in's too).
fn console_only() -> Vec<String> {
    let signing_in = packs_of("signing_in");
    let console: Vec<String> = packs_of("console").into_iter().filter(|p| !signing_in.contains(p)).collect();
    assert!(!console.is_empty(), "every console pack is one signing in needs");
    console
}

/// Issue 35: a failed fetch of the console's code after sign-in shows Retry, and Retry
/// recovers: the clusters list shows.
async fn console_retry(ctx: Ctx) {
    let console = console_only();
    ctx.goto("/sign-in").await;
    fail_packs(&ctx, &console, 1).await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("#chunk-error", "could not download").await;
    let body = ctx.script("return document.body.innerText.trim().length").await;
    assert!(body.as_u64().unwrap_or(0) > 20, "the page is blank: {body}");
    ctx.click("#chunk-error button").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    assert!(!ctx.exists("#chunk-error").await, "the error stayed after Retry loaded the console");
}

/// Signing in's own pack (`signing_in`'s, not one it shares): made to fail once. A pack is
/// cached once fetched, so each flow below fails it on a fresh browser's first fetch.
async fn fail_signing_in_once(ctx: &Ctx) {
    let own: Vec<String> = packs_of("signing_in").into_iter().filter(|p| p.contains("signing_in")).collect();
    assert_eq!(own.len(), 1, "signing_in has no pack of its own: {own:?}");
    fail_packs(ctx, &own, 1).await;
}

/// Issue 35: signing in's code is fetched on the click; when it cannot be had, the sign-in
/// page says so with Retry (never a blank page or a dead button), and Retry leaves for the
/// identity server.
async fn signing_in_retry(ctx: Ctx) {
    ctx.goto("/sign-in").await;
    ctx.find("#client-id").await;
    fail_signing_in_once(&ctx).await;
    ctx.click("#sign-in-account").await;
    let said = ctx.wait_text("#sign-in-account-error", "could not download").await;
    assert!(said.contains("Check your network connection"), "{said}");
    ctx.click("#sign-in-account-retry").await;
    ctx.wait_url("/protocol/openid-connect/auth").await;
    ctx.find("#username").await;
}

/// The same for an API secret: the form says the sign-in failed and why, keeps what was
/// typed, and signs in once the code can be had.
async fn secret_signing_in_retry(ctx: Ctx) {
    ctx.goto("/sign-in").await;
    ctx.find("#client-id").await;
    fail_signing_in_once(&ctx).await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    let said = ctx.wait_text("form .error-panel", "could not be reached").await;
    assert!(said.contains("Check your network connection"), "{said}");
    assert!(ctx.current_url().await.contains("/sign-in"), "left the sign-in page");
    let kept = ctx.script("return document.getElementById('client-id').value").await;
    assert_eq!(kept.as_str(), Some(demo::ADMIN_CLIENT_ID), "the form lost what was typed");
    ctx.click("form button[type=submit]").await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
}

/// The build as shipped: prefetching on (flows otherwise run without it).
fn prefetching() -> Config {
    Config { console_dir: Some(dist_dir()), ..Config::default() }
}

const PROD: &str = "/clusters/cl-acme-prod";

/// The files served since `before` was read, once nothing more arrives for a second.
async fn new_files(ctx: &Ctx, before: usize) -> Vec<String> {
    let mut files = ctx.served().await;
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        let now = ctx.served().await;
        if now.len() == files.len() {
            return files.split_off(before);
        }
        files = now;
    }
}

/// The packs the way to a list with a moving cluster fetches, each once: signing in's, the
/// console's, and the activity center's that the list's hand-off brings (`list_handed_over`).
pub(super) fn list_packs() -> Vec<String> {
    let mut packs: Vec<String> = Vec::new();
    for pack in ["signing_in", "console", "activity"].into_iter().flat_map(packs_of) {
        if !packs.contains(&pack) {
            packs.push(pack);
        }
    }
    packs
}

/// The packs a route group needs, by file name, from the build's packs.json.
pub(super) fn packs_of(group: &str) -> Vec<String> {
    let pkg = std::fs::read_dir(dist_dir())
        .ok()
        .and_then(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("pkg-")))
        })
        .unwrap_or_else(|| panic!("no pkg-* folder in {}", dist_dir().display()));
    let text = std::fs::read_to_string(pkg.join("packs.json"))
        .unwrap_or_else(|e| panic!("cannot read {}/packs.json: {e}", pkg.display()));
    let all: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("packs.json: {e}"));
    let packs: Vec<String> = all[group]
        .as_array()
        .unwrap_or_else(|| panic!("packs.json names no group {group}"))
        .iter()
        .map(|p| p.as_str().unwrap_or_else(|| panic!("packs.json: {p} is not a name")).to_string())
        .collect();
    assert!(!packs.is_empty(), "packs.json gives {group} no packs");
    packs
}

/// Whether `file` (a served path) is one of `packs`.
fn is_one_of(file: &str, packs: &[String]) -> bool {
    packs.iter().any(|p| file.ends_with(&format!("/{p}")))
}

/// Waits until the sandbox has served every one of `packs` (fetched ahead); then the count.
async fn wait_served(ctx: &Ctx, packs: &[String]) -> usize {
    let started = std::time::Instant::now();
    loop {
        let files = ctx.served().await;
        if packs.iter().all(|p| files.iter().any(|f| is_one_of(f, std::slice::from_ref(p)))) {
            return files.len();
        }
        if started.elapsed() > WAIT {
            panic!("the packs {packs:?} were never all fetched ahead; the sandbox served {files:?}");
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

async fn first_click_few_files(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    super::list_handed_over(&ctx).await;
    let before = new_files(&ctx, 0).await.len();
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    // The Overview's trouble card fetches its own module after the tab's reads: wait for it,
    // so its files are not taken for the next tab's.
    ctx.find("#trouble-read-again").await;
    let opened = new_files(&ctx, before).await;
    // What the way to the list brought is there already; the rest of the group comes now.
    let console = list_packs();
    let cluster = packs_of("cluster");
    for pack in cluster.iter().filter(|p| !console.contains(p)) {
        assert!(
            opened.iter().any(|f| is_one_of(f, std::slice::from_ref(pack))),
            "{pack} was not fetched: {opened:?}"
        );
    }
    // The card's own module is counted apart: it is loaded after the page is drawn.
    let trouble = packs_of("cluster_trouble");
    let page: Vec<&String> =
        opened.iter().filter(|f| is_one_of(f, &cluster) || !is_one_of(f, &trouble)).collect();
    assert!(page.len() <= MOST_FILES, "opening a cluster downloaded {} files: {page:?}", page.len());
    let card = opened.len() - page.len();
    assert!(card <= MOST_FILES, "the trouble card downloaded {card} files: {opened:?}");
    // Its Resources tab, a group of its own: again a handful, none fetched twice.
    let before = before + opened.len();
    ctx.click(&format!("nav.tabs a[href='{PROD}/resources']")).await;
    ctx.find("#resources").await;
    let tab = new_files(&ctx, before).await;
    assert!(!tab.is_empty(), "the Resources tab downloaded nothing, though prefetching is off");
    assert!(tab.len() <= MOST_FILES, "the Resources tab downloaded {} files: {tab:?}", tab.len());
    assert!(tab.iter().all(|f| !opened.contains(f)), "a file was downloaded twice: {opened:?} then {tab:?}");
}

async fn prefetched(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    super::list_handed_over(&ctx).await;
    // While the person reads the list, the cluster page's code arrives.
    let cluster = packs_of("cluster");
    let before = wait_served(&ctx, &cluster).await;
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    // The Overview's trouble card loads its module once the tab's reads answered.
    ctx.find("#trouble-read-again").await;
    // The click needs nothing from the network; what arrives now is the tabs' code, fetched
    // ahead from the cluster page, and the trouble card's.
    let clicked = new_files(&ctx, before).await;
    let refetched: Vec<&String> = clicked.iter().filter(|f| is_one_of(f, &cluster)).collect();
    assert!(refetched.is_empty(), "the click downloaded {refetched:?} although it was fetched ahead");
    let mut tabs = packs_of("cluster_tabs");
    tabs.extend(packs_of("cluster_resources"));
    let before = wait_served(&ctx, &tabs).await;
    ctx.click(&format!("nav.tabs a[href='{PROD}/resources']")).await;
    ctx.find("#resources").await;
    ctx.click(&format!("nav.tabs a[href='{PROD}/realms']")).await;
    ctx.wait_text("main", "Add realm").await;
    let clicked = new_files(&ctx, before).await;
    assert!(clicked.is_empty(), "the tabs downloaded {clicked:?} although their code was fetched ahead");
}

async fn failed_prefetch(ctx: Ctx) {
    // The cluster group's own pack fails once: the prefetch meets the failure.
    ctx.goto("/sign-in").await;
    ctx.arm_fault("pack_cluster.wasm", 1, "status=503").await;
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    // The rest of the group arrives; the failure is silent: the list stays, with no error.
    let shared: Vec<String> = packs_of("cluster").into_iter().filter(|p| p != "pack_cluster.wasm").collect();
    let before = wait_served(&ctx, &shared).await;
    let before = before.max(new_files(&ctx, 0).await.len());
    assert!(!ctx.exists("#chunk-error").await, "a failed prefetch showed an error");
    assert!(!ctx.exists(".error-panel").await, "a failed prefetch showed an error");
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    let clicked = new_files(&ctx, before).await;
    assert!(
        clicked.iter().any(|f| f.ends_with("/pack_cluster.wasm")),
        "the click did not fetch the pack whose prefetch failed: {clicked:?}"
    );
    ctx.wait_text("h1", "acme-prod").await;
}
