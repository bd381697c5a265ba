//! Realms: add one and watch it turn Active, a taken name with the recommendation, imports
//! (refused in the browser for its users, one Active, one Failed with its reason), the
//! starter cap, rename, the admin console in a new tab, app link and token, credentials,
//! delete, the viewer, a deep link to a realm and the Realms page.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::{Flow, flow_file, open_signed_in};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("realms_add_then_pending_to_active", |d| Box::pin(run_flow(d, quick(), add_then_active))),
        ("realms_add_leaves_focus_on_the_new_realm", |d| Box::pin(run_flow(d, quick(), add_focus))),
        ("realms_name_taken_with_recommendation", |d| Box::pin(run_flow(d, quick(), name_taken))),
        ("realms_import_with_users_refused_in_browser", |d| {
            Box::pin(run_flow(d, quick(), import_users_refused))
        }),
        ("realms_import_active_and_failed", |d| Box::pin(run_flow(d, quick(), import_active_and_failed))),
        ("realms_starter_cap_reached", |d| Box::pin(run_flow(d, quick(), starter_cap))),
        ("realms_rename_display_name", |d| Box::pin(run_flow(d, quick(), rename))),
        ("realms_admin_console_in_new_tab", |d| Box::pin(run_flow(d, quick(), admin_console))),
        ("realms_app_link_and_token_shown_once", |d| Box::pin(run_flow(d, quick(), app_link_and_token))),
        ("realms_credentials_create_reveal_revoke", |d| Box::pin(run_flow(d, quick(), credentials))),
        ("realms_delete_with_typed_name", |d| Box::pin(run_flow(d, quick(), delete))),
        ("realms_viewer_read_only", |d| Box::pin(run_flow(d, quick(), viewer))),
        ("realms_deep_link_and_realms_page", |d| Box::pin(run_flow(d, quick(), deep_link_and_all))),
    ]
}

fn quick() -> Config {
    Config { realm: Duration::from_secs(3), ..Config::default() }
}

const PROD_TAB: &str = "/clusters/cl-acme-prod/realms";

async fn disabled(ctx: &Ctx, css: &str) -> bool {
    ctx.find(css).await.attr_or_fail("disabled").await.is_some()
}

async fn value(ctx: &Ctx, css: &str) -> String {
    ctx.find(css).await.prop_or_fail("value").await.unwrap_or_default()
}

fn row(name: &str) -> String {
    format!("tr[data-realm='{name}']")
}

async fn add_then_active(ctx: Ctx) {
    open_signed_in(&ctx, PROD_TAB, "main").await;
    ctx.wait_text("#realm-usage", "4 of 100 realms").await;
    ctx.wait_text(&row("customers"), "Acme customers").await;
    ctx.type_into("#realm-name", "Tenant-New").await;
    ctx.wait_text("#realm-name-state", "tenant-new is available").await;
    ctx.click("#add-realm").await;
    ctx.wait_text("#realm-added", "tenant-new was added").await;
    ctx.find(&format!("{} [data-state='PENDING']", row("tenant-new"))).await;
    // No reload: the shared poller turns the row Active.
    ctx.find(&format!("{} [data-state='ACTIVE']", row("tenant-new"))).await;
    ctx.wait_text("#realm-usage", "5 of 100 realms").await;
    // The search is kept in the URL.
    ctx.type_into("#filter-realm-name", "tenant").await;
    ctx.wait_url("name=tenant").await;
    ctx.wait_gone(&row("customers"), Duration::from_secs(5), "the search did not filter").await;
    ctx.find(&row("tenant-new")).await;
}

/// Add realm's button is off while it adds, which dropped the focus to the page body: it
/// lands on the new realm's link once the list shows it.
async fn add_focus(ctx: Ctx) {
    open_signed_in(&ctx, PROD_TAB, "main").await;
    ctx.wait_text(&row("customers"), "Acme customers").await;
    ctx.type_into("#realm-name", "focus-here").await;
    ctx.wait_text("#realm-name-state", "focus-here is available").await;
    ctx.click("#add-realm").await;
    ctx.wait_text("#realm-added", "focus-here was added").await;
    super::wait_focus_on(&ctx, &format!("{} a", row("focus-here")), "after adding a realm").await;
    let body = ctx.script("return document.activeElement === document.body;").await;
    assert_eq!(body, serde_json::Value::Bool(false), "the focus is on the page body");
}

