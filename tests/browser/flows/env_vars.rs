//! A cluster's environment variables (the Environment variables tab): changes are staged,
//! then applied after one confirmation that names the cluster and the restarts; the run
//! sends them one after another with its progress, stops at a failure, survives a reload
//! (without secret values), and takes a pasted .env block. Masked secrets, reserved names.

use std::time::Duration;

use cluster_sandbox::Config;

use super::axe::no_serious_violations;
use super::{Flow, as_admin_elsewhere, disabled, restart_elsewhere, sign_in_again};
use crate::harness::{Ctx, OrFail, WAIT, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("env_vars_restart_queue_and_secrets", |d| Box::pin(run_flow(d, quick(), env_vars))),
        ("env_var_change_asks_before_restarting", |d| Box::pin(run_flow(d, quick(), asks_first))),
        ("env_vars_staged_apply_in_one_run", |d| Box::pin(run_flow(d, quick(), one_run))),
        ("env_vars_pending_survive_reload_without_secret_values", |d| {
            Box::pin(run_flow(d, quick(), survive_reload))
        }),
        ("env_vars_pasted_dotenv_block", |d| Box::pin(run_flow(d, quick(), pasted_block))),
        ("env_vars_run_owns_its_lines_from_apply_to_end", |d| Box::pin(run_flow(d, quick(), run_lines))),
        ("env_vars_reading_before_the_change_is_not_shown_after_it", |d| {
            Box::pin(run_flow(d, Config { restart: Duration::from_secs(8), ..quick() }, reading_after_change))
        }),
        ("env_vars_paste_leaves_the_screen_and_plain_edits_show_old_new", |d| {
            Box::pin(run_flow(d, quick(), paste_cleared_and_old_new))
        }),
        ("env_vars_failed_change_stops_the_run", |d| Box::pin(run_flow(d, quick(), failed_change))),
    ]
}

/// Restarts take 3 s (and domains validate as quickly as on the Domains tab's flows).
fn quick() -> Config {
    Config { dns: Duration::from_secs(6), restart: Duration::from_secs(3), ..Config::default() }
}

const ENV_VARS: &str = "/clusters/cl-acme-prod/env-vars";
/// Long enough for a few 3 s restarts one after another.
const RUN: Duration = Duration::from_secs(60);

async fn open(ctx: &Ctx) {
    ctx.goto(ENV_VARS).await;
    sign_in_again(ctx, ENV_VARS).await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
}

pub(super) async fn stage_add(ctx: &Ctx, name: &str, value: &str) {
    ctx.type_into("#env-name", name).await;
    ctx.type_into("#env-value", value).await;
    ctx.click("#add-env-submit").await;
    ctx.wait_text("#env-pending", &format!("Add {name}")).await;
}

/// Applies what is staged and confirms; gives the dialog's text.
pub(super) async fn apply(ctx: &Ctx, changes: &str) -> String {
    ctx.wait_text("#env-apply", &format!("Apply {changes}")).await;
    ctx.click("#env-apply").await;
    let dialog = ctx.wait_text("dialog[open]", "Restart acme-prod to apply").await;
    ctx.click("#confirm-env-apply").await;
    dialog
}

