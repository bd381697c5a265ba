//! The Logs tab's late parts (`log_extras`: the histogram, the window's files, telemetry
//! export's section, a line's detail, the Events bar, saving the lines) are one split-off
//! module fetched once the tab is drawn. Held back, the viewer still reads and shows its
//! lines; each part that stands on the page says what failed, why and Retry; a line opened
//! says so in its place; Retry on one part fetches the module again for all of them.

use std::time::Duration;

use fantoccini::key::Key;

use super::{press, settled};
use crate::flows::admin;
use crate::flows::navigation::packs_of;
use crate::harness::Ctx;

const PROD: &str = "/clusters/cl-acme-prod";

/// The packs only `log_extras` needs: the ones the cluster page, its Logs tab, the console
/// and the activity center (fetched for the list's moving cluster) do not bring.
fn own_packs() -> Vec<String> {
    let mut before = packs_of("console");
    before.extend(packs_of("activity"));
    before.extend(packs_of("cluster"));
    before.extend(packs_of("cluster_logs"));
    let own: Vec<String> = packs_of("log_extras").into_iter().filter(|p| !before.contains(p)).collect();
    assert!(!own.is_empty(), "log_extras has no pack of its own: every one comes with the Logs tab");
    own
}

pub(super) async fn late_parts_recovered(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    // One failed fetch of the module's own pack: the first load fails, the next succeeds.
    let own = own_packs();
    ctx.arm_fault(&own[0], 1, "status=503").await;
    ctx.click(&format!("a[href='{PROD}']")).await;
    ctx.find("#cluster-id").await;
    ctx.click(&format!("nav.tabs a[href='{PROD}/logs']")).await;
    ctx.find("#log-viewer").await;

    // The export section keeps its heading and says why its body is missing, with Retry.
    let export = ctx.wait_text("#export-chunk-error", "could not be downloaded").await;
    assert!(export.contains("Retry"), "the export's failure offers no Retry: {export}");
    ctx.wait_text("#telemetry-export-loading h2", "Export").await;
    assert!(!ctx.exists("#telemetry-export").await, "the export section drew without its module");
    ctx.wait_text("#log-files-loading h2", "Download logs").await;
    ctx.wait_text("#log-files-chunk-error", "could not be downloaded").await;
    assert!(!ctx.exists("#log-table").await, "the file table drew without its module");
    ctx.wait_text("#log-histogram-chunk-error", "could not be downloaded").await;
    assert!(!ctx.exists("#log-histogram").await, "the histogram drew without its module");
    // The viewer itself is the tab's own module: its lines are read and shown meanwhile.
    ctx.find("#log-count").await;
    ctx.find("#log-lines .vbody [role=row]").await;
    // Done reading, so the rows stay put (the table draws them again as lines arrive).
    settled(&ctx).await;
    ctx.snap("logs-late-parts-failed").await;

    // A line opened while the module is missing, from the keyboard: a row the table shows
    // in full (focusing one outside the view would scroll the table, which then draws other
    // rows and the focus is lost). Said where the drawer would be.
    let focused = ctx
        .script(
            "const box = document.querySelector('#log-lines').getBoundingClientRect();
            const row = Array.from(document.querySelectorAll('#log-lines .vbody [role=row]')).find((r) => {
                const at = r.getBoundingClientRect();
                return at.top >= box.top && at.bottom <= box.bottom && at.height > 0;
            });
            if (!row) return false;
            row.focus();
            return document.activeElement === row;",
        )
        .await;
    assert_eq!(focused, serde_json::Value::Bool(true), "no row of the table in view took the focus");
    press(&ctx, Key::Enter).await;
    let drawer = ctx.wait_text("#log-drawer-chunk-error", "could not be downloaded").await;
    assert!(drawer.contains("Retry"), "the drawer's failure offers no Retry: {drawer}");
    assert!(!ctx.exists("#log-drawer").await, "the line's detail drew without its module");

    // Retry there fetches the module once for every part: the line opens, and the export
    // section and the histogram are drawn too.
    ctx.click("#log-drawer-chunk-error button").await;
    ctx.find("#log-drawer").await;
    ctx.wait_text("#log-drawer h2", "Log line").await;
    ctx.find("#telemetry-export").await;
    ctx.find("#log-histogram").await;
    ctx.find("#log-table").await;
    for gone in [
        "#export-chunk-error",
        "#log-histogram-chunk-error",
        "#log-files-chunk-error",
        "#log-drawer-chunk-error",
    ] {
        ctx.wait_gone(gone, Duration::from_secs(5), "a failure panel after Retry").await;
    }
    assert!(!ctx.exists("#telemetry-export-loading").await, "the export's loading frame stayed");
    assert!(!ctx.exists("#log-files-loading").await, "the files' loading frame stayed");
}