async fn name_taken(ctx: Ctx) {
    open_signed_in(&ctx, PROD_TAB, "main").await;
    ctx.type_into("#realm-name", "customers").await;
    ctx.wait_text("#realm-name-state", "customers is taken").await;
    assert!(disabled(&ctx, "#add-realm").await, "a taken name can still be submitted");
    ctx.wait_text("#use-realm-recommendation", "Use customers-2").await;
    ctx.click("#use-realm-recommendation").await;
    ctx.wait_text("#realm-name-state", "customers-2 is available").await;
    assert_eq!(value(&ctx, "#realm-name").await, "customers-2");
    assert!(ctx.calls("cluster.deployment.nameAvailability.check", "200").await >= 2);
}

async fn import_users_refused(ctx: Ctx) {
    open_signed_in(&ctx, PROD_TAB, "main").await;
    let export = br#"{"realm":"people","users":[{"username":"ann"},{"username":"bo"},{"username":"cy"}]}"#;
    let path = flow_file("import-users", "with-users.json", export);
    ctx.find("#import-file").await.send_keys(&path).await.unwrap_or_else(|e| panic!("attach: {e}"));
    let problem = ctx.wait_text("#import-problem", "3 users").await;
    assert!(problem.contains("Partial import") && problem.contains("Nothing was sent"), "{problem}");
    assert!(disabled(&ctx, "#import-realm").await, "a refused file can still be imported");
    assert_eq!(ctx.calls_any("cluster.deployment.import").await, 0, "an import was sent");
    // Not JSON at all, and too big: refused the same way.
    let path = flow_file("import-users", "notes.json", b"realm = people");
    ctx.find("#import-file").await.send_keys(&path).await.unwrap_or_else(|e| panic!("attach: {e}"));
    ctx.wait_text("#import-problem", "not valid JSON").await;
    let big =
        format!("{{\"realm\":\"big\",\"pad\":\"{}\"}}", "x".repeat(cluster_api::realms::IMPORT_MAX_BYTES));
    let path = flow_file("import-users", "big.json", big.as_bytes());
    ctx.find("#import-file").await.send_keys(&path).await.unwrap_or_else(|e| panic!("attach: {e}"));
    ctx.wait_text("#import-problem", "up to 1.0 MB").await;
    // Any answer at all (a 413 included) means the file was sent.
    assert_eq!(ctx.calls_any("cluster.deployment.import").await, 0, "a refused file was sent");
}

