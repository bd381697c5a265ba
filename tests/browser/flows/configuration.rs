//! Cluster configuration: the Domains tab (records and their copy buttons, the
//! certificate issued with no reload, the primary host and the overview, deleting) and
//! the Keycloak settings tab (adding, the restart it starts, a change queued behind a
//! restart and applied, masked secrets, reserved names), and the viewer on both.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::{Flow, restart_elsewhere, sign_in_again};
use crate::harness::{Ctx, WAIT, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("configuration_domain_records_primary_and_delete", |d| {
            Box::pin(run_flow(d, quick(), domain_lifecycle))
        }),
        ("configuration_env_vars_restart_queue_and_secrets", |d| Box::pin(run_flow(d, quick(), env_vars))),
        ("configuration_read_only_for_viewer", |d| Box::pin(run_flow(d, quick(), viewer_read_only))),
    ]
}

/// Records are found 6 s after a domain is added (so the flow can read them), the
/// certificate 6 s later; restarts take 3 s.
fn quick() -> Config {
    Config { dns: Duration::from_secs(6), restart: Duration::from_secs(3), ..Config::default() }
}

const DOMAINS: &str = "/clusters/cl-acme-prod/domains";
const SETTINGS: &str = "/clusters/cl-acme-prod/env-vars";
const CARD: &str = "article[data-domain='auth.acme.com']";

/// Replaces the clipboard with a recorder, so the flow sees exactly what a copy button copied.
pub(super) async fn record_clipboard(ctx: &Ctx) {
    let script = "window.__copied = [];\
        Object.defineProperty(navigator, 'clipboard', { configurable: true, value: {\
            writeText: t => { window.__copied.push(t); return Promise.resolve(); } } });\
        return 1;";
    ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("clipboard: {e}"));
}

pub(super) async fn copied(ctx: &Ctx) -> Vec<String> {
    let value = ctx.client.execute("return window.__copied || [];", vec![]).await.unwrap_or_default();
    serde_json::from_value(value).unwrap_or_default()
}

async fn disabled(ctx: &Ctx, css: &str) -> bool {
    !ctx.find(css).await.is_enabled().await.unwrap_or(true)
}

