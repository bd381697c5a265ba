//! Billing rules as pure functions: prices (API-NOTES §11), how they read on pages,
//! which plan a request asks for, and how a subscription moves through time. Like the
//! cluster lifecycle, time is evaluated lazily: every read settles a subscription to
//! the current instant ([`settle`]), so no background task is needed.

use crate::records::{InvoiceRow, Millis, SubscriptionRow};
use cluster_api::ClusterState;
use cluster_api::{BillingPeriod, Tier};

pub const DAY: Millis = 86_400_000;
/// Starter's free trial.
pub const TRIAL: Millis = 30 * DAY;

/// A tier and how often it is billed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub tier: Tier,
    pub period: BillingPeriod,
}

/// The monthly rate in cents; annual billing is discounted for premium and enterprise.
/// `None` for combinations that cannot be bought (starter is monthly only).
pub fn monthly_rate(tier: &Tier, period: &BillingPeriod) -> Option<i64> {
    match (tier, period) {
        (Tier::Starter, BillingPeriod::Monthly) => Some(14_900),
        (Tier::Premium, BillingPeriod::Monthly) => Some(99_900),
        (Tier::Premium, BillingPeriod::Annual) => Some(74_900),
        (Tier::Enterprise, BillingPeriod::Monthly) => Some(299_900),
        (Tier::Enterprise, BillingPeriod::Annual) => Some(249_900),
        _ => None,
    }
}

/// What one billing period costs, in cents (0 for a plan that cannot be bought).
pub fn period_amount(plan: &Plan) -> i64 {
    let rate = monthly_rate(&plan.tier, &plan.period).unwrap_or(0);
    if plan.period == BillingPeriod::Annual { rate * 12 } else { rate }
}

/// Monthly is 30 days, annual 365.
pub fn period_length(period: &BillingPeriod) -> Millis {
    if *period == BillingPeriod::Annual { 365 * DAY } else { 30 * DAY }
}

/// "$8,988.00".
pub fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let dollars = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in dollars.chars().enumerate() {
        if i > 0 && (dollars.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}${grouped}.{:02}", cents % 100)
}

/// "$749", for rates that are whole dollars.
fn whole_dollars(cents: i64) -> String {
    let full = money(cents);
    full.strip_suffix(".00").map(str::to_string).unwrap_or(full)
}

/// "$999.00 / month" or "$8,988.00 / year ($749/month)".
pub fn price_label(plan: &Plan) -> String {
    let amount = money(period_amount(plan));
    match plan.period {
        BillingPeriod::Annual => {
            let rate = monthly_rate(&plan.tier, &plan.period).unwrap_or(0);
            format!("{amount} / year ({}/month)", whole_dollars(rate))
        }
        _ => format!("{amount} / month"),
    }
}

/// What checkout offers: the price, after the free trial for starter.
pub fn offer_label(plan: &Plan) -> String {
    if plan.tier == Tier::Starter {
        format!("30-day free trial, then {}", price_label(plan))
    } else {
        price_label(plan)
    }
}

/// "Premium", for pages and descriptions.
pub fn tier_name(tier: &Tier) -> String {
    let text = tier.as_str();
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

pub fn period_adverb(period: &BillingPeriod) -> &'static str {
    if *period == BillingPeriod::Annual { "annually" } else { "monthly" }
}

/// The invoice `id` of one period of `sub`, paid at `paid_at` or open.
pub fn invoice(id: String, sub: &SubscriptionRow, at: Millis, paid_at: Option<Millis>) -> InvoiceRow {
    InvoiceRow {
        id,
        org_id: sub.org_id.clone(),
        subscription_id: sub.id.clone(),
        cluster_name: sub.cluster_name.clone(),
        description: description(&sub.tier, &sub.period, &sub.cluster_name),
        amount: sub.amount,
        status: if paid_at.is_some() { "paid" } else { "open" }.to_string(),
        created_at: at,
        paid_at,
    }
}

/// "Premium plan, billed monthly: $999.00 / month — acme-staging" (a colon, not brackets:
/// the annual price carries brackets of its own, and "($749/month))" read as a typo).
pub fn description(tier: &Tier, period: &BillingPeriod, cluster_name: &str) -> String {
    let plan = Plan { tier: tier.clone(), period: period.clone() };
    format!(
        "{} plan, billed {}: {} — {cluster_name}",
        tier_name(tier),
        period_adverb(period),
        price_label(&plan)
    )
}

