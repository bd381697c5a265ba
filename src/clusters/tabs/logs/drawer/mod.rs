//! A line's detail. The viewer's module holds only this frame: the dialog (`dialog.rs`) comes
//! with the tab's other late parts (`later.rs`, `log_extras`).

pub(super) mod dialog;

use leptos::prelude::*;

use super::filters::Filters;
use super::later::Later;
use super::line::Entry;
use crate::i18n::k::logs as w;
use crate::kit::split_part::Meanwhile;

/// What the split point hands back: the dialog, shown while a line is selected.
pub(super) type Drawer = fn(RwSignal<Option<Entry>>, Memo<Filters>, Callback<(Filters, bool)>) -> AnyView;

/// The dialog once its module is there; nothing until a line is opened. A module that did
/// not download is said once a line is opened, with Retry (the line stays selected).
#[component]
pub fn LineDrawer(
    later: Later,
    selected: RwSignal<Option<Entry>>,
    filters: Memo<Filters>,
    go: Callback<(Filters, bool)>,
) -> impl IntoView {
    let meanwhile = Meanwhile::new(w::DRAWER_CHUNK_FAILED, "log-drawer-chunk-error")
        .failed_when(Signal::derive(move || selected.with(Option::is_some)));
    later.view(meanwhile, move |extras| (extras.drawer)(selected, filters, go))
}
