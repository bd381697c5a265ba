//! The Events view's bar, in the tab's split-off module (`events.rs` draws its frame): a
//! filter per column and the window's counts by type (each count a button choosing that
//! type).

use leptos::prelude::*;

use super::events::Inputs;
use super::filters::EventFilters;
use super::matching::{counts_by_type, matching};
use super::search::{Search, parse};
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};

/// The column filters and the counts by type.
pub fn event_bar(inputs: Inputs) -> AnyView {
    let Inputs { filters, go, reader, criteria, q } = inputs;
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
        let search = q.with(|q| parse(q).and_then(|f| Search::new(&f, &super::fetch::regex))).ok()?;
        Some(reader.held.with(|h| counts_by_type(h.entries(), &matching(h.entries(), &c, &search))))
    });
    let field = move |id: &'static str,
                      label: &'static str,
                      get: fn(&EventFilters) -> String,
                      put: fn(&mut EventFilters, String)| {
        view! {
            <div class="field">
                <label for=id>{label}</label>
                <input
                    id=id
                    type="search"
                    autocomplete="off"
                    prop:value=move || filters.with(|f| get(&f.events))
                    on:input:target=move |ev| {
                        let v = ev.target().value();
                        set(&|e| put(e, v.clone()), true);
                    }
                />
            </div>
        }
    };
    let kind = move || filters.with(|f| f.events.kind.clone());
    view! {
        <div class="event-filters" role="group" aria-label=t(w::FILTER_EVENTS)>
            <div class="field">
                <label for="event-type">{t(w::EVENT_TYPE)}</label>
                <select
                    id="event-type"
                    on:change:target=move |ev| {
                        let v = ev.target().value();
                        set(&|e| e.kind = v.clone(), false);
                    }
                >
                    <option value="" selected=move || kind().is_empty()>
                        {t(w::ALL_TYPES)}
                    </option>
                    {move || {
                        let mut types: Vec<String> = counts
                            .get()
                            .unwrap_or_default()
                            .into_iter()
                            .map(|(k, _)| k)
                            .collect();
                        let chosen = kind();
                        if !chosen.is_empty() && !types.contains(&chosen) {
                            types.push(chosen.clone());
                        }
                        types
                            .into_iter()
                            .map(|t| {
                                let selected = t == chosen;
                                view! {
                                    <option value=t.clone() selected=selected>
                                        {t.clone()}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </div>
            {field("event-client", t(w::EVENT_CLIENT), |e| e.client.clone(), |e, v| e.client = v)}
            {field("event-user", t(w::EVENT_USER), |e| e.user.clone(), |e, v| e.user = v)}
            {field("event-ip", t(w::EVENT_IP), |e| e.ip.clone(), |e, v| e.ip = v)}
            {field("event-error", t(w::EVENT_ERROR), |e| e.error.clone(), |e, v| e.error = v)}
        </div>
        <section class="event-counts" id="event-counts" aria-label=t(w::EVENTS_BY_TYPE)>
            <h3>{t(w::BY_TYPE)}</h3>
            {move || {
                let (read, total) = reader
                    .files
                    .with(|f| (
                        f
                            .iter()
                            .filter(|f| matches!(f.state, super::window_files::FileState::Read { .. }))
                            .count(),
                        f.len(),
                    ));
                (read < total)
                    .then(|| {
                        view! {
                            <p class="hint" id="event-counts-partial">
                                {tf(
                                    w::COUNTED_OVER,
                                    &[("read", &read.to_string()), ("total", &total.to_string())],
                                )}
                            </p>
                        }
                    })
            }}
            {move || match counts.get() {
                Some(list) if !list.is_empty() => {
                    view! {
                        <ul class="type-counts">
                            {list
                                .into_iter()
                                .map(|(kind, n)| {
                                    let chosen = kind.clone();
                                    view! {
                                        <li>
                                            <button
                                                type="button"
                                                class="button subtle type-count"
                                                data-type=kind.clone()
                                                on:click=move |_| set(&|e| e.kind = chosen.clone(), false)
                                            >
                                                <span class="type-name">{kind.clone()}</span>
                                                " "
                                                <span class="type-n">{n.to_string()}</span>
                                            </button>
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any()
                }
                Some(_) => view! { <p class="hint">{t(w::NO_EVENTS)}</p> }.into_any(),
                None => ().into_any(),
            }}
        </section>
    }
    .into_any()
}
