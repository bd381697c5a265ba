//! The tab's list: a starter tier's caps explained, filters kept in the URL, a resource
//! deleted with every version, and the viewer's read-only list.

use std::time::Duration;

use cluster_sandbox::demo;

use super::{PROD, add, card, jar, open_signed_in, row, upload, uploaded_fully};
use crate::flows::flow_file;
use crate::harness::{Ctx, OrFail};

pub(super) async fn starter_caps(ctx: Ctx) {
    let dev = format!("/clusters/{}/resources", demo::ACME_DEV);
    open_signed_in(&ctx, &dev, "#resources").await;
    ctx.wait_text("#usage-themes", "Themes 0/1").await;
    ctx.wait_text("#usage-extensions", "Extensions and denylists 0/0").await;
    ctx.wait_text("#type-limits [data-type=EXTENSION]", "starter tier allows no extensions").await;
    ctx.wait_text(
        "#type-limits [data-type=PASSWORD_BLACKLIST]",
        "starter tier allows no extensions or password denylists",
    )
    .await;
    let extension = ctx.find("#resource-type option[value=EXTENSION]").await;
    assert!(extension.attr_or_fail("disabled").await.is_some(), "a starter cluster offers extensions");
    ctx.snap("resources-starter").await;
    add(&ctx, "dev-login", "THEME").await;
    ctx.wait_text("#usage-themes", "Themes 1/1").await;
    ctx.wait_text("#type-limits [data-type=THEME]", "allows 1 theme; this cluster has 1").await;
    let theme = ctx.find("#resource-type option[value=THEME]").await;
    assert!(theme.attr_or_fail("disabled").await.is_some(), "a second theme is offered");
}

pub(super) async fn filter_and_delete(ctx: Ctx) {
    open_signed_in(&ctx, PROD, "#resources").await;
    add(&ctx, "acme-login", "THEME").await;
    add(&ctx, "acme-audit", "EXTENSION").await;
    upload(
        &ctx,
        "acme-audit",
        Some("26"),
        &flow_file("delete", "audit.jar", &jar(&["META-INF/MANIFEST.MF"])),
    )
    .await;
    uploaded_fully(&ctx, "acme-audit").await;
    let select = ctx.find("#filter-resource-type").await;
    select.select_by_value("EXTENSION").await.unwrap_or_else(|e| panic!("filter: {e}"));
    ctx.wait_url("type=EXTENSION").await;
    ctx.find(&card("acme-audit")).await;
    assert!(!ctx.exists(&card("acme-login")).await, "the type filter shows a theme");
    ctx.type_into("#filter-resource-name", "nothing-like-it").await;
    ctx.wait_url("name=nothing-like-it").await;
    ctx.wait_text("#no-matches", "No resources match").await;
    ctx.click("#clear-resource-filters").await;
    ctx.find(&card("acme-login")).await;
    // Shown again, the resource still has the upload the list did not know about.
    ctx.wait_text(&format!("{} .file", row("acme-audit", "26")), "audit").await;

    // Delete says that every version goes.
    ctx.click(&format!("{} .delete-extension", card("acme-audit"))).await;
    ctx.wait_text(&format!("{} dialog[open]", card("acme-audit")), "all its versions (1 uploaded file)")
        .await;
    ctx.click(&format!("{} .confirm-delete-extension", card("acme-audit"))).await;
    ctx.wait_gone(&card("acme-audit"), Duration::from_secs(20), "the deleted resource is still listed").await;
    ctx.wait_text("#usage-extensions", "Extensions and denylists 0 (no limit)").await;
}

pub(super) async fn viewer_read_only(ctx: Ctx) {
    ctx.goto(PROD).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_url(PROD).await;
    ctx.wait_text("#resources-read-only", "manage-clusters").await;
    assert!(!ctx.exists("#add-resource").await, "a viewer is offered to add resources");
    ctx.wait_text("#apply-blocked", "manage-clusters").await;
    let button = ctx.find("#apply-to-cluster").await;
    assert!(!button.enabled_or_fail().await, "a viewer may apply");
}
