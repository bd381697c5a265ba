//! Words that are true and current (issue 26 §3): a refusal names who lacks the role, with
//! the reason as text; a banner leaves when its operation ends and a return marker is read
//! once; codes read as words; the review desk records who blocked, names the cluster in its
//! breadcrumbs, and switches views with a real tab list.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::resources::{add, theme_jar, upload, uploaded_fully};
use super::{Flow, alice, back_signed_in, flow_file, person, sign_in_again};
use crate::harness::{Ctx, OrFail, WAIT, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("refusal_names_the_person_not_a_secret", |d| Box::pin(run_flow(d, Config::default(), refusal))),
        ("banners_leave_when_their_operation_ends", |d| Box::pin(run_flow(d, quick(), banners))),
        ("payment_method_setup_is_consumed_on_reload", |d| {
            Box::pin(run_flow(d, Config::default(), setup_consumed))
        }),
        ("raw_enum_values_read_as_words", |d| Box::pin(run_flow(d, Config::default(), enum_words))),
        ("review_desk_records_the_actor_and_has_real_tabs", |d| {
            Box::pin(run_flow(d, Config::default(), review_desk))
        }),
        ("clusters_list_copy_buttons_line_up", |d| Box::pin(run_flow(d, Config::default(), copy_buttons))),
    ]
}

/// DNS found 3 s after a domain is added; scans take a second.
fn quick() -> Config {
    Config { dns: Duration::from_secs(3), scan: Duration::from_secs(1), ..Config::default() }
}

async fn text(ctx: &Ctx, css: &str) -> String {
    ctx.find(css).await.text_or_fail().await
}

/// Bob (view roles only) is told that he, by his email, lacks the role, in words on the
/// page: not "Your API secret", not only a tooltip.
async fn refusal(ctx: Ctx) {
    person(&ctx, demo::BOB_EMAIL).await;
    let why = ctx.wait_text("#new-cluster-refused", "manage-clusters").await;
    assert!(why.contains("you have it in none"), "{why}");
    assert!(!why.contains("API secret"), "a person is told about an API secret: {why}");
    ctx.goto(&format!("/clusters/{}", demo::ACME_PROD)).await;
    back_signed_in(&ctx, demo::ACME_PROD).await;
    let why = ctx.wait_text("#view-only-reason", "lack").await;
    assert!(
        why.starts_with(&format!("You ({}) lack manage-clusters in Acme Inc.", demo::BOB_EMAIL)),
        "the refusal does not name the person: {why}"
    );
    assert!(!why.contains("API secret"), "{why}");
    let delete = ctx.find(".danger-zone button").await;
    assert!(!delete.enabled_or_fail().await, "a viewer may delete");
}

/// "Added …. Create its DNS records" goes once the domain verifies; "… was added. Upload its
/// file below" goes once the file is uploaded.
async fn banners(ctx: Ctx) {
    let domains = format!("/clusters/{}/domains", demo::ACME_PROD);
    ctx.goto(&domains).await;
    sign_in_again(&ctx, &domains).await;
    ctx.type_into("#domain-host", "auth.uxtest.com").await;
    ctx.click("#add-domain-submit").await;
    ctx.wait_text("#domain-added", "Added auth.uxtest.com. Create its DNS records below").await;
    ctx.wait_text("article[data-domain='auth.uxtest.com'] .dns-status", "DNS verified").await;
    ctx.wait_gone("#domain-added", WAIT, "the DNS banner outlived the verification").await;

    let resources = format!("/clusters/{}/resources", demo::ACME_PROD);
    ctx.goto(&resources).await;
    sign_in_again(&ctx, &resources).await;
    add(&ctx, "ux-theme", "THEME").await;
    ctx.wait_text("#resource-added", "ux-theme was added. Upload its file below").await;
    upload(&ctx, "ux-theme", Some("26"), &flow_file("banners", "ux-theme.jar", &theme_jar(None))).await;
    uploaded_fully(&ctx, "ux-theme").await;
    ctx.wait_gone("#resource-added", WAIT, "the upload banner outlived the upload").await;
}

/// The card-setup page's marker is consumed: out of the address, so a reload does not say
/// "The card was added." again.
async fn setup_consumed(ctx: Ctx) {
    alice(&ctx).await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#card-table", "4242").await;
    ctx.click("#add-card").await;
    ctx.wait_url("/sandbox/setup/").await;
    ctx.click("#setup-save").await;
    back_signed_in(&ctx, "/billing").await;
    ctx.wait_text("#setup-return", "The card was added").await;
    let url = super::url_without(&ctx, "payment_method_setup").await;
    assert!(url.contains("org="), "the organization left the address too: {url}");
    ctx.client.refresh().await.unwrap_or_else(|e| panic!("reload: {e}"));
    back_signed_in(&ctx, "/billing").await;
    ctx.wait_text("#card-table", "4242").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!ctx.exists("#setup-return").await, "a reload announced the card again");
}

