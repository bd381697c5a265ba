//! The window's files, below the viewer. The tab's own module holds only this frame: the
//! listing, the file table and its downloads (`table.rs`) come with the tab's other late
//! parts (`later.rs`, `log_extras`), fetched as soon as the tab is drawn.

pub(super) mod table;

use leptos::prelude::*;

use super::filters::Filters;
use super::later::Later;
use crate::i18n::k::logs as w;

/// What the split point hands back: the section of files for the window the filters name.
pub(super) type Files = fn(Memo<Filters>, Callback<(Filters, bool)>) -> AnyView;

/// The section "Download logs". Until its module is there: the heading and the loading words
/// of the listing; a module that does not download shows why, with Retry.
#[component]
pub fn FileSection(later: Later, filters: Memo<Filters>, go: Callback<(Filters, bool)>) -> impl IntoView {
    later.section(
        "log-files-loading",
        w::FILES_HEADING,
        w::LOADING_FILES,
        "log-files-chunk-error",
        w::FILES_CHUNK_FAILED,
        move |extras| (extras.files)(filters, go),
    )
}
