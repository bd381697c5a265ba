//! The Billing tab of a cluster: its subscription, and paying an open invoice.

use cluster_api::ops;
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::billing::SubscriptionDetails;
use crate::clusters::ClusterCtx;
use crate::clusters::payment::ResumeButton;
use crate::i18n::k::clusters_tabs as w;
use crate::i18n::t;
use crate::kit::Loaded;

#[component]
pub fn ClusterBilling() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let api = ctx.api;
    let status = Memo::new(move |_| ctx.cluster.with(|c| c.status.clone()));
    // Paying changes the subscription: read it again when the state moves.
    let subscription = crate::load::load(move || {
        status.track();
        let id = ctx.id();
        async move { api::call(api, &ops::ClusterSubscriptionDetail { id }).await }
    });

    view! {
        <section class="card" id="cluster-billing">
            <h2>{t(w::SUBSCRIPTION)}</h2>
            // No subscription is an answer too: none starts before the first payment.
            {Loaded::from_fn(t(w::LOADING_SUBSCRIPTION), move || subscription.get().map(|r| match r {
                Err(ApiError::NotFound(_)) => Ok(None),
                other => other.map(Some),
            }), Some(Callback::new(move |_| subscription.refetch())))
            .ready(|answer| match answer {
                None => view! {
                    <p id="no-subscription">{t(w::NO_SUBSCRIPTION)}</p>
                }.into_any(),
                Some(s) => view! {
                    <SubscriptionDetails subscription=s>
                        <ResumeButton id="pay-open-invoice" label=t(w::PAY_INVOICE) destination=t(w::THE_INVOICE)/>
                    </SubscriptionDetails>
                }.into_any(),
            })}
        </section>
    }
}
