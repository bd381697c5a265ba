//! Telemetry export, on the Logs tab below the viewer. The tab's own module holds only this
//! frame: the section (`form.rs`: the settings' read, the form, Test endpoint, Save and its
//! Code panel) comes with the tab's other late parts (`later.rs`, `log_extras`), fetched as
//! soon as the tab is drawn.

pub(super) mod form;

use leptos::prelude::*;

use super::later::Later;
use crate::chunk::ChunkError;
use crate::i18n::k::logs as w;
use crate::i18n::t;
use crate::kit::waiting;

/// The section "Export". Until its module is there: the heading and the loading words of
/// the settings' read; a module that does not download shows why, with Retry.
#[component]
pub fn ExportSection(later: Later) -> impl IntoView {
    move || match later.module.get() {
        Some(Ok(extras)) => untrack(extras.section),
        waiting_or_failed => {
            let inside = match waiting_or_failed {
                Some(Err(ChunkError)) => later.failed("export-chunk-error", w::EXPORT_CHUNK_FAILED),
                _ => waiting(format!("{}…", t(w::LOADING_EXPORT))),
            };
            view! {
                <section class="card" id="telemetry-export-loading">
                    <h2>{t(w::EXPORT_HEADING)}</h2>
                    {inside}
                </section>
            }
            .into_any()
        }
    }
}
