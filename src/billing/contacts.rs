//! Who receives the organization's billing emails: add by user ID, remove.

use cluster_api::{ops, BillingContact};
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::components::ErrorPanel;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey};
use crate::session::Session;

const COLUMNS: &[Column] = &[Column::sortable("User"), Column::sortable("Name"), Column::sortable("Email"), Column::new("")];

#[component]
pub fn BillingContacts(org_id: String, read_only: Signal<Option<String>>) -> impl IntoView {
    let session = expect_context::<Session>();
    let org = StoredValue::new(org_id);
    let contacts = crate::load::load(move || {
        let org_id = org.get_value();
        async move { api::call(session, &ops::OrgBillingContactList { org_id }).await }
    });
    let user_id = RwSignal::new(String::new());
    let add = Action::new_local(move |id: &String| {
        let (org_id, user_id) = (org.get_value(), id.clone());
        async move { api::call(session, &ops::OrgBillingContactCreate { org_id, user_id }).await }
    });
    let remove = Action::new_local(move |id: &String| {
        let (org_id, user_id) = (org.get_value(), id.clone());
        async move { api::call(session, &ops::OrgBillingContactDelete { org_id, user_id }).await }
    });
    let failure = RwSignal::new(None::<(&'static str, ApiError)>);
    Effect::new(move |_| match add.value().get() {
        Some(Ok(())) => {
            user_id.set(String::new());
            contacts.refetch();
        }
        Some(Err(e)) => failure.set(Some(("Adding the billing contact", e))),
        None => {}
    });
    Effect::new(move |_| match remove.value().get() {
        Some(Ok(())) => contacts.refetch(),
        Some(Err(e)) => failure.set(Some(("Removing the billing contact", e))),
        None => {}
    });
    let locked = move || read_only.get().is_some();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        failure.set(None);
        let id = user_id.get_untracked().trim().to_string();
        if !id.is_empty() {
            add.dispatch(id);
        }
    };

    let row = move |c: &BillingContact| {
        let id = c.id.clone();
        let full = [c.first_name.clone(), c.last_name.clone()].into_iter().flatten().collect::<Vec<_>>().join(" ");
        let remove_button = view! {
            <button class="button remove-contact" disabled=move || locked() || remove.pending().get()
                on:click=move |_| { failure.set(None); remove.dispatch(id.clone()); }>"Remove"</button>
        };
        Row::new(
            "data-contact",
            c.id.clone(),
            vec![
                Cell::text(c.username.clone()).sub(c.id.clone()),
                Cell::text(if full.is_empty() { "—".to_string() } else { full }),
                Cell::text(c.email.clone().unwrap_or_else(|| "—".into())),
                Cell::view(remove_button.into_any(), SortKey::None),
            ],
        )
    };
    let rows = Callback::new(move |()| contacts.with(|l| l.as_ref().map(|r| r.as_ref().map(|list| list.iter().map(row).collect()).map_err(Clone::clone))));

    view! {
        <section class="card" id="billing-contacts">
            <h2>"Billing contacts"</h2>
            <p class="hint">"Members who receive invoices and payment emails. They must hold the manage-billing role."</p>
            {move || failure.get().map(|(action, e)| view! { <ErrorPanel action=action error=e/> })}
            <ResourceTable columns=COLUMNS rows=rows id="contact-table" label="Billing contacts" loading_what="Loading billing contacts"
                retry=Callback::new(move |_| contacts.refetch())
                empty=ViewFn::from(|| view! { <p class="hint">"No billing contacts yet."</p> })/>
            <form class="inline-form" on:submit=submit>
                <label for="contact-user-id">"Add by user ID "</label>
                <input id="contact-user-id" placeholder="user ID" prop:value=user_id disabled=locked
                    on:input:target=move |ev| user_id.set(ev.target().value())/>
                <button class="button" type="submit" id="add-contact" disabled=move || locked() || add.pending().get()>"Add contact"</button>
            </form>
        </section>
    }
}
