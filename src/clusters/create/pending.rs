//! `/clusters/new?pending={id}`: a cluster the wizard created whose payment was not
//! finished (the page was reloaded during 3-D Secure, or left). The ID in the address is
//! all that survives a reload (the payment's client secret is kept in memory only, so the
//! bank's check cannot be resumed); the cluster is read again and, while it is unpaid,
//! offered "Complete payment" on the hosted payment page (`cluster.checkout.resume`).

use cluster_api::{Cluster, RedirectLink, ops};
use leptos::prelude::*;

use crate::api::{self, use_api};
use crate::clusters::payment::{PAGE_ASKS_FOR_THE_CARD, unpaid_reason, waiting_for_payment};
use crate::i18n::k::{clusters_create as w, clusters_page as page};
use crate::i18n::{t, tf};
use crate::kit::redirecting::Redirecting;
use crate::kit::{Button, Loaded, Write};

/// Puts the pending cluster's ID in the address bar without a navigation (the wizard
/// stays as it is, the bank's prompt open); a reload then comes back to it.
pub fn remember(cluster_id: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let url = crate::links::new_cluster_pending(cluster_id);
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The address back to the blank wizard (the person chose to create another cluster).
fn forget() {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ =
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(crate::links::NEW_CLUSTER));
    }
}

/// The ways on from here: to the cluster's page (`go_class`: the main way or not), or back to
/// a blank wizard.
fn onward(go_class: &'static str, path: String, dismiss: Callback<()>) -> AnyView {
    view! {
        <a class=go_class href=path>
            {t(w::GO_TO_CLUSTER)}
        </a>
        {Button::new("button subtle", t(w::CREATE_ANOTHER))
            .id("create-another")
            .on_click(move || dismiss.run(()))
            .view()}
    }
    .into_any()
}

fn unpaid(cluster: Cluster, dismiss: Callback<()>) -> AnyView {
    let api = use_api();
    let resume = Write::new(t(page::OPENING_PAYMENT_PAGE));
    let link = RwSignal::new(None::<RedirectLink>);
    let id = StoredValue::new(cluster.id.clone());
    let why = unpaid_reason(&cluster.status).unwrap_or_default();
    let path = crate::links::cluster(&cluster.id);
    let (code_id, code_name) = (cluster.id.clone(), cluster.name.clone());
    let code =
        crate::code::live(Box::new(move |t| crate::code::actions::checkout_resume(t, &code_id, &code_name)));
    view! {
        <section class="card" id="pending-payment">
            <h2>{waiting_for_payment(&cluster.name)}</h2>
            <p>{why}</p>
            <p>{t(PAGE_ASKS_FOR_THE_CARD)}</p>
            {move || {
                link.get().map(|link| view! { <Redirecting link=link destination=t(page::PAYMENT_PAGE) /> })
            }}
            {resume.failure()}
            <div class="actions">
                <button
                    class="button primary"
                    id="complete-payment"
                    disabled=move || resume.busy.get() || link.with(Option::is_some)
                    on:click=move |_| {
                        let op = ops::ClusterCheckoutResume {
                            id: id.get_value(),
                            body: None,
                        };
                        resume
                            .run(
                                async move { api::call(api, &op).await },
                                move |l| {
                                    link.try_set(Some(l));
                                },
                            );
                    }
                >
                    {resume.label(t(page::COMPLETE_PAYMENT), t(page::OPENING))}
                </button>
                {onward("button", path, dismiss)}
            </div>
            <crate::kit::code::CodePanel curl=code />
        </section>
    }
    .into_any()
}

/// The pending cluster as it is now: still unpaid (the way to pay), or paid meanwhile.
#[component]
pub fn PendingCluster(id: String, dismiss: Callback<()>) -> impl IntoView {
    let api = use_api();
    let id = StoredValue::new(id);
    let cluster = crate::view_read::load(move || {
        let op = ops::ClusterDetail { id: id.get_value() };
        async move { api::call(api, &op).await }
    });
    let dismiss = Callback::new(move |()| {
        forget();
        dismiss.run(());
    });
    Loaded::new(t(w::LOADING_CREATED), cluster).retry(Callback::new(move |_| cluster.retry())).ready(
        move |c: Cluster| {
            if unpaid_reason(&c.status).is_some() {
                return unpaid(c, dismiss);
            }
            let words = crate::clusters::status_badge::words(&c.status);
            view! {
                <section class="card" id="pending-payment">
                    <h2>{tf(w::NO_LONGER_WAITING, &[("name", &c.name)])}</h2>
                    <p>{tf(w::STATE_NOW, &[("state", &words)])}</p>
                    <div class="actions">
                        {onward("button primary", crate::links::cluster(&c.id), dismiss)}
                    </div>
                </section>
            }
            .into_any()
        },
    )
}
