//! Subscriptions: their words (status, plan, renewal) for any screen, and an organization's
//! subscriptions as a table. A cluster's Billing tab draws its own from these words.

use cluster_api::Subscription;
use leptos::prelude::*;

use super::money::dollars;
use crate::format;
use crate::i18n::{k, t, tf};
use crate::kit::Tone;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, empty_hint};

/// Stripe's statuses in words (an unknown one as the service spelled it), and a tone for the badge.
pub fn status_words(status: &str) -> (String, Tone) {
    let (words, tone) = match status {
        "active" => (k::billing::STATUS_ACTIVE, Tone::Ok),
        "trialing" => (k::billing::STATUS_TRIALING, Tone::Ok),
        "past_due" => (k::billing::STATUS_PAST_DUE, Tone::Bad),
        "unpaid" => (k::billing::STATUS_UNPAID, Tone::Bad),
        "incomplete" => (k::billing::STATUS_INCOMPLETE, Tone::Warn),
        "incomplete_expired" => (k::billing::STATUS_INCOMPLETE_EXPIRED, Tone::Muted),
        "canceled" => (k::billing::STATUS_CANCELED, Tone::Muted),
        "paused" => (k::billing::STATUS_PAUSED, Tone::Muted),
        other => return (other.to_string(), Tone::Muted),
    };
    (t(words).to_string(), tone)
}

/// The service's description of a plan, its amounts in the person's language. A line may
/// break after a slash (a zero-width space): "($749.00/month)" is otherwise one word, too
/// wide for the plan column at 800 px, and the cell would cut it anywhere.
pub fn described(description: &str) -> String {
    super::money::amounts_in(description, dollars).replace('/', "/\u{200b}")
}

/// "Ends …" for a subscription scheduled to end, else "Renews …".
pub fn renewal(s: &Subscription) -> String {
    match (s.end_date, s.current_period_end) {
        (Some(end), _) => tf(k::billing::ENDS, &[("when", &format::utc(end))]),
        (None, Some(next)) => tf(k::billing::RENEWS, &[("when", &format::utc(next))]),
        (None, None) => "—".into(),
    }
}

const COLUMNS: &[Column] = &[
    Column::sortable(k::billing::PLAN),
    Column::sortable(k::billing::STATUS),
    Column::sortable(k::billing::RENEWAL),
    Column::sortable(k::billing::COL_OPEN_INVOICE),
    Column::blank(),
];

/// Whether a subscription's row offers Pay: it is behind and has an invoice open.
fn owes(s: &Subscription) -> bool {
    s.open_invoice == Some(true) && matches!(s.status.as_str(), "past_due" | "unpaid")
}

/// `pay`: the cluster this subscription pays for, when it owes (its Billing tab has the
/// pay flow, `cluster.checkout.resume` for the open invoice).
fn subscription_row(s: &Subscription, pay: Option<&str>) -> Row {
    let (label, tone) = status_words(&s.status);
    let due = match (s.open_invoice, s.open_invoice_amount_due) {
        (Some(true), Some(cents)) => tf(k::billing::AMOUNT_DUE, &[("amount", &dollars(cents))]),
        (Some(true), None) => t(k::billing::DUE).into(),
        _ => t(k::billing::NONE).into(),
    };
    let renewal_at = s.end_date.or(s.current_period_end).map(|at| at.0);
    Row::new(
        "data-subscription",
        s.id.clone(),
        vec![
            match s.description.as_deref() {
                Some(d) => Cell::view(crate::kit::theirs::theirs(described(d)), SortKey::words(d)),
                None => Cell::text(s.id.clone()),
            },
            Cell::badge(label, tone, false),
            Cell::view(renewal(s).into_any(), renewal_at.map(SortKey::Number).unwrap_or(SortKey::None)),
            Cell::text(due),
            match pay {
                Some(cluster) => Cell::link(
                    t(k::clusters_tabs::PAY_INVOICE),
                    crate::links::cluster_tab(cluster, crate::links::ClusterTab::Billing),
                )
                .class("pay-invoice"),
                None => Cell::text(""),
            },
        ],
    )
}

/// An organization's subscriptions, one row each.
#[component]
pub fn SubscriptionTable(org_id: String) -> impl IntoView {
    let api = crate::api::use_api();
    let owner = org_id.clone();
    let list = crate::view_read::load(move || {
        let org_id = org_id.clone();
        async move { crate::api::call(api, &cluster_api::ops::OrgSubscriptionList { org_id }).await }
    });
    // Which cluster a subscription that owes pays for: the contract's subscription names
    // no cluster, so the organization's clusters that need payment are asked for theirs
    // (few, usually none). Without an answer the row simply offers no Pay.
    let payers = crate::view_read::load(move || {
        let owner = owner.clone();
        async move {
            let clusters = crate::api::call(api, &cluster_api::ops::ClusterList).await?;
            let mut found: Vec<(String, String)> = Vec::new();
            let behind = clusters.into_iter().filter(|c| {
                c.owner.as_deref() == Some(owner.as_str())
                    && c.status == cluster_api::ClusterState::BillingRequired
            });
            for cluster in behind {
                let op = cluster_api::ops::ClusterSubscriptionDetail { id: cluster.id.clone() };
                if let Ok(sub) = crate::api::call(api, &op).await {
                    found.push((sub.id, cluster.id));
                }
            }
            Ok::<_, crate::api::ApiError>(found)
        }
    });
    let rows = list.table(t(k::billing::LOADING_SUBSCRIPTIONS), move |subs| {
        let payers = payers.with(|p| p.as_ref().and_then(|r| r.as_ref().ok()).cloned().unwrap_or_default());
        let pay_for = |s: &Subscription| {
            owes(s).then(|| payers.iter().find(|(sub, _)| *sub == s.id).map(|(_, c)| c.clone())).flatten()
        };
        subs.iter().map(|s| subscription_row(s, pay_for(s).as_deref())).collect()
    });
    view! {
        <ResourceTable
            columns=COLUMNS
            rows=rows
            id="subscription-table"
            label=t(k::billing::SUBSCRIPTIONS)
            empty=empty_hint(t(k::billing::NO_SUBSCRIPTIONS))
        />
    }
}
