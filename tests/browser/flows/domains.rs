//! A cluster's custom domains (the Domains tab): the records and their copy buttons, the
//! certificate issued with no reload, the primary host (asked first, the cluster read back
//! after Cancel and after Confirm, focus never left on the page body) and the overview,
//! deleting; and the
//! viewer, who reads the Domains and Environment variables tabs and changes neither.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::{Flow, copied, disabled, read_elsewhere, record_clipboard, sign_in_again, wait_focus_on};
use crate::harness::{Ctx, WAIT, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("domains_records_primary_and_delete", |d| Box::pin(run_flow(d, quick(), domain_lifecycle))),
        ("domains_and_env_vars_read_only_for_viewer", |d| Box::pin(run_flow(d, quick(), viewer_read_only))),
    ]
}

/// Records are found 6 s after a domain is added (so the flow can read them), the
/// certificate 6 s later; restarts take 3 s.
fn quick() -> Config {
    Config { dns: Duration::from_secs(6), restart: Duration::from_secs(3), ..Config::default() }
}

const DOMAINS: &str = "/clusters/cl-acme-prod/domains";
const CARD: &str = "article[data-domain='auth.acme.com']";

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

    // Make primary asks first: every issuer and redirect URL moves, old clients break.
    ctx.click(&format!("{CARD} button.make-primary")).await;
    let dialog = ctx.wait_text("dialog[open]", "Make auth.acme.com the primary host of acme-prod?").await;
    assert!(
        dialog.contains("The issuer of every realm on acme-prod becomes https://auth.acme.com/auth/realms/"),
        "{dialog}"
    );
    assert!(
        dialog.contains("every redirect URL moves from acme-prod.global.auth.ac to auth.acme.com"),
        "{dialog}"
    );
    assert!(dialog.contains("configured with the old host acme-prod.global.auth.ac"), "{dialog}");
    wait_focus_on(&ctx, "dialog[open] button.cancel", "the question's first control").await;
    ctx.snap("domains-switch-dialog").await;
    ctx.click("dialog[open] button.cancel").await;
    ctx.wait_gone("dialog[open]", Duration::from_secs(5), "Cancel left the dialog open").await;
    wait_focus_on(&ctx, &format!("{CARD} button.make-primary"), "after Cancel").await;
    assert_eq!(ctx.calls("cluster.host.update", "200").await, 0, "Cancel switched the host");
    assert!(cluster_host(&ctx).await.contains("acme-prod.global.auth.ac"), "Cancel changed the host");
    ctx.wait_text("#primary-host", "(the cluster's default host)").await;

    ctx.click(&format!("{CARD} button.make-primary")).await;
    ctx.click("#confirm-host-switch").await;
    ctx.wait_text("#primary-host", "Primary host: auth.acme.com").await;
    ctx.wait_text(&format!("{CARD} .primary-mark"), "Primary host").await;
    // Its button is gone: focus goes to the card's heading, not the page body.
    wait_focus_on(&ctx, &format!("{CARD} h3"), "after Make primary").await;
    assert!(cluster_host(&ctx).await.contains("auth.acme.com"), "the service kept the old host");
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
    let dialog =
        ctx.wait_text("dialog[open]", "Make acme-prod.global.auth.ac the primary host of acme-prod?").await;
    assert!(dialog.contains("configured with the old host auth.acme.com"), "{dialog}");
    ctx.click("#confirm-host-switch").await;
    ctx.wait_text("#primary-host", "(the cluster's default host)").await;
    wait_focus_on(&ctx, "#primary-host", "after switching back").await;
    assert!(
        cluster_host(&ctx).await.contains("acme-prod.global.auth.ac"),
        "the service kept the custom host"
    );
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

/// The cluster's live host, read from the service (not the page).
async fn cluster_host(ctx: &Ctx) -> String {
    let cluster = read_elsewhere(ctx, "/clusters/cl-acme-prod").await;
    cluster["host"].as_str().unwrap_or_else(|| panic!("no host in {cluster}")).to_string()
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
    // One line says why, in place of the forms (issue 38: not every form drawn disabled).
    ctx.wait_text("#env-read-only", "manage-clusters").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    assert!(!ctx.exists("#add-env-submit").await, "a viewer is offered to add variables");
}