async fn env_vars(ctx: Ctx) {
    open(&ctx).await;
    ctx.find("#no-env-vars").await;
    ctx.wait_text("#add-env-var .restart-notice", "restarts Keycloak on acme-prod once per change").await;

    // A reserved name is refused in the form.
    ctx.type_into("#env-name", "KC_DB").await;
    ctx.wait_text("#env-name-problem", "reserved").await;
    ctx.click("#add-env-submit").await;
    assert!(!ctx.exists("#env-pending").await, "a reserved name was staged");

    // Applying restarts the cluster: the tab and the header say so.
    stage_add(&ctx, "MY_VAR", "hello").await;
    apply(&ctx, "1 change").await;
    ctx.wait_text("tr[data-env='MY_VAR']", "hello").await;
    ctx.wait_text("#env-restart", "Restart in progress").await;
    ctx.wait_text("#status-restarting", "Restarting").await;
    ctx.snap("settings-restarting").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    ctx.wait_gone("#status-restarting", WAIT, "the header still says Restarting").await;
    ctx.wait_text("[data-status=ACTIVE]", "Active").await;

    // Another client restarts the cluster: the applied change waits for that restart to end,
    // then goes out by itself.
    restart_elsewhere(&ctx).await;
    ctx.click("#env-type-secret").await;
    stage_add(&ctx, "SMTP_PASSWORD", "hunter2").await;
    apply(&ctx, "1 change").await;
    ctx.wait_text("#env-run", "0 of 1 applied").await;
    ctx.snap("settings-queued").await;
    ctx.wait_text("tr[data-env='SMTP_PASSWORD']", "Hidden (secret)").await;
    ctx.wait_text("#env-run", "All 1 change applied").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 2);

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

    // A staged change can be discarded: it is never sent.
    ctx.click("tr[data-env='MY_VAR'] button.edit-env").await;
    ctx.wait_text("#edit-env-var .restart-notice", "restarts Keycloak").await;
    ctx.type_into("#edit-env-value", "changed").await;
    ctx.click("#edit-env-submit").await;
    ctx.wait_text("tr[data-env='MY_VAR']", "Change pending").await;
    ctx.click("#env-pending button.discard-pending").await;
    ctx.wait_gone("#env-pending", WAIT, "the discarded change is still pending").await;
    assert_eq!(ctx.calls("cluster.envVar.update", "200").await, 0, "a discarded change was sent");

    // Editing plain text and deleting the secret, applied together; the restarts are timed now.
    ctx.click("tr[data-env='MY_VAR'] button.edit-env").await;
    ctx.type_into("#edit-env-value", "world").await;
    ctx.click("#edit-env-submit").await;
    ctx.click("tr[data-env='SMTP_PASSWORD'] button.delete-env").await;
    ctx.wait_text("tr[data-env='SMTP_PASSWORD']", "Delete pending").await;
    let dialog = apply(&ctx, "2 changes").await;
    assert!(dialog.contains("2 changes → 2 restarts, about"), "{dialog}");
    assert!(dialog.contains("the last restart of acme-prod took"), "{dialog}");
    ctx.wait_text("#env-run", "All 2 changes applied").await;
    ctx.wait_text("tr[data-env='MY_VAR']", "world").await;
    ctx.wait_gone("tr[data-env='SMTP_PASSWORD']", WAIT, "the deleted variable is still listed").await;
    assert_eq!(ctx.calls("cluster.envVar.delete", "204").await, 1);
    assert!(ctx.calls("cluster.envVar.detail", "200").await >= 2);
}

/// Adding a variable sends nothing; applying asks first, naming the cluster, the restart
/// and what is known of its length; Cancel sends nothing.
async fn asks_first(ctx: Ctx) {
    open(&ctx).await;
    stage_add(&ctx, "GREETING", "hello").await;
    ctx.wait_text("#env-pending h3", "Pending changes (1)").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 0, "adding sent the change at once");
    ctx.click("#env-apply").await;
    let dialog = ctx.wait_text("dialog[open]", "Restart acme-prod to apply 1 change?").await;
    assert!(dialog.contains("1 change → 1 restart"), "{dialog}");
    assert!(dialog.contains("not known yet"), "an unknown restart length is said to be unknown: {dialog}");
    assert!(dialog.contains("Add GREETING"), "{dialog}");
    no_serious_violations(&ctx, "dialog[open]", "the apply dialog").await;
    ctx.click("dialog[open] button.cancel").await;
    ctx.wait_gone("dialog[open]", WAIT, "Cancel left the dialog open").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 0, "Cancel sent the change");
    ctx.click("#env-apply").await;
    ctx.click("#confirm-env-apply").await;
    ctx.wait_text("tr[data-env='GREETING']", "hello").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 1);
    no_serious_violations(&ctx, "main", "the Environment variables tab").await;
}

