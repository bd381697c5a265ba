//! The user flows of the foundation: sign-in, the clusters list and detail, live status,
//! deep links, delete, the view-only secret, organizations, sign-out, and broken config.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::{Flow, admin};
use crate::harness::{Ctx, OrFail, copy_dir, dist_dir, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("wrong_secret_says_sign_in_failed", |d| Box::pin(run_flow(d, Config::default(), wrong_secret))),
        ("sign_in_lists_the_seeded_clusters", |d| Box::pin(run_flow(d, Config::default(), lists_clusters))),
        ("filters_live_in_the_url", |d| Box::pin(run_flow(d, Config::default(), filters_in_url))),
        ("status_filter_offers_each_wording_once", |d| {
            Box::pin(run_flow(d, Config::default(), status_filter_once))
        }),
        ("provisioning_becomes_active_without_reload", |d| {
            Box::pin(run_flow(d, slow_provisioning(), provisioning_live))
        }),
        ("polling_pauses_while_the_tab_is_hidden", |d| {
            Box::pin(run_flow(d, slow_provisioning(), hidden_tab))
        }),
        ("deep_link_survives_reload", |d| Box::pin(run_flow(d, Config::default(), deep_link))),
        ("detail_shows_every_field", |d| Box::pin(run_flow(d, Config::default(), detail_fields))),
        ("delete_schedules_a_billed_cluster", |d| Box::pin(run_flow(d, Config::default(), delete_billed))),
        ("delete_removes_a_never_billed_cluster", |d| {
            Box::pin(run_flow(d, Config::default(), delete_unbilled))
        }),
        ("viewer_cannot_delete_and_sees_why", |d| {
            Box::pin(run_flow(d, Config::default(), viewer_cannot_delete))
        }),
        ("organizations_show_roles", |d| Box::pin(run_flow(d, Config::default(), organizations))),
        ("sign_out_forgets_the_session", |d| Box::pin(run_flow(d, Config::default(), sign_out))),
        ("expired_token_is_renewed_silently", |d| Box::pin(run_flow(d, short_tokens(), token_renewal))),
        ("unknown_route_shows_not_found", |d| Box::pin(run_flow(d, Config::default(), not_found))),
        ("broken_config_is_explained", |d| Box::pin(run_flow(d, broken_config(), config_error))),
    ]
}

fn slow_provisioning() -> Config {
    // Long enough to see PROVISIONING first, short enough to watch it finish.
    Config { provision: Duration::from_secs(8), ..Config::default() }
}

fn short_tokens() -> Config {
    Config { token_ttl: Duration::from_secs(1), ..Config::default() }
}

fn broken_config() -> Config {
    let dir = std::env::temp_dir().join(format!("console-broken-config-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // The whole build, its pkg-<hash>/ folder of modules included, with another config.json.
    let copied = copy_dir(&dist_dir(), &dir)
        .and_then(|_| std::fs::write(dir.join("config.json"), "{ \"environments\": [] }"));
    if let Err(e) = copied {
        panic!("cannot prepare a console with a broken config.json: {e}");
    }
    Config { console_dir: Some(dir), ..Config::default() }
}

async fn wrong_secret(ctx: Ctx) {
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, "not-the-secret").await;
    // There was no session to end: the words say what went wrong.
    ctx.wait_text("[role=alert] .error-title", "Sign-in failed: the client ID or secret is not right").await;
    let said = ctx.find("[role=alert]").await.text_or_fail().await;
    assert!(!said.contains("session has ended"), "a failed sign-in says a session ended: {said}");
    ctx.snap("sign-in-error").await;
    // The form keeps what was typed and the person stays on sign-in.
    let id = ctx.find("#client-id").await.prop_or_fail("value").await.unwrap_or_default();
    assert_eq!(id, demo::ADMIN_CLIENT_ID);
    assert!(ctx.client.current_url().await.map(|u| u.path() == "/sign-in").unwrap_or(false));
}

async fn lists_clusters(ctx: Ctx) {
    admin(&ctx).await;
    let table = ctx.wait_text("table.clusters", "acme-prod").await;
    for name in ["acme-prod", "acme-staging", "acme-legacy", "acme-trial"] {
        assert!(table.contains(name), "{name} missing from {table}");
    }
    assert!(!table.contains("acme-old"), "the archived cluster is listed");
    assert!(!table.contains("globex"), "another organization's cluster is listed");
    let legacy = ctx.find("tr[data-cluster=acme-legacy]").await.text_or_fail().await;
    assert!(
        legacy.contains("Pending deletion")
            && legacy.to_lowercase().contains("starter")
            && legacy.contains("US West (Oregon)")
            && legacy.contains("us-west-2"),
        "{legacy}"
    );
    assert!(legacy.contains("https://acme-legacy.global.auth.ac"), "{legacy}");
    assert!(legacy.contains("UTC") && legacy.contains("ago"), "{legacy}");
    ctx.wait_text("header.topbar", "Acme Inc.").await;
    ctx.wait_text("header.topbar", "Local sandbox").await;
    ctx.snap("clusters").await;
}

async fn filters_in_url(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    ctx.type_into("#filter-name", "leg").await;
    ctx.wait_url("name=leg").await;
    let table = ctx.wait_text("table.clusters", "acme-legacy").await;
    assert!(!table.contains("acme-prod"), "{table}");
    // A status that no cluster named *leg* has: the empty state offers to clear.
    ctx.goto("/clusters?name=leg&status=ACTIVE").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("status=ACTIVE").await;
    ctx.wait_text(".empty", "No clusters match these filters").await;
    ctx.click(".empty button").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let url = ctx.current_url().await;
    assert!(!url.contains("status="), "{url}");
}

/// Two states read "Waiting for payment" (checkout not done, 3-D Secure abandoned): the
/// Status filter offers those words once, and that option finds either state.
async fn status_filter_once(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-trial").await;
    let options = ctx
        .script(
            "return [...document.querySelectorAll('#filter-status option')].map(o => o.textContent.trim());",
        )
        .await;
    let words: Vec<&str> =
        options.as_array().map(|a| a.iter().filter_map(|v| v.as_str()).collect()).unwrap_or_default();
    assert!(words.len() > 3, "the status options were not read: {options}");
    let mut unique = words.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), words.len(), "an option is offered twice: {words:?}");
    assert_eq!(words.iter().filter(|w| **w == "Waiting for payment").count(), 1, "{words:?}");
    // The one option finds the cluster waiting for checkout (acme-trial, BILLING_SETUP)…
    ctx.script(
        "const s = document.querySelector('#filter-status'); s.value = 'BILLING_SETUP'; \
         s.dispatchEvent(new Event('change', { bubbles: true })); return 1;",
    )
    .await;
    ctx.wait_url("status=BILLING_SETUP").await;
    let table = ctx.wait_text("table.clusters", "acme-trial").await;
    assert!(!table.contains("acme-prod"), "{table}");
    // …and a bookmark of the other code is the same option, not an empty list.
    ctx.goto("/clusters?status=PENDING_PAYMENT").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("status=PENDING_PAYMENT").await;
    let table = ctx.wait_text("table.clusters", "acme-trial").await;
    assert!(!table.contains("acme-prod"), "{table}");
    let chosen = ctx.find("#filter-status").await.prop_or_fail("value").await;
    assert_eq!(chosen.as_deref(), Some("BILLING_SETUP"), "the bookmark's option is not the one shown");
}

