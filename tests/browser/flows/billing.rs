//! Cluster creation and billing: the wizard through each payment path, unpaid clusters,
//! the delinquent repair path, and the organization billing page.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::{Flow, add_visa, alice, back_signed_in, person};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("wizard_checkout_pay_provisions", |d| Box::pin(run_flow(d, quick(), checkout_pay))),
        ("wizard_checkout_cancel_then_complete_payment", |d| {
            Box::pin(run_flow(d, quick(), checkout_cancel_then_resume))
        }),
        ("wizard_saved_card", |d| Box::pin(run_flow(d, quick(), saved_card))),
        ("wizard_authentication_completed", |d| Box::pin(run_flow(d, quick(), authentication_completed))),
        ("wizard_authentication_failed_then_retried", |d| {
            Box::pin(run_flow(d, quick(), authentication_retried))
        }),
        ("wizard_authentication_failed_then_checkout", |d| {
            Box::pin(run_flow(d, quick(), authentication_to_checkout))
        }),
        ("wizard_declined_card_keeps_the_form", |d| Box::pin(run_flow(d, quick(), declined_card))),
        ("wizard_name_taken_offers_recommendation", |d| Box::pin(run_flow(d, quick(), name_taken))),
        ("delinquent_cluster_pays_open_invoice", |d| Box::pin(run_flow(d, quick(), delinquent_repair))),
        ("billing_cards_default_and_in_use_removal", |d| Box::pin(run_flow(d, quick(), cards))),
        ("billing_add_card_through_setup", |d| Box::pin(run_flow(d, quick(), add_card))),
        ("billing_three_alike_cards_are_counted_as_three", |d| Box::pin(run_flow(d, quick(), three_alike))),
        ("billing_contacts_add_and_remove", |d| Box::pin(run_flow(d, quick(), contacts))),
        ("billing_card_in_use_offers_the_portal_to_move_it", |d| {
            Box::pin(run_flow(d, quick(), in_use_card_portal))
        }),
        ("billing_past_due_row_offers_pay", |d| Box::pin(run_flow(d, quick(), past_due_pay))),
        ("billing_admin_on_overdue_cluster_sees_one_true_way_to_pay", |d| {
            Box::pin(run_flow(d, quick(), overdue_one_way))
        }),
        ("billing_portal_round_trip", |d| Box::pin(run_flow(d, quick(), portal))),
        ("billing_read_only_for_viewer", |d| Box::pin(run_flow(d, quick(), viewer_read_only))),
    ]
}

fn quick() -> Config {
    Config { provision: Duration::from_secs(3), ..Config::default() }
}

async fn open_wizard(ctx: &Ctx) {
    alice(ctx).await;
    ctx.click("#new-cluster").await;
    ctx.wait_url("/clusters/new").await;
}

async fn plan_and_name(ctx: &Ctx, tier: &str, name: &str) {
    ctx.click(&format!("#tier-{tier}")).await;
    ctx.type_into("#cluster-name", name).await;
    ctx.wait_text("#name-state", "is available").await;
}

async fn pay_with(ctx: &Ctx, card: &str) {
    ctx.click(&format!("input[name=payment][value='{card}']")).await;
}

async fn create(ctx: &Ctx) {
    ctx.click("#create-cluster").await;
}

async fn becomes_active(ctx: &Ctx) {
    ctx.wait_text(".page-head", "Active").await;
}

async fn checkout_pay(ctx: Ctx) {
    open_wizard(&ctx).await;
    plan_and_name(&ctx, "premium", "acme-new").await;
    ctx.wait_text("#summary", "$999.00 / month").await;
    ctx.click("#pay-on-checkout").await;
    ctx.snap("wizard").await;
    create(&ctx).await;
    ctx.wait_url("/sandbox/checkout/").await;
    ctx.wait_text("body", "$999.00").await;
    ctx.click("#checkout-pay").await;
    back_signed_in(&ctx, "/clusters/").await;
    ctx.wait_text("#checkout-return", "Payment received").await;
    // One operation, one banner: the state note does not say "being set up" again, and the
    // marker is out of the address (a reload would announce the payment again).
    assert!(!ctx.exists("#state-note").await, "two banners after checkout");
    super::url_without(&ctx, "checkout=").await;
    becomes_active(&ctx).await;
}

