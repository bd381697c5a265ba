//! One subscription as a card: plan, status, period, renewal, and an open invoice.

use crate::kit::copy::CopyButton;
use cluster_api::Subscription;
use leptos::prelude::*;

use super::money::dollars;
use crate::format;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey};
use crate::kit::{Badge, Tone};

/// Stripe's statuses in words (an unknown one as the service spelled it), and a tone for the badge.
pub fn status_words(status: &str) -> (String, Tone) {
    let (words, tone) = match status {
        "active" => ("Active", Tone::Ok),
        "trialing" => ("Free trial", Tone::Ok),
        "past_due" => ("Past due", Tone::Bad),
        "unpaid" => ("Unpaid", Tone::Bad),
        "incomplete" => ("Incomplete", Tone::Warn),
        "incomplete_expired" => ("Expired before payment", Tone::Muted),
        "canceled" => ("Cancelled", Tone::Muted),
        "paused" => ("Paused", Tone::Muted),
        other => return (other.to_string(), Tone::Muted),
    };
    (words.to_string(), tone)
}

/// "Ends …" for a subscription scheduled to end, else "Renews …".
pub fn renewal(s: &Subscription) -> String {
    match (s.end_date, s.current_period_end) {
        (Some(end), _) => format!("Ends {}", format::utc(end)),
        (None, Some(next)) => format!("Renews {}", format::utc(next)),
        (None, None) => "—".into(),
    }
}

#[component]
pub fn SubscriptionDetails(
    subscription: Subscription,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let s = subscription;
    let (label, tone) = status_words(&s.status);
    let when = |at: Option<cluster_api::EpochMillis>| at.map(format::utc).unwrap_or_else(|| "—".into());
    let renewal = renewal(&s);
    let open_invoice = s.open_invoice.unwrap_or(false).then(|| {
        let due = s.open_invoice_amount_due.map(dollars).unwrap_or_else(|| "An amount".into());
        view! {
            <div class="callout bad" id="open-invoice">
                <p><strong>"Open invoice: "</strong>{format!("{due} is due. Paying it restores the subscription.")}</p>
                {children.map(|c| c())}
            </div>
        }
    });
    view! {
        <dl class="fields subscription" data-subscription=s.id.clone()>
            <dt>"Plan"</dt><dd>{s.description.clone().unwrap_or_else(|| "—".into())}</dd>
            <dt>"Status"</dt><dd>{Badge::new(label, tone).view()}</dd>
            <dt>"Current period"</dt>
            <dd>{format!("{} – {}", when(s.current_period_start), when(s.current_period_end))}</dd>
            <dt>"Renewal"</dt><dd>{renewal}</dd>
            <dt>"Started"</dt><dd>{when(s.start_date)}</dd>
            <dt>"Subscription"</dt><dd class="mono">{s.id.clone()}" "<CopyButton text=s.id.clone() what="subscription ID"/></dd>
        </dl>
        {open_invoice}
    }
}

const COLUMNS: &[Column] = &[
    Column::sortable("Plan"),
    Column::sortable("Status"),
    Column::sortable("Renewal"),
    Column::sortable("Open invoice"),
];

fn subscription_row(s: &Subscription) -> Row {
    let (label, tone) = status_words(&s.status);
    let due = match (s.open_invoice, s.open_invoice_amount_due) {
        (Some(true), Some(cents)) => format!("{} due", dollars(cents)),
        (Some(true), None) => "Due".into(),
        _ => "None".into(),
    };
    let renewal_at = s.end_date.or(s.current_period_end).map(|at| at.0);
    Row::new(
        "data-subscription",
        s.id.clone(),
        vec![
            Cell::text(s.description.clone().unwrap_or_else(|| s.id.clone())),
            Cell::badge(label, tone, false),
            Cell::view(renewal(s).into_any(), renewal_at.map(SortKey::Number).unwrap_or(SortKey::None)),
            Cell::text(due),
        ],
    )
}

/// An organization's subscriptions, one row each.
#[component]
pub fn SubscriptionTable(org_id: String) -> impl IntoView {
    let api = crate::api::use_api();
    let list = crate::load::load(move || {
        let org_id = org_id.clone();
        async move { crate::api::call(api, &cluster_api::ops::OrgSubscriptionList { org_id }).await }
    });
    let rows = Callback::new(move |()| {
        list.with(|l| {
            l.as_ref().map(|r| {
                r.as_ref().map(|subs| subs.iter().map(subscription_row).collect()).map_err(Clone::clone)
            })
        })
    });
    view! {
        <ResourceTable columns=COLUMNS rows=rows id="subscription-table" label="Subscriptions" loading_what="Loading subscriptions"
            retry=Callback::new(move |_| list.refetch())
            empty=ViewFn::from(|| view! { <p class="hint">"No subscriptions yet: they start when a cluster is paid for."</p> })/>
    }
}
