//! Applying the resources to the cluster: confirmed first, refused while a restart runs,
//! and the 409 when another client restarted it, queued until the restart ends.

use std::time::Duration;

use super::{PROD, add, open_signed_in, row, theme_jar, upload};
use crate::flows::{flow_file, restart_elsewhere};
use crate::harness::{Ctx, OrFail};

pub(super) async fn apply_and_conflict(ctx: Ctx) {
    open_signed_in(&ctx, PROD, "#resources").await;
    add(&ctx, "acme-mail", "THEME").await;
    upload(&ctx, "acme-mail", Some("26"), &flow_file("apply", "acme-mail.jar", &theme_jar(None))).await;
    ctx.wait_text(&format!("{} .scan", row("acme-mail", "26")), "Passed").await;
    ctx.click(&format!("{} button.approve", row("acme-mail", "26"))).await;
    ctx.wait_text(&format!("{} .approval", row("acme-mail", "26")), "Approved").await;

    // Apply: the restart's progress shows, and applying again is refused until it ends.
    ctx.wait_text("#apply .restart-state", "No restart in progress").await;
    ctx.click("#apply-to-cluster").await;
    // Nothing restarts on one click: the dialog says what will happen first.
    let dialog = ctx.wait_text("dialog[open]", "Restart acme-prod to apply?").await;
    assert!(dialog.contains("well under a minute") && dialog.contains("may fail"), "{dialog}");
    assert_eq!(ctx.calls("cluster.extension.reconcile", "202").await, 0, "applied before it was confirmed");
    ctx.snap("resources-apply-confirm").await;
    ctx.click("#confirm-apply").await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "the dialog stayed open after the apply").await;
    ctx.wait_text("#apply .restart-state", "Restart in progress").await;
    ctx.wait_text("#apply-blocked", "A restart is in progress").await;
    let button = ctx.find("#apply-to-cluster").await;
    assert!(!button.enabled_or_fail().await, "apply is offered during a restart");
    ctx.snap("resources-restarting").await;
    ctx.wait_text("#apply .restart-state", "Restart complete").await;

    // Another client restarts the cluster; this page has not seen it, so the service says 409.
    restart_elsewhere(&ctx).await;
    ctx.click("#apply-to-cluster").await;
    ctx.click("#confirm-apply").await;
    ctx.wait_text("dialog[open] [role=alert]", "A restart is in progress").await;
    ctx.wait_text("dialog[open] [role=alert]", "already in progress").await;
    ctx.click("#apply-when-done").await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "queueing the apply did not close the dialog").await;
    ctx.wait_text("#apply-queued", "as soon as the restart ends").await;
    // Once the restart ends, the console applies by itself, without asking again.
    ctx.wait_gone("#apply-queued", Duration::from_secs(30), "the queued apply never went out").await;
    assert!(!ctx.exists("#apply-error").await, "the queued apply failed");
    assert!(!ctx.exists("dialog").await, "the queued apply asked again");
    ctx.wait_text("#apply .restart-state", "Restart").await;
    ctx.wait_text("#apply .restart-state", "Restart complete").await;
}
