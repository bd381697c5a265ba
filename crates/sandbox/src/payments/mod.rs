//! What the sandbox does in Stripe's place: charging cards, starting subscriptions,
//! settling checkouts, 3-D Secure and open invoices. Used by the API handlers and the
//! hosted pages alike, so a cluster is paid for the same way whichever path pays it.

pub mod cards;

use crate::engine;
use crate::engine::billing::ending;
use crate::engine::billing::{self, Plan, TRIAL};
use crate::records::{
    BillingSessionRow, CardBehaviour, CardRow, ClusterRow, InvoiceRow, Millis, SessionKind, SubscriptionRow,
};
use crate::store::{Store, StoreResult};
use cluster_api::{BillingPeriod, ClusterState, Tier};

/// `pm_…`, `sub_…`: Stripe-like IDs, random so they are not guessable.
pub fn new_id(prefix: &str) -> String {
    let random = uuid::Uuid::new_v4().simple().to_string();
    format!("{prefix}_{}", random.get(..24).unwrap_or(&random))
}

/// Starter is monthly only, whatever was asked for.
pub fn plan_of(cluster: &ClusterRow, period: &BillingPeriod) -> Plan {
    let period = if cluster.tier == Tier::Starter { BillingPeriod::Monthly } else { period.clone() };
    Plan { tier: cluster.tier.clone(), period }
}

/// Whether a cluster is waiting for its first payment.
pub fn awaiting_payment(status: &ClusterState) -> bool {
    matches!(status, ClusterState::BillingSetup | ClusterState::PendingPayment)
}

/// A new checkout link for a cluster that is not paid for.
pub fn open_checkout(
    store: &Store,
    cluster: &ClusterRow,
    period: &BillingPeriod,
    now: Millis,
) -> StoreResult<BillingSessionRow> {
    let session = BillingSessionRow {
        id: new_id("cs_test"),
        kind: SessionKind::Checkout,
        org_id: cluster.org_id.clone(),
        cluster_id: Some(cluster.id.clone()),
        period: Some(plan_of(cluster, period).period),
        redirect_uri: None,
        used: false,
        created_at: now,
    };
    store.set_cluster_period(&cluster.id, period)?;
    store.insert_session(&session)?;
    Ok(session)
}

/// Starts the subscription of a cluster that was just paid for, ending any earlier one,
/// and records the first invoice (starter's trial costs nothing, so it has none).
pub fn start_subscription(
    store: &Store,
    cluster: &ClusterRow,
    card_id: &str,
    period: &BillingPeriod,
    now: Millis,
) -> StoreResult<SubscriptionRow> {
    if let Some(mut old) = store.subscription_of_cluster(&cluster.id)?.filter(|s| s.status != "canceled") {
        old.status = "canceled".to_string();
        old.ended_at = Some(now);
        store.update_subscription(&old)?;
    }
    let plan = plan_of(cluster, period);
    let trial = plan.tier == Tier::Starter;
    let length = if trial { TRIAL } else { billing::period_length(&plan.period) };
    let sub = SubscriptionRow {
        id: new_id("sub"),
        org_id: cluster.org_id.clone(),
        cluster_id: cluster.id.clone(),
        cluster_name: cluster.name.clone(),
        payment_method_id: card_id.to_string(),
        tier: plan.tier.clone(),
        period: plan.period.clone(),
        amount: billing::period_amount(&plan),
        status: if trial { "trialing" } else { "active" }.to_string(),
        start_date: now,
        trial_end: trial.then_some(now + TRIAL),
        current_period_start: now,
        current_period_end: now + length,
        ended_at: None,
    };
    store.insert_subscription(&sub)?;
    if !trial {
        store.insert_invoice(&invoice_for(&sub, now, Some(now)))?;
    }
    Ok(sub)
}

