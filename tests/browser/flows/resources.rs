//! The Resources tab: themes uploaded per Keycloak major through presigned URLs, scan
//! verdicts and approvals, applying to the cluster (and the 409 while a restart runs),
//! the starter tier's caps, a password denylist, app-association files, delete, filters
//! and the read-only view. Every file is made here: jars as real (stored) zip archives
//! whose entry names carry the sandbox scanner's markers, and JSON files.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::{Flow, flow_file, restart_elsewhere, sign_in_again};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("resources_theme_per_major_scan_and_approve", |d| Box::pin(run_flow(d, quick(), theme_per_major))),
        ("resources_apply_then_conflict_while_restarting", |d| {
            Box::pin(run_flow(d, slow_restart(), apply_and_conflict))
        }),
        ("resources_starter_caps_explained", |d| Box::pin(run_flow(d, quick(), starter_caps))),
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

async fn open(ctx: &Ctx, path: &str) {
    ctx.goto(path).await;
    sign_in_again(ctx, path).await;
    ctx.find("#resources").await;
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

async fn theme_per_major(ctx: Ctx) {
    open(&ctx, PROD).await;
    ctx.wait_text("#usage-themes", "Themes 0 (no limit)").await;
    add(&ctx, "acme-login", "THEME").await;
    ctx.wait_text("#usage-themes", "Themes 1 (no limit)").await;
    let login = card("acme-login");
    ctx.wait_text(&format!("{login} .versions"), "No file yet").await;

    // Keycloak 26: a clean jar passes the scan and is approved without a reason.
    upload(&ctx, "acme-login", Some("26"), &flow_file("theme", "acme-login-26.jar", &theme_jar(None))).await;
    uploaded_fully(&ctx, "acme-login").await;
    ctx.wait_text(&format!("{} .scan", row("acme-login", "26")), "Passed").await;
    ctx.wait_text(&format!("{} .file", row("acme-login", "26")), "acme-login-26").await;
    ctx.click(&format!("{} button.approve", row("acme-login", "26"))).await;
    ctx.wait_text(&format!("{} .approval", row("acme-login", "26")), "Approved").await;
    assert!(!ctx.exists(&format!("{login} .approve-dialog")).await, "a passed scan asked for a reason");

    // Keycloak 25: a jar the scanner warns about needs a reason, shown with the verdict.
    upload(
        &ctx,
        "acme-login",
        Some("25"),
        &flow_file("theme", "acme-login-25.jar", &theme_jar(Some("SCAN-WARN"))),
    )
    .await;
    uploaded_fully(&ctx, "acme-login").await;
    ctx.wait_text(&format!("{} .scan", row("acme-login", "25")), "Warnings").await;
    ctx.wait_text(&format!("{} .scan", row("acme-login", "25")), "Risk 55/100").await;
    ctx.click(&format!("{} button.approve", row("acme-login", "25"))).await;
    ctx.wait_text(&format!("{} .approve-dialog", row("acme-login", "25")), "Risk score 55 of 100").await;
    ctx.wait_text(
        &format!("{} .approve-dialog", row("acme-login", "25")),
        "Approve the Keycloak 25 file despite the scan?",
    )
    .await;
    ctx.snap("resources-approve-warn").await;
    ctx.type_into(
        &format!("{} .approve-reason", row("acme-login", "25")),
        "Reviewed: the flagged file is a font",
    )
    .await;
    ctx.click(&format!("{} .confirm-approve", row("acme-login", "25"))).await;
    ctx.wait_text(&format!("{} .approval", row("acme-login", "25")), "Approved despite the scan").await;
    ctx.wait_text(&format!("{} .approval", row("acme-login", "25")), "the flagged file is a font").await;

    // Keycloak 24: a blocked jar is shown as such, then its version deleted.
    upload(
        &ctx,
        "acme-login",
        Some("24"),
        &flow_file("theme", "acme-login-24.jar", &theme_jar(Some("SCAN-BLOCK"))),
    )
    .await;
    uploaded_fully(&ctx, "acme-login").await;
    ctx.wait_text(&format!("{} .scan", row("acme-login", "24")), "Blocked").await;
    ctx.wait_text(&format!("{} .scan", row("acme-login", "24")), "Risk 95/100").await;
    ctx.wait_text(&format!("{} .approval", row("acme-login", "24")), "Not approved").await;
    ctx.snap("resources-matrix").await;
    ctx.click(&format!("{} .delete-version", row("acme-login", "24"))).await;
    ctx.click(&format!("{} .confirm-delete-version", row("acme-login", "24"))).await;
    ctx.wait_text(&format!("{} .file", row("acme-login", "24")), "No file yet").await;

    // Withdrawing approval and disabling the theme.
    ctx.click(&format!("{} button.withdraw", row("acme-login", "25"))).await;
    ctx.wait_text(&format!("{} .approval", row("acme-login", "25")), "Not approved").await;
    ctx.click(&format!("{login} button.toggle")).await;
    ctx.wait_text(&format!("{login} .state"), "Disabled").await;
    ctx.click(&format!("{login} button.toggle")).await;
    ctx.wait_text(&format!("{login} .state"), "Enabled").await;
}

async fn apply_and_conflict(ctx: Ctx) {
    open(&ctx, PROD).await;
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

async fn starter_caps(ctx: Ctx) {
    let dev = format!("/clusters/{}/resources", demo::ACME_DEV);
    open(&ctx, &dev).await;
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

async fn denylist(ctx: Ctx) {
    open(&ctx, PROD).await;
    add(&ctx, "common-passwords", "PASSWORD_BLACKLIST").await;
    let card = card("common-passwords");
    assert!(!ctx.exists(&format!("{card} select.slot")).await, "a denylist asks for a Keycloak version");
    // The browser refuses a jar for a denylist before anything is sent.
    let input = ctx.find(&format!("{card} input.file")).await;
    input
        .send_keys(&flow_file("denylist", "wrong.jar", &theme_jar(None)))
        .await
        .unwrap_or_else(|e| panic!("attach: {e}"));
    ctx.wait_text(&format!("{card} .file-problem"), "not a .txt file").await;
    let words = b"123456\npassword\nqwerty\nletmein\n".repeat(20);
    // The upload's steps are a module of their own, fetched when the first upload starts:
    // should that fail, the first step says so and Retry fetches it again.
    super::screens::fail_next_modules(&ctx, 1).await;
    upload(&ctx, "common-passwords", None, &flow_file("denylist", "common-passwords.txt", &words)).await;
    ctx.wait_text(&format!("{card} .upload-failed"), "could not download the code that uploads files").await;
    ctx.click(&format!("{card} .retry-step")).await;
    uploaded_fully(&ctx, "common-passwords").await;
    let single = format!("{card} tr[data-major=standalone]");
    ctx.wait_text(&format!("{single} .scan"), "Passed").await;
    ctx.wait_text(&format!("{single} .file"), "common-passwords.txt").await;
    ctx.click(&format!("{single} button.approve")).await;
    ctx.wait_text(&format!("{single} .approval"), "Approved").await;
}

async fn step_failure(ctx: Ctx) {
    open(&ctx, PROD).await;
    add(&ctx, "big-theme", "THEME").await;
    let big: Vec<&str> =
        vec!["META-INF/MANIFEST.MF"; 1].into_iter().chain(["theme/a/login/theme.properties"; 6]).collect();
    upload(&ctx, "big-theme", Some("26"), &flow_file("failure", "big-theme.jar", &jar(&big))).await;
    let card = card("big-theme");
    ctx.wait_text(&format!("{card} .upload-failed"), "Step 3 of 5 failed while sending the file to storage")
        .await;
    ctx.wait_text(&format!("{card} .upload-failed"), "too large").await;
    ctx.wait_text(&format!("{card} .steps .failed"), "Send the file to storage").await;
    ctx.wait_text(&format!("{card} .steps .done"), "Create the version record").await;
    ctx.wait_text(&format!("{card} .retry-step"), "Retry: Send the file to storage").await;
    ctx.snap("resources-step-failed").await;
    // The version record from step 1 is kept: retrying with a smaller file reuses it.
    ctx.wait_text(&format!("{} .file", row("big-theme", "26")), "Awaiting upload").await;
    upload(&ctx, "big-theme", Some("26"), &flow_file("failure", "small.jar", &jar(&["a.txt"]))).await;
    uploaded_fully(&ctx, "big-theme").await;
    ctx.wait_text(&format!("{} .scan", row("big-theme", "26")), "Passed").await;
}

const AASA_OK: &str =
    r#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.acme.app"],"components":[{"/":"/login/*"}]}]}}"#;
const ASSETLINKS_OK: &str = r#"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.acme.app","sha256_cert_fingerprints":["AA:BB"]}}]"#;
const ASSETLINKS_BAD: &str = r#"{"relation":["delegate_permission/common.handle_all_urls"]}"#;

async fn app_association(ctx: Ctx) {
    open(&ctx, PROD).await;
    add(&ctx, "acme-apps", "WELL_KNOWN").await;
    let card = card("acme-apps");
    let aasa = format!("{card} tr[data-file='apple-app-site-association']");
    let links = format!("{card} tr[data-file='assetlinks.json']");
    ctx.wait_text(&aasa, "Not uploaded").await;
    ctx.wait_text(&aasa, "/.well-known/apple-app-site-association").await;

    upload(
        &ctx,
        "acme-apps",
        Some("apple-app-site-association"),
        &flow_file("apps", "apple-app-site-association", AASA_OK.as_bytes()),
    )
    .await;
    uploaded_fully(&ctx, "acme-apps").await;
    ctx.wait_text(&aasa, "Published").await;

    // A file of the wrong shape is refused in the browser, before any upload.
    upload(
        &ctx,
        "acme-apps",
        Some("assetlinks.json"),
        &flow_file("apps", "assetlinks-bad.json", ASSETLINKS_BAD.as_bytes()),
    )
    .await;
    ctx.wait_text(&format!("{card} .file-problem"), "assetlinks.json must be a JSON array of statements")
        .await;
    ctx.wait_text(&format!("{card} .file-problem"), "Nothing was uploaded").await;
    ctx.wait_text(&links, "Not uploaded").await;
    upload(
        &ctx,
        "acme-apps",
        Some("assetlinks.json"),
        &flow_file("apps", "assetlinks.json", ASSETLINKS_OK.as_bytes()),
    )
    .await;
    uploaded_fully(&ctx, "acme-apps").await;
    ctx.wait_text(&links, "Published").await;
    ctx.snap("resources-app-association").await;

    // The change-password redirect: set, then cleared.
    ctx.type_into(&format!("{card} .change-password-url"), "https://acme.example/account/password").await;
    ctx.click(&format!("{card} .save-change-password")).await;
    ctx.wait_text(&format!("{card} .well-known-note"), "redirect saved").await;
    // Clearing a live redirect is asked first, naming what stops working.
    let saves = ctx.calls("cluster.wellKnown.changePassword.set", "200").await;
    assert!(saves >= 1, "the saved redirect was not counted");
    ctx.click(&format!("{card} .clear-change-password")).await;
    let dialog = ctx.wait_text(&format!("{card} dialog[open]"), "Clear the change-password redirect?").await;
    assert!(dialog.contains("https://acme.example/account/password"), "{dialog}");
    assert_eq!(
        ctx.calls("cluster.wellKnown.changePassword.set", "200").await,
        saves,
        "cleared before it was confirmed"
    );
    ctx.click(&format!("{card} .confirm-clear-change-password")).await;
    ctx.wait_text(&format!("{card} .well-known-note"), "redirect cleared").await;
    ctx.wait_gone(&format!("{card} dialog"), crate::harness::WAIT, "the dialog stayed open after clearing")
        .await;
    let value = ctx
        .find(&format!("{card} .change-password-url"))
        .await
        .prop_or_fail("value")
        .await
        .unwrap_or_default();
    assert_eq!(value, "", "the cleared redirect is still shown");

    // Deleting one file unpublishes it and leaves the other.
    ctx.click(&format!("{links} .delete-file")).await;
    ctx.click(&format!("{links} .confirm-delete-file")).await;
    ctx.wait_text(&links, "Not uploaded").await;
    ctx.wait_text(&aasa, "Published").await;
}

async fn filter_and_delete(ctx: Ctx) {
    open(&ctx, PROD).await;
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

async fn viewer_read_only(ctx: Ctx) {
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
