//! The Events view: the same lines, only `org.keycloak.events`, by column — time, type,
//! realm, client, user, IP, error — with a filter per column and the window's counts by type
//! (each count a button choosing that type). The viewer's module holds the columns and the
//! bar's frame; the bar of filters and counts (`event_bar.rs`) comes with the tab's other
//! late parts (`later.rs`, `log_extras`).

use leptos::prelude::*;

use super::filters::Filters;
use super::later::Later;
use super::line::Entry;
use super::matching::Criteria;
use super::window_files::Reader;
use crate::i18n::Msg;
use crate::i18n::k::logs as w;
use crate::kit::split_part::Meanwhile;

pub const EVENT_COLUMNS: &[(Msg, &str)] = &[
    (w::COL_TIME, "c-time"),
    (w::EVENT_TYPE, "c-type"),
    (w::REALM, "c-realm"),
    (w::EVENT_CLIENT, "c-client"),
    (w::EVENT_USER, "c-user"),
    (w::EVENT_IP, "c-ip"),
    (w::EVENT_ERROR, "c-error"),
];

pub fn event_cells(e: &Entry) -> AnyView {
    let Some(ev) = e.event.as_deref() else { return ().into_any() };
    let cell = |class: &'static str, text: &str| {
        view! {
            <div role="cell" class=format!("vcell {class}")>
                {text.to_string()}
            </div>
        }
    };
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

/// What the bar reads, and where a filter or a count takes the filters.
#[derive(Clone, Copy)]
pub struct Inputs {
    pub filters: Memo<Filters>,
    pub go: Callback<(Filters, bool)>,
    pub reader: Reader,
    /// The filters as matching reads them (the counts drop the type's).
    pub criteria: Memo<Criteria>,
    /// The search, as written.
    pub q: Memo<String>,
}

/// What the split point hands back: the bar of column filters and counts by type.
pub(super) type Bar = fn(Inputs) -> AnyView;

/// The column filters and the counts by type, once their module is there (the table of
/// events is drawn meanwhile); a module that did not download says so, with Retry.
#[component]
pub fn EventBar(later: Later, inputs: Inputs) -> impl IntoView {
    let meanwhile = Meanwhile::new(w::EVENTS_CHUNK_FAILED, "event-bar-chunk-error");
    later.view(meanwhile, move |extras| (extras.bar)(inputs))
}