/// An invoice for one period of a subscription; `paid_at` `None` leaves it open.
pub fn invoice_for(sub: &SubscriptionRow, at: Millis, paid_at: Option<Millis>) -> InvoiceRow {
    billing::invoice(new_id("in"), sub, at, paid_at)
}

/// The cluster side of a payment: a new cluster starts provisioning, a delinquent one
/// runs again.
pub fn mark_paid(cluster: &mut ClusterRow, now: Millis, provision_ms: Millis) {
    match cluster.status {
        ClusterState::BillingRequired => cluster.status = ClusterState::Active,
        _ => {
            cluster.status = ClusterState::Provisioning;
            cluster.ready_at = Some(now + provision_ms);
        }
    }
    cluster.billed = true;
}

/// Charges `card_id` for `cluster`: the cluster moves on, the subscription starts and
/// pending 3-D Secure charges are dropped. Call it inside a transaction so all of it
/// lands together. Returns the updated cluster.
pub fn settle(
    store: &Store,
    cluster: &ClusterRow,
    card_id: &str,
    period: &BillingPeriod,
    now: Millis,
    provision_ms: Millis,
) -> StoreResult<ClusterRow> {
    let mut cluster = cluster.clone();
    mark_paid(&mut cluster, now, provision_ms);
    store.update_cluster(&cluster)?;
    start_subscription(store, &cluster, card_id, period, now)?;
    store.cancel_open_intents(&cluster.id)?;
    Ok(cluster)
}

/// The card a checkout page charges: as if the payer typed in a working card, it is
/// the default card when that one charges, another working saved card, or a new Visa.
pub fn checkout_card(store: &Store, org_id: &str, now: Millis) -> StoreResult<CardRow> {
    let mut cards = store.cards_of(org_id)?;
    cards.sort_by_key(|card| !card.is_default);
    match cards.into_iter().find(|card| card.behaviour == CardBehaviour::Charge) {
        Some(card) => Ok(card),
        None => cards::add(store, org_id, cards::TestCard::Visa, now),
    }
}

/// A cluster's state, settled to `now` (the lifecycle engine's rules) and written back.
pub fn settled_cluster(store: &Store, id: &str, now: Millis) -> StoreResult<Option<ClusterRow>> {
    let Some(mut cluster) = store.cluster(id)? else {
        return Ok(None);
    };
    if engine::settle(&mut cluster, now) {
        store.update_cluster(&cluster)?;
    }
    Ok(Some(cluster))
}

/// Brings a subscription up to `now`, billing renewals with paid invoices.
pub fn settle_subscription(
    store: &Store,
    sub: &mut SubscriptionRow,
    now: Millis,
) -> StoreResult<Option<ClusterState>> {
    let status = store.cluster(&sub.cluster_id)?.map(|c| c.status);
    let before = sub.clone();
    let renewals = billing::settle(sub, status.as_ref().is_some_and(ending), now);
    for at in &renewals {
        store.insert_invoice(&invoice_for(sub, *at, Some(*at)))?;
    }
    // Reads are frequent: write only when time actually moved something.
    if *sub != before {
        store.update_subscription(sub)?;
    }
    Ok(status)
}

/// An organization's subscriptions as the API shows them, settled to `now`.
pub fn subscriptions(
    store: &Store,
    org_id: &str,
    now: Millis,
) -> StoreResult<Vec<cluster_api::Subscription>> {
    let mut out = Vec::new();
    for mut sub in store.subscriptions_of(org_id)? {
        out.push(to_wire(store, &mut sub, now)?);
    }
    Ok(out)
}

/// One subscription settled to `now`, in its wire shape.
pub fn to_wire(
    store: &Store,
    sub: &mut SubscriptionRow,
    now: Millis,
) -> StoreResult<cluster_api::Subscription> {
    let status = settle_subscription(store, sub, now)?;
    let due = store.open_invoice(&sub.id)?.map(|invoice| invoice.amount);
    Ok(sub.to_wire(status.as_ref(), due))
}