async fn checkout_cancel_then_resume(ctx: Ctx) {
    open_wizard(&ctx).await;
    plan_and_name(&ctx, "starter", "acme-starter").await;
    let annual = ctx.find("#period-annual").await;
    assert!(annual.attr_or_fail("disabled").await.is_some(), "starter offers annual billing");
    ctx.wait_text("#summary", "30-day free trial").await;
    ctx.click("#pay-on-checkout").await;
    create(&ctx).await;
    ctx.wait_url("/sandbox/checkout/").await;
    ctx.wait_text("body", "30-day free trial").await;
    ctx.click("#checkout-cancel").await;
    back_signed_in(&ctx, "/clusters/").await;
    ctx.wait_text("#checkout-return", "cancelled").await;
    ctx.wait_text(".page-head", "Waiting for payment").await;
    ctx.click("#complete-payment").await;
    ctx.wait_url("/sandbox/checkout/").await;
    ctx.click("#checkout-pay").await;
    back_signed_in(&ctx, "/clusters/").await;
    becomes_active(&ctx).await;
}

async fn saved_card(ctx: Ctx) {
    open_wizard(&ctx).await;
    plan_and_name(&ctx, "enterprise", "acme-card").await;
    // The organization's default card is offered first.
    let default = ctx.find("input[name=payment][value='pm_card_visa']").await;
    assert!(
        default.prop_or_fail("checked").await.as_deref() == Some("true"),
        "the default card is not preselected"
    );
    ctx.wait_text("#summary", "charged to the selected card").await;
    create(&ctx).await;
    ctx.wait_text(".flash", "acme-card was created").await;
    ctx.wait_url("/clusters/").await;
    ctx.wait_text(".page-head", "Provisioning").await;
    becomes_active(&ctx).await;
}

async fn start_authentication(ctx: &Ctx, name: &str) {
    open_wizard(ctx).await;
    plan_and_name(ctx, "premium", name).await;
    pay_with(ctx, "pm_card_authenticationRequired").await;
    create(ctx).await;
    ctx.wait_text("#sandbox-3ds", "Authentication required").await;
    ctx.snap("authentication").await;
}

async fn authentication_completed(ctx: Ctx) {
    start_authentication(&ctx, "acme-secure").await;
    ctx.click("#sandbox-3ds-complete").await;
    ctx.wait_text(".flash", "Payment confirmed").await;
    becomes_active(&ctx).await;
}

async fn authentication_retried(ctx: Ctx) {
    start_authentication(&ctx, "acme-retry").await;
    ctx.click("#sandbox-3ds-fail").await;
    ctx.wait_text("#payment-failed", "unable to authenticate").await;
    ctx.click("#retry-payment").await;
    ctx.click("#sandbox-3ds-complete").await;
    ctx.wait_text(".flash", "Payment confirmed").await;
    becomes_active(&ctx).await;
}

async fn authentication_to_checkout(ctx: Ctx) {
    start_authentication(&ctx, "acme-other-card").await;
    ctx.click("#sandbox-3ds-fail").await;
    ctx.wait_text("#payment-failed", "not paid for yet").await;
    ctx.click("#use-checkout").await;
    ctx.wait_url("/sandbox/checkout/").await;
    ctx.click("#checkout-pay").await;
    back_signed_in(&ctx, "/clusters/").await;
    becomes_active(&ctx).await;
}

async fn declined_card(ctx: Ctx) {
    open_wizard(&ctx).await;
    plan_and_name(&ctx, "premium", "acme-declined").await;
    pay_with(&ctx, "pm_card_chargeDeclined").await;
    create(&ctx).await;
    ctx.wait_text("[role=alert]", "declined").await;
    let kept = ctx.find("#cluster-name").await.prop_or_fail("value").await.unwrap_or_default();
    assert_eq!(kept, "acme-declined", "the form lost what was typed");
    ctx.click(".breadcrumbs a").await;
    let table = ctx.wait_text("table.clusters", "acme-prod").await;
    assert!(!table.contains("acme-declined"), "a declined payment left a cluster behind");
}

async fn name_taken(ctx: Ctx) {
    open_wizard(&ctx).await;
    ctx.type_into("#cluster-name", "acme-prod").await;
    ctx.wait_text("#name-state", "is taken").await;
    ctx.click("#use-recommendation").await;
    ctx.wait_text("#name-state", "is available").await;
    let value = ctx.find("#cluster-name").await.prop_or_fail("value").await.unwrap_or_default();
    assert!(value.starts_with("acme-prod-"), "{value}");
}

