//! Support staff: the review desk filling with its progress, URL filters, a report's
//! findings, Block and Unblock (and the customer seeing the block in between), a foreign
//! organization's cluster read-only with its support summary, and a customer opening
//! /review.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::Flow;
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("staff_desk_fills_with_progress", |d| Box::pin(run_flow(d, slow(), desk_fills))),
        ("staff_desk_filter_from_url", |d| Box::pin(run_flow(d, Config::default(), filter_from_url))),
        ("staff_report_block_customer_sees_unblock", |d| {
            Box::pin(run_flow(d, Config::default(), report_block_unblock))
        }),
        ("staff_env_vars_say_read_only_once_without_forms", |d| {
            Box::pin(run_flow(d, Config::default(), env_vars_read_only))
        }),
        ("staff_foreign_cluster_read_only_with_summary", |d| {
            Box::pin(run_flow(d, Config::default(), foreign_read_only))
        }),
        ("staff_review_explained_to_customers", |d| {
            Box::pin(run_flow(d, Config::default(), customer_explained))
        }),
        ("staff_desk_failed_cluster_has_retry", |d| {
            Box::pin(run_flow(d, Config::default(), failed_cluster_retry))
        }),
        ("staff_sam_signs_in_with_his_account", |d| Box::pin(run_flow(d, Config::default(), sam_account))),
    ]
}

/// Every API answer takes 700 ms, so the desk's progress is there to be seen.
fn slow() -> Config {
    Config { delay: Duration::from_millis(700), ..Config::default() }
}

/// Opens `path` signed out, signs in with `who`, and waits to be back on `path`.
async fn open_as(ctx: &Ctx, path: &str, who: (&str, &str)) {
    ctx.goto(path).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(who.0, who.1).await;
    ctx.wait_url(path).await;
}

const STAFF: (&str, &str) = (demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET);
const ADMIN: (&str, &str) = (demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET);

fn review(cluster: &str, extension: &str, version: &str) -> String {
    format!("/review/{cluster}/{extension}/{version}")
}

async fn desk_fills(ctx: Ctx) {
    open_as(&ctx, "/review", STAFF).await;
    ctx.find("#nav-review").await;
    // Cluster by cluster, with a progress bar counting them.
    let progress = ctx.wait_text(".desk-progress", " of 8 clusters").await;
    assert!(!progress.contains("8 of 8"), "the desk was already full: {progress}");
    ctx.find("progress#desk-progress").await;
    ctx.wait_text("#desk-progress-done", "All 8 clusters read").await;
    ctx.wait_text("#desk-loaded-at", "Loaded at").await;
    // Needs attention: the scanner's BLOCK, WARN and ERROR, and approvals over an unclean scan;
    // never what support already blocked.
    let table = ctx.wait_text("table#review-desk", "loyalty-points").await;
    for version in
        ["ver-loyalty-26", "ver-audit-26", "ver-globex-sso-26", demo::OVERRIDDEN_VERSION, "ver-loyalty-24"]
    {
        assert!(ctx.exists(&format!("tr[data-version='{version}']")).await, "{version} missing: {table}");
    }
    assert!(
        !ctx.exists(&format!("tr[data-version='{}']", demo::BLOCKED_VERSION)).await,
        "a blocked version needs no attention"
    );
    assert!(
        !ctx.exists("tr[data-version='ver-storefront-26']").await,
        "a clean approved version needs no attention"
    );
    assert!(table.contains("Globex Corp.") && table.contains("Acme Inc."), "{table}");
    // Every version, then Refresh reads them all again.
    ctx.click("#view-all").await;
    ctx.wait_url("view=all").await;
    ctx.find("tr[data-version='ver-storefront-26']").await;
    ctx.click("#desk-refresh").await;
    ctx.wait_text(".desk-progress", " of 8 clusters").await;
    ctx.wait_text("#desk-progress-done", "All 8 clusters read").await;
    assert!(ctx.calls("cluster.extension.list", "200").await >= 16);
}