async fn import_active_and_failed(ctx: Ctx) {
    open_signed_in(&ctx, PROD_TAB, "main").await;
    let good = br#"{"realm":"Shop","enabled":true,"clients":[{"clientId":"web-shop"}]}"#;
    let path = flow_file("import-ok", "shop.json", good);
    ctx.find("#import-file").await.send_keys(&path).await.unwrap_or_else(|e| panic!("attach: {e}"));
    // The name comes from the file's realm field.
    for _ in 0..50 {
        if value(&ctx, "#import-name").await == "shop" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(value(&ctx, "#import-name").await, "shop");
    ctx.click("#import-realm").await;
    ctx.find("#import-status [data-state='PENDING']").await;
    ctx.wait_text("#import-status [data-state='ACTIVE']", "shop was imported").await;
    ctx.find(&format!("{} [data-state='ACTIVE']", row("shop"))).await;

    let broken = br#"{"realm":"legacy","clients":[{"clientId":"ok"},{"name":"old-portal"}]}"#;
    let path = flow_file("import-failed", "legacy.json", broken);
    ctx.find("#import-file").await.send_keys(&path).await.unwrap_or_else(|e| panic!("attach: {e}"));
    ctx.type_into("#import-name", "legacy-two").await;
    ctx.click("#import-realm").await;
    let failed = ctx.wait_text("#import-status [data-state='FAILED']", "failed").await;
    assert!(failed.contains("client #2 (old-portal)") && failed.contains("no clientId"), "{failed}");
    ctx.wait_text(&row("legacy-two"), "no clientId").await;
    assert_eq!(ctx.calls("cluster.deployment.import", "201").await, 2);
}

async fn starter_cap(ctx: Ctx) {
    open_signed_in(&ctx, "/clusters/cl-acme-dev/realms", "main").await;
    ctx.wait_text("#realm-usage", "4 of 5 realms").await;
    ctx.type_into("#realm-name", "fifth").await;
    ctx.wait_text("#realm-name-state", "available").await;
    ctx.click("#add-realm").await;
    ctx.wait_text("#realm-usage", "5 of 5 realms").await;
    ctx.wait_text("#realms-blocked", "cap of the starter tier (5)").await;
    assert!(!ctx.exists("#add-realm").await, "Add realm is offered at the cap");
    assert!(!ctx.exists("#import-realm").await, "Import is offered at the cap");
}

async fn rename(ctx: Ctx) {
    let page = format!("/realms/{}", demo::REALM_PARTNERS);
    open_signed_in(&ctx, &page, "main").await;
    ctx.wait_text("h1", "Partner portal").await;
    ctx.type_into("#display-name", "Partners (EU)").await;
    ctx.click("#save-display-name").await;
    ctx.wait_text("#display-name-saved", "Partners (EU)").await;
    ctx.wait_text("h1", "Partners (EU)").await;
    assert_eq!(ctx.calls("deployment.update", "204").await, 1);
    // The service has it: a fresh page load shows it.
    open_signed_in(&ctx, &page, "main").await;
    ctx.wait_text("h1", "Partners (EU)").await;
}

async fn admin_console(ctx: Ctx) {
    open_signed_in(&ctx, &format!("/realms/{}", demo::REALM_CUSTOMERS), "main").await;
    let console = ctx.client.window().await.unwrap_or_else(|e| panic!("window: {e}"));
    ctx.click("#open-admin-console").await;
    let mut tabs = Vec::new();
    for _ in 0..100 {
        tabs = ctx.client.windows().await.unwrap_or_default();
        if tabs.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(tabs.len(), 2, "no new tab opened");
    let admin = tabs.into_iter().find(|t| *t != console).unwrap_or_else(|| panic!("no new tab"));
    ctx.client.switch_to_window(admin).await.unwrap_or_else(|e| panic!("switch: {e}"));
    ctx.wait_text("#realm-signed-in", "Signed in as admin to realm customers").await;
    let link = ctx.wait_url("/sandbox/realm-console/").await;
    // Single use: the same link a second time is refused.
    ctx.client.goto(&link).await.unwrap_or_else(|e| panic!("again: {e}"));
    ctx.wait_text("#notice", "already used").await;
    ctx.client.close_window().await.unwrap_or_else(|e| panic!("close: {e}"));
    ctx.client.switch_to_window(console).await.unwrap_or_else(|e| panic!("back: {e}"));
    // The console page kept nothing of the link.
    let html = ctx.source().await;
    assert!(!html.contains("/sandbox/realm-console/"), "the console link is in the page");
    assert_eq!(ctx.calls("deployment.consoleLink.create", "200").await, 1);
}

async fn app_link_and_token(ctx: Ctx) {
    let page = format!("/realms/{}", demo::REALM_CUSTOMERS);
    open_signed_in(&ctx, &page, "main").await;
    ctx.type_into("#app-link-client", "web-shop").await;
    ctx.type_into("#app-link-redirect", "https://shop.example/after").await;
    ctx.click("#create-app-link").await;
    let link = ctx.wait_text("#app-link-value", "/sandbox/realm-app/").await;
    ctx.wait_text("#app-link-expiry", "Expires in").await;
    ctx.find("#app-link button.copy").await;

    ctx.click("#create-token").await;
    let token = ctx.wait_text("#admin-token-value", "rt-").await;
    ctx.wait_text("#admin-token-base", "https://acme-prod.global.auth.ac").await;
    let first = ctx.wait_text("#token-expiry", "Expires in").await;
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    let later = ctx.wait_text("#token-expiry", "Expires in").await;
    assert_ne!(first, later, "the countdown does not tick");
    // Leaving the page forgets the token and the link.
    ctx.click("a[href='/realms']").await;
    ctx.wait_url("/realms").await;
    ctx.find(&row("customers")).await;
    ctx.client.back().await.unwrap_or_else(|e| panic!("back: {e}"));
    ctx.find("#create-token").await;
    assert!(!ctx.exists("#admin-token").await, "the token is shown again");
    assert!(!ctx.exists("#app-link").await, "the app link is shown again");
    let html = ctx.source().await;
    assert!(!html.contains(token.trim()) && !html.contains(link.trim()));
    // The app link signs in once.
    ctx.client.goto(link.trim()).await.unwrap_or_else(|e| panic!("app link: {e}"));
    ctx.wait_text("#realm-signed-in", "through web-shop").await;
    ctx.client.goto(link.trim()).await.unwrap_or_else(|e| panic!("app link: {e}"));
    ctx.wait_text("#notice", "already used").await;
}

async fn credentials(ctx: Ctx) {
    open_signed_in(&ctx, &format!("/realms/{}", demo::REALM_CUSTOMERS), "main").await;
    ctx.find("#no-credentials").await;
    ctx.type_into("#credential-name", "terraform").await;
    ctx.type_into("#credential-description", "CI pipeline").await;
    ctx.click("#create-credential").await;
    let client_id =
        ctx.wait_text("#new-credential-id", "api-terraform-").await.replace("Copy", "").trim().to_string();
    let secret =
        ctx.find("#new-credential-secret").await.text_or_fail().await.replace("Copy", "").trim().to_string();
    assert!(!secret.is_empty());
    ctx.wait_text("#new-credential-roles", "realm-admin").await;
    let request = ctx.wait_text("#credential-token-request", "grant_type=client_credentials").await;
    assert!(
        request.contains(&client_id) && request.contains(&secret) && request.contains("/realms/customers/"),
        "{request}"
    );
    ctx.click("#dismiss-credential-secret").await;
    ctx.wait_gone("#credential-secret", Duration::from_secs(5), "the secret stayed").await;

    let line = format!("tr[data-credential='{client_id}']");
    ctx.wait_text(&line, "CI pipeline").await;
    ctx.click(&format!("{line} .reveal-secret")).await;
    let revealed = ctx.wait_text(&format!("{line} .revealed-secret"), &secret).await;
    assert_eq!(revealed.trim(), secret);
    ctx.click(&format!("{line} .hide-secret")).await;
    ctx.wait_gone(&format!("{line} .revealed-secret"), Duration::from_secs(5), "the secret stayed").await;

    ctx.click(&format!("{line} .revoke-credential")).await;
    ctx.wait_text("dialog", "deleted from the realm at once").await;
    ctx.click("#confirm-revoke").await;
    ctx.wait_gone(&line, Duration::from_secs(10), "the revoked credential is still listed").await;
    assert_eq!(ctx.calls("deployment.credential.delete", "204").await, 1);
    assert_eq!(ctx.calls("deployment.credential.secret.read", "200").await, 1);
}

async fn delete(ctx: Ctx) {
    open_signed_in(&ctx, &format!("/realms/{}", demo::REALM_PARTNERS), "main").await;
    ctx.click("#delete-realm").await;
    ctx.wait_text("dialog", "permanent").await;
    assert!(disabled(&ctx, "#confirm-delete-realm").await, "delete is allowed before the name is typed");
    ctx.type_into("#confirm-name", "partners").await;
    ctx.click("#confirm-delete-realm").await;
    ctx.wait_url(PROD_TAB).await;
    ctx.wait_text(".flash", "Realm partners was deleted").await;
    ctx.find(&row("customers")).await;
    assert!(!ctx.exists(&row("partners")).await, "the deleted realm is listed");
    assert_eq!(ctx.calls("deployment.delete", "204").await, 1);
}

async fn viewer(ctx: Ctx) {
    ctx.goto(PROD_TAB).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_text("#realms-blocked", "manage-clusters").await;
    // The kit's one read-only line, said once (not the cap's or the state's hint).
    assert_eq!(ctx.count("#realms .read-only").await, 1, "the realms tab's read-only line is not the kit's");
    ctx.find(&row("customers")).await;
    assert!(!ctx.exists("#add-realm").await && !ctx.exists("#import-file").await);
    assert!(
        !ctx.exists(&format!("{} .open-console", row("customers"))).await,
        "a viewer is offered the admin console"
    );

    ctx.click(&format!("{} a[href='/realms/{}']", row("customers"), demo::REALM_CUSTOMERS)).await;
    ctx.wait_text("#realm-read-only", "manage-clusters").await;
    ctx.wait_text("#display-name-text", "Acme customers").await;
    assert!(!ctx.exists("#display-name").await, "a viewer can rename");
    for button in ["#open-admin-console", "#create-app-link", "#create-token", "#delete-realm"] {
        assert!(disabled(&ctx, button).await, "{button} is enabled for a viewer");
    }
    // Realm credentials are the manage role's: the section says so instead of a failed list.
    // Waited for first: while the section is still checking, no create button shows either,
    // so the absence below only means something once the section has settled.
    let refused = ctx.wait_text("#credentials-refused", "manage-clusters").await;
    assert!(!ctx.exists("#create-credential").await, "a viewer can create credentials");
    assert!(refused.contains("Acme"), "the organization is not named: {refused}");
    assert!(
        !ctx.exists("#no-credentials").await && !ctx.exists("#credentials .error-panel").await,
        "a list was shown or failed"
    );
    assert_eq!(
        ctx.calls("deployment.credential.list", "403").await,
        0,
        "the page asked for what it knew it would be refused"
    );
    ctx.find("#realm-metrics dd[data-count='users']").await;
}

async fn deep_link_and_all(ctx: Ctx) {
    let page = format!("/realms/{}", demo::REALM_LEGACY_IMPORT);
    open_signed_in(&ctx, &page, "main").await;
    ctx.wait_text("#realm-state-error", demo::LEGACY_IMPORT_ERROR).await;
    ctx.wait_text("h1", "Legacy SSO").await;
    for (field, want) in [
        ("name", "legacy-import"),
        ("state", "Failed"),
        ("region", "eu-central-1"),
        ("cluster", "acme-prod"),
        ("tags", "imported"),
    ] {
        ctx.wait_text(&format!("#realm-fields dd[data-field='{field}']"), want).await;
    }
    ctx.wait_text("#realm-metrics", "Not healthy").await;
    let title = ctx.title().await;
    assert!(title.starts_with("legacy-import · Realms"), "{title}");
    // A failed realm cannot be opened or given credentials.
    assert!(disabled(&ctx, "#open-admin-console").await);
    ctx.wait_text("#credentials-off", "FAILED").await;

    ctx.click("nav.sidenav a[href='/realms']").await;
    ctx.wait_text(&row("customers"), "acme-prod").await;
    ctx.wait_text(&row("dev"), "acme-dev").await;
    let select = ctx.find("#filter-all-realms-cluster").await;
    select.select_by_value(demo::ACME_DEV).await.unwrap_or_else(|e| panic!("cluster filter: {e}"));
    ctx.wait_url("cluster=cl-acme-dev").await;
    ctx.wait_gone(&row("customers"), Duration::from_secs(5), "the cluster filter did not filter").await;
    let rows = ctx.all("table.all-realms tbody tr").await;
    assert_eq!(rows.len(), demo::ACME_DEV_REALMS);
}
