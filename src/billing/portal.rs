//! The billing portal's button: asks the service for a one-time portal link
//! (`org.billingPortalSession.create`, manage-billing) and goes there. Used by the portal
//! card and wherever the portal is the way forward (a card a subscription still pays with).

use cluster_api::{RedirectLink, RedirectRequest, ops};
use leptos::prelude::*;

use super::page::return_url;
use crate::api::{self, page_origin, use_api};
use crate::i18n::{k, t};
use crate::kit::Write;
use crate::kit::redirecting::Redirecting;

#[component]
pub fn PortalButton(
    org_id: StoredValue<String>,
    /// The button's id (flows rely on it); none where it is drawn once per row.
    #[prop(optional)]
    id: Option<&'static str>,
    /// Why this caller may not open it, `None` when they may.
    read_only: Signal<Option<String>>,
) -> impl IntoView {
    let api = use_api();
    let portal = Write::new(t(k::billing::OPENING_PORTAL));
    let link = RwSignal::new(None::<RedirectLink>);
    let open = move |_| {
        let org_id = org_id.get_value();
        let body = Some(RedirectRequest { redirect_uri: Some(return_url(&page_origin(), &org_id)) });
        let op = ops::OrgBillingPortalSessionCreate { org_id, body };
        portal.run(async move { api::call(api, &op).await }, move |l| {
            link.try_set(Some(l));
        });
    };
    view! {
        <button
            type="button"
            class="button open-portal"
            id=id
            disabled=move || read_only.get().is_some() || portal.busy.get()
            on:click=open
        >
            {t(k::billing::OPEN_PORTAL)}
        </button>
        {move || {
            link.get()
                .map(|link| view! { <Redirecting link=link destination=t(k::billing::PORTAL_DESTINATION) /> })
        }}
        {portal.failure()}
    }
}
