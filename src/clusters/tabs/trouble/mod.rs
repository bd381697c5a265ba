//! Trouble on the Overview tab: what the last hour of log files says. The Overview holds only
//! this file's card frame, which fetches the rest (`card.rs`, reading the files, and
//! `figures.rs`, the counting) as a split-off module of its own, `cluster_trouble`, once the
//! tab's own reads have answered: the Overview's code group does not grow with it.

mod card;
pub mod figures;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chunk::ChunkError;
use crate::i18n::k::trouble as w;
use crate::i18n::{k, t, tf};

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
    // `None` until fetched (or while fetching again).
    let module = RwSignal::new(None::<Result<Body, ChunkError>>);
    let fetch = move || {
        module.set(None);
        spawn_local(async move {
            let answer = CLUSTER_TROUBLE().await;
            module.try_set(Some(answer));
        });
    };
    let started = StoredValue::new(false);
    Effect::new(move |_| {
        if ready.get() && !started.get_value() {
            started.set_value(true);
            fetch();
        }
    });
    view! {
        <section class="card" id="trouble" aria-labelledby="trouble-title">
            <h2 id="trouble-title">{t(w::TITLE)}</h2>
            {move || match module.get() {
                None => view! { <p class="loading" id="trouble-reading">{t(w::READING)}</p> }.into_any(),
                Some(Ok(body)) => body(said),
                Some(Err(ChunkError)) => view! {
                    <div class="error-panel" role="alert" id="trouble-chunk-error">
                        <p class="error-title">{t(w::CHUNK_FAILED)}</p>
                        <p class="error-detail">{ChunkError::likely()}</p>
                        <button type="button" class="button" on:click=move |_| fetch()>{t(k::kit::RETRY)}</button>
                    </div>
                }.into_any(),
            }}
        </section>
    }
}

/// The health card's line: what the logs say next to what the metrics say.
pub fn logs_say(said: RwSignal<Option<String>>) -> impl IntoView {
    move || said.get().map(|s| view! { <p id="logs-say">{tf(w::LOGS_SAY, &[("summary", &s)])}</p> })
}