async fn delinquent_repair(ctx: Ctx) {
    alice(&ctx).await;
    // A reload (as a bookmark would): signed in again silently, on the same page.
    ctx.goto("/clusters/cl-acme-overdue/billing").await;
    back_signed_in(&ctx, "/clusters/cl-acme-overdue/billing").await;
    ctx.wait_text(".page-head", "Payment required").await;
    ctx.wait_text("#open-invoice", "$999.00").await;
    ctx.snap("cluster-billing").await;
    ctx.click("#pay-open-invoice").await;
    ctx.wait_url("/sandbox/invoice/").await;
    ctx.click("#checkout-pay").await;
    back_signed_in(&ctx, "/clusters/").await;
    becomes_active(&ctx).await;
}

async fn open_billing(ctx: &Ctx) {
    alice(ctx).await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#card-table", "4242").await;
}

async fn cards(ctx: Ctx) {
    open_billing(&ctx).await;
    ctx.wait_text("tr[data-card=pm_card_visa]", "acme-prod").await;
    ctx.click("tr[data-card=pm_card_mastercard] .make-default").await;
    ctx.wait_text("tr[data-card=pm_card_mastercard]", "Default").await;
    ctx.click("tr[data-card=pm_card_visa] .remove-card").await;
    ctx.wait_text("tr[data-card=pm_card_visa] dialog[open]", "saved cards").await;
    ctx.click("tr[data-card=pm_card_visa] .confirm-remove").await;
    // Refused while a subscription pays with it: said in the dialog, which stays open.
    ctx.wait_text("#payment-methods [role=alert]", "pays for").await;
    ctx.snap("billing").await;
    ctx.click("dialog[open] .cancel").await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "Cancel did not close the dialog").await;
    ctx.find("tr[data-card=pm_card_visa]").await;
    ctx.click("tr[data-card=pm_card_chargeDeclined] .remove-card").await;
    ctx.click("tr[data-card=pm_card_chargeDeclined] .confirm-remove").await;
    ctx.wait_gone(
        "tr[data-card=pm_card_chargeDeclined]",
        crate::harness::WAIT,
        "the unused card was not removed",
    )
    .await;
}

async fn card_rows(ctx: &Ctx) -> usize {
    ctx.count("#card-table tbody tr").await
}

async fn add_card(ctx: Ctx) {
    open_billing(&ctx).await;
    let before = card_rows(&ctx).await;
    ctx.click("#add-card").await;
    ctx.wait_url("/sandbox/setup/").await;
    ctx.click("#setup-save").await;
    back_signed_in(&ctx, "/billing").await;
    ctx.wait_text("#setup-return", "The card was added").await;
    ctx.wait_text("#card-table", "4242").await;
    assert_eq!(card_rows(&ctx).await, before + 1, "the new card is not listed");
}

async fn contacts(ctx: Ctx) {
    open_billing(&ctx).await;
    ctx.wait_text("#contact-table", "carol").await;
    ctx.type_into("#contact-user-id", "user-alice").await;
    ctx.click("#add-contact").await;
    ctx.wait_text("tr[data-contact=user-alice]", "alice@acme.example").await;
    ctx.click("tr[data-contact=user-alice] .remove-contact").await;
    ctx.wait_text("tr[data-contact=user-alice] dialog[open]", "stops receiving invoices").await;
    ctx.click("tr[data-contact=user-alice] .confirm-remove-contact").await;
    ctx.wait_gone("tr[data-contact=user-alice]", crate::harness::WAIT, "the contact was not removed").await;
    ctx.type_into("#contact-user-id", "user-bob").await;
    ctx.click("#add-contact").await;
    ctx.wait_text("#billing-contacts [role=alert]", "manage-billing").await;
}

/// Carol, the billing admin, opens the portal and comes back signed in.
async fn portal(ctx: Ctx) {
    person(&ctx, demo::CAROL_EMAIL).await;
    ctx.wait_text("#signed-in-as", "Carol").await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#card-table", "4242").await;
    ctx.click("#open-portal").await;
    ctx.wait_url("/sandbox/portal/").await;
    ctx.wait_text("body", "acme-prod").await;
    ctx.click("#portal-return").await;
    back_signed_in(&ctx, "/billing").await;
    ctx.wait_text("#signed-in-as", "Carol").await;
    ctx.wait_text("#subscriptions", "acme-prod").await;
}

