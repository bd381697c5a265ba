//! The Code panel (issue 14 §1): the requests a form will send, as curl and Terraform,
//! following the form as it changes, with secrets as placeholders and a copy button.

use cluster_sandbox::{Config, demo};

use super::{Flow, sign_in_again};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("code_panel_wizard_live_terraform_and_copy", |d| Box::pin(run_flow(d, Config::default(), wizard))),
        ("code_panel_realm_secret_env_var_and_upload", |d| {
            Box::pin(run_flow(d, Config::default(), cluster_forms))
        }),
        ("code_panel_realm_page_rename_and_delete_dialog", |d| {
            Box::pin(run_flow(d, Config::default(), realm_page))
        }),
        ("code_panel_card_default_and_remove_dialog", |d| {
            Box::pin(run_flow(d, Config::default(), card_dialogs))
        }),
    ]
}

/// Opens the Code panel under `scope` and answers the selector of its text.
async fn open_panel(ctx: &Ctx, scope: &str) -> String {
    ctx.click(&format!("{scope} details.code-panel > summary")).await;
    let text = format!("{scope} details.code-panel[open] pre.code");
    ctx.find(&text).await;
    text
}

use super::{copied, record_clipboard};

async fn wizard(ctx: Ctx) {
    ctx.goto("/clusters/new").await;
    sign_in_again(&ctx, "/clusters/new").await;
    ctx.find("#cluster-name").await;
    let pre = open_panel(&ctx, "#summary").await;
    let api = format!("{}/auth/realms/self/v2", ctx.base);
    ctx.wait_text(&pre, &format!("-X POST '{api}/clusters'")).await;
    let script = ctx.wait_text(&pre, "\"client_secret=$CLIENT_SECRET\"").await;
    assert!(script.contains("/auth/realms/self/protocol/openid-connect/token'"), "{script}");
    assert!(script.contains("Authorization: Bearer $TOKEN"), "{script}");
    assert!(
        !script.contains(demo::ADMIN_CLIENT_SECRET) && !script.contains(demo::ADMIN_CLIENT_ID),
        "the session's secret shows: {script}"
    );
    for outcome in ["3-D Secure", "checkout page", "Paid: cluster $CLUSTER_ID"] {
        assert!(script.contains(outcome), "no payment outcome {outcome}: {script}");
    }

    // Live: the text follows the form, hostile quotes included.
    ctx.type_into("#cluster-name", "it's-new").await;
    ctx.wait_text(&pre, "\"name\":\"it'\\''s-new\"").await;
    ctx.click("#period-annual").await;
    ctx.wait_text(&pre, "\"billing_period\":\"annual\"").await;

    // Terraform: the provider's phasetwo_cluster, at the sandbox's auth root.
    ctx.click("#summary .code-tab-hcl").await;
    let hcl = ctx.wait_text(&pre, "resource \"phasetwo_cluster\" \"it_s_new\" {").await;
    assert!(hcl.contains(&format!("base_url = \"{}/auth\"", ctx.base)), "{hcl}");
    assert!(hcl.contains("name ") && hcl.contains("\"it's-new\""), "{hcl}");

    // Copy: exactly the text shown.
    ctx.click("#summary .code-tab-curl").await;
    let shown = ctx.wait_text(&pre, "curl -sS").await;
    record_clipboard(&ctx).await;
    ctx.click("#summary .code-panel button.copy").await;
    ctx.wait_text("#summary .code-panel .copy-note", "Copied").await;
    let got = copied(&ctx).await;
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].trim_end(), shown.trim_end(), "the copy differs from the text shown");
}

