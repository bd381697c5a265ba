//! A console that never says something untrue, tried as a new user would: notes that
//! belong to their operation and cluster, unpaid clusters, failed reads in the wizard,
//! states and regions in words, the wizard for view-only people, one h1 on every page
//! (the 404 inside the shell), the clusters list's order, and copy buttons.

use std::time::{Duration, Instant};

use cluster_sandbox::{Config, demo};

use super::{Flow, alice, back_signed_in};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("truth_provisioning_note_belongs_to_its_cluster", |d| {
            Box::pin(run_flow(d, slow(), provisioning_note))
        }),
        ("truth_paid_invoice_is_not_provisioning", |d| Box::pin(run_flow(d, slow(), paid_invoice))),
        ("truth_never_paid_cluster_is_neutral", |d| Box::pin(run_flow(d, Config::default(), never_paid))),
        ("truth_wizard_failed_reads_are_not_defaults", |d| {
            Box::pin(run_flow(d, Config::default(), wizard_api_down))
        }),
        ("truth_wizard_explains_view_only_by_url", |d| {
            Box::pin(run_flow(d, Config::default(), wizard_view_only))
        }),
        ("truth_every_route_has_one_h1_and_a_title", |d| {
            Box::pin(run_flow(d, Config::default(), every_route))
        }),
        ("truth_clusters_newest_first_and_sortable", |d| Box::pin(run_flow(d, Config::default(), sorting))),
        ("truth_words_places_and_copy_buttons", |d| Box::pin(run_flow(d, Config::default(), words_and_copy))),
    ]
}

/// Provisioning long enough to walk away from it, short enough to see it end.
fn slow() -> Config {
    Config { provision: Duration::from_secs(8), ..Config::default() }
}

async fn text(ctx: &Ctx, css: &str) -> String {
    // Nothing matching reads as "" (as before); a driver error fails the flow.
    match ctx.all(css).await.first() {
        Some(el) => el.text_or_fail().await,
        None => String::new(),
    }
}

async fn create_with_saved_card(ctx: &Ctx, name: &str) {
    ctx.click("nav.sidenav a[href='/clusters']").await;
    ctx.click("#new-cluster").await;
    ctx.wait_url("/clusters/new").await;
    ctx.click("#tier-enterprise").await;
    ctx.type_into("#cluster-name", name).await;
    ctx.wait_text("#name-state", "is available").await;
    ctx.wait_text("#summary", "charged to the selected card").await;
    ctx.click("#create-cluster").await;
}

async fn provisioning_note(ctx: Ctx) {
    alice(&ctx).await;
    create_with_saved_card(&ctx, "acme-walks-away").await;
    ctx.wait_text("#flash", "acme-walks-away was created and is being provisioned").await;
    // Another cluster's page while it is still provisioning: the note stays behind.
    ctx.click("nav.sidenav a[href='/clusters']").await;
    assert!(!ctx.exists("#flash").await, "the provisioning note followed the person to the clusters list");
    ctx.click(&format!("a[href='/clusters/{}']", demo::ACME_PROD)).await;
    ctx.wait_text(".page-head", "Active").await;
    assert!(!ctx.exists("#flash").await, "the provisioning note followed the person onto another cluster");
    assert!(
        !text(&ctx, "main").await.contains("being provisioned"),
        "another cluster's page says something is being provisioned"
    );

    // A second cluster, watched to the end: the note leaves once it is ACTIVE.
    create_with_saved_card(&ctx, "acme-waits").await;
    ctx.wait_text("#flash", "acme-waits was created and is being provisioned").await;
    ctx.wait_text(".page-head", "Active").await;
    ctx.wait_gone(
        "#flash",
        Duration::from_secs(5),
        "the provisioning note stayed after the cluster became ACTIVE",
    )
    .await;
    assert!(!text(&ctx, "main").await.contains("being provisioned"));
}

