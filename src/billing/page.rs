//! `/billing?org=<id>`: an organization's subscriptions, cards, billing contacts and the
//! billing portal. Read-only, with the reason, for callers without manage-billing.

use cluster_api::{Org, catalogue};
use leptos::prelude::*;
use leptos_router::{
    NavigateOptions,
    hooks::{use_navigate, use_query_map},
};

use super::cards::PaymentMethods;
use super::contacts::BillingContacts;
use super::portal::PortalButton;
use super::subscription::SubscriptionTable;
use crate::api::page_origin;
use crate::directory::Directory;
use crate::i18n::{k, t, tf};
use crate::kit::page::PageHead;
use crate::kit::{Loaded, Tone, toned};
use crate::links;

/// Where hosted billing pages send the person back to.
pub fn return_url(origin: &str, org_id: &str) -> String {
    format!("{origin}{}", links::billing_for(org_id))
}

/// The message for a return from the card-setup page.
pub fn setup_return(marker: Option<&str>) -> Option<(bool, &'static str)> {
    match marker? {
        "success" => Some((true, t(k::billing::CARD_ADDED))),
        "cancelled" => Some((false, t(k::billing::CARD_CANCELLED))),
        _ => None,
    }
}

#[component]
pub fn Billing() -> impl IntoView {
    let directory = expect_context::<Directory>();
    let query = use_query_map();
    let navigate = use_navigate();
    let visible = Memo::new(move |_| directory.orgs_allowing(&catalogue::ORG_SUBSCRIPTION_LIST));
    let selected = Memo::new(move |_| {
        let wanted = query.with(|q| q.get("org"));
        visible.with(|orgs| {
            wanted.and_then(|w| orgs.iter().find(|o| o.id == w).cloned()).or_else(|| orgs.first().cloned())
        })
    });
    // The card-setup page's marker is read once and taken out of the address (history
    // replaced): a reload, or Back, does not announce the card again.
    let setup_said = RwSignal::new(None::<(bool, &'static str)>);
    let consume = navigate.clone();
    Effect::new(move |_| {
        let Some(marker) = query.with(|q| q.get("payment_method_setup")) else { return };
        setup_said.set(setup_return(Some(&marker)));
        let to = match query.with_untracked(|q| q.get("org")) {
            Some(org) => links::billing_for(&org),
            None => links::BILLING.to_string(),
        };
        consume(&to, NavigateOptions { replace: true, ..Default::default() });
    });
    let choose = move |id: String| {
        navigate(&links::billing_for(&id), NavigateOptions::default());
    };

    view! {
        <PageHead heading=crate::routes::BILLING.title()>
            <span class="spacer"></span>
            {move || {
                (visible.with(Vec::len) > 1)
                    .then(|| {
                        let choose = choose.clone();
                        view! {
                            <label>
                                {t(k::billing::ORGANIZATION)}" "
                                <select
                                    id="billing-org"
                                    on:change:target=move |ev| choose(ev.target().value())
                                >
                                    {visible
                                        .get()
                                        .into_iter()
                                        .map(|o| {
                                            let id = o.id.clone();
                                            view! {
                                                <option
                                                    value=o.id.clone()
                                                    selected=move || {
                                                        selected
                                                            .with(|s| s.as_ref().map(|s| s.id == id))
                                                            .unwrap_or(false)
                                                    }
                                                >
                                                    {o.display_name.unwrap_or(o.name)}
                                                </option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                            </label>
                        }
                    })
            }}
        </PageHead>
        {move || {
            setup_said
                .get()
                .map(|(ok, text)| {
                    view! {
                        <p class=toned("flash", (!ok).then_some(Tone::Warn)) id="setup-return" role="status">
                            {text}
                        </p>
                    }
                })
        }}
        // A failed read of the organizations is shown as failed, not as "no access".
        {Loaded::from_fn(
                t(k::billing::LOADING_ORGS),
                move || {
                    directory.orgs.with(|o| o.as_ref().map(|r| r.as_ref().map(drop).map_err(Clone::clone)))
                },
                Some(Callback::new(move |_| directory.orgs.refetch())),
            )
            .loading(t(k::billing::LOADING))
            .ready(move |()| match selected.get() {
                None => {
                    view! {
                        <div class="empty" id="no-billing-access">
                            <p>
                                {directory
                                    .refused_everywhere(
                                        &catalogue::ORG_SUBSCRIPTION_LIST,
                                        t(k::billing::SEEING_BILLING),
                                    )} " "{t(k::billing::ASK_ADMIN)}
                            </p>
                        </div>
                    }
                        .into_any()
                }
                Some(org) => view! { <OrgBilling org=org /> }.into_any(),
            })}
    }
}

#[component]
fn OrgBilling(org: Org) -> impl IntoView {
    let directory = expect_context::<Directory>();
    let org_id = StoredValue::new(org.id.clone());
    let read_only = Signal::derive(move || {
        directory.refusal(&org_id.get_value(), &catalogue::ORG_PAYMENTMETHOD_SETDEFAULT)
    });
    let portal_code = crate::code::live(Box::new(move |t| {
        let org_id = org_id.get_value();
        crate::code::actions::billing_portal(t, &org_id, &return_url(&page_origin(), &org_id))
    }));
    view! {
        <p class="hint">
            {crate::words::sentence(
                &tf(
                    k::billing::BILLING_FOR,
                    &[("org", &org.display_name.clone().unwrap_or(org.name.clone()))],
                ),
            )}
        </p>
        {move || {
            read_only
                .get()
                .map(|why| {
                    view! {
                        <p class="callout" id="billing-read-only">
                            <strong>{t(k::billing::READ_ONLY)}" "</strong>
                            {why}
                        </p>
                    }
                })
        }}
        <section class="card" id="subscriptions">
            <h2>{t(k::billing::SUBSCRIPTIONS)}</h2>
            <SubscriptionTable org_id=org.id.clone() />
        </section>
        <PaymentMethods org_id=org_id read_only=read_only />
        <BillingContacts org_id=org.id.clone() read_only=read_only />
        <section class="card" id="portal">
            <h2>{t(k::billing::PORTAL_HEADING)}</h2>
            <p>{t(k::billing::PORTAL_HINT)}</p>
            <PortalButton org_id=org_id id="open-portal" read_only=read_only />
            {move || {
                read_only.get().is_none().then(|| view! { <crate::kit::code::CodePanel curl=portal_code /> })
            }}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_urls_and_markers() {
        assert_eq!(
            return_url("http://127.0.0.1:8080", "org-acme"),
            "http://127.0.0.1:8080/billing?org=org-acme"
        );
        assert_eq!(setup_return(Some("success")), Some((true, "The card was added.")));
        assert!(setup_return(Some("cancelled")).is_some_and(|(ok, _)| !ok));
        assert_eq!(setup_return(Some("other")), None);
    }
}
