//! The Logs tab's files and telemetry export: files by window and page, a download whose
//! bytes are fetched and checked to be gzip; the export tested and saved, refused on starter.

use super::{LOGS, enabled, fetch, rows};
use crate::flows::saved::{capture, saved};
use crate::flows::{open_signed_in, sign_in_again};
use crate::harness::{Ctx, OrFail};

/// The Logs tab's "Time range" select (the viewer's and the file table's window).
async fn choose_range(ctx: &Ctx, value: &str) {
    ctx.find("#log-range")
        .await
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("time range {value}: {e}"));
}

pub(super) async fn logs_window_and_download(ctx: Ctx) {
    // The default window is the last hour (one or two files); a week is more than a page of them.
    open_signed_in(&ctx, LOGS, "#log-table tbody tr").await;
    assert_eq!(ctx.find("#log-range").await.prop_or_fail("value").await.as_deref(), Some("1h"));
    let hour = rows(&ctx).await;
    assert!((1..=2).contains(&hour), "the last hour is listed as {hour} files");
    open_signed_in(&ctx, &format!("{LOGS}?window=7d"), "#log-table tbody tr").await;
    ctx.wait_text("#logs-page", "Files 1–20").await;
    assert_eq!(rows(&ctx).await, 20);
    assert_eq!(ctx.find("#log-range").await.prop_or_fail("value").await.as_deref(), Some("7d"));
    let first = ctx.find("#log-table tbody tr").await.attr_or_fail("data-file").await.unwrap_or_default();
    assert!(first.ends_with(".log.gz"), "{first}");
    ctx.wait_text("#log-table", "UTC").await;
    ctx.wait_text("#log-table", "KB").await;

    ctx.click("#logs-next").await;
    ctx.wait_url("start=20").await;
    ctx.wait_text("#logs-page", "Files 21–40").await;
    let second = ctx.find("#log-table tbody tr").await.attr_or_fail("data-file").await.unwrap_or_default();
    assert_ne!(first, second, "the next page shows other files");
    ctx.click("#logs-previous").await;
    ctx.wait_text("#logs-page", "Files 1–20").await;

    choose_range(&ctx, "6h").await;
    ctx.wait_url("window=6h").await;
    ctx.wait_text("#logs-page", "Files 1–").await;
    let six = rows(&ctx).await;
    assert!((5..=7).contains(&six), "6 hours of hourly files: {six}");
    assert!(!enabled(&ctx, "#logs-next").await, "a 6-hour window has a next page");

    // A custom window comes from the URL, and stays in the fields.
    let custom = format!("{LOGS}?from=2000-01-01T00%3A00&to=2000-01-02T00%3A00");
    ctx.goto(&custom).await;
    sign_in_again(&ctx, "from=2000").await;
    ctx.find("#no-window-files").await;
    // Files exist outside it: the viewer says which is the newest and offers a wider window.
    ctx.wait_text("#no-log-files-here", "The newest file covers up to").await;
    assert!(!ctx.exists("#no-log-files").await, "\"no log files\" while files exist outside the window");
    let from = ctx.find("#log-from").await.prop_or_fail("value").await;
    assert_eq!(from.as_deref(), Some("2000-01-01T00:00"));
    choose_range(&ctx, "24h").await;
    ctx.wait_url("window=24h").await;
    ctx.find("#log-table tbody tr").await;

    // The viewer signs the files it reads too (and may still be reading): the download adds one.
    let signed = ctx.calls("cluster.log.detail", "200").await;
    capture(&ctx).await;
    let file = ctx
        .find("#log-table tbody tr:nth-child(1)")
        .await
        .attr_or_fail("data-file")
        .await
        .unwrap_or_default();
    ctx.click("#log-table tbody tr:nth-child(1) .download-log").await;
    let note = ctx.wait_text("#download-state", "stays valid for 15 minutes").await;
    ctx.snap("logs-download").await;
    // Saved under the cluster's name and the file's UTC hour (storage names it by the hour
    // only), with storage's bytes as they are: `keycloak/2026-11-27/14-00.log.gz` becomes
    // `acme-prod-2026-11-27T1400Z.log.gz`.
    let mut parts = file.rsplit('/');
    let (hour, day) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let expected =
        format!("acme-prod-{day}T{}Z.log.gz", hour.split('.').next().unwrap_or_default().replace('-', ""));
    let (name, bytes, _) = saved(&ctx).await.unwrap_or_else(|| panic!("no file was saved for {file:?}"));
    assert_eq!(name, expected, "the saved name of {file:?}");
    assert!(
        bytes.len() > 100 && bytes[..3] == [0x1f, 0x8b, 0x08],
        "not the gzip file: {} bytes",
        bytes.len()
    );
    assert!(note.contains(&expected), "the note does not name the saved file: {note}");
    let url = ctx.find("#download-link").await.attr_or_fail("href").await.unwrap_or_default();
    assert!(url.contains("/sandbox/storage/logs/") && url.contains("X-Amz-Signature="), "{url}");
    assert!(ctx.calls("cluster.log.detail", "200").await > signed, "the download signed no link");
    let (status, headers, body) = fetch(&url).await;
    assert!(status.contains(" 200 "), "{status}");
    assert!(headers.contains("content-type: application/gzip"), "{headers}");
    assert!(body.len() > 100 && body[..3] == [0x1f, 0x8b, 0x08], "not gzip: {} bytes", body.len());
}