async fn paid_invoice(ctx: Ctx) {
    alice(&ctx).await;
    ctx.goto(&format!("/clusters/{}/billing", demo::ACME_OVERDUE)).await;
    back_signed_in(&ctx, "/billing").await;
    ctx.wait_text("#open-invoice", "$999.00").await;
    ctx.click("#pay-open-invoice").await;
    ctx.wait_url("/sandbox/invoice/").await;
    ctx.click("#checkout-pay").await;
    back_signed_in(&ctx, "/clusters/").await;
    ctx.wait_text(".page-head", "Active").await;
    let said = ctx.wait_text("#checkout-return", "Payment received").await;
    assert!(!said.contains("provisioned"), "paying an invoice on an active cluster said: {said}");
    tokio::time::sleep(Duration::from_secs(1)).await;
    let main = text(&ctx, "main").await;
    assert!(!main.contains("being provisioned"), "{main}");
}

async fn never_paid(ctx: Ctx) {
    alice(&ctx).await;
    ctx.click("tr[data-cluster=acme-trial] a").await;
    let head = ctx.wait_text(".page-head", "Waiting for payment").await;
    assert!(!head.contains("BILLING_SETUP"), "{head}");
    let badge = ctx.find(".page-head .badge[data-status=BILLING_SETUP]").await;
    assert_eq!(
        badge.attr_or_fail("title").await.as_deref(),
        Some("BILLING_SETUP"),
        "the code is not kept in the tooltip"
    );
    let class = badge.attr_or_fail("class").await.unwrap_or_default();
    assert!(
        !class.contains("badge-bad") && !class.contains("badge-busy") && class.contains("badge-neutral"),
        "an unpaid cluster is shown as an alarm or as busy: {class}"
    );
    assert!(!ctx.exists(".page-head .spinner").await, "an unpaid cluster spins forever");
    ctx.wait_text("#health", "Not running yet").await;
    assert!(!text(&ctx, "main").await.contains("Not healthy"), "a never-paid cluster is called not healthy");
    let callout = ctx.find("#payment-callout").await;
    let class = callout.attr_or_fail("class").await.unwrap_or_default();
    assert!(class.contains("neutral"), "the payment callout is not neutral: {class}");
    ctx.wait_text("#complete-payment", "Complete payment").await;
    ctx.click("#complete-payment").await;
    ctx.wait_url("/sandbox/checkout/").await;
    ctx.click("#checkout-pay").await;
    back_signed_in(&ctx, "/clusters/").await;
    ctx.wait_text("#checkout-return", "Payment received").await;
}

