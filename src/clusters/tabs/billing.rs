//! The Billing tab of a cluster: its subscription, and paying an open invoice.

use cluster_api::{Subscription, ops};
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::billing;
use crate::clusters::ClusterCtx;
use crate::clusters::payment::ResumeButton;
use crate::i18n::k::clusters_tabs as w;
use crate::i18n::t;
use crate::kit::copy::CopyButton;
use crate::kit::{Badge, Loaded, Tone, toned};
use crate::{format, i18n::k, i18n::tf};

#[component]
pub fn ClusterBilling() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let api = ctx.api;
    let status = Memo::new(move |_| ctx.cluster.with(|c| c.status.clone()));
    // Paying changes the subscription: read it again when the state moves.
    let subscription = crate::view_read::load(move || {
        status.track();
        let id = ctx.id();
        async move { api::call(api, &ops::ClusterSubscriptionDetail { id }).await }
    });

    view! {
        <section class="card" id="cluster-billing">
            <h2>{t(w::SUBSCRIPTION)}</h2>
            // No subscription is an answer too: none starts before the first payment.
            {Loaded::from_fn(
                    t(w::LOADING_SUBSCRIPTION),
                    move || {
                        subscription
                            .get()
                            .map(|r| match r {
                                Err(ApiError::NotFound(_)) => Ok(None),
                                other => other.map(Some),
                            })
                    },
                    Some(Callback::new(move |_| subscription.refetch())),
                )
                .ready(|answer| match answer {
                    None => view! { <p id="no-subscription">{t(w::NO_SUBSCRIPTION)}</p> }.into_any(),
                    Some(s) => {
                        view! {
                            <SubscriptionDetails subscription=s>
                                <ResumeButton
                                    id="pay-open-invoice"
                                    label=t(w::PAY_INVOICE)
                                    destination=t(w::THE_INVOICE)
                                />
                            </SubscriptionDetails>
                        }
                            .into_any()
                    }
                })}
        </section>
    }
}

/// One subscription: plan, status, period, renewal, and an open invoice with `children`
/// (the pay button) in it; the words are the billing folder's.
#[component]
fn SubscriptionDetails(
    subscription: Subscription,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let s = subscription;
    let (label, tone) = billing::subscription_status(&s.status);
    let when = |at: Option<cluster_api::EpochMillis>| at.map(format::utc).unwrap_or_else(|| "—".into());
    let renewal = billing::renewal(&s);
    let open_invoice = s.open_invoice.unwrap_or(false).then(|| {
        let due = s
            .open_invoice_amount_due
            .map(billing::dollars)
            .unwrap_or_else(|| t(k::billing::AN_AMOUNT).into());
        view! {
            <div class=toned("callout", Some(Tone::Bad)) id="open-invoice">
                <p>
                    <strong>{t(k::billing::OPEN_INVOICE_LABEL)}" "</strong>
                    {tf(k::billing::OPEN_INVOICE_DUE, &[("amount", &due)])}
                </p>
                {children.map(|c| c())}
            </div>
        }
    });
    view! {
        <dl class="fields subscription" data-subscription=s.id.clone()>
            <dt>{t(k::billing::PLAN)}</dt>
            <dd>
                {match s.description.clone() {
                    Some(d) => crate::kit::theirs::theirs(billing::plan_words(&d)),
                    None => "—".into_any(),
                }}
            </dd>
            <dt>{t(k::billing::STATUS)}</dt>
            <dd>{Badge::new(label, tone).view()}</dd>
            <dt>{t(k::billing::CURRENT_PERIOD)}</dt>
            <dd>
                {tf(
                    k::billing::PERIOD,
                    &[("start", &when(s.current_period_start)), ("end", &when(s.current_period_end))],
                )}
            </dd>
            <dt>{t(k::billing::RENEWAL)}</dt>
            <dd>{renewal}</dd>
            <dt>{t(k::billing::STARTED)}</dt>
            <dd>{when(s.start_date)}</dd>
            <dt>{t(k::billing::SUBSCRIPTION)}</dt>
            <dd class="mono">
                {s.id.clone()}" "<CopyButton text=s.id.clone() what=t(k::billing::SUBSCRIPTION_ID) />
            </dd>
        </dl>
        {open_invoice}
    }
}
