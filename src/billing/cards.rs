//! An organization's saved cards: add one (hosted setup page), make one the default,
//! remove one (refused with the reason while a subscription uses it).

use cluster_api::{PaymentMethod, RedirectLink, RedirectRequest, ops};
use leptos::prelude::*;

use super::page::return_url;
use crate::api::{self, page_origin, use_api};
use crate::kit::code::CodePanel;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey};
use crate::kit::{Badge, Tone};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work, Write};
use crate::redirect::Redirecting;

pub fn describe(c: &PaymentMethod) -> String {
    let brand = c.brand.clone().unwrap_or_else(|| "Card".into());
    let mut letters = brand.chars();
    let brand: String =
        letters.next().map(|first| first.to_uppercase().chain(letters).collect()).unwrap_or_default();
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

const COLUMNS: &[Column] =
    &[Column::sortable("Card"), Column::sortable("Expires"), Column::sortable("Pays for"), Column::new("")];

#[component]
pub fn PaymentMethods(org_id: String, read_only: Signal<Option<String>>) -> impl IntoView {
    let api = use_api();
    let org = StoredValue::new(org_id);
    let cards = crate::load::load(move || {
        let org_id = org.get_value();
        async move { api::call(api, &ops::OrgPaymentMethodList { org_id }).await }
    });
    let make_default = Write::new("Making the card the default");
    let add = Write::new("Opening the card setup page");
    let link = RwSignal::new(None::<RedirectLink>);
    let locked = move || read_only.get().is_some();
    let set_default = move |pm_id: String| {
        let op = ops::OrgPaymentMethodSetDefault { org_id: org.get_value(), pm_id };
        make_default.run(async move { api::call(api, &op).await }, move |()| cards.refetch());
    };
    let open_setup = move |_| {
        let org_id = org.get_value();
        let body = RedirectRequest { redirect_uri: Some(return_url(&page_origin(), &org_id)) };
        let op = ops::OrgPaymentMethodSetupSessionCreate { org_id, body };
        add.run(async move { api::call(api, &op).await }, move |l| {
            link.try_set(Some(l));
        });
    };

    let setup_code = crate::code::live(Box::new(move |t| {
        let org_id = org.get_value();
        crate::code::actions::card_setup(t, &org_id, &return_url(&page_origin(), &org_id))
    }));
    let row = move |c: &PaymentMethod| {
        let id_default = c.id.clone();
        let pm_id = StoredValue::new(c.id.clone());
        let in_use = c.in_use_by.clone().unwrap_or_default();
        let usage = if in_use.is_empty() {
            if c.in_use_by_active_subscription {
                "An active subscription".to_string()
            } else {
                "Not in use".to_string()
            }
        } else {
            in_use.join(", ")
        };
        let label = describe(c);
        let remove = Confirm::new("Removing the card");
        let work = Callback::new(move |()| -> Work {
            let op = ops::OrgPaymentMethodDelete { org_id: org.get_value(), pm_id: pm_id.get_value() };
            Box::pin(async move {
                api::call(api, &op).await?;
                cards.refetch();
                Ok(())
            })
        });
        let title = format!("Remove {label}?");
        let (code_label, default_label) = (StoredValue::new(label.clone()), label.clone());
        let remove_code = crate::code::live(Box::new(move |t| {
            crate::code::actions::card_remove(
                t,
                &org.get_value(),
                &pm_id.get_value(),
                &code_label.get_value(),
            )
        }));
        let default_code = crate::code::live(Box::new(move |t| {
            crate::code::actions::card_make_default(t, &org.get_value(), &pm_id.get_value(), &default_label)
        }));
        let card = view! { {label.clone()} {c.is_default.then(|| view! { " " {Badge::new("Default", Tone::Ok).view()} })} };
        let by_label = SortKey::words(&label);
        let actions = view! {
            {(!c.is_default).then(|| view! {
                <button class="button make-default" disabled=move || locked() || make_default.busy.get()
                    on:click=move |_| set_default(id_default.clone())>"Make default"</button>
                {move || (!locked()).then(|| view! { <CodePanel curl=default_code/> })}
            })}
            <button class="button remove-card" disabled=locked on:click=move |_| remove.open()>"Remove"</button>
            <ConfirmDialog confirm=remove style=ConfirmStyle::Danger title=title
                body=move || view! {
                    <p>"The card is deleted from the organization's saved cards. "
                       "While a subscription pays with it, the service refuses and says which one."</p>
                    <CodePanel curl=remove_code/>
                }
                work=work confirm_label="Remove card" busy_label="Removing…" confirm_class="confirm-remove"/>
        };
        Row::new(
            "data-card",
            c.id.clone(),
            vec![
                Cell::view(card.into_any(), by_label),
                Cell::text(expiry(c)).sort_by(expiry_key(c)),
                Cell::text(usage),
                Cell::view(actions.into_any(), SortKey::None).class("row-actions"),
            ],
        )
    };
    let rows = Callback::new(move |()| {
        cards.with(|l| {
            l.as_ref().map(|r| r.as_ref().map(|list| list.iter().map(row).collect()).map_err(Clone::clone))
        })
    });

    view! {
        <section class="card" id="payment-methods">
            <h2>"Payment methods"</h2>
            {make_default.failure()}
            <ResourceTable columns=COLUMNS rows=rows id="card-table" label="Saved cards" loading_what="Loading cards"
                retry=Callback::new(move |_| cards.refetch())
                empty=ViewFn::from(|| view! { <p class="hint">"No saved cards. Add one to pay for new clusters without the checkout page."</p> })/>
            <p>
                <button class="button" id="add-card" disabled=move || locked() || add.busy.get()
                    on:click=open_setup>"Add card"</button>
            </p>
            {move || (!locked()).then(|| view! { <CodePanel curl=setup_code/> })}
            {move || link.get().map(|link| view! { <Redirecting link=link destination="the secure card setup page"/> })}
            {add.failure()}
        </section>
    }
}