/// The deprecated `price_id` of a plan: `price_premium_annual`.
pub fn price_id(plan: &Plan) -> String {
    format!("price_{}_{}", plan.tier, plan.period)
}

fn known_tier(tier: &Tier) -> Result<Tier, String> {
    match tier {
        Tier::Unknown(other) => {
            Err(format!("tier {other} is not a tier: use starter, premium or enterprise."))
        }
        known => Ok(known.clone()),
    }
}

fn known_period(period: &BillingPeriod) -> Result<BillingPeriod, String> {
    match period {
        BillingPeriod::Unknown(other) => {
            Err(format!("billing_period {other} is not a billing period: use monthly or annual."))
        }
        known => Ok(known.clone()),
    }
}

/// Reads a deprecated `price_id` back into a plan.
pub fn plan_of_price(price_id: &str) -> Result<Plan, String> {
    let unknown = || {
        format!(
            "price_id {price_id} is not a known price: send tier and billing_period instead (price_id is \
             deprecated)."
        )
    };
    let rest = price_id.strip_prefix("price_").ok_or_else(unknown)?;
    let (tier, period) = rest.split_once('_').ok_or_else(unknown)?;
    let plan = Plan { tier: Tier::from_wire(tier), period: BillingPeriod::from_wire(period) };
    monthly_rate(&plan.tier, &plan.period).map(|_| plan).ok_or_else(unknown)
}

/// The plan `cluster.create` asks for: `tier` and `billing_period` (both required
/// unless the deprecated `price_id` is given; when both are given they win over it).
pub fn requested_plan(
    tier: Option<&Tier>,
    period: Option<&BillingPeriod>,
    price: Option<&str>,
) -> Result<Plan, String> {
    let price = price.map(str::trim).filter(|p| !p.is_empty());
    let (tier, period) = match (tier, period, price) {
        (Some(tier), Some(period), _) => (known_tier(tier)?, known_period(period)?),
        (_, _, Some(price)) => return plan_of_price(price),
        (None, _, None) => return Err("tier is required".to_string()),
        (Some(tier), None, None) => {
            known_tier(tier)?;
            return Err("billing_period is required".to_string());
        }
    };
    if tier == Tier::Starter && period == BillingPeriod::Annual {
        return Err("The starter tier is billed monthly only.".to_string());
    }
    Ok(Plan { tier, period })
}

/// Brings a subscription up to `now`. A live subscription of a cluster that is going
/// away (`ending`) is canceled once its period is over; others renew period by period,
/// a trial turning active at its first renewal. Returns the start of every period
/// renewed, each of which the caller bills with a paid invoice. A past_due subscription
/// waits for its open invoice and does not renew.
pub fn settle(sub: &mut SubscriptionRow, ending: bool, now: Millis) -> Vec<Millis> {
    let mut renewals = Vec::new();
    if !live(&sub.status) || now < sub.current_period_end {
        return renewals;
    }
    if ending {
        sub.status = "canceled".to_string();
        sub.ended_at = Some(sub.current_period_end);
        return renewals;
    }
    if sub.status == "past_due" {
        return renewals;
    }
    let length = period_length(&sub.period).max(1);
    // Whole periods only; the bound keeps a wildly wrong clock from looping for long.
    while now >= sub.current_period_end && renewals.len() < 10_000 {
        sub.current_period_start = sub.current_period_end;
        sub.current_period_end += length;
        sub.status = "active".to_string();
        renewals.push(sub.current_period_start);
    }
    renewals
}

/// The period containing `now` for a subscription that started at `start` and has
/// renewed ever since (seeded subscriptions): `(period_start, period_end)`.
pub fn period_at(start: Millis, period: &BillingPeriod, now: Millis) -> (Millis, Millis) {
    let length = period_length(period).max(1);
    let elapsed = (now - start).max(0) / length;
    let begin = start + elapsed * length;
    (begin, begin + length)
}

/// Statuses in which a subscription still bills its card.
pub fn live(status: &str) -> bool {
    matches!(status, "active" | "trialing" | "past_due")
}

/// Cluster states whose subscription runs out at the end of the current period.
pub fn ending(status: &ClusterState) -> bool {
    matches!(status, ClusterState::PendingDeletion | ClusterState::Archived)
}

/// The Stripe customer of an organization: `org-acme` becomes `cus_acme`.
pub fn customer_id(org_id: &str) -> String {
    format!("cus_{}", org_id.strip_prefix("org-").unwrap_or(org_id))
}

#[cfg(test)]
mod tests;