async fn filter_from_url(ctx: Ctx) {
    open_as(&ctx, "/review?view=all&admin_blocked=true", STAFF).await;
    ctx.wait_text("#desk-progress-done", "clusters read").await;
    ctx.find(&format!("tr[data-version='{}']", demo::BLOCKED_VERSION)).await;
    let table = ctx.wait_text("table#review-desk", "Blocked by support").await;
    assert!(table.contains("Loads a script from a host"), "{table}");
    let rows = ctx.all("table#review-desk tbody tr").await;
    assert_eq!(rows.len(), 1, "only the blocked version");
    let select = ctx.find("#desk-admin-blocked").await;
    assert_eq!(select.prop_or_fail("value").await.as_deref(), Some("true"));
    let label = ctx.find("label:has(#desk-admin-blocked)").await.text_or_fail().await;
    assert!(label.contains("Blocked by support"), "{label}");
    // The view's tabs keep the other filters (the tab already selected changes nothing);
    // clearing "Blocked by support", then typing a search, lands in the URL.
    ctx.click("#view-all").await;
    assert_eq!(ctx.all("table#review-desk tbody tr").await.len(), 1, "the selected tab dropped a filter");
    ctx.find("#desk-admin-blocked")
        .await
        .select_by_value("")
        .await
        .unwrap_or_else(|e| panic!("clear Blocked by support: {e}"));
    ctx.type_into("#desk-q", "LOYALTY").await;
    let url = ctx.wait_url("q=LOYALTY").await;
    assert!(!url.contains("admin_blocked"), "the cleared filter stayed in the URL: {url}");
    ctx.find("tr[data-version='ver-loyalty-25']").await;
    let rows = ctx.all("table#review-desk tbody tr").await;
    assert_eq!(rows.len(), 3, "the three loyalty-points versions");
}

async fn report_block_unblock(ctx: Ctx) {
    let page = review(demo::ACME_SHOP, "ext-loyalty", "ver-loyalty-26");
    open_as(&ctx, &page, STAFF).await;
    let critical =
        ctx.wait_text("section.findings[data-severity='CRITICAL']", "Known malicious code pattern").await;
    assert!(critical.contains("SCAN-BLOCK-CredentialDump.class"), "{critical}");
    ctx.wait_text("section.findings[data-severity='MEDIUM']", "Use of a risky API").await;
    ctx.wait_text("#report", "Risk score 95 of 100").await;
    ctx.wait_text("#customer-decision", "Not approved").await;
    ctx.find("#report-raw").await;
    let download = ctx.find("#report-download").await;
    assert!(download.attr_or_fail("href").await.unwrap_or_default().starts_with("data:application/json"));

    ctx.click("#block-version").await;
    let dialog = ctx.wait_text("dialog[open]", "never deployed to any cluster").await;
    assert!(dialog.contains("The customer sees"), "{dialog}");
    let confirm = ctx.find("#confirm-block").await;
    assert!(!confirm.enabled_or_fail().await, "blocking without a reason");
    ctx.type_into("#block-reason", "Dumps credentials to a remote host").await;
    ctx.click("#confirm-block").await;
    ctx.wait_text("#block-state", "Blocked by support").await;
    ctx.wait_text("#support-block", "Dumps credentials to a remote host").await;
    assert_eq!(ctx.calls("cluster.extension.version.adminBlock", "200").await, 1);

    // The customer sees it on the Resources tab, and that applying skips it.
    let resources = format!("/clusters/{}/resources", demo::ACME_SHOP);
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    open_as(&ctx, &resources, ADMIN).await;
    let card = ctx.wait_text("article[data-extension='loyalty-points']", "Blocked by support").await;
    assert!(card.contains("Dumps credentials to a remote host"), "{card}");
    ctx.wait_text("#apply-skips-blocked", "blocked by support are skipped").await;

    // Back as staff, unblock.
    open_as(&ctx, &page, STAFF).await;
    ctx.click("#unblock-version").await;
    ctx.wait_text("dialog[open]", "The block and its reason are removed").await;
    ctx.click("#confirm-unblock").await;
    ctx.wait_text("#block-state", "Not blocked").await;
    assert_eq!(ctx.calls("cluster.extension.version.adminBlock", "200").await, 2);
    assert!(ctx.calls("cluster.extension.version.report", "200").await >= 2);
}

async fn foreign_read_only(ctx: Ctx) {
    open_as(&ctx, "/clusters", STAFF).await;
    ctx.wait_text("table.clusters", "globex-prod").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let select = ctx.find("#filter-org").await;
    select.select_by_value(demo::GLOBEX_ORG_ID).await.unwrap_or_else(|e| panic!("{e}"));
    ctx.wait_url("org=org-globex").await;
    ctx.wait_gone(
        "tr[data-cluster='acme-prod']",
        Duration::from_secs(5),
        "the organization filter kept Acme's clusters",
    )
    .await;
    ctx.click("tr[data-cluster='globex-prod'] a").await;
    ctx.wait_text(".page-head", "Staff view: read only").await;
    let summary = ctx.wait_text("#support-summary-text", "Health: healthy").await;
    for line in [
        "Cluster ID: cl-globex-prod",
        "Organization: Globex Corp. (org-globex)",
        "Tier: premium",
        "Keycloak version: 2",
        "Restart: none in progress",
    ] {
        assert!(summary.contains(line), "{line} missing: {summary}");
    }
    ctx.click("#support-summary button.copy").await;
    ctx.find("#support-summary .copy-note:not(:empty)").await;
    // No write control works: delete is off with the staff reason, resources has none.
    let delete = ctx.find(".danger-zone button").await;
    assert!(!delete.enabled_or_fail().await, "staff may delete a customer's cluster");
    ctx.goto("/clusters/cl-globex-prod/resources").await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(STAFF.0, STAFF.1).await;
    ctx.wait_text("#resources-read-only", "Staff view: read only").await;
    assert!(!ctx.exists("#add-resource").await, "staff are offered to add resources");
    let apply = ctx.find("#apply-to-cluster").await;
    assert!(!apply.enabled_or_fail().await, "staff may apply");
    ctx.find("article[data-extension='globex-brand']").await;
    assert!(!ctx.exists("button.delete-version:not([disabled])").await, "an enabled delete for staff");
    assert!(!ctx.exists("button.toggle:not([disabled])").await, "an enabled toggle for staff");
    assert_eq!(ctx.calls("cluster.delete", "403").await, 0);
}

