//! Who receives the organization's billing emails: add by user ID, remove.

use cluster_api::ops;
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::components::ErrorPanel;
use crate::session::Session;

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

    view! {
        <section class="card" id="billing-contacts">
            <h2>"Billing contacts"</h2>
            <p class="hint">"Members who receive invoices and payment emails. They must hold the manage-billing role."</p>
            {move || failure.get().map(|(action, e)| view! { <ErrorPanel action=action error=e/> })}
            {move || match contacts.get() {
                None => view! { <p class="loading">"Loading contacts…"</p> }.into_any(),
                Some(Err(e)) => view! { <ErrorPanel action="Loading billing contacts" error=e retry=Callback::new(move |_| contacts.refetch())/> }.into_any(),
                Some(Ok(list)) if list.is_empty() => view! { <p class="hint">"No billing contacts yet."</p> }.into_any(),
                Some(Ok(list)) => view! {
                    <table class="table" id="contact-table">
                        <thead><tr><th>"User"</th><th>"Name"</th><th>"Email"</th><th></th></tr></thead>
                        <tbody>
                            {list.into_iter().map(|c| {
                                let id = c.id.clone();
                                let full = [c.first_name.clone(), c.last_name.clone()].into_iter().flatten().collect::<Vec<_>>().join(" ");
                                view! {
                                    <tr data-contact=c.id.clone()>
                                        <td>{c.username.clone()}<div class="sub mono">{c.id.clone()}</div></td>
                                        <td>{if full.is_empty() { "—".to_string() } else { full }}</td>
                                        <td>{c.email.clone().unwrap_or_else(|| "—".into())}</td>
                                        <td><button class="button remove-contact" disabled=move || locked() || remove.pending().get()
                                            on:click=move |_| { failure.set(None); remove.dispatch(id.clone()); }>"Remove"</button></td>
                                    </tr>
                                }
                            }).collect_view()}
                        </tbody>
                    </table>
                }.into_any(),
            }}
            <form class="inline-form" on:submit=submit>
                <label for="contact-user-id">"Add by user ID "</label>
                <input id="contact-user-id" placeholder="user ID" prop:value=user_id disabled=locked
                    on:input:target=move |ev| user_id.set(ev.target().value())/>
                <button class="button" type="submit" id="add-contact" disabled=move || locked() || add.pending().get()>"Add contact"</button>
            </form>
        </section>
    }
}
