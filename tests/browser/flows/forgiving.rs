//! Flows a reload or a mistake should not lose (issue 26 §2): a reload during 3-D Secure,
//! one "waiting for payment" state, a text file renamed .jar, billing contacts by user ID,
//! the account menu, a card saved twice, and name checks that say which rule failed.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::{Flow, add_visa, alice, back_signed_in, copied, flow_file, record_clipboard, sign_in_again};
use crate::harness::{Ctx, WAIT, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("three_ds_reload_keeps_the_pending_cluster", |d| Box::pin(run_flow(d, quick(), three_ds_reload))),
        ("unpaid_cluster_shows_waiting_for_payment_everywhere", |d| {
            Box::pin(run_flow(d, quick(), waiting_everywhere))
        }),
        ("jar_that_is_not_a_zip_is_refused_before_upload", |d| {
            Box::pin(run_flow(d, Config::default(), not_a_zip))
        }),
        ("billing_contact_offers_the_signed_in_person", |d| {
            Box::pin(run_flow(d, Config::default(), contact_offers_me))
        }),
        ("account_menu_shows_who_and_copies_the_user_id", |d| {
            Box::pin(run_flow(d, Config::default(), account_menu))
        }),
        ("saved_card_duplicate_warning", |d| Box::pin(run_flow(d, Config::default(), duplicate_card))),
        ("name_check_says_which_rule_failed", |d| Box::pin(run_flow(d, Config::default(), name_rules))),
    ]
}

fn quick() -> Config {
    Config { provision: Duration::from_secs(3), ..Config::default() }
}

/// Alice creates `name` paying with the card that needs 3-D Secure; the bank's prompt opens.
async fn start_3ds(ctx: &Ctx, name: &str) {
    alice(ctx).await;
    ctx.click("#new-cluster").await;
    ctx.wait_url("/clusters/new").await;
    ctx.click("#tier-premium").await;
    ctx.type_into("#cluster-name", name).await;
    ctx.wait_text("#name-state", "is available").await;
    ctx.click("input[name=payment][value='pm_card_authenticationRequired']").await;
    ctx.click("#create-cluster").await;
    ctx.wait_text("#sandbox-3ds", "Authentication required").await;
}

async fn reload(ctx: &Ctx) {
    ctx.script("location.reload(); return 1;").await;
}

async fn three_ds_reload(ctx: Ctx) {
    start_3ds(&ctx, "ux-3ds").await;
    // The cluster's ID is in the address; the payment's client secret is not.
    let url = ctx.wait_url("pending=").await;
    assert!(!url.contains("secret") && !url.contains("pi_"), "the payment's secret is in the URL: {url}");
    reload(&ctx).await;
    back_signed_in(&ctx, "/clusters/new?pending=").await;
    let said = ctx.wait_text("#pending-payment", "ux-3ds is waiting for payment").await;
    assert!(
        said.contains("will ask which card to use"),
        "not told the payment page chooses the card: {said}"
    );
    assert!(!ctx.exists("#cluster-name").await, "a blank create form instead of the pending cluster");
    ctx.click("#complete-payment").await;
    ctx.wait_url("/sandbox/checkout/").await;
    ctx.click("#checkout-pay").await;
    // Back on the cluster's page (the return marker is read once, then taken off the URL).
    ctx.wait_text(".page-head", "Active").await;
    back_signed_in(&ctx, "/clusters/cl-").await;
}

async fn waiting_everywhere(ctx: Ctx) {
    start_3ds(&ctx, "ux-3ds").await;
    // The person leaves during the bank's check: the cluster exists, unpaid.
    ctx.goto("/clusters").await;
    back_signed_in(&ctx, "/clusters").await;
    let row = "table.clusters tr[data-cluster='ux-3ds']";
    let listed = ctx.wait_text(row, "Waiting for payment").await;
    assert!(!listed.contains("Confirming"), "the list says the payment is being confirmed: {listed}");
    assert!(!ctx.exists(&format!("{row} .spinner")).await, "the list spins for an unpaid cluster");
    ctx.click(&format!("{row} a")).await;
    let head = ctx.wait_text(".page-head", "Waiting for payment").await;
    assert!(!head.contains("Confirming"), "{head}");
    let callout = ctx.wait_text("#payment-callout", "ux-3ds is waiting for payment").await;
    assert!(callout.contains("will ask which card to use"), "{callout}");
    assert!(
        !ctx.exists(".page-head .spinner").await,
        "an unpaid cluster spins as if something were happening"
    );
}

const PROD_RESOURCES: &str = "/clusters/cl-acme-prod/resources";

async fn not_a_zip(ctx: Ctx) {
    ctx.goto(PROD_RESOURCES).await;
    sign_in_again(&ctx, PROD_RESOURCES).await;
    ctx.find("#resources").await;
    super::resources::add(&ctx, "notes-theme", "THEME").await;
    let card = "article[data-extension='notes-theme']";
    let path =
        flow_file("not_a_zip", "notes.jar", b"These are my notes, not a theme.\n".repeat(40).as_slice());
    super::resources::upload(&ctx, "notes-theme", Some("26"), &path).await;
    let said = ctx.wait_text(&format!("{card} .file-problem"), "notes.jar is not a jar").await;
    assert!(said.contains("Nothing was uploaded"), "{said}");
    assert!(
        !said.contains("PK") && !said.contains("\\x") && !said.contains("uploaded to"),
        "raw bytes or a storage path shown: {said}"
    );
    // Nothing was asked of the service: no version record, no upload link, no bar.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(ctx.calls("cluster.extension.version.create", "201").await, 0, "a version was created");
    assert_eq!(ctx.calls("cluster.extension.version.create", "200").await, 0, "a version was created");
    assert!(!ctx.exists(&format!("{card} .steps")).await, "the upload steps started");
    let row = ctx.wait_text(&format!("{card} tr[data-major='26'] .file"), "No file yet").await;
    assert!(!row.contains("Awaiting upload"), "an orphan version is listed: {row}");
    // A real jar is still taken.
    let jar = super::resources::theme_jar(None);
    super::resources::upload(&ctx, "notes-theme", Some("26"), &flow_file("not_a_zip", "theme.jar", &jar))
        .await;
    super::resources::uploaded_fully(&ctx, "notes-theme").await;
}

