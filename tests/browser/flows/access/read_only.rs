//! What a viewer sees on the Access and Logs tabs: the rules and the export as text.

use cluster_sandbox::demo;

use super::{ACCESS, LOGS, enabled};
use crate::harness::Ctx;

pub(super) async fn viewer(ctx: Ctx) {
    ctx.goto(ACCESS).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_url(ACCESS).await;
    ctx.wait_text("#access-read-only", "manage-clusters").await;
    assert!(
        !ctx.exists("#save-ip-rules").await && !ctx.exists("#add-admin").await,
        "a viewer is offered to change IP rules"
    );
    // The rules read as text (the seeded office range), with no field to type into,
    // disabled or not, and the read-only line said once.
    ctx.wait_text("#ip-admin .rule-row.read .address", "203.0.113.0/24").await;
    let fields = ctx.count(".ip-sections input, .ip-sections [disabled], .ip-sections .remove-rule").await;
    assert_eq!(fields, 0, "a viewer is shown IP rule fields or buttons");
    assert_eq!(ctx.count(".read-only").await, 1, "the read-only line is said more than once");
    ctx.click("nav.tabs a[href$='/logs']").await;
    ctx.wait_url(LOGS).await;
    ctx.find("#log-table tbody tr").await;
    ctx.wait_text("#export-read-only", "manage-clusters").await;
    assert!(!ctx.exists("#save-export").await, "a viewer is offered to save export settings");
    assert!(!enabled(&ctx, "#export-endpoint").await);
    // Reading and downloading need only view-clusters.
    ctx.click("#log-table tbody tr:nth-child(1) .download-log").await;
    ctx.wait_text("#download-state", "stays valid").await;
}
