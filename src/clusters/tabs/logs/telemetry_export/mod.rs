//! Telemetry export, on the Logs tab below the viewer. The tab's own module holds only this
//! frame: the section (`form.rs`: the settings' read, the form, Test endpoint, Save and its
//! Code panel) comes with the tab's other late parts (`later.rs`, `log_extras`), fetched as
//! soon as the tab is drawn.

pub(super) mod form;

use leptos::prelude::*;

use super::later::Later;
use crate::i18n::k::logs as w;

/// The section "Export". Until its module is there: the heading and the loading words of
/// the settings' read; a module that does not download shows why, with Retry.
#[component]
pub fn ExportSection(later: Later) -> impl IntoView {
    later.section(
        "telemetry-export-loading",
        w::EXPORT_HEADING,
        w::LOADING_EXPORT,
        "export-chunk-error",
        w::EXPORT_CHUNK_FAILED,
        |extras| (extras.section)(),
    )
}
