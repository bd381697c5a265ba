//! One category of IP rules as an editable list of address and alias rows: rows are
//! added and removed, and every address is checked as it is typed. A caller who may not
//! change the rules reads them as text (the page says why, once), not as disabled fields.

use leptos::prelude::*;

use super::rules::{Category, Draft, Wording, address_problem};
use crate::i18n::k::access as w;
use crate::i18n::{t, tf};
use crate::links;

/// One row on screen. Copy: its fields are signals, its saved ID a stored value.
#[derive(Clone, Copy)]
pub struct Row {
    pub key: u32,
    /// The saved rule this row shows, for its detail link (new rows have none).
    pub id: StoredValue<Option<String>>,
    pub saved_address: StoredValue<String>,
    pub address: RwSignal<String>,
    pub alias: RwSignal<String>,
}

impl Row {
    pub fn new(key: u32, id: Option<String>, address: String, alias: String) -> Row {
        Row {
            key,
            id: StoredValue::new(id),
            saved_address: StoredValue::new(address.clone()),
            address: RwSignal::new(address),
            alias: RwSignal::new(alias),
        }
    }

    pub fn draft(&self) -> Draft {
        Draft { address: self.address.get(), alias: self.alias.get() }
    }
}

/// A section: heading, its one-line meaning, the rows, and Add address.
#[component]
pub fn RuleSection(
    category: Category,
    cluster_id: StoredValue<String>,
    rows: RwSignal<Vec<Row>>,
    /// Why no row can be added now (tier cap), or `None`; the outer `None` when the tier
    /// allows no rule at all, which the page says once above every list (no Add here).
    add_blocked: Signal<Option<Option<String>>>,
    /// Why nothing can be changed (role), or `None`.
    read_only: Signal<Option<String>>,
    /// Appends an empty row (made by the page, which owns the rows).
    add: Callback<()>,
) -> impl IntoView {
    let slug = category.slug();
    let row_view = move |row: Row| {
        let address_id = format!("{slug}-address-{}", row.key);
        let alias_id = format!("{slug}-alias-{}", row.key);
        let problem = move || row.address.with(|a| address_problem(a));
        let problem_id = format!("{slug}-problem-{}", row.key);
        // The detail link is offered for a saved rule whose address is unchanged.
        let link = move || {
            let id = row.id.get_value()?;
            (row.address.with(|a| a.trim() == row.saved_address.get_value())).then(|| {
                view! {
                    <a class="rule-link" href=links::ip_rule(&cluster_id.get_value(), &id)>
                        {t(w::DETAILS)}
                    </a>
                }
            })
        };
        let read_id = address_id.clone();
        let edit = move || {
            let address_id = address_id.clone();
            let alias_id = alias_id.clone();
            let problem_id = problem_id.clone();
            let described = problem_id.clone();
            view! {
                <li class="rule-row">
                    <span class="field">
                        <label for=address_id.clone()>{t(w::ADDRESS_LABEL)}</label>
                        <input
                            id=address_id
                            class="address"
                            autocomplete="off"
                            spellcheck="false"
                            prop:value=row.address
                            aria-invalid=move || problem().is_some().then_some("true")
                            aria-describedby=described
                            on:input:target=move |ev| row.address.set(ev.target().value())
                        />
                    </span>
                    <span class="field">
                        <label for=alias_id.clone()>{t(w::ALIAS)}</label>
                        <input
                            id=alias_id
                            class="alias"
                            autocomplete="off"
                            prop:value=row.alias
                            on:input:target=move |ev| row.alias.set(ev.target().value())
                        />
                    </span>
                    {link}
                    <button
                        type="button"
                        class="button subtle remove-rule"
                        aria-label=move || {
                            row.address
                                .with(|a| {
                                    if a.trim().is_empty() {
                                        t(w::REMOVE_EMPTY_ROW).to_string()
                                    } else {
                                        tf(w::REMOVE_NAMED, &[("address", a.trim())])
                                    }
                                })
                        }
                        on:click=move |_| rows.update(|r| r.retain(|x| x.key != row.key))
                    >
                        {t(w::REMOVE)}
                    </button>
                    <p class="address-problem field-error" id=problem_id role="status">
                        {problem}
                    </p>
                </li>
            }
            .into_any()
        };
        // Read as text: the saved address and its alias, nothing to type into.
        let read = move || {
            view! {
                <li class="rule-row read">
                    <span class="address mono" id=read_id.clone()>
                        {move || row.address.get()}
                    </span>
                    <span class="alias hint">{move || row.alias.get()}</span>
                    {link}
                </li>
            }
            .into_any()
        };
        move || if read_only.with(Option::is_some) { read() } else { edit() }
    };
    view! {
        <section class="card ip-section" id=format!("ip-{slug}") aria-labelledby=format!("ip-{slug}-heading")>
            <h2 id=format!("ip-{slug}-heading")>{category.heading()}</h2>
            <p class="hint">{category.explains()}</p>
            {move || {
                rows.with(Vec::is_empty).then(|| view! { <p class="empty-rules">{t(w::NO_ADDRESSES)}</p> })
            }}
            <ul class="rules">
                <For each=move || rows.get() key=|r| r.key children=row_view />
            </ul>
            {move || match (read_only.get(), add_blocked.get()) {
                (Some(_), _) | (None, None) => ().into_any(),
                (None, Some(Some(why))) => {
                    view! {
                        <button
                            type="button"
                            class="button"
                            id=format!("add-{slug}")
                            disabled=true
                            aria-describedby=format!("add-{slug}-why")
                        >
                            {t(w::ADD_ADDRESS)}
                        </button>
                        <span class="hint reason" id=format!("add-{slug}-why")>
                            {why}
                        </span>
                    }
                        .into_any()
                }
                (None, Some(None)) => {
                    view! {
                        <button
                            type="button"
                            class="button"
                            id=format!("add-{slug}")
                            on:click=move |_| add.run(())
                        >
                            {t(w::ADD_ADDRESS)}
                        </button>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}
