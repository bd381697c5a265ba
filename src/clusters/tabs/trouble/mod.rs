//! Trouble on the Overview tab: what the last hour of log files says. The Overview holds only
//! this file's card frame, which fetches the rest (`card.rs`, reading the files, and
//! `figures.rs`, the counting) as a split-off module of its own, `cluster_trouble`, once the
//! tab's own reads have answered: the Overview's code group does not grow with it.

mod card;
pub mod figures;

use leptos::prelude::*;

use crate::chunk::ChunkError;
use crate::i18n::k::trouble as w;
use crate::i18n::{t, tf};
use crate::kit::split_part::{Loading, Meanwhile, SplitPart};

/// What the split point hands back: the card's body, given where to write its summary.
type Body = fn(RwSignal<Option<String>>) -> AnyView;

#[allow(non_snake_case)] // named after the module, as the other split points
#[leptos::wasm_split::wasm_split(cluster_trouble, fallible, wasm_split_path = ::leptos::wasm_split)]
fn CLUSTER_TROUBLE() -> Result<Body, ChunkError> {
    Ok(card::body)
}

/// The card "What the logs say". Fetches its module when `ready` first holds (the tab's
/// own reads answered), then the body reads the hour; a module that does not download
/// shows why, with Retry. `said` receives the one-line summary for the health card.
#[component]
pub fn TroubleCard(ready: Signal<bool>, said: RwSignal<Option<String>>) -> impl IntoView {
    let part = SplitPart::new(|| Box::pin(CLUSTER_TROUBLE()), None);
    part.fetch_when(ready);
    let meanwhile = Meanwhile::new(w::CHUNK_FAILED, "trouble-chunk-error")
        .loading(Loading::Status(t(w::READING).to_string(), "trouble-reading"));
    view! {
        <section class="card" id="trouble" aria-labelledby="trouble-title">
            <h2 id="trouble-title">{t(w::TITLE)}</h2>
            {part.view(meanwhile, move |body| body(said))}
        </section>
    }
}

/// The health card's line: what the logs say next to what the metrics say.
pub fn logs_say(said: RwSignal<Option<String>>) -> impl IntoView {
    move || said.get().map(|s| view! { <p id="logs-say">{tf(w::LOGS_SAY, &[("summary", &s)])}</p> })
}
