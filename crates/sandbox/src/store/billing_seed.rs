//! The billing half of the demo world: Acme's test cards, a subscription for every paid
//! cluster, a delinquent cluster (`acme-overdue`) so the repair path can be seen, and
//! the members billing contacts are chosen from. The IDs are constants in [`super::demo_ids`].

use super::demo_ids::*;
use super::{Store, StoreResult};
use crate::engine::billing::{self, DAY, Plan};
use crate::engine::test_cards::{TestCard, record};
use crate::records::{ClusterRow, MemberRow, Millis, SubscriptionRow};
use cluster_api::{BillingPeriod, ClusterState, ResourceLimits, Tier};

struct SeedSub {
    id: &'static str,
    org: &'static str,
    cluster: &'static str,
    card: &'static str,
    tier: Tier,
    period: BillingPeriod,
    status: &'static str,
    started: Millis,
}

/// A subscription renewed ever since `started`, with paid invoices for up to three
/// periods; a past_due one has its current period's invoice open instead.
fn subscription(s: &Store, seed: SeedSub, now: Millis) -> StoreResult<()> {
    let plan = Plan { tier: seed.tier, period: seed.period };
    let (period_start, period_end) = billing::period_at(seed.started, &plan.period, now);
    let sub = SubscriptionRow {
        id: seed.id.to_string(),
        org_id: seed.org.to_string(),
        cluster_id: seed.cluster.to_string(),
        cluster_name: seed.cluster.trim_start_matches("cl-").to_string(),
        payment_method_id: seed.card.to_string(),
        amount: billing::period_amount(&plan),
        tier: plan.tier.clone(),
        period: plan.period.clone(),
        status: seed.status.to_string(),
        start_date: seed.started,
        trial_end: None,
        current_period_start: period_start,
        current_period_end: period_end,
        ended_at: None,
    };
    s.insert_subscription(&sub)?;
    let length = billing::period_length(&plan.period);
    for (n, at) in
        (0..3).map(|back| period_start - back * length).filter(|at| *at >= seed.started).enumerate()
    {
        let open = seed.status == "past_due" && n == 0;
        let id = if open { ACME_OVERDUE_INVOICE.to_string() } else { format!("in_{}_{n}", seed.id) };
        let invoice = billing::invoice(id, &sub, at, (!open).then_some(at));
        s.insert_invoice(&invoice)?;
    }
    Ok(())
}

fn member(org: &str, id: &str, names: (&str, &str, &str), manage_billing: bool) -> MemberRow {
    let (username, first_name, last_name) = names;
    let domain = if org == ACME_ORG_ID { "acme.example" } else { "globex.example" };
    MemberRow {
        org_id: org.to_string(),
        user_id: id.to_string(),
        username: username.to_string(),
        email: format!("{username}@{domain}"),
        first_name: first_name.to_string(),
        last_name: last_name.to_string(),
        manage_billing,
    }
}

/// Adds the billing demo data; runs inside `seed`'s transaction, after the clusters.
pub(super) fn seed(s: &Store, now: Millis) -> StoreResult<()> {
    let overdue_created = now - 100 * DAY;
    s.insert_cluster(&ClusterRow {
        id: ACME_OVERDUE.to_string(),
        name: ACME_OVERDUE.trim_start_matches("cl-").to_string(),
        org_id: ACME_ORG_ID.to_string(),
        region: "US_EAST_1".to_string(),
        tier: Tier::Premium,
        status: ClusterState::BillingRequired,
        resource_limits: ResourceLimits::Standard,
        variant: "DEDICATED".to_string(),
        domain: None,
        created_at: overdue_created,
        ready_at: Some(overdue_created + 30 * 60_000),
        restart_until: None,
        billed: true,
    })?;

    let cards = [
        record(CARD_VISA, ACME_ORG_ID, TestCard::Visa, (12, 2030), true, now - 300 * DAY),
        record(CARD_MASTERCARD, ACME_ORG_ID, TestCard::Mastercard, (8, 2029), false, now - 200 * DAY),
        record(
            CARD_AUTHENTICATION_REQUIRED,
            ACME_ORG_ID,
            TestCard::VisaAuthentication,
            (3, 2031),
            false,
            now - 20 * DAY,
        ),
        record(CARD_DECLINED, ACME_ORG_ID, TestCard::VisaDeclined, (6, 2028), false, now - 10 * DAY),
        record(GLOBEX_CARD, GLOBEX_ORG_ID, TestCard::Visa, (11, 2029), true, now - 300 * DAY),
    ];
    for card in &cards {
        s.insert_card(card)?;
    }

    let started = |id: &str| -> StoreResult<Millis> { Ok(s.cluster(id)?.map_or(now, |c| c.created_at)) };
    let (monthly, annual) = (BillingPeriod::Monthly, BillingPeriod::Annual);
    let subs = [
        (SUB_ACME_PROD, ACME_ORG_ID, ACME_PROD, CARD_VISA, Tier::Enterprise, monthly.clone(), "active"),
        (SUB_ACME_STAGING, ACME_ORG_ID, ACME_STAGING, CARD_VISA, Tier::Premium, annual, "active"),
        (
            SUB_ACME_LEGACY,
            ACME_ORG_ID,
            ACME_LEGACY,
            CARD_MASTERCARD,
            Tier::Starter,
            monthly.clone(),
            "active",
        ),
        (
            SUB_ACME_OVERDUE,
            ACME_ORG_ID,
            ACME_OVERDUE,
            CARD_MASTERCARD,
            Tier::Premium,
            monthly.clone(),
            "past_due",
        ),
        (SUB_GLOBEX_PROD, GLOBEX_ORG_ID, GLOBEX_PROD, GLOBEX_CARD, Tier::Premium, monthly, "active"),
    ];
    for (id, org, cluster, card, tier, period, status) in subs {
        let seed = SeedSub { id, org, cluster, card, tier, period, status, started: started(cluster)? };
        subscription(s, seed, now)?;
    }
    // acme-trial was ordered as starter, monthly: what resuming its checkout charges.
    s.set_cluster_period(ACME_TRIAL, &BillingPeriod::Monthly)?;

    let members = [
        member(ACME_ORG_ID, USER_ALICE, ("alice", "Alice", "Anders"), true),
        member(ACME_ORG_ID, USER_CAROL, ("carol", "Carol", "Chen"), true),
        member(ACME_ORG_ID, USER_BOB, ("bob", "Bob", "Brown"), false),
        member(GLOBEX_ORG_ID, USER_GINA, ("gina", "Gina", "Grant"), true),
    ];
    for m in &members {
        s.insert_member(m)?;
    }
    s.add_billing_contact(ACME_ORG_ID, USER_CAROL, now - 100 * DAY)?;
    s.add_billing_contact(GLOBEX_ORG_ID, USER_GINA, now - 100 * DAY)
}
