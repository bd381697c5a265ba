//! The Events view: the same lines, only `org.keycloak.events`, by column — time, type,
//! realm, client, user, IP, error — with a filter per column and the window's counts by type
//! (each count a button choosing that type).

use leptos::prelude::*;

use super::filters::{EventFilters, Filters};
use super::line::Entry;
use super::matching::{Criteria, counts_by_type, matching};
use super::reader::Reader;
use super::search::{Search, parse};

pub const EVENT_COLUMNS: &[(&str, &str)] = &[
    ("Time (UTC)", "c-time"),
    ("Type", "c-type"),
    ("Realm", "c-realm"),
    ("Client", "c-client"),
    ("User", "c-user"),
    ("IP", "c-ip"),
    ("Error", "c-error"),
];

pub fn event_cells(e: &Entry) -> AnyView {
    let Some(ev) = e.event.as_deref() else { return ().into_any() };
    let cell = |class: &'static str, text: &str| view! { <div role="cell" class=format!("vcell {class}")>{text.to_string()}</div> };
    let error_class = if ev.error.is_empty() { "c-error" } else { "c-error has-error" };
    view! {
        {cell("c-time", e.time())}
        {cell("c-type", &ev.kind)}
        {cell("c-realm", &ev.realm)}
        {cell("c-client", &ev.client)}
        {cell("c-user", &ev.user)}
        {cell("c-ip", &ev.ip)}
        {cell(error_class, &ev.error)}
    }
    .into_any()
}

/// The column filters and the counts by type.
#[component]
pub fn EventBar(
    filters: Memo<Filters>,
    go: Callback<(Filters, bool)>,
    reader: Reader,
    criteria: Memo<Criteria>,
    q: Memo<String>,
) -> impl IntoView {
    let set = move |edit: &dyn Fn(&mut EventFilters), replace: bool| {
        let mut f = filters.get_untracked();
        edit(&mut f.events);
        f.around = None;
        go.run((f, replace));
    };
    // Counted over every event of the window that the other filters pass, whatever its type.
    let counts = Memo::new(move |_| {
        let mut c = criteria.get();
        c.events.kind.clear();
        let search = q.with(|q| parse(q).and_then(|f| Search::new(&f, &super::read::regex))).ok()?;
        Some(reader.held.with(|h| counts_by_type(h.entries(), &matching(h.entries(), &c, &search))))
    });
    let field = move |id: &'static str,
                      label: &'static str,
                      get: fn(&EventFilters) -> String,
                      put: fn(&mut EventFilters, String)| {
        view! {
            <div class="field">
                <label for=id>{label}</label>
                <input id=id type="search" autocomplete="off" prop:value=move || filters.with(|f| get(&f.events))
                    on:input:target=move |ev| { let v = ev.target().value(); set(&|e| put(e, v.clone()), true); }/>
            </div>
        }
    };
    let kind = move || filters.with(|f| f.events.kind.clone());
    view! {
        <div class="event-filters" role="group" aria-label="Filter events by column">
            <div class="field">
                <label for="event-type">"Type"</label>
                <select id="event-type" on:change:target=move |ev| { let v = ev.target().value(); set(&|e| e.kind = v.clone(), false); }>
                    <option value="" selected=move || kind().is_empty()>"All types"</option>
                    {move || {
                        let mut types: Vec<String> = counts.get().unwrap_or_default().into_iter().map(|(k, _)| k).collect();
                        let chosen = kind();
                        if !chosen.is_empty() && !types.contains(&chosen) {
                            types.push(chosen.clone());
                        }
                        types.into_iter().map(|t| {
                            let selected = t == chosen;
                            view! { <option value=t.clone() selected=selected>{t.clone()}</option> }
                        }).collect_view()
                    }}
                </select>
            </div>
            {field("event-client", "Client", |e| e.client.clone(), |e, v| e.client = v)}
            {field("event-user", "User", |e| e.user.clone(), |e, v| e.user = v)}
            {field("event-ip", "IP", |e| e.ip.clone(), |e, v| e.ip = v)}
            {field("event-error", "Error", |e| e.error.clone(), |e, v| e.error = v)}
        </div>
        <section class="event-counts" id="event-counts" aria-label="Events by type in the window">
            <h3>"By type"</h3>
            {move || {
                let (read, total) = reader.files.with(|f| (f.iter().filter(|f| matches!(f.state, super::reader::FileState::Read { .. })).count(), f.len()));
                (read < total).then(|| view! { <p class="hint" id="event-counts-partial">{format!("Counted over {read} of {total} files.")}</p> })
            }}
            {move || match counts.get() {
                Some(list) if !list.is_empty() => view! {
                    <ul class="type-counts">
                        {list.into_iter().map(|(kind, n)| {
                            let chosen = kind.clone();
                            view! {
                                <li><button type="button" class="button subtle type-count" data-type=kind.clone()
                                    on:click=move |_| set(&|e| e.kind = chosen.clone(), false)>
                                    <span class="type-name">{kind.clone()}</span>" "<span class="type-n">{n.to_string()}</span>
                                </button></li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any(),
                Some(_) => view! { <p class="hint">"No events among the lines read."</p> }.into_any(),
                None => ().into_any(),
            }}
        </section>
    }
}
