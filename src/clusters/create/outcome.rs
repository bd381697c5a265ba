//! What `cluster.create` answered, and where that takes the person: the hosted checkout
//! (`link`), the new cluster's page (`cluster`), or the card-authentication step
//! (`requires_action`), which can fail and be retried or replaced by the checkout page.

use cluster_api::{ops, ClusterCreationResult};
use leptos::prelude::*;
use leptos_router::{hooks::use_navigate, NavigateOptions};

use crate::api;
use crate::billing::stripe;
use crate::clusters::watch::ClusterWatch;
use crate::components::ErrorPanel;
use crate::redirect::Redirecting;
use crate::session::Session;

/// Which of the three shapes came back.
pub enum Next {
    Checkout(cluster_api::RedirectLink),
    Created(cluster_api::Cluster),
    Authenticate { client_secret: String, cluster_id: String },
    /// None of the documented shapes: nothing the console can act on.
    Unknown,
}

pub fn classify(result: ClusterCreationResult) -> Next {
    match result {
        ClusterCreationResult { requires_action: true, client_secret: Some(secret), cluster_id: Some(id), .. } => {
            Next::Authenticate { client_secret: secret, cluster_id: id }
        }
        ClusterCreationResult { cluster: Some(cluster), .. } => Next::Created(cluster),
        ClusterCreationResult { link: Some(link), .. } => Next::Checkout(link),
        _ => Next::Unknown,
    }
}

#[component]
pub fn Outcome(result: ClusterCreationResult, name: String) -> impl IntoView {
    let session = expect_context::<Session>();
    let navigate = use_navigate();
    match classify(result) {
        Next::Checkout(link) => view! { <Redirecting link=link destination="the secure checkout page"/> }.into_any(),
        Next::Created(cluster) => {
            session.flash.set(Some(format!("{} was created and is being provisioned.", cluster.name)));
            let path = crate::links::cluster(&cluster.id);
            expect_context::<ClusterWatch>().publish(cluster.id.clone(), cluster);
            navigate(&path, NavigateOptions { replace: true, ..Default::default() });
            view! { <p class="loading">"Opening the new cluster…"</p> }.into_any()
        }
        Next::Authenticate { client_secret, cluster_id } => {
            view! { <Authenticate client_secret=client_secret cluster_id=cluster_id name=name/> }.into_any()
        }
        Next::Unknown => view! {
            <div class="error-panel" role="alert">
                <p class="error-title">"The service's answer did not say what happens next."</p>
                <p class="error-detail">"Check the clusters list: if the cluster is there, open it to complete payment."</p>
            </div>
        }
        .into_any(),
    }
}

#[component]
fn Authenticate(client_secret: String, cluster_id: String, name: String) -> impl IntoView {
    let session = expect_context::<Session>();
    let navigate = use_navigate();
    let payments = session.environment.with_untracked(|e| e.as_ref().and_then(|e| e.payments.clone()));
    let confirm = Action::new_local(move |_: &()| {
        let (payments, secret) = (payments.clone(), client_secret.clone());
        async move {
            let Some(payments) = payments else {
                return Err("This environment's config.json names no payment script, so the card cannot be confirmed here.".to_string());
            };
            stripe::confirm(&payments, &secret).await
        }
    });
    let checkout = Action::new_local(move |id: &String| {
        let id = id.clone();
        async move { api::call(session, &ops::ClusterCheckoutResume { id, body: None }).await }
    });
    confirm.dispatch(());

    let path = crate::links::cluster(&cluster_id);
    let done_name = name.clone();
    let done_path = path.clone();
    Effect::new(move |_| {
        if let Some(Ok(())) = confirm.value().get() {
            session.flash.set(Some(format!("Payment confirmed. {done_name} is being provisioned.")));
            navigate(&done_path, NavigateOptions { replace: true, ..Default::default() });
        }
    });
    let id = cluster_id.clone();

    view! {
        <section class="card" id="authenticate">
            <h2>"Confirm the payment"</h2>
            <p>{format!("Your bank asks you to confirm the payment for {name}. Follow the prompt that opens.")}</p>
            {move || match confirm.value().get() {
                None | Some(Ok(())) => view! { <p class="loading">"Waiting for the confirmation…"</p> }.into_any(),
                Some(Err(why)) => {
                    let retry_id = id.clone();
                    view! {
                        <div class="error-panel" role="alert" id="payment-failed">
                            <p class="error-title">"The payment was not confirmed."</p>
                            <p class="error-detail">{why}</p>
                            <p>{format!("{name} exists but is not paid for yet. Try again, or use another card on the checkout page.")}</p>
                            <div class="actions">
                                <button class="button" id="retry-payment" disabled=move || confirm.pending().get()
                                    on:click=move |_| { confirm.dispatch(()); }>"Try again"</button>
                                <button class="button primary" id="use-checkout" disabled=move || checkout.pending().get()
                                    on:click=move |_| { checkout.dispatch(retry_id.clone()); }>"Choose another card"</button>
                            </div>
                        </div>
                    }.into_any()
                }
            }}
            {move || match checkout.value().get() {
                Some(Ok(link)) => view! { <Redirecting link=link destination="the secure checkout page"/> }.into_any(),
                Some(Err(e)) => view! { <ErrorPanel action="Opening the checkout page" error=e/> }.into_any(),
                None => ().into_any(),
            }}
            <p><a href=path.clone()>"Go to the cluster"</a></p>
        </section>
    }
}