async fn cluster_forms(ctx: Ctx) {
    let api = format!("{}/auth/realms/self/v2", ctx.base);

    // Add realm.
    let realms = "/clusters/cl-acme-prod/realms";
    ctx.goto(realms).await;
    sign_in_again(&ctx, realms).await;
    ctx.find("#realm-name").await;
    let pre = open_panel(&ctx, "#realms").await;
    ctx.type_into("#realm-name", "shop<img src=x onerror=alert(1)>").await;
    let script = ctx.wait_text(&pre, "\"name\":\"shop<img src=x onerror=alert(1)>\"").await;
    assert!(script.contains(&format!("-X POST '{api}/clusters/cl-acme-prod/deployments'")), "{script}");
    assert!(!ctx.exists("img[src='x']").await, "a name was rendered as HTML");
    ctx.click("#realms .code-tab-hcl").await;
    ctx.wait_text(&pre, "resource \"phasetwo_realm\" \"shop_img_src_x_onerror_alert_1\" {").await;

    // An environment variable of type SECRET: the typed value never shows.
    let settings = "/clusters/cl-acme-prod/env-vars";
    ctx.goto(settings).await;
    sign_in_again(&ctx, settings).await;
    ctx.find("#add-env-var").await;
    ctx.click("#env-type-secret").await;
    ctx.type_into("#env-name", "DB_PASSWORD").await;
    let typed = "hunter2-typed-secret";
    ctx.type_into("#env-value", typed).await;
    let pre = open_panel(&ctx, "#add-env-var ~").await;
    let script = ctx.wait_text(&pre, "\"value\":\"'\"$ENV_VALUE\"'\"").await;
    assert!(
        script.contains("\"name\":\"DB_PASSWORD\"") && script.contains("\"type\":\"SECRET\""),
        "{script}"
    );
    assert!(script.contains(&format!("-X POST '{api}/clusters/cl-acme-prod/env-vars'")), "{script}");
    assert!(!script.contains(typed), "the secret shows: {script}");
    ctx.click("#add-env-var ~ details .code-tab-hcl").await;
    let hcl = ctx.wait_text(&pre, "sensitive").await;
    assert!(hcl.contains("var.db_password_value") && !hcl.contains(typed), "{hcl}");
    let page = ctx.find("body").await.text_or_fail().await;
    assert!(!page.contains(typed), "the typed secret is on the page");
    // Plain text: the value is sent as typed.
    ctx.click("#env-type-string").await;
    ctx.click("#add-env-var ~ details .code-tab-curl").await;
    ctx.wait_text(&pre, &format!("\"value\":\"{typed}\"")).await;

    // Add resource, then a file picked for upload.
    let resources = "/clusters/cl-acme-prod/resources";
    ctx.goto(resources).await;
    sign_in_again(&ctx, resources).await;
    ctx.find("#resources").await;
    ctx.type_into("#resource-name", "code-login").await;
    let select = ctx.find("#resource-type").await;
    select.select_by_value("THEME").await.unwrap_or_else(|e| panic!("type: {e}"));
    let pre = open_panel(&ctx, "#resources form.add-resource ~").await;
    let script = ctx.wait_text(&pre, "\"name\":\"code-login\",\"resourceType\":\"THEME\"").await;
    assert!(
        script.contains("EXTENSION_ID=$(curl")
            && script.contains("awk -F/ 'tolower($0) ~ /^location:/ {print $NF}'"),
        "{script}"
    );
    ctx.click("#add-resource").await;
    let card = "article[data-extension='code-login']";
    ctx.find(card).await;
    let path = std::env::temp_dir().join(format!("code-panel-{}-acme-code.jar", std::process::id()));
    std::fs::write(&path, cluster_sandbox::jar::stored(&["META-INF/MANIFEST.MF"]))
        .unwrap_or_else(|e| panic!("jar: {e}"));
    let input = ctx.find(&format!("{card} input.file")).await;
    input.send_keys(&path.to_string_lossy()).await.unwrap_or_else(|e| panic!("attach: {e}"));
    let pre = open_panel(&ctx, &format!("{card} .uploader")).await;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let script = ctx.wait_text(&pre, &format!("FILE='{name}'")).await;
    let order = [
        "EXTENSION_ID='",
        "VERSION_ID=$(curl",
        "/upload-url'",
        "UPLOAD_URL=$(printf '%s' \"$ANSWER\" | jq -r .url)",
        "RESOURCE_KEY=$(printf '%s' \"$ANSWER\" | jq -r .resourceKey)",
        "curl -sS --fail-with-body -X PUT --upload-file \"$FILE\" \"$UPLOAD_URL\"",
        "/confirm'",
        "/extensions/cluster-update'",
    ];
    let mut at = 0;
    for step in order {
        let found =
            script[at..].find(step).unwrap_or_else(|| panic!("{step} missing or out of order in\n{script}"));
        at += found + step.len();
    }
    ctx.click(&format!("{card} .uploader .code-tab-hcl")).await;
    ctx.wait_text(&pre, "resource \"phasetwo_cluster_extension_version\"").await;
    let _ = std::fs::remove_file(&path);
}

