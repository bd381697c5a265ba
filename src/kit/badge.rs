//! A state badge: words in a tone (ok, busy, warn, bad, muted), with a spinner while the
//! state is still changing. One renderer for the table's badge cells and the busy badges
//! screens show outside tables (a restart in progress, the header's "Restarting").

use leptos::prelude::*;

/// `id` names the badge when a page needs to find it (the header's restart badge).
pub fn badge(label: String, tone: &'static str, busy: bool, id: Option<&'static str>) -> AnyView {
    view! {
        <span class=format!("badge badge-{tone}") id=id>
            {busy.then(|| view! { <span class="spinner" aria-hidden="true"></span> })}
            {label}
        </span>
    }
    .into_any()
}

/// The badge every restart shows while it lasts.
pub fn restart_in_progress() -> AnyView {
    badge("Restart in progress".into(), "busy", true, None)
}
