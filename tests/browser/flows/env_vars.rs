//! A cluster's environment variables (the Environment variables tab): adding, the restart
//! it starts, a change queued behind a restart and applied or cancelled, masked secrets,
//! reserved names.

use std::time::Duration;

use cluster_sandbox::Config;

use super::{Flow, disabled, restart_elsewhere, sign_in_again};
use crate::harness::{Ctx, OrFail, WAIT, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![("env_vars_restart_queue_and_secrets", |d| Box::pin(run_flow(d, quick(), env_vars)))]
}

/// Restarts take 3 s (and domains validate as quickly as on the Domains tab's flows).
fn quick() -> Config {
    Config { dns: Duration::from_secs(6), restart: Duration::from_secs(3), ..Config::default() }
}

const ENV_VARS: &str = "/clusters/cl-acme-prod/env-vars";

async fn env_vars(ctx: Ctx) {
    ctx.goto(ENV_VARS).await;
    sign_in_again(&ctx, ENV_VARS).await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    ctx.find("#no-env-vars").await;
    ctx.wait_text("#add-env-var .restart-notice", "Saving restarts Keycloak on acme-prod").await;

    // A reserved name is refused in the form.
    ctx.type_into("#env-name", "KC_DB").await;
    ctx.wait_text("#env-name-problem", "reserved").await;
    ctx.click("#add-env-submit").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "400").await, 0, "a reserved name was sent");

    // Adding restarts the cluster: the tab and the header say so, and writes wait.
    ctx.type_into("#env-name", "MY_VAR").await;
    ctx.type_into("#env-value", "hello").await;
    ctx.click("#add-env-submit").await;
    ctx.wait_text("tr[data-env='MY_VAR']", "hello").await;
    ctx.wait_text("#env-restart", "Restart in progress").await;
    ctx.wait_text("#status-restarting", "Restarting").await;
    // One restart, one banner: the restart line says why writes wait; the saved note and a
    // separate "blocked" line do not say it again.
    ctx.wait_text("#env-restart", "changes can be made again when it ends").await;
    assert!(!ctx.exists("#env-blocked").await, "the restart is announced twice (#env-blocked)");
    if ctx.exists("#env-add-note").await {
        let note = ctx.find("#env-add-note").await.text_or_fail().await;
        assert!(!note.contains("restarting"), "the restart is announced twice: {note}");
    }
    assert!(disabled(&ctx, "#add-env-submit").await, "adding is offered during a restart");
    ctx.snap("settings-restarting").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    ctx.wait_gone("#status-restarting", WAIT, "the header still says Restarting").await;
    ctx.wait_text("[data-status=ACTIVE]", "Active").await;

    // Another client restarts the cluster; this tab has not seen it, so the service says 409
    // and the change is queued, then sent by itself when the restart ends.
    restart_elsewhere(&ctx).await;
    ctx.click("#env-type-secret").await;
    ctx.type_into("#env-name", "SMTP_PASSWORD").await;
    ctx.type_into("#env-value", "hunter2").await;
    ctx.click("#add-env-submit").await;
    ctx.wait_text("#env-queue", "Add SMTP_PASSWORD").await;
    ctx.wait_text("#env-add-note", "queued").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "409").await, 1);
    ctx.snap("settings-queued").await;
    ctx.wait_gone("#env-queue", Duration::from_secs(30), "the queued change never went out").await;
    ctx.wait_text("tr[data-env='SMTP_PASSWORD']", "Hidden (secret)").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 2);
    assert!(!ctx.exists("#env-queue-failure").await, "the queued change failed");

    // A secret never shows: not in the page, not in its edit form.
    ctx.wait_text("#env-restart", "No restart in progress").await;
    let source = ctx.source().await;
    assert!(!source.contains("hunter2"), "the secret is in the page");
    ctx.click("tr[data-env='SMTP_PASSWORD'] button.edit-env").await;
    let field = ctx.find("#edit-env-value").await;
    assert_eq!(field.prop_or_fail("value").await.unwrap_or_default(), "", "the secret is prefilled");
    assert_eq!(field.attr_or_fail("type").await.as_deref(), Some("password"));
    ctx.wait_text("#edit-env-problem", "new secret value").await;
    ctx.click("#edit-env-cancel").await;

    // A queued change can be cancelled: it is never sent.
    restart_elsewhere(&ctx).await;
    ctx.click("tr[data-env='MY_VAR'] button.edit-env").await;
    ctx.type_into("#edit-env-value", "changed").await;
    ctx.click("#edit-env-submit").await;
    ctx.wait_text("#env-queue", "Change MY_VAR").await;
    ctx.click("#env-queue button.cancel-queued").await;
    ctx.wait_gone("#env-queue", WAIT, "the cancelled change is still queued").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(ctx.calls("cluster.envVar.update", "200").await, 0, "a cancelled change was sent");
    ctx.wait_text("tr[data-env='MY_VAR']", "hello").await;

    // Editing plain text, then deleting, each after saying it restarts.
    ctx.click("tr[data-env='MY_VAR'] button.edit-env").await;
    ctx.wait_text("#edit-env-var .restart-notice", "restarts Keycloak").await;
    ctx.type_into("#edit-env-value", "world").await;
    ctx.click("#edit-env-submit").await;
    ctx.wait_text("tr[data-env='MY_VAR']", "world").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    ctx.click("tr[data-env='MY_VAR'] button.delete-env").await;
    let dialog = ctx.wait_text("dialog[open]", "Delete MY_VAR?").await;
    assert!(dialog.contains("restarts Keycloak"), "{dialog}");
    ctx.click("dialog[open] .confirm-delete-env").await;
    ctx.wait_gone("tr[data-env='MY_VAR']", WAIT, "the deleted variable is still listed").await;
    assert_eq!(ctx.calls("cluster.envVar.delete", "204").await, 1);
    assert!(ctx.calls("cluster.envVar.detail", "200").await >= 3);
}