pub(super) async fn telemetry_save(ctx: Ctx) {
    open_signed_in(&ctx, LOGS, "#export-endpoint").await;
    ctx.wait_text("#export-token-state", "No token is stored").await;
    ctx.type_into("#export-endpoint", "https://127.0.0.1:4318").await;
    ctx.click("#test-endpoint").await;
    // The service's verdict, shown as it says it: refused with its reason, not "passed".
    ctx.wait_text("#telemetry-export #endpoint-refused", "loopback").await;
    ctx.type_into("#export-endpoint", "https://otlp.unreachable.example:4318").await;
    ctx.click("#test-endpoint").await;
    ctx.wait_text("#endpoint-refused", "cannot be used for export").await;
    ctx.wait_text("#endpoint-refused", "timed out").await;
    assert!(!ctx.exists("#endpoint-ok").await, "an unreachable collector read as acceptable");
    ctx.type_into("#export-endpoint", "https://otlp.example.com:4318").await;
    ctx.click("#test-endpoint").await;
    ctx.wait_text("#endpoint-ok", "https://otlp.example.com:4318 is acceptable").await;
    assert!(!ctx.exists("#endpoint-refused").await, "the refusal stayed after an acceptable answer");
    assert_eq!(ctx.calls("cluster.telemetryExport.endpoint.validate", "200").await, 3);
    assert_eq!(ctx.calls("cluster.telemetryExport.update", "200").await, 0, "testing saved");
    ctx.click("#export-enabled").await;
    ctx.find("#export-protocol")
        .await
        .select_by_value("grpc")
        .await
        .unwrap_or_else(|e| panic!("protocol: {e}"));
    ctx.type_into("#export-token", "secret-bearer-123").await;
    ctx.click("#save-export").await;
    ctx.wait_text("#export-saved", "saved").await;
    ctx.wait_text("#export-token-state", "A token is stored").await;
    ctx.snap("logs-export-saved").await;
    let token = ctx.find("#export-token").await.prop_or_fail("value").await;
    assert_eq!(token.as_deref(), Some(""), "the token stays on screen");

    // Read back: the settings are kept, the token is never shown.
    open_signed_in(&ctx, LOGS, "#export-endpoint").await;
    ctx.wait_text("#export-token-state", "A token is stored").await;
    let endpoint = ctx.find("#export-endpoint").await.prop_or_fail("value").await;
    assert_eq!(endpoint.as_deref(), Some("https://otlp.example.com:4318"));
    let checked = ctx.find("#export-enabled").await.prop_or_fail("checked").await;
    assert_eq!(checked.as_deref(), Some("true"));
    let source = ctx.source().await;
    assert!(!source.contains("secret-bearer-123"), "the stored token is in the page");
}

pub(super) async fn telemetry_starter(ctx: Ctx) {
    open_signed_in(&ctx, "/clusters/cl-acme-dev/logs", "#export-unavailable").await;
    ctx.wait_text("#export-unavailable", "not available on the starter tier").await;
    assert!(!ctx.exists("#export-endpoint").await, "the export form is offered on starter");
    assert_eq!(ctx.calls("cluster.telemetryExport.detail", "200").await, 0);
}
