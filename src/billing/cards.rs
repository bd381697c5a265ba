//! An organization's saved cards: add one (hosted setup page), make one the default,
//! remove one (refused with the reason while a subscription uses it).

use cluster_api::{ops, PaymentMethod, RedirectRequest};
use leptos::prelude::*;

use super::page::return_url;
use crate::api::{self, page_origin, ApiError};
use crate::components::ErrorPanel;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey};
use crate::redirect::Redirecting;
use crate::session::Session;

pub fn describe(c: &PaymentMethod) -> String {
    let brand = c.brand.clone().unwrap_or_else(|| "Card".into());
    let mut letters = brand.chars();
    let brand: String = letters.next().map(|first| first.to_uppercase().chain(letters).collect()).unwrap_or_default();
    format!("{brand} •••• {}", c.last4.clone().unwrap_or_default())
}

pub fn expiry(c: &PaymentMethod) -> String {
    match (c.exp_month, c.exp_year) {
        (Some(m), Some(y)) => format!("{m:02}/{y}"),
        _ => "—".into(),
    }
}

/// Orders cards by when they expire (year, then month).
fn expiry_key(c: &PaymentMethod) -> SortKey {
    match (c.exp_month, c.exp_year) {
        (Some(m), Some(y)) => SortKey::Number(y * 100 + m),
        _ => SortKey::None,
    }
}

const COLUMNS: &[Column] = &[Column::sortable("Card"), Column::sortable("Expires"), Column::sortable("Pays for"), Column::new("")];

#[component]
pub fn PaymentMethods(org_id: String, read_only: Signal<Option<String>>) -> impl IntoView {
    let session = expect_context::<Session>();
    let org = StoredValue::new(org_id);
    let cards = crate::load::load(move || {
        let org_id = org.get_value();
        async move { api::call(session, &ops::OrgPaymentMethodList { org_id }).await }
    });
    let make_default = Action::new_local(move |pm_id: &String| {
        let (org_id, pm_id) = (org.get_value(), pm_id.clone());
        async move { api::call(session, &ops::OrgPaymentMethodSetDefault { org_id, pm_id }).await }
    });
    let remove = Action::new_local(move |pm_id: &String| {
        let (org_id, pm_id) = (org.get_value(), pm_id.clone());
        async move { api::call(session, &ops::OrgPaymentMethodDelete { org_id, pm_id }).await }
    });
    let add = Action::new_local(move |_: &()| {
        let org_id = org.get_value();
        let body = RedirectRequest { redirect_uri: Some(return_url(&page_origin(), &org_id)) };
        async move { api::call(session, &ops::OrgPaymentMethodSetupSessionCreate { org_id, body }).await }
    });
    let confirming = RwSignal::new(None::<String>);
    let failure = RwSignal::new(None::<(&'static str, ApiError)>);
    Effect::new(move |_| match make_default.value().get() {
        Some(Ok(())) => cards.refetch(),
        Some(Err(e)) => failure.set(Some(("Making the card the default", e))),
        None => {}
    });
    Effect::new(move |_| match remove.value().get() {
        Some(Ok(())) => {
            confirming.set(None);
            cards.refetch();
        }
        Some(Err(e)) => failure.set(Some(("Removing the card", e))),
        None => {}
    });
    let locked = move || read_only.get().is_some();

    let row = move |c: PaymentMethod| {
        let (id_default, id_remove, id_confirm) = (c.id.clone(), c.id.clone(), c.id.clone());
        let in_use = c.in_use_by.clone().unwrap_or_default();
        let usage = if in_use.is_empty() {
            if c.in_use_by_active_subscription { "An active subscription".to_string() } else { "Not in use".to_string() }
        } else {
            in_use.join(", ")
        };
        let label = describe(&c);
        let card = view! { {label.clone()} {c.is_default.then(|| view! { " " <span class="badge badge-ok">"Default"</span> })} };
        let by_label = SortKey::Text(label.to_lowercase());
        let actions = view! {
                    {(!c.is_default).then(|| view! {
                        <button class="button make-default" disabled=move || locked() || make_default.pending().get()
                            on:click=move |_| { failure.set(None); make_default.dispatch(id_default.clone()); }>"Make default"</button>
                    })}
                    <button class="button remove-card" disabled=locked
                        on:click=move |_| { failure.set(None); confirming.set(Some(id_remove.clone())); }>"Remove"</button>
                    {move || (confirming.get().as_deref() == Some(id_confirm.as_str())).then(|| {
                        let id = id_confirm.clone();
                        view! {
                            <div class="inline-confirm" role="dialog">
                                <span>{format!("Remove {label}?")}</span>
                                <button class="button" on:click=move |_| confirming.set(None)>"Keep"</button>
                                <button class="button danger confirm-remove" disabled=move || remove.pending().get()
                                    on:click=move |_| { remove.dispatch(id.clone()); }>"Remove card"</button>
                            </div>
                        }
                    })}
        };
        Row::new(
            "data-card",
            c.id.clone(),
            vec![
                Cell::view(card.into_any(), by_label),
                Cell::text(expiry(&c)).sort_by(expiry_key(&c)),
                Cell::text(usage),
                Cell::view(actions.into_any(), SortKey::None).class("row-actions"),
            ],
        )
    };
    let rows = Callback::new(move |()| cards.with(|l| l.as_ref().map(|r| r.as_ref().map(|list| list.iter().cloned().map(row).collect()).map_err(Clone::clone))));

    view! {
        <section class="card" id="payment-methods">
            <h2>"Payment methods"</h2>
            {move || failure.get().map(|(action, e)| view! { <ErrorPanel action=action error=e/> })}
            <ResourceTable columns=COLUMNS rows=rows id="card-table" label="Saved cards" loading_what="Loading cards"
                retry=Callback::new(move |_| cards.refetch())
                empty=ViewFn::from(|| view! { <p class="hint">"No saved cards. Add one to pay for new clusters without the checkout page."</p> })/>
            <p>
                <button class="button" id="add-card" disabled=move || locked() || add.pending().get()
                    on:click=move |_| { add.dispatch(()); }>"Add card"</button>
            </p>
            {move || match add.value().get() {
                Some(Ok(link)) => view! { <Redirecting link=link destination="the secure card setup page"/> }.into_any(),
                Some(Err(e)) => view! { <ErrorPanel action="Opening the card setup page" error=e/> }.into_any(),
                None => ().into_any(),
            }}
        </section>
    }
}