/// Staff on a customer's env vars: one line says they can view but not change them and
/// why, and no add form, `.env` box or row button is drawn (disabled or not).
async fn env_vars_read_only(ctx: Ctx) {
    open_as(&ctx, "/clusters/cl-globex-prod/env-vars", STAFF).await;
    let line = ctx.wait_text("#env-read-only", "can view this but not change it").await;
    assert!(line.contains("Staff view"), "the line does not say why: {line}");
    // The list, or its empty state (globex-prod may have no variables): read, not failed.
    ctx.find("#env-table, #no-env-vars").await;
    for form in [
        "#add-env-var",
        "#env-paste",
        "#env-dotenv",
        "#add-env-submit",
        "button.edit-env",
        "button.delete-env",
    ] {
        assert!(!ctx.exists(form).await, "{form} is drawn for a read-only caller");
    }
    let disabled = ctx.count("#env-vars [disabled], #env-table [disabled]").await;
    assert_eq!(disabled, 0, "disabled controls drawn for a read-only caller");
    assert_eq!(ctx.count(".read-only").await, 1, "the read-only line is said more than once");
}

async fn customer_explained(ctx: Ctx) {
    open_as(&ctx, "/review", ADMIN).await;
    ctx.wait_text("#staff-only", "for the service's support staff").await;
    assert!(!ctx.exists("#nav-review").await, "a customer is offered the Review item");
    assert_eq!(ctx.calls("cluster.extension.version.report", "403").await, 0);
    ctx.goto(&review(demo::ACME_SHOP, "ext-loyalty", "ver-loyalty-26")).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(ADMIN.0, ADMIN.1).await;
    ctx.wait_text("#staff-only", "support staff").await;
}

/// One cluster's read fails (the page's fetch refuses it once, as a dropped connection
/// would): the desk says which, keeps the others, and Retry fills the gap.
async fn failed_cluster_retry(ctx: Ctx) {
    ctx.goto("/review").await;
    ctx.wait_url("/sign-in?next=").await;
    let script = "const original = window.fetch; let failed = false;\
        window.fetch = function (input, init) {\
          const url = String(input instanceof Request ? input.url : input);\
          if (!failed && url.endsWith('/clusters/cl-globex-prod/extensions')) { failed = true; return \
          Promise.reject(new TypeError('Failed to fetch')); }return original.apply(window, arguments);\
        }; return 1;";
    ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    ctx.sign_in(STAFF.0, STAFF.1).await;
    ctx.wait_url("/review").await;
    ctx.wait_text("#desk-progress-done", "8 clusters read, 1 failed").await;
    ctx.wait_text(".failed-cluster[data-cluster='globex-prod']", "globex-prod").await;
    ctx.find("tr[data-version='ver-loyalty-26']").await;
    assert!(!ctx.exists("tr[data-version='ver-globex-sso-26']").await, "a failed cluster's rows shown");
    ctx.click(".failed-cluster[data-cluster='globex-prod'] .retry-cluster").await;
    ctx.find("tr[data-version='ver-globex-sso-26']").await;
    ctx.wait_gone(".failed-cluster", Duration::from_secs(5), "the failure stayed after a successful Retry")
        .await;
    ctx.wait_text("#desk-progress-done", "All 8 clusters read").await;
}

/// sam@staff.example, support staff signing in as a person: the same desk and the same
/// read-only view as the staff secret, from the token's client role.
async fn sam_account(ctx: Ctx) {
    super::person(&ctx, demo::SAM_EMAIL).await;
    ctx.wait_text("#signed-in-as", "Sam").await;
    ctx.click("#nav-review").await;
    ctx.wait_url("/review").await;
    ctx.wait_text("#desk-progress-done", "clusters read").await;
    ctx.find("tr[data-version='ver-globex-sso-26']").await;
    ctx.goto(&format!("/clusters/{}", demo::GLOBEX_PROD)).await;
    ctx.wait_text(".view-only", "Staff view: read only").await;
}
