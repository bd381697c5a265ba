//! What `cluster.create` answered, and where that takes the person: the hosted checkout
//! (`link`), the new cluster's page (`cluster`), or the card-authentication step
//! (`requires_action`), which can fail and be retried or replaced by the checkout page.

use cluster_api::{ClusterCreationResult, RedirectLink, ops};
use leptos::prelude::*;
use leptos_router::{NavigateOptions, hooks::use_navigate};

use crate::api::{self, ApiError, use_api};
use crate::billing::stripe;
use crate::clusters::watch::ClusterWatch;
use crate::i18n::k::clusters_create as w;
use crate::i18n::{t, tf};
use crate::kit::Write;
use crate::kit::redirecting::Redirecting;
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
        Next::Checkout(link) => {
            view! { <Redirecting link=link destination=t(w::CHECKOUT_PAGE) /> }.into_any()
        }
        Next::Created(cluster) => {
            session
                .flash
                .set(Flash::while_provisioning(&cluster.id, tf(w::CREATED, &[("name", &cluster.name)])));
            let path = crate::links::cluster(&cluster.id);
            let watch = expect_context::<ClusterWatch>();
            let (id, name) = (cluster.id.clone(), cluster.name.clone());
            watch.publish(id.clone(), *cluster);
            if let Some(center) = crate::activity::center() {
                crate::clusters::track::cluster(center, watch, &id, &name);
            }
            navigate(&path, NavigateOptions { replace: true, ..Default::default() });
            crate::kit::waiting(t(w::OPENING_NEW))
        }
        Next::Authenticate { client_secret, cluster_id } => {
            view! { <Authenticate client_secret=client_secret cluster_id=cluster_id name=name /> }.into_any()
        }
        Next::Unknown => view! {
            <div class="error-panel" role="alert">
                <p class="error-title">{t(w::UNKNOWN_TITLE)}</p>
                <p class="error-detail">{t(w::UNKNOWN_DETAIL)}</p>
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
    let pay = Write::new(t(w::CONFIRMING));
    let confirm = move || {
        let (payments, secret) = (payments.get_value(), secret.get_value());
        let navigate = navigate.clone();
        pay.start(
            Box::pin(async move {
                let Some(payments) = payments else {
                    return Err(ApiError::PaymentDeclined(t(w::NO_PAYMENT_SCRIPT).into()));
                };
                // Only the words are shown, under "The payment was not confirmed."
                stripe::confirm(&payments, &secret).await.map_err(ApiError::PaymentDeclined)
            }),
            Some(Box::new(move || {
                if let (Some(name), Some(path), Some(id)) =
                    (done_name.try_get_value(), done_path.try_get_value(), done_id.try_get_value())
                {
                    session.flash.set(Flash::while_provisioning(&id, tf(w::CONFIRMED, &[("name", &name)])));
                    navigate(&path, NavigateOptions { replace: true, ..Default::default() });
                }
            })),
        );
    };
    let checkout = Write::new(t(w::OPENING_CHECKOUT));
    let link = RwSignal::new(None::<RedirectLink>);
    confirm();
    let id = StoredValue::new(cluster_id);
    let code_name = name.clone();
    let code = crate::code::live(Box::new(move |t| {
        crate::code::actions::checkout_resume(t, &id.get_value(), &code_name)
    }));

    view! {
        <section class="card" id="authenticate">
            <h2>{t(w::CONFIRM_HEADING)}</h2>
            <p>{tf(w::BANK_ASKS, &[("name", &name)])}</p>
            {move || match pay.error.get() {
                None => crate::kit::waiting(t(w::WAITING_CONFIRMATION)),
                Some(e) => {
                    let confirm = confirm.clone();
                    view! {
                        <div class="error-panel" role="alert" id="payment-failed">
                            <p class="error-title">{t(w::NOT_CONFIRMED)}</p>
                            <p class="error-detail">{e.detail()}</p>
                            <p>{tf(w::EXISTS_UNPAID, &[("name", &name)])}</p>
                            <p class="hint">{t(crate::clusters::payment::PAGE_ASKS_FOR_THE_CARD)}</p>
                            <div class="actions">
                                <button
                                    class="button"
                                    id="retry-payment"
                                    disabled=move || pay.busy.get()
                                    on:click=move |_| confirm()
                                >
                                    {t(w::TRY_AGAIN)}
                                </button>
                                <button
                                    class="button primary"
                                    id="use-checkout"
                                    disabled=move || checkout.busy.get()
                                    on:click=move |_| {
                                        let op = ops::ClusterCheckoutResume {
                                            id: id.get_value(),
                                            body: None,
                                        };
                                        checkout
                                            .run(
                                                async move { api::call(api, &op).await },
                                                move |l| {
                                                    link.try_set(Some(l));
                                                },
                                            );
                                    }
                                >
                                    {t(w::ANOTHER_CARD)}
                                </button>
                            </div>
                            <crate::kit::code::CodePanel curl=code />
                        </div>
                    }
                        .into_any()
                }
            }}
            {move || {
                link.get().map(|link| view! { <Redirecting link=link destination=t(w::CHECKOUT_PAGE) /> })
            }}
            {checkout.failure()}
            <p>
                <a href=path.clone()>{t(w::GO_TO_CLUSTER)}</a>
            </p>
        </section>
    }
}