async fn contact_offers_me(ctx: Ctx) {
    alice(&ctx).await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#contact-table", "carol").await;
    let help = ctx.wait_text("#user-id-help", "account menu").await;
    assert!(help.contains("user ID"), "{help}");
    ctx.wait_text("#add-myself", "Add yourself").await;
    ctx.click("#add-myself").await;
    ctx.wait_text("#contact-table", demo::USER_ALICE).await;
    ctx.wait_gone("#add-myself", WAIT, "still offered after being added").await;
}

async fn account_menu(ctx: Ctx) {
    alice(&ctx).await;
    record_clipboard(&ctx).await;
    assert!(!ctx.find("#account-menu").await.is_displayed().await.unwrap_or(true), "the menu starts open");
    ctx.click("#account-menu-button").await;
    let expanded = ctx.find("#account-menu-button").await.attr("aria-expanded").await.ok().flatten();
    assert_eq!(expanded.as_deref(), Some("true"));
    let menu = ctx.wait_text("#account-menu", "Signed in with your account").await;
    assert!(menu.contains("Alice"), "{menu}");
    ctx.wait_text("#account-user-id", demo::USER_ALICE).await;
    ctx.wait_text("#account-menu .account-orgs", "Acme").await;
    ctx.wait_text("#account-menu .account-orgs", "manage-billing").await;
    super::axe::no_serious_violations(&ctx, ".topbar .account", "the open account menu").await;
    ctx.click("#account-menu .copy").await;
    ctx.wait_text("#account-menu .copy-note", "Copied").await;
    assert_eq!(copied(&ctx).await, vec![demo::USER_ALICE.to_string()]);
    // Escape closes it and gives the focus back to its button.
    ctx.find("#account-menu .copy")
        .await
        .send_keys("\u{E00C}")
        .await
        .unwrap_or_else(|e| panic!("Escape: {e}"));
    let started = std::time::Instant::now();
    while ctx.find("#account-menu").await.is_displayed().await.unwrap_or(true) {
        assert!(started.elapsed() < WAIT, "Escape did not close the menu");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let focused = ctx.script("return document.activeElement && document.activeElement.id;").await;
    assert_eq!(focused, serde_json::json!("account-menu-button"), "the focus was not given back");
    // Sign out is in the menu.
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    // An API secret is said to be one.
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.click("#account-menu-button").await;
    ctx.wait_text("#account-menu", "Signed in with an API secret").await;
}

async fn duplicate_card(ctx: Ctx) {
    alice(&ctx).await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#card-table", "4242").await;
    assert!(!ctx.exists("#duplicate-card").await, "warned before any card was added");
    add_visa(&ctx).await;
    ctx.wait_text("#duplicate-card", "This looks like Visa •••• 4242, already saved").await;
}

async fn name_rules(ctx: Ctx) {
    alice(&ctx).await;
    ctx.click("#new-cluster").await;
    ctx.wait_url("/clusters/new").await;
    for (typed, said) in [
        ("ab", "3 to 63 characters long"),
        ("acme_prod", "“_” is not allowed"),
        ("9lives", "must start with a lowercase letter"),
        ("acme-", "must not end with a hyphen"),
        ("admin", "admin is reserved"),
        ("acme-prod", "acme-prod is taken by another cluster"),
    ] {
        ctx.type_into("#cluster-name", typed).await;
        let state = ctx.wait_text("#name-state", said).await;
        assert!(!state.contains("taken, reserved or not a valid"), "{typed}: {state}");
    }
    // A refused name is never sent.
    ctx.type_into("#cluster-name", "acme_prod").await;
    ctx.wait_text("#name-state", "is not allowed").await;
    ctx.click("#create-cluster").await;
    ctx.wait_text("#summary [role=alert]", "not available").await;
    assert_eq!(ctx.calls("cluster.create", "400").await, 0, "a refused name was sent");
    // Realm names have rules of their own.
    let realms = "/clusters/cl-acme-prod/realms";
    ctx.goto(realms).await;
    back_signed_in(&ctx, realms).await;
    for (typed, said) in [
        ("-tenant", "must start with a lowercase letter or a digit"),
        ("my tenant", "a space is not allowed"),
        ("master", "master is reserved"),
        ("customers", "customers is taken by another realm"),
    ] {
        ctx.type_into("#realm-name", typed).await;
        ctx.wait_text("#realm-name-state", said).await;
        assert!(super::disabled(&ctx, "#add-realm").await, "{typed} can be submitted");
    }
    ctx.type_into("#realm-name", "tenant-ok").await;
    ctx.wait_text("#realm-name-state", "tenant-ok is available").await;
}
