//! The Access tab's IP rules: two categories then one cleared, an invalid CIDR refused in
//! the form, the premium cap, and starter's limit said once.

use std::time::Duration;

use cluster_sandbox::demo;

use super::{ACCESS, add_rule, count, enabled};
use crate::flows::open_signed_in;
use crate::harness::{Ctx, OrFail};

pub(super) async fn two_categories(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-admin").await;
    ctx.wait_text("#ip-cap", "Enterprise").await;
    ctx.wait_text("#ip-admin", "Admin paths (allow)").await;
    ctx.wait_text("#ip-realm-allowed", "Public allowed paths").await;
    ctx.wait_text("#ip-realm-blocked", "Public blocked paths").await;
    add_rule(&ctx, "admin", 1, "203.0.113.4", "office").await;
    add_rule(&ctx, "realm-blocked", 1, "198.51.100.0/24", "abuse").await;
    ctx.click("#save-ip-rules").await;
    // The first admin rule locks the admin console to the list: asked first, and the
    // blocked list's new address is in the same question.
    ctx.wait_text(".confirm-dialog", "answer only these addresses").await;
    ctx.wait_text(".confirm-dialog", "203.0.113.4").await;
    ctx.wait_text(".confirm-dialog [data-list=realm-blocked]", "End users at 198.51.100.0/24 lose access")
        .await;
    ctx.snap("access-lock-dialog").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 1);

    // Each saved rule links to its own page.
    ctx.click("#ip-admin .rule-row:nth-child(1) a.rule-link").await;
    ctx.wait_url("/access/ipr-").await;
    ctx.wait_text("#ip-rule-address", "203.0.113.4").await;
    ctx.wait_text("#ip-rule-endpoint", "ADMIN").await;
    ctx.wait_text("#ip-rule-action", "Allow").await;
    ctx.wait_text("#ip-rule-alias", "office").await;
    ctx.snap("access-rule-detail").await;
    assert!(ctx.calls("cluster.ipRule.detail", "200").await >= 1);
    ctx.click("#back-to-access").await;

    // Clear the blocked list: removing an address asks too, about that list only.
    ctx.click("#ip-realm-blocked .rule-row:nth-child(1) .remove-rule").await;
    ctx.click("#save-ip-rules").await;
    let dialog = ctx.wait_text(".confirm-dialog", "No longer blocked: 198.51.100.0/24.").await;
    assert!(
        !ctx.exists(".confirm-dialog [data-list=admin]").await,
        "the unchanged admin list is in the question: {dialog}"
    );
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 2);

    // Read back from the service: the admin rule stayed, the blocked list is empty.
    open_signed_in(&ctx, ACCESS, "#ip-admin .rule-row").await;
    assert_eq!(count(&ctx, "#ip-admin .rule-row").await, 1);
    assert_eq!(count(&ctx, "#ip-realm-blocked .rule-row").await, 0);
    let address = ctx.find("#ip-admin .rule-row input.address").await.prop_or_fail("value").await;
    assert_eq!(address.as_deref(), Some("203.0.113.4"));
}

pub(super) async fn invalid_cidr(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-admin").await;
    add_rule(&ctx, "realm-blocked", 1, "198.51.100.0/33", "typo").await;
    ctx.wait_text("#ip-realm-blocked .address-problem", "0 to 32").await;
    assert!(!enabled(&ctx, "#save-ip-rules").await, "an invalid CIDR can be saved");
    ctx.wait_text("#save-ip-why", "Fix the addresses").await;
    ctx.type_into("#ip-realm-blocked .rule-row:nth-child(1) input.address", "not-an-ip").await;
    ctx.wait_text("#ip-realm-blocked .address-problem", "Not an IP address").await;
    ctx.type_into("#ip-realm-blocked .rule-row:nth-child(1) input.address", "198.51.100.0/24").await;
    ctx.wait_gone(
        "#ip-realm-blocked .rule-row:nth-child(1) input[aria-invalid]",
        Duration::from_secs(5),
        "the problem stayed",
    )
    .await;
    assert!(enabled(&ctx, "#save-ip-rules").await);
    assert_eq!(ctx.calls("cluster.ipRule.update", "400").await, 0, "the form sent an invalid address");
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
}

pub(super) async fn premium_cap(ctx: Ctx) {
    let path = "/clusters/cl-acme-staging/access";
    open_signed_in(&ctx, path, "#ip-admin").await;
    ctx.wait_text("#ip-cap", "Premium: 2 rules, admin paths only").await;
    ctx.wait_text("#add-realm-allowed-why", "admin paths only").await;
    assert!(!enabled(&ctx, "#add-realm-allowed").await && !enabled(&ctx, "#add-realm-blocked").await);
    add_rule(&ctx, "admin", 1, "203.0.113.4", "office").await;
    add_rule(&ctx, "admin", 2, "2001:db8::/48", "vpn").await;
    ctx.wait_text("#add-admin-why", "2 rules").await;
    assert!(!enabled(&ctx, "#add-admin").await, "a third rule can be added on premium");
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 1);
}

/// Starter allows no IP rule: the cap line says so once, above the lists, then each list's
/// empty state; no disabled Add with a second (or a contradicting) reason.
pub(super) async fn starter_once(ctx: Ctx) {
    let path = format!("/clusters/{}/access", demo::ACME_LEGACY);
    open_signed_in(&ctx, &path, "#ip-admin").await;
    ctx.wait_text("#ip-cap", "Starter: no IP rules").await;
    ctx.wait_text("#ip-admin .empty-rules", "No addresses").await;
    let main = ctx.find("main").await.text_or_fail().await;
    assert!(!main.contains("admin paths only"), "starter is told of admin-path rules: {main}");
    assert!(!main.contains("This tier allows no IP rules"), "the limit is said twice: {main}");
    let (limit, empty) = (main.find("no IP rules"), main.find("No addresses"));
    assert!(matches!((limit, empty), (Some(l), Some(e)) if l < e), "the limit is not said first: {main}");
    for slug in ["admin", "realm-allowed", "realm-blocked"] {
        assert!(!ctx.exists(&format!("#add-{slug}")).await, "{slug} offers a disabled Add on starter");
    }
}
