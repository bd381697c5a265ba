//! The Access and Logs tabs: IP rules in two categories then one cleared, every save that
//! adds or removes an address asked first (the public allow list read back from the service
//! after Cancel and after Confirm), an invalid CIDR refused in the form, the premium cap; log files
//! by window and page, a download whose bytes are fetched and checked to be gzip; telemetry export
//! tested and saved, refused on starter; and what a viewer sees on both tabs.

mod allow_lists;
mod log_files;
mod read_only;
mod rules;

use std::time::Duration;

use cluster_sandbox::Config;

use super::Flow;
use crate::harness::{Ctx, OrFail, run_flow};
use allow_lists::{asks_before_lockout, public_allow_list_asks};
use log_files::{logs_window_and_download, telemetry_save, telemetry_starter};
use read_only::viewer;
use rules::{invalid_cidr, premium_cap, starter_once, two_categories};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("access_rules_in_two_categories_then_clear_one", |d| {
            Box::pin(run_flow(d, Config::default(), two_categories))
        }),
        ("access_invalid_cidr_refused_in_form", |d| Box::pin(run_flow(d, Config::default(), invalid_cidr))),
        ("ip_allowlist_asks_before_locking_out", |d| {
            Box::pin(run_flow(d, Config::default(), asks_before_lockout))
        }),
        ("ip_public_allow_list_asks_and_cancel_saves_nothing", |d| {
            Box::pin(run_flow(d, Config::default(), public_allow_list_asks))
        }),
        ("access_premium_cap", |d| Box::pin(run_flow(d, quick_provision(), premium_cap))),
        ("access_starter_says_its_limit_once", |d| Box::pin(run_flow(d, Config::default(), starter_once))),
        ("logs_window_pages_and_download", |d| {
            Box::pin(run_flow(d, Config::default(), logs_window_and_download))
        }),
        ("logs_telemetry_test_and_save", |d| Box::pin(run_flow(d, Config::default(), telemetry_save))),
        ("logs_telemetry_refused_on_starter", |d| {
            Box::pin(run_flow(d, Config::default(), telemetry_starter))
        }),
        // The export seed gives acme-prod a saved admin rule, for the viewer to read as text.
        ("access_and_logs_read_only_for_viewer", |d| {
            Box::pin(run_flow(d, Config { export_seed: true, ..Config::default() }, viewer))
        }),
    ]
}

/// acme-staging (premium) becomes ACTIVE at once.
fn quick_provision() -> Config {
    Config { provision: Duration::from_secs(1), ..Config::default() }
}

const ACCESS: &str = "/clusters/cl-acme-prod/access";
const LOGS: &str = "/clusters/cl-acme-prod/logs";

async fn count(ctx: &Ctx, css: &str) -> usize {
    ctx.count(css).await
}

async fn enabled(ctx: &Ctx, css: &str) -> bool {
    ctx.find(css).await.enabled_or_fail().await
}

/// Adds a row to a section and fills it; `n` is the row's position (from 1).
async fn add_rule(ctx: &Ctx, section: &str, n: usize, address: &str, alias: &str) {
    ctx.click(&format!("#add-{section}")).await;
    let row = format!("#ip-{section} .rule-row:nth-child({n})");
    ctx.type_into(&format!("{row} input.address"), address).await;
    ctx.type_into(&format!("{row} input.alias"), alias).await;
}

async fn rows(ctx: &Ctx) -> usize {
    count(ctx, "#log-table tbody tr").await
}

/// GETs an absolute `http://` URL over a plain socket: (status line, headers, body).
pub(super) async fn fetch(url: &str) -> (String, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").unwrap_or_else(|| panic!("not an http URL: {url}"));
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let mut stream = tokio::net::TcpStream::connect(authority)
        .await
        .unwrap_or_else(|e| panic!("connect {authority}: {e}"));
    let request = format!("GET /{path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap_or_else(|e| panic!("send: {e}"));
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap_or_else(|e| panic!("read: {e}"));
    let split =
        raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("no headers in the answer"));
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let (status, headers) = head.split_once("\r\n").unwrap_or((&head, ""));
    (status.to_string(), headers.to_lowercase(), raw[split + 4..].to_vec())
}
