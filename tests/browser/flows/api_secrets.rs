//! An organization's API secrets: creating one (its secret shown once, copied, then
//! signing in with it), revoking it, the limit of ten, and roles not held.

use cluster_sandbox::Config;

use super::{Flow, alice, back_signed_in};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("api_secrets_create_copy_sign_in_revoke", |d| {
            Box::pin(run_flow(d, Config::default(), secret_lifecycle))
        }),
        ("api_secrets_limit_of_ten", |d| Box::pin(run_flow(d, Config::default(), secret_limit))),
        ("api_secrets_roles_not_held_cannot_be_granted", |d| {
            Box::pin(run_flow(d, Config::default(), roles_not_held))
        }),
    ]
}

async fn open_secrets(ctx: &Ctx) {
    ctx.click("nav.sidenav a[href='/organizations']").await;
    ctx.click("[data-org=acme] a[href='/organizations/org-acme/secrets']").await;
    ctx.wait_url("/organizations/org-acme/secrets").await;
    ctx.wait_text("#secret-table", "demo-admin").await;
}

async fn value(ctx: &Ctx, css: &str) -> String {
    ctx.find(css).await.text_or_fail().await
}

/// Creates a secret through the form; returns (client ID, secret) from the reveal dialog,
/// which it then closes.
async fn create_secret(ctx: &Ctx, name: &str, roles: &[&str]) -> (String, String) {
    ctx.click("#new-secret").await;
    ctx.type_into("#secret-name", name).await;
    for role in roles {
        ctx.click(&format!("input[name=role][value='{role}']")).await;
    }
    ctx.click("#create-secret").await;
    ctx.find("#new-secret-dialog[open]").await;
    let ids = (value(ctx, "#new-client-id").await, value(ctx, "#new-client-secret").await);
    let close = ctx.find("#close-secret").await;
    assert!(
        close.attr_or_fail("disabled").await.is_some(),
        "closable before confirming the secret was stored"
    );
    ctx.click("#secret-stored").await;
    ctx.click("#close-secret").await;
    ctx.wait_gone("#new-secret-dialog", crate::harness::WAIT, "the dialog did not close").await;
    ids
}

async fn secret_lifecycle(ctx: Ctx) {
    alice(&ctx).await;
    open_secrets(&ctx).await;
    ctx.wait_text("#secret-count", "2 of 10").await;
    ctx.wait_text("tr[data-secret=admin]", "********").await;
    // Name rules as typed.
    ctx.click("#new-secret").await;
    ctx.type_into("#secret-name", "CI-2026").await;
    ctx.wait_text("#secret-name-problem", "lowercase letters").await;
    ctx.type_into("#secret-name", "admin").await;
    ctx.wait_text("#secret-name-problem", "already has a secret named admin").await;
    ctx.click("#new-secret").await;

    ctx.click("#new-secret").await;
    ctx.type_into("#secret-name", "deploy").await;
    ctx.click("input[name=role][value='view-clusters']").await;
    ctx.click("input[name=role][value='view-organization']").await;
    ctx.click("#create-secret").await;
    ctx.find("#new-secret-dialog[open]").await;
    let client_id = value(&ctx, "#new-client-id").await;
    let secret = value(&ctx, "#new-client-secret").await;
    assert!(!secret.is_empty() && secret != "********", "{secret}");
    ctx.wait_text("#new-secret-curl", &format!("client_secret='{secret}'")).await;
    ctx.snap("secret-revealed").await;
    ctx.click("#new-secret-dialog button.copy").await;
    ctx.wait_text("#new-secret-dialog .copy-note", "Cop").await;
    ctx.click("#secret-stored").await;
    ctx.click("#close-secret").await;
    ctx.wait_gone("#new-secret-dialog", crate::harness::WAIT, "the dialog did not close").await;
    ctx.wait_text("#secret-count", "3 of 10").await;
    let row = ctx.wait_text("tr[data-secret=deploy]", "********").await;
    assert!(!row.contains(&secret), "the list shows the secret");

    // Its page reads org.apiSecret.detail.
    ctx.click("tr[data-secret=deploy] a").await;
    ctx.wait_text("#secret-facts", &client_id).await;
    ctx.wait_text("#secret-masked", "********").await;
    assert!(ctx.calls("org.apiSecret.detail", "200").await >= 1);

    // Sign in with it in a fresh session (signing out of alice's account first).
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(&client_id, &secret).await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("#signed-in-as", "deploy").await;
    ctx.wait_text("table.clusters", "acme-prod").await;

    // Back as alice, revoke it.
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    alice(&ctx).await;
    ctx.goto("/organizations/org-acme/secrets").await;
    back_signed_in(&ctx, "/organizations/org-acme/secrets").await;
    ctx.click("tr[data-secret=deploy] a").await;
    ctx.click("#revoke-secret").await;
    ctx.wait_text("dialog[open]", "Tokens already issued with it keep working until they expire").await;
    ctx.type_into("#confirm-name", "deploy").await;
    ctx.click("#confirm-revoke").await;
    ctx.wait_text(".flash", "deploy was revoked").await;
    ctx.wait_url("/organizations/org-acme/secrets").await;
    ctx.wait_text("#secret-count", "2 of 10").await;
    assert!(!ctx.exists("tr[data-secret=deploy]").await);

    // The revoked secret signs in no more.
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(&client_id, &secret).await;
    ctx.wait_text(".error-panel", "Sign-in failed").await;
}

async fn secret_limit(ctx: Ctx) {
    alice(&ctx).await;
    open_secrets(&ctx).await;
    ctx.wait_text("#secret-count", "2 of 10").await;
    for name in ["aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh"] {
        create_secret(&ctx, name, &[]).await;
        ctx.find(&format!("tr[data-secret={name}]")).await;
    }
    ctx.wait_text("#secret-count", "10 of 10").await;
    ctx.wait_text("#secret-limit", "revoke one").await;
    let button = ctx.find("#new-secret").await;
    assert!(button.attr_or_fail("disabled").await.is_some(), "create is offered at the limit");
    let rows = ctx.count("#secret-table tbody tr").await;
    assert_eq!(rows, 10);
    assert!(ctx.calls("org.apiSecret.create", "200").await == 8);
}

async fn roles_not_held(ctx: Ctx) {
    alice(&ctx).await;
    open_secrets(&ctx).await;
    let (client_id, secret) =
        create_secret(&ctx, "limited", &["view-organization", "manage-organization", "view-clusters"]).await;
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(&client_id, &secret).await;
    ctx.wait_url("/clusters").await;
    open_secrets(&ctx).await;
    ctx.click("#new-secret").await;
    let held = ctx.find("input[name=role][value='view-clusters']").await;
    assert!(held.attr_or_fail("disabled").await.is_none(), "a held role is disabled");
    let not_held = ctx.find("input[name=role][value='manage-clusters']").await;
    assert!(not_held.attr_or_fail("disabled").await.is_some(), "a role not held can be chosen");
    let label = ctx.find("label.role-option.unavailable").await.text_or_fail().await;
    assert!(label.contains("you do not hold this role"), "{label}");
    ctx.type_into("#secret-name", "child").await;
    ctx.click("input[name=role][value='view-clusters']").await;
    ctx.click("#create-secret").await;
    ctx.find("#new-secret-dialog[open]").await;
    ctx.click("#secret-stored").await;
    ctx.click("#close-secret").await;
    ctx.wait_text("tr[data-secret=child]", "view-clusters").await;
}
