//! Reading over time: Follow picking up a line the sandbox appends, an expired link signed
//! again once, silently, and a file that cannot be read named with Retry while the others'
//! lines show.

use std::time::{Duration, Instant};

use super::{LOGS, settled, shown};
use crate::flows::{axe, open_signed_in, sign_in_again};
use crate::harness::{Ctx, OrFail};

/// Appends one line to acme-prod's current log file through the sandbox's hook.
async fn append(ctx: &Ctx, message: &str) {
    let script = format!(
        "const done = arguments[arguments.length - 1];
        fetch('/sandbox/logs/append?cluster=cl-acme-prod', {{ method: 'POST', body: {message:?} }})
            .then(r => done(r.status), e => done(String(e)));"
    );
    let status = ctx.client.execute_async(&script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    assert!(status.as_u64().is_some_and(|s| (200..300).contains(&s)), "the append hook answered {status}");
}

pub(super) async fn follow(ctx: Ctx) {
    let marker = "type=LOGIN_ERROR, realmId=acme, clientId=follow-probe, error=followed_line";
    open_signed_in(&ctx, &format!("{LOGS}?window=1h&q=follow-probe"), "#log-viewer").await;
    assert_eq!(settled(&ctx).await, 0);
    ctx.click("#log-follow").await;
    // The first refresh is at once; the line is appended after it, for the 30-second one.
    tokio::time::sleep(Duration::from_secs(2)).await;
    append(&ctx, marker).await;
    let started = Instant::now();
    while shown(&ctx).await == 0 {
        assert!(started.elapsed() < Duration::from_secs(45), "following never showed the appended line");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    ctx.wait_text("#log-count", "1 line").await;
    ctx.wait_text("#log-lines", "follow-probe").await;
    let checked = ctx.find("#log-follow").await.prop_or_fail("checked").await;
    assert_eq!(checked.as_deref(), Some("true"));
}

pub(super) async fn signed_again(ctx: Ctx) {
    // The first download of the newest file meets 403, as an expired link does (armed from
    // the console's origin, before the Logs tab reads anything).
    ctx.goto("/").await;
    ctx.find("#client-id").await;
    ctx.arm_fault("/sandbox/storage/logs/cl-acme-prod/", 1, "status=403").await;
    open_signed_in(&ctx, &format!("{LOGS}?window=1h&limit=2000"), "#log-viewer").await;
    let n = settled(&ctx).await;
    assert!(n > 0, "no line read after the link was signed again");
    assert!(!ctx.exists("#log-searched").await, "not every file of the hour was read");
    assert!(!ctx.exists("#log-file-errors").await, "an expired link was shown as a failure");
    let files = ctx.count("#log-table tbody tr").await;
    let signed = ctx.calls("cluster.log.detail", "200").await;
    assert_eq!(signed, files as u64 + 1, "{files} files read with {signed} signatures (one again)");
}

pub(super) async fn unreadable(ctx: Ctx) {
    open_signed_in(&ctx, &format!("{LOGS}?window=6h"), "#log-viewer").await;
    let before = settled(&ctx).await;
    assert!(before > 0);
    // The newest file fails once; the others still show.
    let newest = ctx.find("#log-table tbody tr").await.attr_or_fail("data-file").await.unwrap_or_default();
    assert!(newest.ends_with(".log.gz"), "{newest}");
    ctx.arm_fault(&newest, 1, "status=500").await;
    ctx.goto(&format!("{LOGS}?window=6h&limit=2000")).await;
    sign_in_again(&ctx, "limit=2000").await;
    ctx.wait_text("#log-file-errors", &newest).await;
    ctx.wait_text("#log-file-errors", "500").await;
    let without = settled(&ctx).await;
    assert!(without > 0, "the other files' lines are not shown");
    axe::no_serious_violations(&ctx, "#log-viewer", "the viewer with a failed file").await;
    ctx.click("#log-file-errors .retry-file").await;
    ctx.wait_gone("#log-file-errors", Duration::from_secs(20), "the failure after Retry").await;
    let with = settled(&ctx).await;
    assert!(with > without, "Retry read no more lines ({without} → {with})");
}
