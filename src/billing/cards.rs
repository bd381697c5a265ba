//! An organization's saved cards: add one (hosted setup page), make one the default,
//! remove one (refused with the reason while a subscription uses it).

use cluster_api::{PaymentMethod, RedirectLink, RedirectRequest, ops};
use leptos::prelude::*;

use super::page::return_url;
use super::portal::PortalButton;
use crate::api::{self, page_origin, use_api};
use crate::i18n::{k, t, tf, tp};
use crate::kit::code::CodePanel;
use crate::kit::redirecting::Redirecting;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, empty_hint};
use crate::kit::{Badge, Tone};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work, Write};

pub fn describe(c: &PaymentMethod) -> String {
    let brand = c.brand.clone().unwrap_or_else(|| t(k::billing::CARD_FALLBACK).into());
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

/// Brand, last four digits, expiry month and year: all the contract lets cards be compared by.
type Alike = (String, String, i64, i64);

/// The cards that look saved more than once: the same brand, last four digits and expiry,
/// as ("Visa •••• 4242", how many saved cards look like it) once per look-alike group.
/// Cards carry no fingerprint in the contract, so this is all the console can compare (two
/// different cards can match, rarely).
pub fn look_alikes(cards: &[PaymentMethod]) -> Vec<(String, usize)> {
    let key = |c: &PaymentMethod| {
        let brand = c.brand.as_deref()?.to_ascii_lowercase();
        Some((brand, c.last4.clone()?, c.exp_month?, c.exp_year?))
    };
    // (what makes cards alike, the first one's words, how many)
    let mut groups: Vec<(Alike, String, usize)> = Vec::new();
    for c in cards {
        let Some(k) = key(c) else { continue };
        match groups.iter_mut().find(|(seen, _, _)| *seen == k) {
            Some((_, _, count)) => *count += 1,
            None => groups.push((k, describe(c), 1)),
        }
    }
    groups.into_iter().filter(|(_, _, count)| *count > 1).map(|(_, label, count)| (label, count)).collect()
}

/// Orders cards by when they expire (year, then month).
fn expiry_key(c: &PaymentMethod) -> SortKey {
    match (c.exp_month, c.exp_year) {
        (Some(m), Some(y)) => SortKey::Number(y * 100 + m),
        _ => SortKey::None,
    }
}

const COLUMNS: &[Column] = &[
    Column::sortable(k::billing::CARD_FALLBACK),
    Column::sortable(k::billing::COL_EXPIRES),
    Column::sortable(k::billing::COL_PAYS_FOR),
    Column::blank(),
];

#[component]
pub fn PaymentMethods(org_id: StoredValue<String>, read_only: Signal<Option<String>>) -> impl IntoView {
    let api = use_api();
    let org = org_id;
    let cards = crate::view_read::load(move || {
        let org_id = org.get_value();
        async move { api::call(api, &ops::OrgPaymentMethodList { org_id }).await }
    });
    // Back from the hosted card setup page: a card saved twice is said at once.
    let returned = leptos_router::hooks::use_query_map()
        .with_untracked(|q| q.get("payment_method_setup").as_deref() == Some("success"));
    let duplicate = move || {
        if !returned {
            return None;
        }
        let alikes = cards.with(|l| match l {
            Some(Ok(list)) => look_alikes(list),
            _ => Vec::new(),
        });
        (!alikes.is_empty()).then(|| {
            // Each group with its own count: three alike cards are not "two".
            view! {
                <div class="callout" id="duplicate-card" role="status">
                    {alikes
                        .into_iter()
                        .map(|(card, count)| {
                            view! {
                                <p>
                                    <strong>{tf(k::billing::DUPLICATE_CARD, &[("card", &card)])}</strong>
                                    " "
                                    {tp(k::billing::DUPLICATE_CARD_COUNT, count as f64, &[])}
                                </p>
                            }
                        })
                        .collect_view()}
                </div>
            }
        })
    };
    let make_default = Write::new(t(k::billing::MAKING_DEFAULT));
    let add = Write::new(t(k::billing::OPENING_CARD_SETUP));
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
                t(k::billing::USED_BY_ACTIVE_SUBSCRIPTION).to_string()
            } else {
                t(k::billing::NOT_IN_USE).to_string()
            }
        } else {
            in_use.join(", ")
        };
        let label = describe(c);
        let in_use_words = StoredValue::new((!in_use.is_empty()).then(|| in_use.join(", ")).or_else(|| {
            c.in_use_by_active_subscription.then(|| t(k::billing::USED_BY_ACTIVE_SUBSCRIPTION).to_lowercase())
        }));
        let remove = Confirm::new(t(k::billing::REMOVING_CARD));
        let work = Callback::new(move |()| -> Work {
            let op = ops::OrgPaymentMethodDelete { org_id: org.get_value(), pm_id: pm_id.get_value() };
            Box::pin(async move {
                api::call(api, &op).await?;
                cards.refetch();
                Ok(())
            })
        });
        let title = tf(k::billing::REMOVE_CARD_TITLE, &[("card", &label)]);
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
        let card = view! {
            {label.clone()}
            {c
                .is_default
                .then(|| {
                    view! {
                        " "
                        {Badge::new(t(k::billing::DEFAULT_BADGE), Tone::Ok).view()}
                    }
                })}
        };
        let by_label = SortKey::words(&label);
        let actions = view! {
            {(!c.is_default)
                .then(|| {
                    view! {
                        <button
                            class="button make-default"
                            disabled=move || locked() || make_default.busy.get()
                            on:click=move |_| set_default(id_default.clone())
                        >
                            {t(k::billing::MAKE_DEFAULT)}
                        </button>
                        {move || (!locked()).then(|| view! { <CodePanel curl=default_code /> })}
                    }
                })}
            <button class="button remove-card" disabled=locked on:click=move |_| remove.open()>
                {t(k::billing::REMOVE)}
            </button>
            <ConfirmDialog
                confirm=remove
                style=ConfirmStyle::Danger
                title=title
                body=move || {
                    view! {
                        <p>{t(k::billing::REMOVE_CARD_BODY)}</p>
                        // The service refuses while a subscription pays with it: the way forward
                        // is the billing portal, where the subscription moves to another card.
                        {in_use_words
                            .get_value()
                            .map(|clusters| {
                                view! {
                                    <p class="hint in-use-portal">
                                        {tf(k::billing::CARD_IN_USE_PORTAL, &[("clusters", &clusters)])}
                                    </p>
                                    <PortalButton org_id=org read_only=read_only />
                                }
                            })}
                        <CodePanel curl=remove_code />
                    }
                }
                work=work
                confirm_label=t(k::billing::REMOVE_CARD)
                busy_label=t(k::billing::REMOVING)
                confirm_class="confirm-remove"
            />
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
    let rows = cards.table(t(k::billing::LOADING_CARDS), move |list| list.iter().map(row).collect());

    view! {
        <section class="card" id="payment-methods">
            <h2>{t(k::billing::PAYMENT_METHODS)}</h2>
            {duplicate}
            {make_default.failure()}
            <ResourceTable
                columns=COLUMNS
                rows=rows
                id="card-table"
                label=t(k::billing::SAVED_CARDS)
                empty=empty_hint(t(k::billing::NO_CARDS))
            />
            <p>
                <button
                    class="button"
                    id="add-card"
                    disabled=move || locked() || add.busy.get()
                    on:click=open_setup
                >
                    {t(k::billing::ADD_CARD)}
                </button>
            </p>
            {move || (!locked()).then(|| view! { <CodePanel curl=setup_code /> })}
            {move || {
                link.get()
                    .map(|link| {
                        view! { <Redirecting link=link destination=t(k::billing::CARD_SETUP_DESTINATION) /> }
                    })
            }}
            {add.failure()}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: &str, brand: &str, last4: &str, exp: (i64, i64)) -> PaymentMethod {
        PaymentMethod {
            id: id.into(),
            r#type: "card".into(),
            brand: Some(brand.into()),
            last4: Some(last4.into()),
            exp_month: Some(exp.0),
            exp_year: Some(exp.1),
            ..PaymentMethod::default()
        }
    }

    #[test]
    fn cards_alike_in_brand_last_four_and_expiry_are_named_once() {
        let visa = card("pm_1", "visa", "4242", (12, 2030));
        let again = card("pm_2", "Visa", "4242", (12, 2030));
        let renewed = card("pm_3", "visa", "4242", (1, 2031));
        let master = card("pm_4", "mastercard", "4444", (12, 2030));
        assert_eq!(
            look_alikes(&[visa.clone(), renewed.clone(), master.clone()]),
            Vec::<(String, usize)>::new()
        );
        assert_eq!(
            look_alikes(&[visa.clone(), master, again.clone()]),
            vec![("Visa •••• 4242".to_string(), 2)]
        );
        // Three alike cards are counted as three.
        assert_eq!(
            look_alikes(&[visa.clone(), again.clone(), visa.clone()]),
            vec![("Visa •••• 4242".to_string(), 3)]
        );
        assert_eq!(
            tp(k::billing::DUPLICATE_CARD_COUNT, 3.0, &[]).split_whitespace().take(3).collect::<Vec<_>>(),
            ["3", "saved", "cards"]
        );
        // Without an expiry nothing can be compared.
        let bare = PaymentMethod { exp_month: None, ..again };
        assert!(look_alikes(&[bare.clone(), bare]).is_empty());
    }
}
