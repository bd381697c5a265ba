//! The Logs tab's late parts, kept out of the tab's code group: the histogram, the window's
//! files, telemetry export's section, a line's detail, the Events view's filters and counts,
//! and saving the lines. They are one split-off module, `log_extras` (one group, not one per part: each
//! group cuts the chunks it shares with the console into more modules, which the console's
//! first visit pays for), fetched once, as soon as the tab is drawn (`page.rs` makes the one
//! [`Later`] and hands it to every part's frame), and kept for the tab's later visits. A
//! module that does not download is said by each part where it stands, with Retry, which
//! fetches it again for all of them. The module's state and its drawing are the kit's
//! [`SplitPart`]; the frames each call [`SplitPart::view`].

use std::cell::Cell;

use leptos::prelude::*;

use super::download_lines::{self, Start};
use super::drawer::{self, Drawer};
use super::events::Bar;
use super::files::{self, Files};
use super::histogram::{self, Drawn};
use super::{event_bar, telemetry_export};
use crate::chunk::ChunkError;
use crate::i18n::{Msg, t};
use crate::kit::split_part::{Loading, Meanwhile, SplitPart};

/// What the split point hands back: each late part's entry. A type of its own (not the lazy
/// screens' `Build`): a state type shared with the loader of screens put its instances in the
/// main module.
#[derive(Clone, Copy)]
pub struct Extras {
    pub section: fn() -> AnyView,
    pub drawer: Drawer,
    pub bar: Bar,
    pub start: Start,
    pub histogram: Drawn,
    pub files: Files,
}

#[allow(non_snake_case)] // named after the module, as the other split points
#[leptos::wasm_split::wasm_split(log_extras, fallible, wasm_split_path = ::leptos::wasm_split)]
fn LOG_EXTRAS() -> Result<Extras, ChunkError> {
    Ok(Extras {
        section: telemetry_export::form::section,
        drawer: drawer::dialog::drawer,
        bar: event_bar::event_bar,
        start: download_lines::save::start,
        histogram: histogram::drawn::drawn,
        files: files::table::section,
    })
}

thread_local! {
    /// The module once loaded: a later visit to the tab draws its parts at once.
    static LOADED: Cell<Option<Extras>> = const { Cell::new(None) };
}

/// The tab's view of the module, one for all its parts.
pub type Later = SplitPart<Extras>;

impl Later {
    /// The module, loaded on an earlier visit, or fetched from now: the tab is being drawn.
    pub fn fetched() -> Self {
        SplitPart::fetching(|| Box::pin(LOG_EXTRAS()), Some(&LOADED))
    }

    /// A section the module draws in full (`body`), its card `id` with its `heading` and the
    /// `loading` words until then; a module that does not download says `failed` in the card,
    /// why, and Retry (panel id `failed_id`).
    pub fn section(
        self,
        id: &'static str,
        heading: Msg,
        loading: Msg,
        failed_id: &'static str,
        failed: Msg,
        body: impl Fn(Extras) -> AnyView + Send + Sync + 'static,
    ) -> AnyView {
        self.view(card_meanwhile(id, heading, loading, failed_id, failed), body)
    }
}

/// What a section shows until the module is here: apart from `section`, which is one per
/// frame (its `body`), so that this is in the wasm once.
fn card_meanwhile(
    id: &'static str,
    heading: Msg,
    loading: Msg,
    failed_id: &'static str,
    failed: Msg,
) -> Meanwhile {
    Meanwhile::new(failed, failed_id).loading(Loading::Words(format!("{}…", t(loading)))).card(id, heading)
}