/// Makes the page's reads of `paths` fail as a network failure would, until `api_up`.
async fn api_down(ctx: &Ctx, paths: &[&str]) {
    let list = serde_json::to_string(paths).unwrap_or_default();
    let script = format!(
        "window.__down = {list};\
         if (!window.__realFetch) {{ window.__realFetch = window.fetch; window.fetch = function(input, init) \
         {{const url = String((input && input.url) || input);\
         if (window.__down.some(p => url.includes(p))) return Promise.reject(new TypeError('Failed to \
         fetch'));return window.__realFetch.call(window, input, init); }}; }}\
         return 1;"
    );
    ctx.client.execute(&script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
}

async fn api_up(ctx: &Ctx) {
    ctx.client.execute("window.__down = []; return 1;", vec![]).await.unwrap_or_else(|e| panic!("{e}"));
}

async fn checked(ctx: &Ctx, css: &str) -> bool {
    let script = format!("return [...document.querySelectorAll(\"{css}\")].some(e => e.checked);");
    let found = ctx.script(&script).await;
    found.as_bool().unwrap_or_else(|| panic!("checked {css}: not a boolean: {found}"))
}

async fn wizard_api_down(ctx: Ctx) {
    alice(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    api_down(&ctx, &["/clusters/regions", "/billing/payment-methods"]).await;
    ctx.click("#new-cluster").await;
    ctx.wait_url("/clusters/new").await;
    ctx.type_into("#cluster-name", "acme-kept").await;
    ctx.wait_text("main", "Loading regions failed").await;
    ctx.wait_text("main", "Loading saved cards failed").await;
    let summary = ctx.wait_text("#summary", "could not be loaded").await;
    assert!(
        !summary.contains("in ,") && !summary.contains("checkout page"),
        "the summary was built from failed reads: {summary}"
    );
    assert!(summary.contains("no way to pay chosen yet"), "{summary}");
    assert!(
        !checked(&ctx, "input[name=payment]").await,
        "a way to pay was chosen for the person when the cards could not be read"
    );
    ctx.click("#create-cluster").await;
    ctx.wait_text("#summary [role=alert]", "regions could not be loaded").await;
    ctx.snap("wizard-api-down").await;

    // Back up: Retry reads again, and what was typed is still there.
    api_up(&ctx).await;
    let retries = ctx.all(".wizard .error-panel button").await;
    assert_eq!(retries.len(), 2, "both failed reads should offer Retry");
    for retry in retries {
        let _ = retry.click().await;
    }
    ctx.find("#cluster-region").await;
    ctx.wait_text("#summary", "in US East (N. Virginia) (us-east-1)").await;
    ctx.wait_text("#summary", "charged to the selected card").await;
    let kept = ctx.find("#cluster-name").await.prop_or_fail("value").await.unwrap_or_default();
    assert_eq!(kept, "acme-kept", "the form lost what was typed");
}

async fn wizard_view_only(ctx: Ctx) {
    ctx.goto("/clusters/new").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_url("/clusters/new").await;
    let why = ctx.wait_text("#create-refused", "manage-clusters").await;
    assert!(why.contains("cannot create"), "{why}");
    let create = ctx.find("#create-cluster").await;
    assert!(
        create.attr_or_fail("disabled").await.is_some(),
        "Create cluster is enabled for a view-only person"
    );
}

async fn h1_count(ctx: &Ctx) -> usize {
    ctx.count("h1").await
}

/// Opens `path` (signed in again silently) and checks the settled page.
async fn one_h1(ctx: &Ctx, path: &str) -> String {
    ctx.goto(path).await;
    back_signed_in(ctx, path.split('?').next().unwrap_or(path)).await;
    let started = Instant::now();
    loop {
        let (n, loading) = (h1_count(ctx).await, ctx.exists("main > .loading, p.boot").await);
        if n >= 1 && !loading {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{path}: {n} h1 and still loading: {loading}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(h1_count(ctx).await, 1, "{path} has more than one h1");
    let title = ctx.title().await;
    assert!(
        title.ends_with("· Cluster console") && title.len() > "· Cluster console".len() + 2,
        "{path}: title {title:?}"
    );
    assert!(
        ctx.exists("header.topbar").await && ctx.exists("nav.sidenav").await,
        "{path} is outside the shell"
    );
    text(ctx, "h1").await
}

async fn every_route(ctx: Ctx) {
    alice(&ctx).await;
    let prod = demo::ACME_PROD;
    let mut routes = vec![
        "/clusters".to_string(),
        "/clusters/new".to_string(),
        format!("/clusters/{prod}"),
        "/organizations".to_string(),
        format!("/organizations/{}/secrets", demo::ACME_ORG_ID),
        "/billing".to_string(),
        "/realms".to_string(),
        format!("/realms/{}", demo::REALM_LEGACY_IMPORT),
        "/review".to_string(),
        format!("/review/{prod}/nothing/nothing"),
    ];
    for tab in ["billing", "resources", "realms", "access", "logs", "domains", "env-vars"] {
        routes.push(format!("/clusters/{prod}/{tab}"));
    }
    for route in &routes {
        one_h1(&ctx, route).await;
    }
    // An unknown cluster still has its heading.
    let heading = one_h1(&ctx, "/clusters/cl-nobody").await;
    assert!(heading.contains("cl-nobody"), "{heading}");
    // Addresses the console does not have: the 404, inside the shell.
    for missing in ["/no-such-page", &format!("/clusters/{prod}/no-such-tab")] {
        let heading = one_h1(&ctx, missing).await;
        assert_eq!(heading, "Page not found", "{missing}");
        ctx.wait_text("#not-found", "There is no page at").await;
    }
}

async fn row_order(ctx: &Ctx) -> Vec<String> {
    let script =
        "return [...document.querySelectorAll('table.clusters tbody tr')].map(r => r.dataset.cluster);";
    let names = ctx.script(script).await;
    names
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

async fn aria_sort(ctx: &Ctx, column: usize) -> String {
    let css = format!("table.clusters thead th:nth-child({column})");
    ctx.find(&css).await.attr_or_fail("aria-sort").await.unwrap_or_default()
}

async fn sorting(ctx: Ctx) {
    alice(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    // Newest first: acme-staging was created minutes ago, acme-legacy 400 days ago.
    let rows = row_order(&ctx).await;
    assert_eq!(rows.first().map(String::as_str), Some("acme-staging"), "{rows:?}");
    assert_eq!(rows.last().map(String::as_str), Some("acme-legacy"), "{rows:?}");
    assert_eq!(
        aria_sort(&ctx, 6).await,
        "descending",
        "the default order is not shown on the Created header"
    );
    // By name, kept in the URL.
    ctx.click("table.clusters thead th:nth-child(1) button.sort").await;
    ctx.wait_url("sort=name").await;
    assert_eq!(aria_sort(&ctx, 1).await, "ascending");
    assert_eq!(aria_sort(&ctx, 6).await, "none");
    let rows = row_order(&ctx).await;
    let mut sorted = rows.clone();
    sorted.sort();
    assert_eq!(rows, sorted, "not sorted by name");
    ctx.click("table.clusters thead th:nth-child(1) button.sort").await;
    ctx.wait_url("sort=-name").await;
    let rows = row_order(&ctx).await;
    sorted.reverse();
    assert_eq!(rows, sorted, "not sorted by name, descending");
    // A reload keeps it.
    ctx.goto("/clusters?sort=-name").await;
    back_signed_in(&ctx, "sort=-name").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    assert_eq!(aria_sort(&ctx, 1).await, "descending");
    assert_eq!(row_order(&ctx).await, sorted);
}

async fn words_and_copy(ctx: Ctx) {
    alice(&ctx).await;
    let table = ctx.wait_text("table.clusters", "acme-trial").await;
    for code in ["BILLING_SETUP", "PENDING_DELETION", "US_EAST_1", "US_WEST_2", "EU_CENTRAL_1"] {
        assert!(!table.contains(code), "the list shows the code {code}: {table}");
    }
    let trial = text(&ctx, "tr[data-cluster=acme-trial]").await;
    assert!(
        trial.contains("Waiting for payment")
            && trial.contains("US East (N. Virginia)")
            && trial.contains("us-east-1"),
        "{trial}"
    );
    ctx.find("tr[data-cluster=acme-prod] button.copy[aria-label='Copy host']").await;
    ctx.click(&format!("a[href='/clusters/{}']", demo::ACME_PROD)).await;
    ctx.wait_text("#cluster-region", "Europe (Frankfurt)").await;
    ctx.wait_text("#cluster-status", "Active").await;
    ctx.find("#cluster-id button.copy[aria-label='Copy cluster ID']").await;
    ctx.find("#cluster-host button.copy[aria-label='Copy host']").await;
    ctx.click("#cluster-id button.copy").await;
    // Copied, or (headless browsers may refuse the clipboard) told how to copy by hand.
    let note = ctx.wait_text("#cluster-id .copy-note", "op").await;
    assert!(note.contains("Copied") || note.contains("Copying was not allowed"), "{note}");
    ctx.click("nav.sidenav a[href='/organizations']").await;
    ctx.find("tr[data-org] button.copy[aria-label='Copy organization ID']").await;
}
