//! Who receives the organization's billing emails: add by user ID (the signed-in person in
//! one click, or a teammate by the ID they copy from their account menu), remove.

use cluster_api::{BillingContact, ops};
use leptos::prelude::*;

use crate::i18n::{k, t, tf};
use crate::kit::code::CodePanel;

use crate::api::{self, Api, use_api};
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, empty_hint};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work, Write};
use crate::view_read::Load;

const COLUMNS: &[Column] = &[
    Column::sortable(k::billing::COL_USER),
    Column::sortable(k::billing::COL_NAME),
    Column::sortable(k::billing::COL_EMAIL),
    Column::blank(),
];

type Contacts = Load<Result<Vec<BillingContact>, crate::api::ApiError>>;

#[component]
pub fn BillingContacts(org_id: String, read_only: Signal<Option<String>>) -> impl IntoView {
    let api = use_api();
    let org = StoredValue::new(org_id);
    let contacts = crate::view_read::load(move || {
        let org_id = org.get_value();
        async move { api::call(api, &ops::OrgBillingContactList { org_id }).await }
    });
    let user_id = RwSignal::new(String::new());
    let add = Write::new(t(k::billing::ADDING_CONTACT));
    let locked = Signal::derive(move || read_only.get().is_some());
    let add_id = move |id: String| {
        let op = ops::OrgBillingContactCreate { org_id: org.get_value(), user_id: id };
        add.run(async move { api::call(api, &op).await }, move |()| {
            user_id.try_set(String::new());
            contacts.refetch();
        });
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let id = user_id.get_untracked().trim().to_string();
        if id.is_empty() {
            return add.clear();
        }
        add_id(id);
    };
    // The signed-in person, offered in one click when they are not a contact yet (an API
    // secret's service account receives no email, so it is not offered).
    let session = expect_context::<crate::session::Session>();
    let me = move || {
        let id = session.user_id.get().filter(|_| session.is_account())?;
        let listed = contacts.with(|l| match l {
            Some(Ok(list)) => Some(list.iter().any(|c| c.id == id)),
            _ => None,
        });
        (listed == Some(false)).then(|| (id, session.who.get()))
    };

    let code = crate::code::live(Box::new(move |t| {
        let id = user_id.get().trim().to_string();
        let op = ops::OrgBillingContactCreate { org_id: org.get_value(), user_id: id.clone() };
        crate::code::single(
            t,
            &crate::code::named("Add the billing contact", &id),
            &cluster_api::Call::request(&op),
        )
    }));
    let row = move |c: &BillingContact| {
        let full =
            [c.first_name.clone(), c.last_name.clone()].into_iter().flatten().collect::<Vec<_>>().join(" ");
        Row::new(
            "data-contact",
            c.id.clone(),
            vec![
                Cell::text(c.username.clone()).sub(c.id.clone()),
                Cell::text(if full.is_empty() { "—".to_string() } else { full }),
                Cell::text(c.email.clone().unwrap_or_else(|| "—".into())),
                Cell::view(remove_button(api, org, contacts, c, locked), SortKey::None),
            ],
        )
    };
    let rows = contacts.table(t(k::billing::LOADING_CONTACTS), move |list| list.iter().map(row).collect());

    view! {
        <section class="card" id="billing-contacts">
            <h2>{t(k::billing::BILLING_CONTACTS)}</h2>
            <p class="hint">{t(k::billing::CONTACTS_HINT)}</p>
            {add.failure()}
            <ResourceTable
                columns=COLUMNS
                rows=rows
                id="contact-table"
                label=t(k::billing::BILLING_CONTACTS)
                empty=empty_hint(t(k::billing::NO_CONTACTS))
            />
            {move || {
                me()
                    .map(|(id, who)| {
                        let pick = id.clone();
                        view! {
                            <p class="add-myself">
                                <button
                                    class="button"
                                    type="button"
                                    id="add-myself"
                                    disabled=move || locked.get() || add.busy.get()
                                    on:click=move |_| add_id(pick.clone())
                                >
                                    {tf(k::billing::ADD_YOURSELF, &[("who", &who)])}
                                </button>
                                " "
                                <span class="hint">{tf(k::billing::YOUR_USER_ID, &[("id", &id)])}</span>
                            </p>
                        }
                    })
            }}
            <p class="hint" id="user-id-help">
                {crate::words::find_your_user_id()}
                " "
                {t(k::billing::ASK_TEAMMATE)}
            </p>
            <form class="inline-form" on:submit=submit>
                <label for="contact-user-id">{t(k::billing::ADD_BY_USER_ID)}" "</label>
                <input
                    id="contact-user-id"
                    placeholder=t(k::billing::USER_ID_PLACEHOLDER)
                    aria-describedby="user-id-help"
                    prop:value=user_id
                    disabled=locked
                    on:input:target=move |ev| user_id.set(ev.target().value())
                />
                <button
                    class="button"
                    type="submit"
                    id="add-contact"
                    disabled=move || locked.get() || add.busy.get()
                >
                    {t(k::billing::ADD_CONTACT)}
                </button>
            </form>
            {move || (!locked.get()).then(|| view! { <CodePanel curl=code /> })}
        </section>
    }
}

/// A row's Remove button and the dialog that confirms it.
fn remove_button(
    api: Api,
    org: StoredValue<String>,
    contacts: Contacts,
    c: &BillingContact,
    locked: Signal<bool>,
) -> AnyView {
    let id = StoredValue::new(c.id.clone());
    let remove = Confirm::new(t(k::billing::REMOVING_CONTACT));
    let work = Callback::new(move |()| -> Work {
        let op = ops::OrgBillingContactDelete { org_id: org.get_value(), user_id: id.get_value() };
        Box::pin(async move {
            api::call(api, &op).await?;
            contacts.refetch();
            Ok(())
        })
    });
    let who = c.email.clone().unwrap_or_else(|| c.username.clone());
    let code_who = who.clone();
    let code = crate::code::live(Box::new(move |t| {
        crate::code::actions::contact_delete(t, &org.get_value(), &id.get_value(), &code_who)
    }));
    view! {
        <button class="button remove-contact" disabled=locked on:click=move |_| remove.open()>
            {t(k::billing::REMOVE)}
        </button>
        <ConfirmDialog
            confirm=remove
            style=ConfirmStyle::Danger
            title=tf(k::billing::REMOVE_CONTACT_TITLE, &[("user", &c.username)])
            body=move || {
                view! {
                    <p>{tf(k::billing::REMOVE_CONTACT_BODY, &[("who", &who)])}</p>
                    <CodePanel curl=code />
                }
            }
            work=work
            confirm_label=t(k::billing::REMOVE_CONTACT)
            busy_label=t(k::billing::REMOVING)
            confirm_class="confirm-remove-contact"
        />
    }
    .into_any()
}