/// The realm's own page: the display name's request (the whole record echoed back) and its
/// provider resource with the import that adopts the realm; then the delete dialog's panel,
/// cancelled, so nothing is sent.
async fn realm_page(ctx: Ctx) {
    let api = format!("{}/auth/realms/self/v2", ctx.base);
    let page = format!("/realms/{}", demo::REALM_CUSTOMERS);
    ctx.goto(&page).await;
    sign_in_again(&ctx, &page).await;
    ctx.find("#display-name").await;
    let pre = open_panel(&ctx, "#realm-fields").await;
    ctx.type_into("#display-name", "Shop's \"best\"").await;
    let script = ctx.wait_text(&pre, "\"display_name\":\"Shop'\\''s \\\"best\\\"\"").await;
    assert!(script.contains(&format!("-X PUT '{api}/deployments/{}'", demo::REALM_CUSTOMERS)), "{script}");
    assert!(script.contains("\"name\":\"customers\""), "the record is not echoed whole: {script}");
    assert!(
        script.contains("Authorization: Bearer $TOKEN")
            && script.contains("\"client_secret=$CLIENT_SECRET\""),
        "{script}"
    );
    ctx.click("#realm-fields .code-tab-hcl").await;
    let hcl = ctx.wait_text(&pre, "resource \"phasetwo_realm\" \"customers\" {").await;
    assert!(hcl.contains("display_name = \"Shop's \\\"best\\\"\""), "{hcl}");
    assert!(
        hcl.contains(&format!("id = \"cl-acme-prod/{}\"", demo::REALM_CUSTOMERS)),
        "no import of the realm: {hcl}"
    );
    assert_eq!(ctx.calls("deployment.update", "204").await, 0, "the panel sent something");

    // The delete dialog carries the exact request, and copies it.
    ctx.click("#delete-realm").await;
    let pre = open_panel(&ctx, "dialog[open]").await;
    let shown =
        ctx.wait_text(&pre, &format!("-X DELETE '{api}/deployments/{}'", demo::REALM_CUSTOMERS)).await;
    assert!(shown.contains("# Delete the realm “customers”"), "{shown}");
    record_clipboard(&ctx).await;
    ctx.click("dialog[open] .code-panel button.copy").await;
    ctx.wait_text("dialog[open] .code-panel .copy-note", "Copied").await;
    assert_eq!(
        copied(&ctx).await.first().map(|c| c.trim_end().to_string()),
        Some(shown.trim_end().to_string())
    );
    ctx.click("dialog[open] .cancel").await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "Cancel did not close the dialog").await;
    assert_eq!(ctx.calls("deployment.delete", "204").await, 0, "the realm was deleted");
}

/// Billing cards: the inline Make default panel and the Remove dialog's panel.
async fn card_dialogs(ctx: Ctx) {
    let api = format!("{}/auth/realms/self/v2", ctx.base);
    super::alice(&ctx).await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#card-table", "4242").await;
    let row = "tr[data-card=pm_card_mastercard]";
    let pre = open_panel(&ctx, row).await;
    ctx.wait_text(
        &pre,
        &format!(
            "-X POST '{api}/orgs/{}/billing/payment-methods/pm_card_mastercard/default'",
            demo::ACME_ORG_ID
        ),
    )
    .await;
    ctx.click(&format!("{row} .remove-card")).await;
    let pre = open_panel(&ctx, "dialog[open]").await;
    let script = ctx
        .wait_text(
            &pre,
            &format!(
                "-X DELETE '{api}/orgs/{}/billing/payment-methods/pm_card_mastercard'",
                demo::ACME_ORG_ID
            ),
        )
        .await;
    assert!(script.contains("# Remove the card “Mastercard •••• "), "{script}");
    ctx.click("dialog[open] .cancel").await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "Cancel did not close the dialog").await;
    ctx.find(row).await;
}