async fn domain_lifecycle(ctx: Ctx) {
    ctx.goto(DOMAINS).await;
    sign_in_again(&ctx, DOMAINS).await;
    ctx.wait_text("#domain-usage", "0 of 15 domains").await;
    ctx.wait_text("#primary-host", "acme-prod.global.auth.ac (the cluster's default host)").await;
    ctx.find("#no-domains").await;

    // A URL is refused in the form, before anything is sent.
    ctx.type_into("#domain-host", "https://auth.acme.com").await;
    ctx.click("#add-domain-submit").await;
    ctx.wait_text("#domain-host-problem", "without https://").await;
    assert_eq!(ctx.calls("cluster.domain.create", "400").await, 0, "a URL was sent");

    ctx.type_into("#domain-host", "auth.acme.com").await;
    ctx.click("#add-domain-submit").await;
    ctx.find(CARD).await;
    ctx.wait_text("#domain-usage", "1 of 15 domains").await;
    ctx.wait_text(&format!("{CARD} .dns-status"), "Waiting for DNS records").await;
    ctx.wait_text(&format!("{CARD} .primary-block"), "once its certificate is issued").await;
    assert!(
        disabled(&ctx, &format!("{CARD} button.make-primary")).await,
        "Make primary is offered before the certificate"
    );
    ctx.wait_text(&format!("{CARD} .hint"), "48 hours").await;

    // The records, each name and value with a copy button that copies exactly it.
    record_clipboard(&ctx).await;
    let vanity = format!("{CARD} tr[data-record='auth.acme.com.']");
    ctx.wait_text(&vanity, "acme-prod.global.auth.ac.").await;
    ctx.snap("domains-records").await;
    ctx.click(&format!("{vanity} td:nth-child(3) button.copy")).await;
    ctx.wait_text(&format!("{vanity} td:nth-child(3) .copy-note"), "Copied").await;
    ctx.click(&format!("{vanity} td:nth-child(2) button.copy")).await;
    let validation = ctx.find(&format!("{CARD} tr[data-record^='_'] td:nth-child(2) button.copy")).await;
    validation.click().await.unwrap_or_else(|e| panic!("copy validation name: {e}"));
    let got = copied(&ctx).await;
    assert_eq!(
        got.get(..2),
        Some(&["acme-prod.global.auth.ac.".to_string(), "auth.acme.com.".to_string()][..]),
        "{got:?}"
    );
    assert!(got.get(2).is_some_and(|n| n.starts_with('_') && n.ends_with(".auth.acme.com.")), "{got:?}");

    // The link for a DNS admin shows that domain's records on their own (cluster.domain.detail).
    ctx.click(&format!("{CARD} a.domain-link")).await;
    ctx.wait_url("domains?domain=dom-").await;
    ctx.wait_text("#domain-focus tr[data-record='auth.acme.com.']", "acme-prod.global.auth.ac.").await;
    ctx.wait_text("#domain-focus", "within 48 hours").await;
    ctx.click("#domain-focus a").await;
    ctx.wait_gone("#domain-focus", WAIT, "the single-domain view stayed").await;
    assert_eq!(ctx.calls("cluster.domain.detail", "200").await, 1);

    // DNS, then the certificate, with no reload.
    ctx.wait_text(&format!("{CARD} .dns-status"), "DNS verified").await;
    ctx.wait_text(&format!("{CARD} .cert-status"), "Certificate issued").await;
    assert!(
        !ctx.exists(&format!("{CARD} table.records")).await,
        "records are still asked for once validated"
    );

    ctx.click(&format!("{CARD} button.make-primary")).await;
    ctx.wait_text("#primary-host", "Primary host: auth.acme.com").await;
    ctx.wait_text(&format!("{CARD} .primary-mark"), "Primary host").await;
    // Deleting the primary is refused, with the way forward.
    assert!(disabled(&ctx, &format!("{CARD} button.delete-domain")).await, "the primary host can be deleted");
    ctx.wait_text(&format!("{CARD} .delete-block"), "Switch back to the default host").await;
    ctx.snap("domains-primary").await;

    // The overview shows the new host, and its Custom domain line leads back here.
    ctx.click("nav.tabs a[href='/clusters/cl-acme-prod']").await;
    ctx.wait_text("#custom-domain", "auth.acme.com (primary host)").await;
    ctx.wait_text(".fields", "https://auth.acme.com").await;
    ctx.click("#custom-domain-link").await;
    ctx.wait_url(DOMAINS).await;

    ctx.click("#switch-to-default").await;
    ctx.wait_text("#primary-host", "(the cluster's default host)").await;
    assert!(!ctx.exists(&format!("{CARD} .primary-mark")).await, "still marked primary");
    ctx.click(&format!("{CARD} button.delete-domain")).await;
    ctx.wait_text("dialog[open]", "Delete auth.acme.com?").await;
    ctx.click("dialog[open] .confirm-delete-domain").await;
    ctx.wait_gone(CARD, WAIT, "the deleted domain is still shown").await;
    ctx.find("#no-domains").await;
    ctx.wait_text("#domain-usage", "0 of 15 domains").await;
    assert_eq!(ctx.calls("cluster.domain.delete", "204").await, 1);
    assert_eq!(ctx.calls("cluster.host.update", "200").await, 2);
}

async fn env_vars(ctx: Ctx) {
    ctx.goto(SETTINGS).await;
    sign_in_again(&ctx, SETTINGS).await;
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
    ctx.wait_text("#env-blocked", "restarting").await;
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
    let source = ctx.client.source().await.unwrap_or_default();
    assert!(!source.contains("hunter2"), "the secret is in the page");
    ctx.click("tr[data-env='SMTP_PASSWORD'] button.edit-env").await;
    let field = ctx.find("#edit-env-value").await;
    assert_eq!(field.prop("value").await.ok().flatten().unwrap_or_default(), "", "the secret is prefilled");
    assert_eq!(field.attr("type").await.ok().flatten().as_deref(), Some("password"));
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

async fn viewer_read_only(ctx: Ctx) {
    ctx.goto(DOMAINS).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_url(DOMAINS).await;
    ctx.wait_text("#domains-read-only", "manage-clusters").await;
    ctx.wait_text("#domain-usage", "0 of 15 domains").await;
    assert!(!ctx.exists("#add-domain").await, "a viewer is offered to add domains");
    ctx.click("nav.tabs a[href='/clusters/cl-acme-prod/env-vars']").await;
    ctx.wait_text("#env-blocked", "manage-clusters").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    assert!(disabled(&ctx, "#add-env-submit").await, "a viewer may add variables");
}
