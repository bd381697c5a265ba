//! The viewer's filters: time range (presets, or From/To in UTC), level, realm, search,
//! limit, and Lines/Events. Each change writes the URL; typing in the search replaces the
//! history entry instead of adding one per key.

use leptos::prelude::*;

use super::filters::{Filters, LIMITS, View};
use super::line::Level;
use super::window::{PRESETS, Window, bounds};
use crate::i18n::k::logs as w;
use crate::i18n::t;
use crate::kit::TextField;

#[component]
pub fn FilterBar(
    filters: Memo<Filters>,
    go: Callback<(Filters, bool)>,
    realms: Signal<Vec<String>>,
    /// The search cannot be read (the viewer shows why, in `#log-search-problem`).
    search_invalid: Signal<bool>,
) -> impl IntoView {
    // Every change starts from the URL's filters, leaves the file page and "around" behind.
    let set = move |edit: &dyn Fn(&mut Filters), replace: bool| {
        let mut f = filters.get_untracked();
        edit(&mut f);
        f.start = 0;
        f.around = None;
        go.run((f, replace));
    };

    // One of the two ways to see the lines, pressed while it is the one shown.
    let view_button = move |id: &'static str, view: View, label: &'static str| {
        view! {
            <button
                type="button"
                class="button subtle"
                id=id
                aria-pressed=move || filters.with(|f| f.view == view).to_string()
                on:click=move |_| set(&|f| f.view = view, false)
            >
                {label}
            </button>
        }
    };

    let custom = move || match filters.with(|f| f.window.clone()) {
        Window::Custom { from, to } => (from, to),
        Window::Preset(_) => (String::new(), String::new()),
    };
    let from_field = RwSignal::new(String::new());
    let to_field = RwSignal::new(String::new());
    Effect::new(move |_| {
        let (from, to) = custom();
        from_field.set(from);
        to_field.set(to);
    });
    let problem = move || filters.with(|f| bounds(&f.window, 0).err());
    let preset = move || match filters.with(|f| f.window.clone()) {
        Window::Preset(p) => p.to_string(),
        Window::Custom { .. } => "custom".into(),
    };
    let level = move || filters.with(|f| f.level.map_or("", Level::name).to_string());
    // What the options depend on, so that typing in the search does not make them again.
    let realm = Memo::new(move |_| filters.with(|f| f.realm.clone()));
    let realm_options = move || {
        let chosen = realm.get();
        let mut all = realms.get();
        if !chosen.is_empty() && !all.contains(&chosen) {
            all.push(chosen.clone());
        }
        all.into_iter()
            .map(|r| {
                let selected = r == chosen;
                view! {
                    <option value=r.clone() selected=selected>
                        {r.clone()}
                    </option>
                }
            })
            .collect_view()
    };

    view! {
        <form
            class="log-filters"
            role="search"
            aria-label=t(w::FILTER_LOGS)
            on:submit=move |ev| ev.prevent_default()
        >
            <div class="field">
                <label for="log-range">{t(w::TIME_RANGE)}</label>
                <select
                    id="log-range"
                    on:change:target=move |ev| {
                        let value = ev.target().value();
                        if let Some(p) = PRESETS.iter().find(|p| p.0 == value) {
                            set(&|f| f.window = Window::Preset(p.0), false);
                        }
                    }
                >
                    {PRESETS
                        .iter()
                        .map(|(value, label, _)| {
                            view! {
                                <option value=*value selected=move || preset() == *value>
                                    {t(*label)}
                                </option>
                            }
                        })
                        .collect_view()}
                    <option value="custom" selected=move || preset() == "custom">
                        {t(w::CUSTOM_RANGE)}
                    </option>
                </select>
            </div>
            <div class="field">
                <label for="log-level">{t(w::LEVEL)}</label>
                <select
                    id="log-level"
                    on:change:target=move |ev| {
                        let value = ev.target().value();
                        set(&|f| f.level = Some(Level::parse(&value)).filter(|l| *l != Level::Other), false);
                    }
                >
                    <option value="" selected=move || level().is_empty()>
                        {t(w::ALL_LEVELS)}
                    </option>
                    {Level::ALL
                        .iter()
                        .map(|l| {
                            view! {
                                <option value=l.name() selected=move || level() == l.name()>
                                    {l.name()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
            <div class="field">
                <label for="log-realm">{t(w::REALM)}</label>
                <select
                    id="log-realm"
                    on:change:target=move |ev| {
                        let value = ev.target().value();
                        set(&|f| f.realm = value.clone(), false);
                    }
                >
                    <option value="" selected=move || realm.with(String::is_empty)>
                        {t(w::ALL_REALMS)}
                    </option>
                    {realm_options}
                </select>
            </div>
            <div class="field grow">
                <label for="log-search">{t(w::SEARCH_LOGS)}</label>
                <input
                    id="log-search"
                    type="search"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=r#"|= "LOGIN_ERROR" != "batch-job""#
                    aria-invalid=move || search_invalid.get().then_some("true")
                    aria-describedby=move || {
                        if search_invalid.get() {
                            "log-search-problem log-search-hint"
                        } else {
                            "log-search-hint"
                        }
                    }
                    prop:value=move || filters.with(|f| f.q.clone())
                    on:input:target=move |ev| {
                        let value = ev.target().value();
                        set(&|f| f.q = value.clone(), true);
                    }
                />
                <p class="hint" id="log-search-hint">
                    {t(w::SEARCH_HINT)}
                </p>
            </div>
            <div class="field">
                <label for="log-limit">{t(w::LIMIT)}</label>
                <select
                    id="log-limit"
                    on:change:target=move |ev| {
                        let value = ev.target().value().parse().unwrap_or(super::filters::DEFAULT_LIMIT);
                        set(&|f| f.limit = value, false);
                    }
                >
                    {LIMITS
                        .iter()
                        .map(|l| {
                            view! {
                                <option value=l.to_string() selected=move || filters.with(|f| f.limit) == *l>
                                    {l.to_string()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
            <div class="log-views" role="group" aria-label=t(w::VIEWS_GROUP)>
                {view_button("log-view-lines", View::Lines, t(w::VIEW_LINES))}
                {view_button("log-view-events", View::Events, t(w::VIEW_EVENTS))}
            </div>
        </form>
        <form
            class="log-custom"
            on:submit=move |ev| {
                ev.prevent_default();
                let (from, to) = (from_field.get_untracked(), to_field.get_untracked());
                set(
                    &|f| {
                        f.window = Window::Custom {
                            from: from.clone(),
                            to: to.clone(),
                        };
                    },
                    false,
                );
            }
        >
            {TextField::new("log-from", t(w::FROM_UTC), from_field).kind("datetime-local").view()}
            {TextField::new("log-to", t(w::TO_UTC), to_field).kind("datetime-local").view()}
            <button type="submit" class="button" id="apply-window">
                {t(w::APPLY_WINDOW)}
            </button>
        </form>
        {move || {
            problem()
                .map(|why| {
                    view! {
                        <p class="field-error" id="window-problem" role="alert">
                            {why}
                        </p>
                    }
                })
        }}
    }
}