/// Three changes, one confirmation, one restart each, sent one after another.
async fn one_run(ctx: Ctx) {
    open(&ctx).await;
    for (name, value) in [("A_ONE", "1"), ("A_TWO", "2"), ("A_THREE", "3")] {
        stage_add(&ctx, name, value).await;
    }
    ctx.wait_text("#env-pending h3", "Pending changes (3)").await;
    let dialog = apply(&ctx, "3 changes").await;
    assert!(dialog.contains("3 changes → 3 restarts"), "{dialog}");
    ctx.wait_text("#env-run", "1 of 3 applied, restarting…").await;
    // The second waits for the first restart to end: never two restarts asked at once.
    assert_eq!(ctx.calls("cluster.envVar.create", "409").await, 0);
    ctx.wait_text("#env-run", "2 of 3 applied").await;
    let started = std::time::Instant::now();
    while !ctx.wait_text("#env-run", "applied").await.contains("All 3 changes applied") {
        assert!(started.elapsed() < RUN, "the run never ended");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for name in ["A_ONE", "A_TWO", "A_THREE"] {
        ctx.find(&format!("tr[data-env='{name}']")).await;
    }
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 3);
    assert_eq!(ctx.calls("cluster.envVar.create", "409").await, 0, "a change was sent during a restart");
    assert!(!ctx.exists("#env-pending").await, "applied changes are still pending");
}

/// Five changes: from the moment Apply is confirmed the tab says the run is in progress
/// (never "No restart in progress" while the activity center counts it), and once all are
/// applied no line of a staged add is left behind.
async fn run_lines(ctx: Ctx) {
    open(&ctx).await;
    for (name, value) in [("B_ONE", "1"), ("B_TWO", "2"), ("B_THREE", "3"), ("B_FOUR", "4")] {
        stage_add(&ctx, name, value).await;
    }
    ctx.click("#env-type-secret").await;
    stage_add(&ctx, "PAYMENTS_API_KEY", "sk-123").await;
    ctx.wait_text("#env-add-note", "Add PAYMENTS_API_KEY: pending").await;
    apply(&ctx, "5 changes").await;
    // At once, before the service's first restart shows.
    let said = ctx.script("return document.getElementById('env-restart').textContent;").await;
    let said = said.as_str().unwrap_or_else(|| panic!("#env-restart not read: {said}")).to_string();
    assert!(!said.contains("No restart in progress"), "the run is not shown as started: {said}");
    ctx.wait_text("#env-restart", "Restart in progress").await;
    let started = std::time::Instant::now();
    while !ctx.wait_text("#env-run", "applied").await.contains("All 5 changes applied") {
        let line = ctx.find("#env-restart").await.text_or_fail().await;
        assert!(!line.contains("No restart in progress"), "the tab says no restart mid-run: {line}");
        assert!(started.elapsed() < RUN, "the run never ended");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(!ctx.exists("#env-add-note").await, "a staged add's note outlived its run");
    let main = ctx.find("main").await.text_or_fail().await;
    assert!(!main.contains("PAYMENTS_API_KEY: pending"), "a pending line is left after the run: {main}");
}

/// The restart status read before a change was sent says nothing of the restart the change
/// starts. With the status answering 3 s late (restarts take 8 s here), the moment the run
/// ends the tab says it is checking, not "No restart in progress" (what the reading from
/// before the send said); then the restart, then its end. The five-change run above meets
/// this moment only by chance.
async fn reading_after_change(ctx: Ctx) {
    open(&ctx).await;
    stage_add(&ctx, "C_ONE", "1").await;
    ctx.arm_fault("/restart-status", 20, "delay_ms=3000").await;
    apply(&ctx, "1 change").await;
    ctx.wait_text("#env-run", "All 1 change applied").await;
    let said = ctx.script("return document.getElementById('env-restart').textContent;").await;
    let said = said.as_str().unwrap_or_else(|| panic!("#env-restart not read: {said}")).to_string();
    assert!(said.contains("Checking for restarts"), "the line once the change was applied: {said}");
    ctx.wait_text("#env-restart", "Restart in progress").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 1);
}

