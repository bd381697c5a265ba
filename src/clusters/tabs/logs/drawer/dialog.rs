//! A line's detail, in the tab's split-off module (`mod.rs` is its frame): a real modal
//! dialog (the kit's `show_modal`) with the whole entry (its stack trace too), its parsed
//! fields, Copy, and "Show lines around this one", which clears the filters and centres the
//! table on it.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::super::filters::{EventFilters, Filters, View};
use super::super::line::Entry;
use crate::i18n::k::logs as w;
use crate::i18n::t;
use crate::kit::copy::CopyButton;
use crate::kit::dialog::show_modal;

fn fields(e: &Entry) -> Vec<(&'static str, String)> {
    let mut out = vec![
        (t(w::COL_TIME), e.time().to_string()),
        (t(w::LEVEL), e.level.name().to_string()),
        (t(w::COL_LOGGER), e.logger().to_string()),
        (t(w::THREAD), e.thread().to_string()),
    ];
    if let Some(ev) = e.event.as_deref() {
        for (name, value) in [
            (t(w::EVENT_TYPE), &ev.kind),
            (t(w::REALM), &ev.realm),
            (t(w::EVENT_CLIENT), &ev.client),
            (t(w::EVENT_USER), &ev.user),
            (t(w::IP_ADDRESS), &ev.ip),
            (t(w::EVENT_ERROR), &ev.error),
        ] {
            if !value.is_empty() {
                out.push((name, value.clone()));
            }
        }
    } else if let Some(realm) = &e.realm {
        out.push((t(w::REALM), realm.clone()));
    }
    out.retain(|(_, v)| !v.is_empty());
    out
}

/// The dialog, shown while a line is selected.
pub fn drawer(
    selected: RwSignal<Option<Entry>>,
    filters: Memo<Filters>,
    go: Callback<(Filters, bool)>,
) -> AnyView {
    let node = NodeRef::<html::Dialog>::new();
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    let close = move || {
        if let Some(dialog) = node.get_untracked().filter(|d| d.open()) {
            dialog.close();
        } else {
            selected.set(None);
        }
    };
    let closed = move || {
        selected.set(None);
        if let Some(Some(el)) = opener.try_get_value() {
            let _ = el.focus();
        }
    };
    (move || {
        let entry = selected.get()?;
        let active = document().active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        opener.set_value(active);
        show_modal(node);
        let at = entry.at;
        let around = move |_| {
            let mut f = filters.get_untracked();
            f.level = None;
            f.realm.clear();
            f.q.clear();
            f.view = View::Lines;
            f.events = EventFilters::default();
            f.around = Some(at);
            close();
            go.run((f, false));
        };
        let list = fields(&entry)
            .into_iter()
            .map(|(name, value)| {
                view! {
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                }
            })
            .collect_view();
        Some(view! {
            <dialog
                node_ref=node
                class="drawer log-drawer"
                id="log-drawer"
                aria-labelledby="log-drawer-title"
                on:close=move |_| closed()
            >
                <h2 id="log-drawer-title">{t(w::LOG_LINE)}</h2>
                <pre class="log-raw" id="log-drawer-raw" tabindex="0">
                    {entry.raw.clone()}
                </pre>
                <dl class="log-fields">{list}</dl>
                <div class="actions">
                    <CopyButton text=entry.raw.clone() what=t(w::COPY_WHAT_LINE) />
                    <button type="button" class="button" id="log-around" on:click=around>
                        {t(w::SHOW_AROUND)}
                    </button>
                    <button type="button" class="button cancel" autofocus on:click=move |_| close()>
                        {t(w::CLOSE)}
                    </button>
                </div>
            </dialog>
        })
    })
    .into_any()
}