async fn provisioning_live(ctx: Ctx) {
    admin(&ctx).await;
    let row = "tr[data-cluster=acme-staging]";
    ctx.wait_text(row, "Provisioning").await;
    // A marker that a reload would wipe.
    ctx.client.execute("window.__no_reload = 1; return 1;", vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    ctx.wait_text(row, "Active").await;
    ctx.click(&format!("{row} a")).await;
    ctx.wait_url(&format!("/clusters/{}", demo::ACME_STAGING)).await;
    ctx.wait_text(".page-head", "Active").await;
    ctx.wait_text("#system-info", "Keycloak version").await;
    let marker = ctx.script("return window.__no_reload === 1;").await;
    assert_eq!(marker, serde_json::Value::Bool(true), "the page was reloaded");
    // List row and detail page shared one poll with backoff: 2 + 3 + 4.5 s covers the
    // 8 s of provisioning in a handful of reads, not one stream per view.
    let polls = ctx.calls("cluster.detail", "200").await;
    assert!((2..=7).contains(&polls), "{polls} status reads for one provisioning cluster");
}

async fn hidden_tab(ctx: Ctx) {
    admin(&ctx).await;
    let row = "tr[data-cluster=acme-staging]";
    ctx.wait_text(row, "Provisioning").await;
    ctx.set_tab_hidden(true).await;
    let before = ctx.calls("cluster.detail", "200").await;
    // Long enough for the cluster to finish provisioning on the server.
    tokio::time::sleep(Duration::from_secs(10)).await;
    let after = ctx.calls("cluster.detail", "200").await;
    assert!(after <= before + 1, "{} status reads while the tab was hidden", after - before);
    let text = ctx.find(row).await.text_or_fail().await;
    assert!(text.contains("Provisioning"), "the hidden tab was updated: {text}");
    ctx.set_tab_hidden(false).await;
    ctx.wait_text(row, "Active").await;
}

async fn deep_link(ctx: Ctx) {
    let path = format!("/clusters/{}", demo::ACME_PROD);
    ctx.goto(&path).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(&path).await;
    ctx.wait_text(".page-head", "acme-prod").await;
    // A reload forgets the in-memory session; signing in again returns to the same page.
    ctx.client.refresh().await.unwrap_or_else(|e| panic!("{e}"));
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(&path).await;
    ctx.wait_text(".page-head", "acme-prod").await;
}

async fn detail_fields(ctx: Ctx) {
    admin(&ctx).await;
    ctx.goto(&format!("/clusters/{}", demo::ACME_PROD)).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    let overview = ctx.wait_text("section.card", demo::ACME_PROD).await;
    for expected in [
        "acme-prod",
        "https://acme-prod.global.auth.ac",
        "Europe (Frankfurt)",
        "eu-central-1",
        "Active",
        "Acme Inc.",
        "org-acme",
        "enterprise",
        "standard",
        "UTC",
    ] {
        // Tier and limits are capitalised on screen.
        assert!(
            overview.to_lowercase().contains(&expected.to_lowercase()),
            "{expected} missing from {overview}"
        );
    }
    ctx.wait_text("#metrics", "Healthy").await;
    ctx.wait_text("#restart", "No restart in progress").await;
    ctx.wait_text("#system-info", "Keycloak version").await;
    ctx.snap("cluster-detail").await;
    // A non-ACTIVE cluster explains why there is no system information.
    ctx.goto(&format!("/clusters/{}", demo::ACME_LEGACY)).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_text("#system-info", "available while the cluster is active").await;
    ctx.wait_text("#state-note", "Billing continues").await;
    ctx.wait_text("#delete-blocked", "already scheduled for deletion").await;
}

async fn delete_billed(ctx: Ctx) {
    admin(&ctx).await;
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text(".page-head", "Active").await;
    ctx.click("#delete-cluster").await;
    let dialog = ctx.wait_text("dialog[open]", "end of the current billing cycle").await;
    assert!(dialog.contains("stays reserved") && dialog.contains("cannot be undone"), "{dialog}");
    let confirm = ctx.find("#confirm-delete").await;
    assert!(confirm.attr_or_fail("disabled").await.is_some(), "delete enabled before the name was typed");
    ctx.type_into("#confirm-name", "acme-pro").await;
    ctx.snap("delete-dialog").await;
    assert!(confirm.attr_or_fail("disabled").await.is_some(), "delete enabled with the wrong name");
    ctx.type_into("#confirm-name", "acme-prod").await;
    ctx.click("#confirm-delete").await;
    ctx.wait_text(".page-head", "Pending deletion").await;
    ctx.wait_text("#state-note", "name stays reserved").await;
    ctx.wait_text("#delete-blocked", "already scheduled for deletion").await;
}

async fn delete_unbilled(ctx: Ctx) {
    admin(&ctx).await;
    ctx.click("tr[data-cluster=acme-trial] a").await;
    ctx.wait_text(".page-head", "Waiting for payment").await;
    ctx.click("#delete-cluster").await;
    ctx.wait_text("dialog[open]", "removed immediately").await;
    ctx.type_into("#confirm-name", "acme-trial").await;
    ctx.click("#confirm-delete").await;
    ctx.wait_text(".flash", "acme-trial was deleted").await;
    ctx.wait_url("/clusters").await;
    let table = ctx.wait_text("table.clusters", "acme-prod").await;
    assert!(!table.contains("acme-trial"), "{table}");
}

async fn viewer_cannot_delete(ctx: Ctx) {
    ctx.goto(&format!("/clusters/{}", demo::ACME_PROD)).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_text(".page-head", "acme-prod").await;
    ctx.wait_text("#delete-blocked", "manage-clusters").await;
    ctx.wait_text(".page-head .view-only", "View only").await;
    ctx.snap("viewer-detail").await;
    let button = ctx.find("#delete-cluster").await;
    assert!(button.attr_or_fail("disabled").await.is_some(), "the viewer can press delete");
    ctx.click(".breadcrumbs a").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let create = ctx.find("#new-cluster").await;
    assert!(create.attr_or_fail("disabled").await.is_some(), "the viewer can start creating a cluster");
    // The reason is visible text the button points to, not only a tooltip.
    assert_eq!(create.attr_or_fail("aria-describedby").await.as_deref(), Some("new-cluster-refused"));
    ctx.wait_text("#new-cluster-refused", "manage-clusters").await;
}

async fn organizations(ctx: Ctx) {
    admin(&ctx).await;
    ctx.click("nav.sidenav a[href='/organizations']").await;
    let card = ctx.wait_text("[data-org=acme]", "manage-clusters").await;
    assert!(card.contains("org-acme") && card.contains("Acme Inc."), "{card}");
    ctx.snap("organizations").await;
    assert!(!ctx.exists("[data-org=globex]").await, "another organization is shown");
}

async fn sign_out(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.wait_text(".notice", "You signed out").await;
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
}

async fn token_renewal(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // The token has lapsed: the console exchanges the secret again without bothering the person.
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text("#metrics", "Healthy").await;
    assert!(!ctx.client.current_url().await.map(|u| u.path().starts_with("/sign-in")).unwrap_or(true));
}

async fn not_found(ctx: Ctx) {
    // The 404 page sits inside the shell (truth.rs checks it signed in), so a signed-out
    // visitor is asked to sign in first, never shown a page without the console around it.
    ctx.goto("/no/such/page").await;
    ctx.wait_url("/sign-in").await;
    ctx.wait_text("h1", "Sign in to the cluster console").await;
}

async fn config_error(ctx: Ctx) {
    ctx.goto("/").await;
    ctx.wait_text("h1", "The console is not configured").await;
    ctx.wait_text("[role=alert]", "no environments").await;
    ctx.snap("config-error").await;
}