/// A pasted block leaves the screen once staged, a refused password line too; a staged
/// change of a plain value shows old → new (a secret's never).
async fn paste_cleared_and_old_new(ctx: Ctx) {
    open(&ctx).await;
    ctx.click("#env-paste summary").await;
    ctx.type_into("#env-dotenv", "KC_DB_PASSWORD=hunter2\nAPP_MODE=blue\n").await;
    ctx.click("#env-dotenv-stage").await;
    ctx.wait_text("#env-dotenv-note", "1 line not staged").await;
    let left = ctx.find("#env-dotenv").await.prop_or_fail("value").await.unwrap_or_default();
    assert_eq!(left, "", "the pasted text stays on screen");
    assert!(!ctx.source().await.contains("hunter2"), "the password is still in the page");
    apply(&ctx, "1 change").await;
    ctx.wait_text("#env-run", "All 1 change applied").await;
    ctx.wait_text("tr[data-env='APP_MODE']", "blue").await;
    ctx.click("tr[data-env='APP_MODE'] button.edit-env").await;
    ctx.type_into("#edit-env-value", "green").await;
    ctx.click("#edit-env-submit").await;
    let diff = ctx.wait_text("#env-pending [data-pending='APP_MODE'] .pending-diff", "→").await;
    assert!(diff.contains("blue") && diff.contains("green"), "{diff}");
    let (old, new) = (diff.find("blue"), diff.find("green"));
    assert!(matches!((old, new), (Some(o), Some(n)) if o < n), "not old → new: {diff}");
}

/// Staged changes are kept in this tab's sessionStorage, a secret's value never: after a
/// reload the secret asks for it again.
async fn survive_reload(ctx: Ctx) {
    open(&ctx).await;
    stage_add(&ctx, "PLAIN_ONE", "visible").await;
    ctx.click("#env-type-secret").await;
    stage_add(&ctx, "API_TOKEN", "s3cr3t-value").await;
    let kept = ctx.script("return sessionStorage.getItem('console.env-staged') || '';").await;
    let kept = kept.as_str().unwrap_or_default().to_string();
    assert!(kept.contains("API_TOKEN") && kept.contains("PLAIN_ONE"), "not kept: {kept}");
    assert!(!kept.contains("s3cr3t-value"), "a secret value is in sessionStorage: {kept}");

    ctx.goto(ENV_VARS).await;
    sign_in_again(&ctx, ENV_VARS).await;
    ctx.wait_text("#env-pending h3", "Pending changes (2)").await;
    ctx.wait_text("#env-pending", "Add PLAIN_ONE").await;
    ctx.wait_text("li[data-pending='API_TOKEN']", "Value of API_TOKEN").await;
    assert!(disabled(&ctx, "#env-apply").await, "a secret without its value can be applied");
    ctx.wait_text("#env-apply-why", "Enter the value").await;
    no_serious_violations(&ctx, "#env-pending", "the pending changes").await;
    ctx.type_into("li[data-pending='API_TOKEN'] input.pending-secret", "s3cr3t-value").await;
    // The value is taken when the field is left.
    ctx.click("#env-pending h3").await;
    apply(&ctx, "2 changes").await;
    ctx.wait_text("#env-run", "All 2 changes applied").await;
    ctx.wait_text("tr[data-env='API_TOKEN']", "Hidden (secret)").await;
    ctx.wait_text("tr[data-env='PLAIN_ONE']", "visible").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 2);
}

