//! The Billing tab of a cluster: its subscription, and paying an open invoice.

use cluster_api::{catalogue, ops};
use leptos::prelude::*;

use super::layout::ClusterCtx;
use crate::api::{self, ApiError};
use crate::billing::SubscriptionDetails;
use crate::components::ErrorPanel;
use crate::directory::Directory;
use crate::redirect::Redirecting;
use crate::session::Session;

#[component]
pub fn ClusterBilling() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let session = expect_context::<Session>();
    let directory = expect_context::<Directory>();
    let status = Memo::new(move |_| ctx.cluster.with(|c| c.status.clone()));
    // Paying changes the subscription: read it again when the state moves.
    let subscription = crate::load::load(move || {
        status.track();
        let id = ctx.id();
        async move { api::call(session, &ops::ClusterSubscriptionDetail { id }).await }
    });
    let pay = Action::new_local(move |id: &String| {
        let id = id.clone();
        async move { api::call(session, &ops::ClusterCheckoutResume { id, body: None }).await }
    });
    let denied = move || {
        let org = ctx.cluster.with(|c| c.owner.clone().unwrap_or_default());
        directory.permit(&org, &catalogue::CLUSTER_CHECKOUT_RESUME).and_then(Result::err)
    };

    view! {
        <section class="card" id="cluster-billing">
            <h2>"Subscription"</h2>
            {move || match subscription.get() {
                None => view! { <p class="loading">"Loading the subscription…"</p> }.into_any(),
                Some(Err(ApiError::NotFound(_))) => view! {
                    <p id="no-subscription">"No subscription yet: it starts when the first payment for this cluster succeeds."</p>
                }.into_any(),
                Some(Err(e)) => view! {
                    <ErrorPanel action="Loading the subscription" error=e retry=Callback::new(move |_| subscription.refetch())/>
                }.into_any(),
                Some(Ok(s)) => view! {
                    <SubscriptionDetails subscription=s>
                        <button class="button primary" id="pay-open-invoice"
                            disabled=move || pay.pending().get() || denied().is_some()
                            on:click=move |_| { pay.dispatch(ctx.id()); }>
                            "Pay open invoice"
                        </button>
                        {move || denied().map(|why| view! { <p class="hint reason">{why}</p> })}
                    </SubscriptionDetails>
                }.into_any(),
            }}
            {move || match pay.value().get() {
                Some(Ok(link)) => view! { <Redirecting link=link destination="the invoice"/> }.into_any(),
                Some(Err(e)) => view! { <ErrorPanel action="Opening the invoice" error=e/> }.into_any(),
                None => ().into_any(),
            }}
        </section>
    }
}
