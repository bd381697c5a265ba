//! The histogram above the lines: its buckets sum to the count, one bucket agrees with the
//! files, choosing it narrows the window and Back restores it.

use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::Value;

use super::{LOGS, entries, sandbox_text, settled, window};
use crate::cdp::emulate_media;
use crate::flows::{axe, open_signed_in};
use crate::harness::{Ctx, OrFail};

/// A key pressed wherever the focus is (an SVG bar is no form field to send keys to).
async fn key(ctx: &Ctx, key: Key) {
    let value: char = key.into();
    let keys =
        KeyActions::new("keyboard".into()).then(KeyAction::Down { value }).then(KeyAction::Up { value });
    ctx.client.perform_actions(keys).await.unwrap_or_else(|e| panic!("{key:?}: {e}"));
}

/// The histogram's table, read as a person copying it would: each bucket's start (epoch ms,
/// from `data-start`) and its total (a number, or the words for a bucket not read: `None`).
async fn buckets(ctx: &Ctx) -> Vec<(i64, Option<usize>)> {
    let rows = ctx
        .script(
            "return Array.from(document.querySelectorAll('#log-histogram-table tbody tr')).map(r => \
             [r.dataset.start, r.querySelector('td.total').innerText]);",
        )
        .await;
    let Value::Array(rows) = rows else { panic!("the histogram's table cannot be read: {rows}") };
    rows.iter()
        .map(|r| {
            let start = r[0].as_str().and_then(|s| s.parse().ok());
            let total = r[1].as_str().unwrap_or_default().trim().to_string();
            (start.unwrap_or_else(|| panic!("a bucket without its start: {r}")), total.parse().ok())
        })
        .collect()
}

/// Issue 37: a histogram of the lines shown per time bucket, by level, above the lines.
/// Once every file is read its buckets sum to the count; a bucket's total agrees with the
/// sandbox's own files; choosing it (from the keyboard) narrows the window to it, with that
/// many lines; Back restores the window before.
pub(super) async fn histogram(ctx: Ctx) {
    open_signed_in(&ctx, &format!("{LOGS}?window=1h&limit=2000"), "#log-viewer").await;
    let n = settled(&ctx).await;
    assert!(n > 0 && n < 2000, "the hour holds {n} lines; the flow needs some, under the limit");
    assert!(!ctx.exists("#log-searched").await, "not every file of the hour was read");
    ctx.click("#log-histogram-show").await;
    ctx.find("#log-histogram-table tbody tr").await;
    let rows = buckets(&ctx).await;
    assert!((55..=70).contains(&rows.len()), "{} buckets for an hour (about 60 of a minute)", rows.len());
    let unread: Vec<i64> = rows.iter().filter(|r| r.1.is_none()).map(|r| r.0).collect();
    assert!(unread.is_empty(), "buckets not read although every file is: {unread:?}");
    let sum: usize = rows.iter().filter_map(|r| r.1).sum();
    assert!(sum > 0, "the histogram counts no line");
    assert_eq!(sum, n, "the buckets sum to {sum}; the count says {n}");
    let step = rows[1].0 - rows[0].0;
    assert_eq!(step, 60_000, "an hour is cut into minutes");
    assert_eq!(rows[0].0 % step, 0, "buckets start on whole UTC minutes");
    axe::no_serious_violations(&ctx, "#log-histogram", "the histogram and its table").await;
    ctx.snap("logs-histogram").await;
    emulate_media(&ctx.client, &[("prefers-color-scheme", "dark")]).await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    axe::no_serious_violations(&ctx, "#log-histogram", "the histogram and its table, dark").await;
    ctx.snap("logs-histogram-dark").await;
    emulate_media(&ctx.client, &[]).await;

    // The fullest bucket inside the window (the first and last are cut by its ends).
    let (from, to) = window(&ctx).await;
    let inner = rows.len() - 1;
    let (i, (start, total)) = rows
        .iter()
        .enumerate()
        .take(inner)
        .skip(1)
        .max_by_key(|(_, r)| r.1)
        .map(|(i, r)| (i, (r.0, r.1.unwrap_or(0))))
        .unwrap_or_else(|| panic!("no bucket inside the window: {rows:?}"));
    assert!(total > 0, "every bucket inside the window is empty");
    let files = sandbox_text(&ctx, from, to).await;
    let expected =
        files.iter().flat_map(|t| entries(t)).filter(|(at, _, _)| *at >= start && *at < start + step).count();
    assert_eq!(total, expected, "the bucket at {start} counts {total}; the files hold {expected}");

    // Chosen from the keyboard: the bar after it takes the focus, the left arrow moves to it,
    // Enter chooses it.
    ctx.script(&format!("document.getElementById('log-histogram-chart-{}').focus()", i + 1)).await;
    key(&ctx, Key::Left).await;
    let focused = ctx.script("return document.activeElement && document.activeElement.id").await;
    assert_eq!(
        focused,
        Value::String(format!("log-histogram-chart-{i}")),
        "the left arrow did not move the focus"
    );
    let tab_stops = ctx.count("#log-histogram-chart [tabindex='0']").await;
    assert_eq!(tab_stops, 1, "the bars are one tab stop");
    key(&ctx, Key::Enter).await;
    ctx.wait_url("from=").await;
    let narrowed = settled(&ctx).await;
    assert_eq!(window(&ctx).await, (start, start + step - 1), "the window is not the bucket");
    assert_eq!(narrowed, total, "the bucket counted {total}; its window shows {narrowed}");
    assert_eq!(ctx.find("#log-range").await.prop_or_fail("value").await.as_deref(), Some("custom"));

    // Back: the hour again (a history entry was pushed, not replaced).
    ctx.client.back().await.unwrap_or_else(|e| panic!("back: {e}"));
    let started = Instant::now();
    while ctx.current_url().await.contains("from=") {
        assert!(started.elapsed() < Duration::from_secs(10), "Back did not restore the window");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(ctx.current_url().await.contains("window=1h"), "Back left {}", ctx.current_url().await);
    assert_eq!(ctx.find("#log-range").await.prop_or_fail("value").await.as_deref(), Some("1h"));
    let again = settled(&ctx).await;
    assert!(again.abs_diff(n) <= 2, "after Back {again} lines; the hour had {n}");
}