/// A pasted block: each bad line says why, the rest is staged.
async fn pasted_block(ctx: Ctx) {
    open(&ctx).await;
    ctx.click("#env-paste summary").await;
    let block = "# from .env\nDB_HOST=db.internal\nexport \
                 DB_PORT=5432\nKC_DB=postgres\nKC_SPI_THEME_DEFAULT=acme\n\
                 DB_HOST=other\nnot a line\n";
    ctx.type_into("#env-dotenv", block).await;
    ctx.click("#env-dotenv-stage").await;
    ctx.wait_text("#env-dotenv-note", "3 lines staged; 3 lines not staged").await;
    let problems = ctx.wait_text("#env-dotenv-problems", "Line 4").await;
    assert!(problems.contains("Line 4: KC_DB is reserved"), "{problems}");
    assert!(problems.contains("Line 6: DB_HOST is already set on line 2"), "{problems}");
    assert!(problems.contains("Line 7: not NAME=value"), "{problems}");
    ctx.wait_text("#env-pending h3", "Pending changes (3)").await;
    let pending = ctx.wait_text("#env-pending", "Add DB_HOST").await;
    assert!(pending.contains("Add DB_PORT") && pending.contains("Add KC_SPI_THEME_DEFAULT"), "{pending}");
    assert!(!pending.contains("KC_DB "), "a reserved name was staged: {pending}");
    no_serious_violations(&ctx, "#env-vars", "the paste block").await;
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 0, "pasting sent something");
}

/// The second of three changes fails (its variable was deleted elsewhere): the run stops
/// and says which one and why; it and the third stay pending.
async fn failed_change(ctx: Ctx) {
    ctx.goto(ENV_VARS).await;
    sign_in_again(&ctx, ENV_VARS).await;
    // Another client adds DOOMED (and waits for its restart to end).
    let script = as_admin_elsewhere(
        "const h = { Authorization: 'Bearer ' + token.access_token, 'Content-Type': 'application/json' };
        const r = await fetch('/v2/clusters/cl-acme-prod/env-vars', { method: 'POST', headers: h,
            body: JSON.stringify({ name: 'DOOMED', value: 'x', type: 'STRING' }) });
        done(r.status);",
    );
    let status = ctx.script_async(&script).await;
    assert_eq!(status, serde_json::json!(200), "the outside add failed");
    ctx.goto(ENV_VARS).await;
    sign_in_again(&ctx, ENV_VARS).await;
    ctx.wait_text("tr[data-env='DOOMED']", "x").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;

    stage_add(&ctx, "FIRST_OK", "1").await;
    ctx.click("tr[data-env='DOOMED'] button.edit-env").await;
    ctx.type_into("#edit-env-value", "y").await;
    ctx.click("#edit-env-submit").await;
    stage_add(&ctx, "NEVER_SENT", "3").await;
    // DOOMED goes away behind the console's back.
    let script = as_admin_elsewhere(
        "const h = { Authorization: 'Bearer ' + token.access_token };
        const list = await fetch('/v2/clusters/cl-acme-prod/env-vars', { headers: h }).then(r => r.json());
        const v = list.find(v => v.name === 'DOOMED');
        let r;
        for (let i = 0; i < 40; i++) {
            r = await fetch('/v2/clusters/cl-acme-prod/env-vars/' + v.id, { method: 'DELETE', headers: h });
            if (r.status !== 409) break;
            await new Promise(ok => setTimeout(ok, 500));
        }
        done(r.status);",
    );
    assert_eq!(ctx.script_async(&script).await, serde_json::json!(204), "the outside delete failed");
    ctx.wait_text("#env-restart", "No restart in progress").await;
    apply(&ctx, "3 changes").await;
    let failure = ctx.wait_text("#env-run-failure", "Stopped").await;
    assert!(failure.contains("“Change DOOMED” failed"), "{failure}");
    assert!(failure.contains("1 of 3 applied; 2 changes still pending"), "{failure}");
    let pending = ctx.wait_text("#env-pending", "Change DOOMED").await;
    assert!(pending.contains("Add NEVER_SENT"), "the rest is lost: {pending}");
    ctx.wait_text("#env-pending h3", "Pending changes (2)").await;
    ctx.find("tr[data-env='FIRST_OK']").await;
    assert_eq!(ctx.calls("cluster.envVar.update", "404").await, 1);
    tokio::time::sleep(Duration::from_secs(4)).await;
    // DOOMED's own add (by the other client) and FIRST_OK: NEVER_SENT never went out.
    assert_eq!(ctx.calls("cluster.envVar.create", "200").await, 2, "the run went on after the failure");
    no_serious_violations(&ctx, "#env-vars", "the stopped run").await;
}
