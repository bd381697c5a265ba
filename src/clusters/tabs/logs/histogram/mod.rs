//! The histogram above the lines. The viewer's module holds only this frame: the histogram
//! itself (`drawn.rs`, with its arithmetic, `buckets.rs`) comes with the tab's other late
//! parts (`later.rs`, `log_extras`), fetched as soon as the tab is drawn; the lines' table
//! does not wait for it.

pub(super) mod drawn;

use leptos::prelude::*;

use super::filters::Filters;
use super::later::Later;
use super::window_files::Reader;
use crate::i18n::k::logs as w;
use crate::kit::split_part::Meanwhile;

/// What the histogram reads, and where a click on a bar takes the filters.
#[derive(Clone, Copy)]
pub struct Inputs {
    pub reader: Reader,
    /// The held entries' indexes that pass the filters.
    pub matches: Memo<Result<Vec<u32>, String>>,
    pub span: Memo<Result<(i64, i64), String>>,
    pub now: RwSignal<i64>,
    pub filters: Memo<Filters>,
    pub go: Callback<(Filters, bool)>,
}

/// What the split point hands back: the histogram over the lines that match.
pub(super) type Drawn = fn(Inputs) -> AnyView;

/// The histogram once its module is there (nothing meanwhile: the count above and the table
/// below say what is read); a module that did not download says so, with Retry.
#[component]
pub fn Histogram(later: Later, inputs: Inputs) -> impl IntoView {
    let meanwhile = Meanwhile::new(w::HISTOGRAM_CHUNK_FAILED, "log-histogram-chunk-error");
    later.view(meanwhile, move |extras| (extras.histogram)(inputs))
}
