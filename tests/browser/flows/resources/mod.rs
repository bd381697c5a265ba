//! The Resources tab: themes uploaded per Keycloak major through presigned URLs, scan
//! verdicts and approvals, applying to the cluster (and the 409 while a restart runs),
//! the starter tier's caps, a password denylist, app-association files, delete, filters
//! and the read-only view. Every file is made here: jars as real (stored) zip archives
//! whose entry names carry the sandbox scanner's markers, and JSON files.

mod apply;
mod list;
mod versions;
mod well_known;

use std::time::Duration;

use cluster_sandbox::Config;

use super::{Flow, open_signed_in};
use crate::harness::{Ctx, run_flow};
use apply::apply_and_conflict;
use list::{filter_and_delete, starter_caps, viewer_read_only};
use versions::{
    denylist, renamed_zip_fails_the_scan, step_failure, theme_per_major, zip_theme_refused_with_howto,
};
use well_known::app_association;

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("resources_theme_per_major_scan_and_approve", |d| Box::pin(run_flow(d, quick(), theme_per_major))),
        ("resources_apply_then_conflict_while_restarting", |d| {
            Box::pin(run_flow(d, slow_restart(), apply_and_conflict))
        }),
        ("resources_starter_caps_explained", |d| Box::pin(run_flow(d, quick(), starter_caps))),
        ("resources_zip_theme_refused_with_how_to_make_a_jar", |d| {
            Box::pin(run_flow(d, quick(), zip_theme_refused_with_howto))
        }),
        ("resources_renamed_zip_fails_the_scan_and_needs_attention", |d| {
            Box::pin(run_flow(
                d,
                Config { provision: Duration::from_secs(1), ..quick() },
                renamed_zip_fails_the_scan,
            ))
        }),
        ("resources_denylist_standalone_upload", |d| Box::pin(run_flow(d, quick(), denylist))),
        ("resources_upload_step_failure_is_named", |d| Box::pin(run_flow(d, tiny_storage(), step_failure))),
        ("resources_app_association_files", |d| Box::pin(run_flow(d, quick(), app_association))),
        ("resources_filter_in_url_and_delete", |d| Box::pin(run_flow(d, quick(), filter_and_delete))),
        ("resources_read_only_for_viewer", |d| Box::pin(run_flow(d, quick(), viewer_read_only))),
    ]
}

fn quick() -> Config {
    Config { scan: Duration::from_secs(1), restart: Duration::from_secs(3), ..Config::default() }
}

fn slow_restart() -> Config {
    Config { restart: Duration::from_secs(4), ..quick() }
}

/// Storage that takes nothing over 200 bytes, so a PUT fails at storage.
fn tiny_storage() -> Config {
    Config { max_upload_bytes: 200, ..quick() }
}

const PROD: &str = "/clusters/cl-acme-prod/resources";

fn jar(entries: &[&str]) -> Vec<u8> {
    cluster_sandbox::jar::stored(entries)
}

/// A theme jar; `marker` (SCAN-WARN, SCAN-BLOCK) names an extra entry the scanner reacts to.
pub(super) fn theme_jar(marker: Option<&str>) -> Vec<u8> {
    let mut entries =
        vec!["META-INF/MANIFEST.MF", "META-INF/keycloak-themes.json", "theme/acme/login/theme.properties"];
    let marked = marker.map(|m| format!("theme/acme/login/{m}.txt"));
    if let Some(m) = &marked {
        entries.push(m);
    }
    jar(&entries)
}

pub(super) async fn add(ctx: &Ctx, name: &str, resource_type: &str) {
    ctx.type_into("#resource-name", name).await;
    let select = ctx.find("#resource-type").await;
    select.select_by_value(resource_type).await.unwrap_or_else(|e| panic!("type {resource_type}: {e}"));
    ctx.click("#add-resource").await;
    ctx.find(&format!("article[data-extension='{name}']")).await;
}

fn card(name: &str) -> String {
    format!("article[data-extension='{name}']")
}

/// Picks `path` in the resource's uploader (for `slot`, when it has a choice) and uploads it.
pub(super) async fn upload(ctx: &Ctx, name: &str, slot: Option<&str>, path: &str) {
    let card = card(name);
    if let Some(slot) = slot {
        let select = ctx.find(&format!("{card} select.slot")).await;
        select.select_by_value(slot).await.unwrap_or_else(|e| panic!("slot {slot}: {e}"));
    }
    let input = ctx.find(&format!("{card} input.file")).await;
    input.send_keys(path).await.unwrap_or_else(|e| panic!("attach {path}: {e}"));
    ctx.click(&format!("{card} button.start-upload")).await;
}

pub(super) async fn uploaded_fully(ctx: &Ctx, name: &str) {
    let card = card(name);
    ctx.wait_text(&format!("{card} .upload-percent"), "100%").await;
    // A progress bar's value and max are numbers (not text a WebDriver property read gives).
    let bar = format!("{card} progress.upload-progress");
    let selector = serde_json::to_string(&bar).unwrap_or_else(|e| panic!("{e}"));
    let read = ctx
        .script(&format!("const b = document.querySelector({selector}); return b && [b.value, b.max];"))
        .await;
    let (value, max) = (read[0].as_f64(), read[1].as_f64());
    assert!(value.is_some_and(|v| v > 0.0), "no progress bar at {bar}, or it is empty: {read}");
    assert_eq!(value, max, "the progress bar is not full");
    ctx.wait_text(&format!("{card} .upload-done"), "Uploaded").await;
}

fn row(name: &str, major: &str) -> String {
    format!("{} tr[data-major='{major}']", card(name))
}
