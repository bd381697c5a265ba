//! A line's detail. The viewer's module holds only this frame: the dialog (`dialog.rs`) comes
//! with the tab's other late parts (`later.rs`, `log_extras`).

pub(super) mod dialog;

use leptos::prelude::*;

use super::filters::Filters;
use super::later::Later;
use super::line::Entry;
use crate::chunk::ChunkError;
use crate::i18n::k::logs as w;

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
    move || match later.module.get() {
        Some(Ok(extras)) => untrack(|| (extras.drawer)(selected, filters, go)),
        Some(Err(ChunkError)) if selected.with(Option::is_some) => {
            later.failed("log-drawer-chunk-error", w::DRAWER_CHUNK_FAILED)
        }
        _ => ().into_any(),
    }
}
