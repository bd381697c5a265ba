//! Versions per Keycloak major: uploads, scan verdicts and approvals (with and without a
//! reason), a version deleted, a step that fails and its retry, and a denylist's single
//! version-independent file.

use super::{PROD, add, card, jar, open_signed_in, row, theme_jar, upload, uploaded_fully};
use crate::flows::{flow_file, screens};
use crate::harness::Ctx;

pub(super) async fn theme_per_major(ctx: Ctx) {
    open_signed_in(&ctx, PROD, "#resources").await;
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

pub(super) async fn denylist(ctx: Ctx) {
    open_signed_in(&ctx, PROD, "#resources").await;
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
    screens::fail_next_modules(&ctx, 1).await;
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

pub(super) async fn step_failure(ctx: Ctx) {
    open_signed_in(&ctx, PROD, "#resources").await;
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
    // The retry went through to a verdict: this small jar holds no theme descriptor, so the
    // sandbox's scan fails it (issue 38: a theme that is not a theme jar is not "Not scanned").
    ctx.wait_text(&format!("{} .scan", row("big-theme", "26")), "Scan failed").await;
}

/// A theme picked as a `.zip` is refused before anything is sent, with a line on how a
/// theme jar is made and a link to Keycloak's guide (https).
pub(super) async fn zip_theme_refused_with_howto(ctx: Ctx) {
    open_signed_in(&ctx, PROD, "#resources").await;
    add(&ctx, "zipped-theme", "THEME").await;
    let card = card("zipped-theme");
    let path = flow_file("zip-theme", "theme.zip", &jar(&["theme/acme/login/theme.properties"]));
    let input = ctx.find(&format!("{card} input.file")).await;
    input.send_keys(&path).await.unwrap_or_else(|e| panic!("attach {path}: {e}"));
    ctx.wait_text(&format!("{card} .file-problem"), "is not a .jar file").await;
    let howto = ctx.wait_text(&format!("{card} .jar-howto"), "META-INF/keycloak-themes.json").await;
    assert!(howto.contains("Keycloak's guide to deploying themes"), "{howto}");
    let link = ctx.find(&format!("{card} .jar-howto a")).await;
    let href = crate::harness::OrFail::attr_or_fail(&link, "href").await.unwrap_or_default();
    assert!(href.starts_with("https://www.keycloak.org/"), "not Keycloak's docs over https: {href}");
    assert_eq!(ctx.calls("cluster.extension.version.uploadUrl.create", "200").await, 0, "a zip was sent");
}

/// A zip of theme folders renamed `.jar`, on acme-staging where scanning is off: it is no
/// theme jar, so it fails the scan ("Scan failed", not "Not scanned"), and support's
/// review desk lists it under Needs attention.
pub(super) async fn renamed_zip_fails_the_scan(ctx: Ctx) {
    let path = format!("/clusters/{}/resources", cluster_sandbox::demo::ACME_STAGING);
    open_signed_in(&ctx, &path, "#resources").await;
    ctx.wait_text(".page-head", "Active").await;
    add(&ctx, "zipped-theme", "THEME").await;
    let file = flow_file(
        "renamed-zip",
        "zipped-theme.jar",
        &jar(&["login/theme.properties", "login/messages/messages_en.properties"]),
    );
    upload(&ctx, "zipped-theme", Some("26"), &file).await;
    uploaded_fully(&ctx, "zipped-theme").await;
    let scan = ctx.wait_text(&format!("{} .scan", row("zipped-theme", "26")), "Scan failed").await;
    assert!(!scan.contains("Not scanned"), "{scan}");
    ctx.goto("/review").await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(cluster_sandbox::demo::STAFF_CLIENT_ID, cluster_sandbox::demo::STAFF_CLIENT_SECRET).await;
    ctx.wait_url("/review").await;
    ctx.wait_text("#desk-progress-done", "clusters read").await;
    ctx.wait_text("table#review-desk", "zipped-theme").await;
}
