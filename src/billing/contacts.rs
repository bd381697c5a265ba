//! Who receives the organization's billing emails: add by user ID, remove.

use cluster_api::ops;
use leptos::prelude::*;

use crate::api;
use crate::components::ErrorPanel;
use crate::kit::{Confirm, ConfirmDialog, Tone, Work, Write};
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
    let add = Write::new("Adding the billing contact");
    let locked = move || read_only.get().is_some();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let id = user_id.get_untracked().trim().to_string();
        if id.is_empty() {
            return add.clear();
        }
        let op = ops::OrgBillingContactCreate { org_id: org.get_value(), user_id: id };
        add.run(async move { api::call(session, &op).await }, move |()| {
            user_id.try_set(String::new());
            contacts.refetch();
        });
    };

    view! {
        <section class="card" id="billing-contacts">
            <h2>"Billing contacts"</h2>
            <p class="hint">"Members who receive invoices and payment emails. They must hold the manage-billing role."</p>
            {add.failure()}
            {move || match contacts.get() {
                None => view! { <p class="loading">"Loading contacts…"</p> }.into_any(),
                Some(Err(e)) => view! { <ErrorPanel action="Loading billing contacts" error=e retry=Callback::new(move |_| contacts.refetch())/> }.into_any(),
                Some(Ok(list)) if list.is_empty() => view! { <p class="hint">"No billing contacts yet."</p> }.into_any(),
                Some(Ok(list)) => view! {
                    <table class="table" id="contact-table">
                        <thead><tr><th>"User"</th><th>"Name"</th><th>"Email"</th><th></th></tr></thead>
                        <tbody>
                            {list.into_iter().map(|c| {
                                let id = StoredValue::new(c.id.clone());
                                let remove = Confirm::new("Removing the billing contact");
                                let work = Callback::new(move |()| -> Work {
                                    let op = ops::OrgBillingContactDelete { org_id: org.get_value(), user_id: id.get_value() };
                                    Box::pin(async move {
                                        api::call(session, &op).await?;
                                        contacts.refetch();
                                        Ok(())
                                    })
                                });
                                let who = c.email.clone().unwrap_or_else(|| c.username.clone());
                                let full = [c.first_name.clone(), c.last_name.clone()].into_iter().flatten().collect::<Vec<_>>().join(" ");
                                view! {
                                    <tr data-contact=c.id.clone()>
                                        <td>{c.username.clone()}<div class="sub mono">{c.id.clone()}</div></td>
                                        <td>{if full.is_empty() { "—".to_string() } else { full }}</td>
                                        <td>{c.email.clone().unwrap_or_else(|| "—".into())}</td>
                                        <td>
                                            <button class="button remove-contact" disabled=locked on:click=move |_| remove.open()>"Remove"</button>
                                            <ConfirmDialog confirm=remove tone=Tone::Danger
                                                title=format!("Remove {} from the billing contacts?", c.username)
                                                body=move || view! {
                                                    <p>{format!("{who} stops receiving invoices and payment emails. They keep their role and access; you can add them again.")}</p>
                                                }
                                                work=work confirm_label="Remove contact" busy_label="Removing…" confirm_class="confirm-remove-contact"/>
                                        </td>
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
                <button class="button" type="submit" id="add-contact" disabled=move || locked() || add.busy.get()>"Add contact"</button>
            </form>
        </section>
    }
}
