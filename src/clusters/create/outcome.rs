//! What `cluster.create` answered, and where that takes the person: the hosted checkout
//! (`link`), the new cluster's page (`cluster`), or the card-authentication step
//! (`requires_action`), which can fail and be retried or replaced by the checkout page.

use cluster_api::{ClusterCreationResult, RedirectLink, ops};
use leptos::prelude::*;
use leptos_router::{NavigateOptions, hooks::use_navigate};

use crate::api::{self, ApiError, use_api};
use crate::billing::stripe;
use crate::clusters::watch::ClusterWatch;
use crate::kit::Write;
use crate::redirect::Redirecting;
use crate::session::{Flash, Session};

/// Which of the three shapes came back.
pub enum Next {
    Checkout(cluster_api::RedirectLink),
    Created(Box<cluster_api::Cluster>),
    Authenticate {
        client_secret: String,
        cluster_id: String,
    },
    /// None of the documented shapes: nothing the console can act on.
    Unknown,
}

pub fn classify(result: ClusterCreationResult) -> Next {
    match result {
        ClusterCreationResult {
            requires_action: true,
            client_secret: Some(secret),
            cluster_id: Some(id),
            ..
        } => Next::Authenticate { client_secret: secret, cluster_id: id },
        ClusterCreationResult { cluster: Some(cluster), .. } => Next::Created(Box::new(cluster)),
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
            session.flash.set(Flash::while_provisioning(&cluster.id, format!("{} was created and is being provisioned.", cluster.name)));
            let path = crate::links::cluster(&cluster.id);
            let watch = expect_context::<ClusterWatch>();
            let (id, name) = (cluster.id.clone(), cluster.name.clone());
            watch.publish(id.clone(), *cluster);
            if let Some(center) = crate::activity::center() {
                crate::activity::track::cluster(center, watch, &id, &name);
            }
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
    let api = use_api();
    let navigate = use_navigate();
    let payments = session.environment.with_untracked(|e| e.as_ref().and_then(|e| e.payments.clone()));
    let (payments, secret) = (StoredValue::new(payments), StoredValue::new(client_secret));
    let path = crate::links::cluster(&cluster_id);
    let (done_name, done_path, done_id) = (
        StoredValue::new(name.clone()),
        StoredValue::new(path.clone()),
        StoredValue::new(cluster_id.clone()),
    );
    // A reload from here on comes back to this cluster, not to a blank form.
    super::pending::remember(&cluster_id);
    let pay = Write::new("Confirming the payment");
    let confirm = move || {
        let (payments, secret) = (payments.get_value(), secret.get_value());
        let navigate = navigate.clone();
        pay.start(
            Box::pin(async move {
                let Some(payments) = payments else {
                    return Err(ApiError::PaymentDeclined(
                        "This environment's config.json names no payment script, so the card cannot be confirmed here.".into(),
                    ));
                };
                // Only the words are shown, under "The payment was not confirmed."
                stripe::confirm(&payments, &secret).await.map_err(ApiError::PaymentDeclined)
            }),
            Some(Box::new(move || {
                if let (Some(name), Some(path), Some(id)) = (done_name.try_get_value(), done_path.try_get_value(), done_id.try_get_value()) {
                    session.flash.set(Flash::while_provisioning(&id, format!("Payment confirmed. {name} is being provisioned.")));
                    navigate(&path, NavigateOptions { replace: true, ..Default::default() });
                }
            })),
        );
    };
    let checkout = Write::new("Opening the checkout page");
    let link = RwSignal::new(None::<RedirectLink>);
    confirm();
    let id = StoredValue::new(cluster_id);
    let code_name = name.clone();
    let code = crate::code::live(Box::new(move |t| {
        crate::code::actions::checkout_resume(t, &id.get_value(), &code_name)
    }));

    view! {
        <section class="card" id="authenticate">
            <h2>"Confirm the payment"</h2>
            <p>{format!("Your bank asks you to confirm the payment for {name}. Follow the prompt that opens.")}</p>
            {move || match pay.error.get() {
                None => view! { <p class="loading">"Waiting for the confirmation…"</p> }.into_any(),
                Some(e) => {
                    let confirm = confirm.clone();
                    view! {
                        <div class="error-panel" role="alert" id="payment-failed">
                            <p class="error-title">"The payment was not confirmed."</p>
                            <p class="error-detail">{e.detail()}</p>
                            <p>{format!("{name} exists but is not paid for yet. Try again, or use another card on the checkout page.")}</p>
                            <p class="hint">{crate::clusters::payment::PAGE_ASKS_FOR_THE_CARD}</p>
                            <div class="actions">
                                <button class="button" id="retry-payment" disabled=move || pay.busy.get()
                                    on:click=move |_| confirm()>"Try again"</button>
                                <button class="button primary" id="use-checkout" disabled=move || checkout.busy.get()
                                    on:click=move |_| {
                                        let op = ops::ClusterCheckoutResume { id: id.get_value(), body: None };
                                        checkout.run(async move { api::call(api, &op).await }, move |l| { link.try_set(Some(l)); });
                                    }>"Choose another card"</button>
                            </div>
                            <crate::kit::code::CodePanel curl=code/>
                        </div>
                    }.into_any()
                }
            }}
            {move || link.get().map(|link| view! { <Redirecting link=link destination="the secure checkout page"/> })}
            {checkout.failure()}
            <p><a href=path.clone()>"Go to the cluster"</a></p>
        </section>
    }
}