async fn viewer_read_only(ctx: Ctx) {
    ctx.goto("/billing").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_text("#billing-read-only", "manage-billing").await;
    ctx.wait_text("#card-table", "4242").await;
    for button in ["#add-card", "#open-portal"] {
        let b = ctx.find(button).await;
        assert!(b.attr_or_fail("disabled").await.is_some(), "{button} is enabled for a viewer");
    }
}

/// The seeded Visa •••• 4242 saved twice more: three alike cards are said to be three,
/// never "two".
async fn three_alike(ctx: Ctx) {
    alice(&ctx).await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#card-table", "4242").await;
    add_visa(&ctx).await;
    ctx.wait_text("#duplicate-card", "2 saved cards have the same brand").await;
    add_visa(&ctx).await;
    let said = ctx.wait_text("#duplicate-card", "3 saved cards have the same brand").await;
    assert!(!said.contains("Two saved cards") && !said.contains("2 saved cards"), "{said}");
    assert_eq!(said.matches("This looks like Visa •••• 4242").count(), 1, "one group said twice: {said}");
}

/// Removing a card a subscription pays with: the dialog says the service will refuse and
/// offers the billing portal, where the subscription moves to another card; the portal
/// opens from there.
async fn in_use_card_portal(ctx: Ctx) {
    open_billing(&ctx).await;
    ctx.wait_text("tr[data-card=pm_card_visa]", "acme-prod").await;
    ctx.click("tr[data-card=pm_card_visa] .remove-card").await;
    let said = ctx.wait_text("tr[data-card=pm_card_visa] dialog[open] .in-use-portal", "acme-prod").await;
    assert!(said.contains("billing portal"), "{said}");
    ctx.click("tr[data-card=pm_card_visa] dialog[open] button.open-portal").await;
    ctx.wait_url("/sandbox/portal/").await;
    assert_eq!(ctx.calls("org.billingPortalSession.create", "200").await, 1);
    assert_eq!(ctx.calls("org.paymentMethod.delete", "409").await, 0, "the refused removal was sent");
}

/// The organization's billing page: the past-due subscription's row offers Pay, which leads
/// to the cluster's pay flow (its Billing tab's Pay open invoice) and on to the invoice.
async fn past_due_pay(ctx: Ctx) {
    open_billing(&ctx).await;
    let row = format!("#subscription-table tr[data-subscription='{}']", demo::SUB_ACME_OVERDUE);
    ctx.wait_text(&row, "Past due").await;
    ctx.find(&format!("{row} .pay-invoice a")).await;
    // Only the row that owes offers Pay.
    assert_eq!(
        ctx.count("#subscription-table .pay-invoice a").await,
        1,
        "Pay offered on a paid subscription"
    );
    ctx.click(&format!("{row} .pay-invoice a")).await;
    ctx.wait_url("/clusters/cl-acme-overdue/billing").await;
    ctx.wait_text("#open-invoice", "$999.00").await;
    ctx.click("#pay-open-invoice").await;
    ctx.wait_url("/sandbox/invoice/").await;
}

/// Carol (view roles and manage-billing) on acme-overdue's Billing tab: the view-only line
/// says she can pay it, and one button pays the one open invoice (the callout's and the
/// tab's were both drawn).
async fn overdue_one_way(ctx: Ctx) {
    person(&ctx, demo::CAROL_EMAIL).await;
    ctx.wait_text("#signed-in-as", "Carol").await;
    ctx.goto("/clusters/cl-acme-overdue/billing").await;
    back_signed_in(&ctx, "/clusters/cl-acme-overdue/billing").await;
    ctx.wait_text("#open-invoice", "$999.00").await;
    let why = ctx.wait_text("#view-only-reason", "can view this but not change it").await;
    assert!(why.contains("Paying for it is open to you"), "the line denies what the button allows: {why}");
    ctx.find("#pay-open-invoice").await;
    let buttons = ctx.count("#complete-payment, #pay-open-invoice").await;
    assert_eq!(buttons, 1, "{buttons} payment buttons for one invoice");
    ctx.click("#pay-open-invoice").await;
    ctx.wait_url("/sandbox/invoice/").await;
}
