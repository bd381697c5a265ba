//! Navigation: a first click on a cluster downloads a handful of files (its route group's
//! pack and a few shared ones), not a hundred; with prefetching on, the code is fetched
//! while the person reads the list, so the click downloads nothing; and a failed prefetch is
//! silent, the click fetching the files again. Files are counted at the sandbox, which logs
//! each console file it serves (`/sandbox/served`).

use cluster_sandbox::Config;

use super::{Flow, admin};
use crate::harness::{Ctx, WAIT, dist_dir, run_flow};

/// The most console files a first navigation may download.
const MOST_FILES: usize = 10;

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("navigation_first_click_fetches_few_files", |d| {
            Box::pin(run_flow(d, Config::default(), first_click_few_files))
        }),
        ("navigation_prefetched_click_fetches_nothing", |d| Box::pin(run_flow(d, prefetching(), prefetched))),
        ("navigation_failed_prefetch_is_silent", |d| Box::pin(run_flow(d, prefetching(), failed_prefetch))),
    ]
}

/// The build as shipped: prefetching on (flows otherwise run without it).
fn prefetching() -> Config {
    Config { console_dir: Some(dist_dir()), ..Config::default() }
}

const PROD: &str = "/clusters/cl-acme-prod";

/// The files served since `before` was read.
async fn new_files(ctx: &Ctx, before: usize) -> Vec<String> {
    ctx.served().await.split_off(before)
}

/// Waits until the sandbox has served a file whose path contains `needle`, and then until
/// nothing more arrives for a second (a prefetch fetches a few files).
async fn wait_served(ctx: &Ctx, needle: &str) -> usize {
    let started = std::time::Instant::now();
    loop {
        let files = ctx.served().await;
        if files.iter().any(|f| f.contains(needle)) {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            let settled = ctx.served().await.len();
            if settled == files.len() {
                return settled;
            }
        } else if started.elapsed() > WAIT {
            panic!("the sandbox never served {needle}; it served {files:?}");
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

async fn first_click_few_files(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let before = ctx.served().await.len();
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    let opened = new_files(&ctx, before).await;
    assert!(!opened.is_empty(), "opening a cluster downloaded nothing, though prefetching is off");
    assert!(opened.len() <= MOST_FILES, "opening a cluster downloaded {} files: {opened:?}", opened.len());
    // Its Resources tab, a group of its own: again a handful.
    let before = ctx.served().await.len();
    ctx.click(&format!("nav.tabs a[href='{PROD}/resources']")).await;
    ctx.find("#resources").await;
    let tab = new_files(&ctx, before).await;
    assert!(tab.len() <= MOST_FILES, "the Resources tab downloaded {} files: {tab:?}", tab.len());
    assert!(tab.iter().all(|f| !opened.contains(f)), "a file was downloaded twice: {opened:?} then {tab:?}");
}

async fn prefetched(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    // While the person reads the list, the cluster page's code arrives.
    let before = wait_served(&ctx, "pack_cluster.wasm").await;
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    let clicked = new_files(&ctx, before).await;
    assert!(clicked.is_empty(), "the click downloaded {clicked:?} although its code was fetched ahead");
    // On the cluster page, its tabs' code arrives too.
    let before = wait_served(&ctx, "pack_cluster_resources.wasm").await;
    ctx.click(&format!("nav.tabs a[href='{PROD}/resources']")).await;
    ctx.find("#resources").await;
    ctx.click(&format!("nav.tabs a[href='{PROD}/realms']")).await;
    ctx.wait_text("main", "Add realm").await;
    let clicked = new_files(&ctx, before).await;
    assert!(clicked.is_empty(), "the tabs downloaded {clicked:?} although their code was fetched ahead");
}

async fn failed_prefetch(ctx: Ctx) {
    // The cluster group's own pack fails once: the prefetch meets the failure.
    let script = "const done = arguments[arguments.length - 1];\
         fetch('/sandbox/faults?path=pack_cluster.wasm&times=1&status=503', { method: 'POST' })\
           .then(r => done(r.status), () => done(0));";
    ctx.goto("/sign-in").await;
    let armed = ctx.script_async(script).await;
    assert_eq!(armed.as_u64(), Some(201), "the sandbox did not arm the fault: {armed}");
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    // The prefetch fails silently: the list stays as it was, with no error.
    wait_served(&ctx, "pack_shared").await;
    assert!(!ctx.exists("#chunk-error").await, "a failed prefetch showed an error");
    assert!(!ctx.exists(".error-panel").await, "a failed prefetch showed an error");
    let before = ctx.served().await.len();
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    let clicked = new_files(&ctx, before).await;
    assert!(
        clicked.iter().any(|f| f.ends_with("/pack_cluster.wasm")),
        "the click did not fetch the pack whose prefetch failed: {clicked:?}"
    );
    ctx.wait_text("h1", "acme-prod").await;
}
