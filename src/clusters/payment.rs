//! Unpaid clusters: why, and the way to pay (`cluster.checkout.resume`).

use cluster_api::{ClusterState, RedirectLink, catalogue, ops};
use leptos::prelude::*;

use super::ClusterCtx;
use crate::api::{self, use_api};
use crate::i18n::k::clusters_page as w;
use crate::i18n::{Msg, t, tf};
use crate::kit::Write;
use crate::kit::redirecting::Redirecting;
use crate::kit::{ErrorPanel, Tone, toned};

/// Said before anyone leaves for the hosted payment page: it lets the person choose the
/// card there, so it may offer another card than the one chosen in the wizard. The console
/// cannot know which card it will charge, and never claims to.
pub const PAGE_ASKS_FOR_THE_CARD: Msg = w::ASKS_FOR_CARD;

/// "acme is waiting for payment": the one sentence the wizard (after a reload), the
/// cluster's page and the list's badge agree on for a cluster never paid for.
pub fn waiting_for_payment(name: &str) -> String {
    tf(w::WAITING_FOR_PAYMENT, &[("name", name)])
}

/// Whether the cluster was created but never paid for (checkout not completed, or the
/// card's 3-D Secure check abandoned): it waits for the person, not for the service.
pub fn never_paid(status: &ClusterState) -> bool {
    matches!(status, ClusterState::BillingSetup | ClusterState::PendingPayment)
}

/// Why a cluster in this state is waiting for money, if it is.
pub fn unpaid_reason(status: &ClusterState) -> Option<&'static str> {
    match status {
        ClusterState::BillingSetup => Some(t(w::UNPAID_BILLING_SETUP)),
        ClusterState::PendingPayment => Some(t(w::UNPAID_PENDING_PAYMENT)),
        ClusterState::BillingRequired => Some(t(w::UNPAID_BILLING_REQUIRED)),
        _ => None,
    }
}

/// A "Complete payment" action for an unpaid cluster; nothing for a paid one.
#[component]
pub fn PaymentCallout() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let reason = Memo::new(move |_| unpaid_reason(&ctx.cluster.with(|c| c.status.clone())));
    let location = leptos_router::hooks::use_location();
    let on_billing_tab = move || {
        let id = ctx.id();
        location
            .pathname
            .with(|p| crate::links::ClusterTab::of_path(p, &id) == crate::links::ClusterTab::Billing)
    };
    let neutral = Memo::new(move |_| ctx.cluster.with(|c| never_paid(&c.status)));
    let headline = move || {
        if neutral.get() {
            ctx.cluster.with(|c| waiting_for_payment(&c.name)) + " "
        } else {
            t(w::PAYMENT_NEEDED).into()
        }
    };
    move || {
        reason.get().map(|why| {
            view! {
                // Never paid is a step left to do, not an alarm: neutral, with the way to finish.
                <div
                    class=move || toned("callout", neutral.get().then_some(Tone::Neutral))
                    id="payment-callout"
                >
                    <p>
                        <strong>{headline}</strong>
                        {why}
                    </p>
                    <p class="hint">{t(PAGE_ASKS_FOR_THE_CARD)}</p>
                    // A delinquent cluster's Billing tab offers its open invoice's payment with
                    // the invoice: one button for one invoice. (A never-paid cluster has no
                    // subscription there yet, so it keeps this one.)
                    {move || {
                        (!on_billing_tab() || neutral.get())
                            .then(|| {
                                view! {
                                    <ResumeButton
                                        id="complete-payment"
                                        label=t(w::COMPLETE_PAYMENT)
                                        destination=t(w::PAYMENT_PAGE)
                                    />
                                }
                            })
                    }}
                </div>
            }
        })
    }
}

/// Opens the cluster's payment page (`cluster.checkout.resume`: a new checkout, or the
/// open invoice) and goes there; disabled, with the reason, without manage-billing.
#[component]
pub fn ResumeButton(id: &'static str, label: &'static str, destination: &'static str) -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let api = use_api();
    let resume = Write::new(t(w::OPENING_PAYMENT_PAGE));
    let link = RwSignal::new(None::<RedirectLink>);
    let denied = move || ctx.refusal(&catalogue::CLUSTER_CHECKOUT_RESUME);
    let open = move |_| {
        let op = ops::ClusterCheckoutResume { id: ctx.id(), body: None };
        resume.run(async move { api::call(api, &op).await }, move |l| {
            link.try_set(Some(l));
        });
    };
    let code = crate::code::live(Box::new(move |t| {
        ctx.cluster.with(|c| crate::code::actions::checkout_resume(t, &c.id, &c.name))
    }));
    view! {
        {move || link.get().map(|link| view! { <Redirecting link=link destination=destination /> })}
        {move || {
            resume
                .error
                .get()
                .map(|e| {
                    view! {
                        <ErrorPanel
                            action=tf(w::OPENING_DESTINATION, &[("destination", destination)])
                            error=e
                        />
                    }
                })
        }}
        <button
            class="button primary"
            id=id
            disabled=move || resume.busy.get() || denied().is_some() || link.with(Option::is_some)
            on:click=open
        >
            {resume.label(label, t(w::OPENING))}
        </button>
        {move || denied().map(|why| view! { <p class="hint reason">{why}</p> })}
        {move || denied().is_none().then(|| view! { <crate::kit::code::CodePanel curl=code /> })}
    }
}
