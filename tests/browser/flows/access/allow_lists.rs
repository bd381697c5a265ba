//! Saves that change who may reach the cluster ask first: the admin allow list says who
//! loses access, and the public allow list is read back from the service after Cancel and
//! after Confirm.

use std::time::Duration;

use super::{ACCESS, add_rule};
use crate::flows::{open_signed_in, read_elsewhere, wait_focus_on};
use crate::harness::{Ctx, OrFail};

/// Every save that sets a new admin allow list asks first and says who loses access; the
/// remove control names the address it removes.
pub(super) async fn asks_before_lockout(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-admin").await;
    add_rule(&ctx, "admin", 1, "203.0.113.4", "office").await;
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;

    // The list is on already; changing it can still lock everyone out: asked again.
    add_rule(&ctx, "admin", 2, "198.51.100.7", "vpn").await;
    let remove = ctx.find("#ip-admin .rule-row:nth-child(2) .remove-rule").await;
    assert_eq!(remove.attr_or_fail("aria-label").await.as_deref(), Some("Remove 198.51.100.7"));
    assert_eq!(remove.text().await.unwrap_or_default(), "Remove", "the control is a bare sign");
    ctx.click("#ip-admin .rule-row:nth-child(1) .remove-rule").await;
    ctx.click("#save-ip-rules").await;
    let dialog = ctx.wait_text(".confirm-dialog", "Change who can reach acme-prod?").await;
    assert!(dialog.contains("198.51.100.7"), "{dialog}");
    assert!(dialog.contains("Removed: 203.0.113.4."), "{dialog}");
    assert!(dialog.contains("Every address outside this list loses access to the admin paths"), "{dialog}");
    assert!(dialog.contains("admins signed in"), "{dialog}");
    crate::flows::axe::no_serious_violations(&ctx, "dialog[open]", "the lock-out dialog").await;
    ctx.click("dialog[open] button.cancel").await;
    ctx.wait_gone("dialog[open]", Duration::from_secs(5), "Cancel left the dialog open").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 1, "the list was saved without asking");
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 2);
    crate::flows::axe::no_serious_violations(&ctx, "main", "the Access tab").await;
}

/// The public allow list's addresses, read from the service (not the page).
async fn public_allowed(ctx: &Ctx) -> Vec<(String, String)> {
    let rules = read_elsewhere(ctx, "/clusters/cl-acme-prod/ip-rules").await;
    let list = rules["realmAllowedIpRules"]
        .as_array()
        .unwrap_or_else(|| panic!("no realmAllowedIpRules list in {rules}"));
    list.iter()
        .map(|r| match (r["address"].as_str(), r["alias"].as_str()) {
            (Some(address), Some(alias)) => (address.to_string(), alias.to_string()),
            _ => panic!("a rule without address and alias: {r}"),
        })
        .collect()
}

/// Opens the Save question and checks it opened as the kit's modal, focus on its first
/// control (Cancel, the safe one); gives the dialog's text.
async fn save_asks(ctx: &Ctx, needle: &str) -> String {
    ctx.click("#save-ip-rules").await;
    let dialog = ctx.wait_text("dialog[open].confirm-dialog", needle).await;
    assert!(
        dialog.contains("Change who can reach acme-prod?"),
        "the question does not name the cluster: {dialog}"
    );
    wait_focus_on(ctx, "dialog[open] button.cancel", "the question's first control").await;
    dialog
}

/// Waits until the service has saved IP rules `n` times in all.
async fn wait_saves(ctx: &Ctx, n: u64) {
    let started = std::time::Instant::now();
    while ctx.calls("cluster.ipRule.update", "200").await < n {
        assert!(started.elapsed() < crate::harness::WAIT, "IP rules were not saved {n} times");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, n, "saved more often than asked");
}

async fn cancel(ctx: &Ctx) {
    ctx.click("dialog[open] button.cancel").await;
    ctx.wait_gone("dialog[open]", Duration::from_secs(5), "Cancel left the dialog open").await;
}

/// "Public allowed paths (allow only these)": adding an address makes every realm's login and
/// /token answer it alone, so Save asks, naming the cluster and end users; Cancel saves
/// nothing and keeps what was typed; confirming saves. An alias edit saves at once; removing
/// the address asks again.
pub(super) async fn public_allow_list_asks(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-realm-allowed").await;
    assert_eq!(public_allowed(&ctx).await, vec![], "the demo starts with a public allow list");
    add_rule(&ctx, "realm-allowed", 1, "198.51.100.7", "office").await;
    let dialog = save_asks(
        &ctx,
        "login and /token of every realm on acme-prod answer only these addresses: 198.51.100.7",
    )
    .await;
    assert!(dialog.contains("Public allowed paths (allow only these)"), "{dialog}");
    assert!(dialog.contains("Added: 198.51.100.7."), "{dialog}");
    assert!(dialog.contains("End users signing in from any other address lose access"), "{dialog}");
    ctx.snap("access-public-allow-dialog").await;

    cancel(&ctx).await;
    assert!(!ctx.exists("#ip-rules-saved").await, "Cancel says saved");
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 0, "Cancel saved");
    assert_eq!(public_allowed(&ctx).await, vec![], "Cancel changed the service's rules");
    let typed =
        ctx.find("#ip-realm-allowed .rule-row:nth-child(1) input.address").await.prop_or_fail("value").await;
    assert_eq!(typed.as_deref(), Some("198.51.100.7"), "Cancel dropped what was typed");

    save_asks(&ctx, "198.51.100.7").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(public_allowed(&ctx).await, vec![("198.51.100.7".to_string(), "office".to_string())]);

    // A new alias changes nobody's access: saved at once.
    ctx.type_into("#ip-realm-allowed .rule-row:nth-child(1) input.alias", "vpn").await;
    ctx.click("#save-ip-rules").await;
    wait_saves(&ctx, 2).await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert!(!ctx.exists("dialog[open]").await, "an alias edit asked");
    assert_eq!(public_allowed(&ctx).await, vec![("198.51.100.7".to_string(), "vpn".to_string())]);

    // Removing the address asks too; Cancel keeps it saved and on screen.
    ctx.click("#ip-realm-allowed .rule-row:nth-child(1) .remove-rule").await;
    let dialog = save_asks(&ctx, "Removed: 198.51.100.7.").await;
    assert!(dialog.contains("answer every address again"), "{dialog}");
    cancel(&ctx).await;
    assert_eq!(public_allowed(&ctx).await, vec![("198.51.100.7".to_string(), "vpn".to_string())]);
    assert_eq!(ctx.count("#ip-realm-allowed .rule-row").await, 0, "Cancel brought the removed row back");
    save_asks(&ctx, "Removed: 198.51.100.7.").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_gone("dialog[open]", Duration::from_secs(10), "the confirmed dialog stayed open").await;
    wait_saves(&ctx, 3).await;
    assert_eq!(public_allowed(&ctx).await, vec![], "the confirmed removal was not saved");
}
