//! The Logs tab's viewer: lines read and gunzipped in the browser, filtered by window, level
//! and search, counted against the sandbox's own files (read here over HTTP: list, detail,
//! download, gunzip with flate2); the Events view's counts by type, likewise; Follow picking
//! up a line the sandbox appends; a deep link restoring every filter; an expired link signed
//! again once, silently; a file that cannot be read named with Retry while the others'
//! lines show; the histogram above the lines (its buckets sum to the count, one bucket agrees
//! with the files, choosing it narrows the window and Back restores it); and axe on the
//! viewer, the histogram and the line drawer; the tab's late parts (`log_extras`) held back
//! and recovered with Retry. (The file table's window, pages and downloads are in
//! access/log_files.rs.)

mod counts;
mod histogram;
mod late;
mod reading;
mod rows;

use std::io::Read;
use std::time::{Duration, Instant};

use chrono::NaiveDateTime;
use cluster_sandbox::Config;
use fantoccini::key::Key;
use serde_json::Value;

use super::{Flow, as_admin_elsewhere};
use crate::harness::{Ctx, OrFail, run_flow};
use counts::{counts_match, events_by_type, lines_shown, realm_hint};
use histogram::histogram;
use late::late_parts_recovered;
use reading::{follow, signed_again, unreadable};
use rows::{filtered_field_whole, rows_at_once};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("logs_viewer_counts_match_the_files", |d| Box::pin(run_flow(d, Config::default(), counts_match))),
        ("logs_viewer_events_by_type", |d| Box::pin(run_flow(d, Config::default(), events_by_type))),
        ("logs_viewer_follow_picks_up_a_new_line", |d| Box::pin(run_flow(d, Config::default(), follow))),
        ("logs_viewer_expired_link_signed_again", |d| Box::pin(run_flow(d, Config::default(), signed_again))),
        ("logs_viewer_unreadable_file_with_retry", |d| Box::pin(run_flow(d, Config::default(), unreadable))),
        ("logs_viewer_new_window_shows_rows_at_once", |d| {
            Box::pin(run_flow(d, Config::default(), rows_at_once))
        }),
        ("logs_viewer_realm_filter_names_lines_without_realm", |d| {
            Box::pin(run_flow(d, Config::default(), realm_hint))
        }),
        ("logs_viewer_downloads_the_lines_shown", |d| Box::pin(run_flow(d, Config::default(), lines_shown))),
        ("logs_viewer_histogram_sums_and_narrows", |d| Box::pin(run_flow(d, Config::default(), histogram))),
        ("logs_viewer_columns_keep_the_filtered_field_whole", |d| {
            Box::pin(run_flow(d, Config::default(), filtered_field_whole))
        }),
        ("logs_late_parts_failed_download_is_recovered", |d| {
            Box::pin(run_flow(d, Config::default(), late_parts_recovered))
        }),
    ]
}

/// The realm a line names as the viewer reads it: `realmId=` among its first line's
/// `, `-separated fields.
pub(super) fn realm_of(text: &str) -> Option<&str> {
    let first = text.lines().next().unwrap_or_default();
    first.split(", ").find_map(|pair| pair.split_whitespace().last()?.strip_prefix("realmId="))
}

const LOGS: &str = "/clusters/cl-acme-prod/logs";
const NEEDLE: &str = "invalid_client_credentials";
/// A realm of acme-prod, as its log lines name it (`realmId=`).
const CUSTOMERS: &str = "customers";

async fn press(ctx: &Ctx, key: Key) {
    let focused = ctx.client.active_element().await.unwrap_or_else(|e| panic!("no focused element: {e}"));
    focused.send_keys(&key).await.unwrap_or_else(|e| panic!("press {key:?}: {e}"));
}

async fn select(ctx: &Ctx, css: &str, value: &str) {
    ctx.find(css).await.select_by_value(value).await.unwrap_or_else(|e| panic!("{css} = {value}: {e}"));
}

/// The window the viewer reads, as it says in its `data-from`/`data-to`.
async fn window(ctx: &Ctx) -> (i64, i64) {
    let viewer = ctx.find("#log-viewer").await;
    let read = |v: Option<String>| v.and_then(|v| v.parse::<i64>().ok());
    let from = read(viewer.attr_or_fail("data-from").await);
    let to = read(viewer.attr_or_fail("data-to").await);
    match (from, to) {
        (Some(f), Some(t)) => (f, t),
        other => panic!("the viewer does not say its window: {other:?}"),
    }
}

/// `N` from the live count "N lines …".
pub(super) async fn shown(ctx: &Ctx) -> usize {
    let text = ctx.find("#log-count").await.text().await.unwrap_or_default();
    text.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the count is not a number of lines: {text:?}"))
}

/// Waits until reading has stopped (no file being read) and the count holds still.
pub(super) async fn settled(ctx: &Ctx) -> usize {
    let started = Instant::now();
    let mut last = (usize::MAX, Instant::now());
    loop {
        let reading = ctx.exists("#log-reading").await;
        let n = shown(ctx).await;
        if n != last.0 || reading {
            last = (n, Instant::now());
        } else if last.1.elapsed() > Duration::from_millis(1200) {
            return n;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "the viewer never settled (last count {n})");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Every file of acme-prod whose lines may fall in `[from, to]`, read as another client
/// would: listed, signed, downloaded (from the page, same origin), gunzipped here.
pub(super) async fn sandbox_text(ctx: &Ctx, from: i64, to: i64) -> Vec<String> {
    let body = format!(
        "const auth = {{ headers: {{ Authorization: 'Bearer ' + token.access_token }} }};
        const list = await fetch('/v2/clusters/cl-acme-prod/logs?max=1000', auth).then(r => r.json());
        const out = [];
        for (const f of list) {{
            if (f.last_modified < {from} || f.last_modified > {to} + 2 * 3600000) continue;
            const d = await fetch('/v2/clusters/cl-acme-prod/logs/' + encodeURIComponent(f.file_name) + \
                '?minutes=5', auth).then(r => r.json());
            const bytes = new Uint8Array(await fetch(d.temp_url).then(r => r.arrayBuffer()));
            out.push(Array.from(bytes));
        }}
        done(out);"
    );
    let files =
        ctx.client.execute_async(&as_admin_elsewhere(&body), vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    let Value::Array(files) = files else { panic!("the files could not be read from the sandbox: {files}") };
    assert!(!files.is_empty(), "the sandbox lists no file for the window");
    files
        .iter()
        .map(|f| {
            let bytes: Vec<u8> = serde_json::from_value(f.clone()).unwrap_or_else(|e| panic!("bytes: {e}"));
            let mut text = String::new();
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_string(&mut text)
                .unwrap_or_else(|e| panic!("not gzip text: {e}"));
            text
        })
        .collect()
}

/// One entry: its instant (epoch ms), level and whole text (continuation lines included).
pub(super) fn entries(text: &str) -> Vec<(i64, String, String)> {
    let mut out: Vec<(i64, String, String)> = Vec::new();
    for line in text.lines() {
        let at = line.get(..23).and_then(|t| NaiveDateTime::parse_from_str(t, "%Y-%m-%d %H:%M:%S,%3f").ok());
        match (at, out.last_mut()) {
            (Some(at), _) => {
                let level = line[23..].split_whitespace().next().unwrap_or("").to_string();
                out.push((at.and_utc().timestamp_millis(), level, line.to_string()));
            }
            (None, Some(last)) => {
                last.2.push('\n');
                last.2.push_str(line);
            }
            (None, None) => {}
        }
    }
    out
}