/// Wire codes (DEDICATED, PASSWORD_BLACKLIST, scan states) are words on every screen.
async fn enum_words(ctx: Ctx) {
    let page = format!("/clusters/{}", demo::ACME_PROD);
    ctx.goto(&page).await;
    sign_in_again(&ctx, &page).await;
    ctx.wait_text("#cluster-variant", "Dedicated").await;
    let main = text(&ctx, "main").await;
    assert!(!main.contains("DEDICATED"), "{main}");
    let resources = format!("/clusters/{}/resources", demo::ACME_PROD);
    ctx.goto(&resources).await;
    sign_in_again(&ctx, &resources).await;
    add(&ctx, "common-passwords", "PASSWORD_BLACKLIST").await;
    ctx.wait_text("article[data-extension='common-passwords'] .chip.type", "Password denylist").await;
    let main = text(&ctx, "main").await;
    for code in ["PASSWORD_BLACKLIST", "UNSCANNED", "SCANNING", "(WARN)", "BLOCKED", "(ERROR)"] {
        assert!(!main.contains(code), "{code} on the Resources tab: {main}");
    }
}

/// Sam blocks a version: the record names him; the breadcrumbs name the cluster; the two
/// views are a tab list the arrow keys move along; a failed scan says what rescans it; the
/// desk fits a 1366 px window.
async fn review_desk(ctx: Ctx) {
    ctx.client.set_window_size(1366, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
    person(&ctx, demo::SAM_EMAIL).await;
    ctx.click("#nav-review").await;
    ctx.wait_url("/review").await;
    ctx.wait_text("#desk-progress-done", "clusters read").await;

    // A real tab list, with its selected state, moved by the arrow keys.
    ctx.find("[role=tablist] #view-attention[role=tab][aria-selected=true]").await;
    ctx.find("[role=tablist] #view-all[role=tab][aria-selected=false][tabindex='-1']").await;
    let tab = ctx.find("#view-attention").await;
    tab.send_keys("\u{e014}").await.unwrap_or_else(|e| panic!("ArrowRight: {e}"));
    ctx.wait_url("view=all").await;
    ctx.find("#view-all[aria-selected=true]").await;
    let focused = ctx.script("return document.activeElement && document.activeElement.id").await;
    assert_eq!(focused.as_str(), Some("view-all"), "the arrow key did not move the focus");
    ctx.find("tr[data-version='ver-loyalty-24']").await;
    // The rows as written (the header's capitals are CSS, not codes).
    let desk = ctx.script("return document.querySelector('table#review-desk tbody').textContent").await;
    let desk = desk.as_str().unwrap_or_default().to_string();
    assert!(desk.contains("loyalty-points"), "the desk's rows are not readable: {desk}");
    for code in ["EXTENSION", "THEME", "PASSWORD_BLACKLIST", "UNSCANNED"] {
        assert!(!desk.contains(code), "{code} on the review desk");
    }

    // A failed scan: there is no rescan in the contract, so the page says what will.
    ctx.goto(&format!("/review/{}/ext-audit/ver-audit-26", demo::ACME_SHOP)).await;
    back_signed_in(&ctx, "ver-audit-26").await;
    ctx.wait_text("#scan-failed-next", "uploaded again").await;

    let page = format!("/review/{}/ext-loyalty/ver-loyalty-26", demo::ACME_SHOP);
    ctx.goto(&page).await;
    back_signed_in(&ctx, "ver-loyalty-26").await;
    let crumbs = ctx.wait_text("nav.breadcrumbs", "acme-shop").await;
    assert!(!crumbs.contains(demo::ACME_SHOP), "the breadcrumbs name the cluster by ID: {crumbs}");
    ctx.click("#block-version").await;
    ctx.type_into("#block-reason", "Dumps credentials").await;
    ctx.click("#confirm-block").await;
    ctx.wait_text("#block-state", "Blocked by support").await;
    let by = ctx.wait_text("#support-block", "By ").await;
    assert!(by.contains(&format!("By {}", demo::SAM_EMAIL)), "the block does not name Sam: {by}");
    assert!(!by.contains("By console"), "{by}");

    // Last: the desk fits the window, no sideways scrolling at 1366 px.
    ctx.click("#nav-review").await;
    ctx.wait_text("table#review-desk", "loyalty-points").await;
    let fits = ctx
        .script(
            "const t = document.querySelector('table#review-desk'); const w = t.closest('.table-wrap') || \
             t.parentElement;\
             return [t.scrollWidth, w.clientWidth, document.documentElement.scrollWidth, \
             document.documentElement.clientWidth];",
        )
        .await;
    let n = |i: usize| fits[i].as_f64().unwrap_or(f64::MAX);
    assert!(n(0) <= n(1) + 1.0 && n(2) <= n(3) + 1.0, "the desk does not fit 1366 px: {fits}");
}

/// The Host column's Copy buttons sit the same way in every row: their right edges line up,
/// whatever the host's length (they used to follow the text).
async fn copy_buttons(ctx: Ctx) {
    super::admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let script = "return [...document.querySelectorAll('table.clusters tbody tr')].map(r => {\
        const b = r.querySelector('button.copy'); if (!b) return null;\
        const x = b.getBoundingClientRect(); return [x.right, x.width]; }).filter(Boolean);";
    let edges = ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    let edges: Vec<(f64, f64)> = edges
        .as_array()
        .map(|a| a.iter().filter_map(|p| Some((p.get(0)?.as_f64()?, p.get(1)?.as_f64()?))).collect())
        .unwrap_or_default();
    assert!(edges.len() >= 4, "fewer than four rows with a Copy button: {edges:?}");
    assert!(edges.iter().all(|(_, width)| *width > 0.0), "a Copy button is not shown: {edges:?}");
    let first = edges[0].0;
    assert!(
        edges.iter().all(|(right, _)| (right - first).abs() < 1.0),
        "the Copy buttons do not line up: {edges:?}"
    );
}
