//! Downloading the viewer's lines (not the stored files: the file table saves those), each a
//! `.log` text file made in the browser: "the lines shown" (the search and filters applied,
//! as the table has them), and "the whole window". The viewer's module holds the buttons and
//! what they say; the saving (`save.rs`, with the reading of the window) comes with the
//! tab's other late parts (`later.rs`, `log_extras`): a click before it is there waits for it.

pub(super) mod save;

use leptos::prelude::*;

use super::later::Later;
use super::window_files::Reader;
use crate::chunk::ChunkError;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};
use crate::kit::Button;

/// Which lines to save.
#[derive(Clone, Copy, PartialEq)]
pub enum Which {
    Shown,
    Window,
}

/// What the saving needs, and where it says how it went.
#[derive(Clone, Copy)]
pub struct Download {
    reader: Reader,
    span: Memo<Result<(i64, i64), String>>,
    cluster: StoredValue<String>,
    shown: Callback<(), Vec<String>>,
    /// Reading the window: files done and in all, `(0, 0)` while it starts.
    busy: RwSignal<Option<(usize, usize)>>,
    outcome: RwSignal<Option<Result<String, String>>>,
}

/// What the split point hands back: the saving.
pub(super) type Start = fn(Download, Which);

#[component]
pub fn DownloadWindow(
    later: Later,
    reader: Reader,
    span: Memo<Result<(i64, i64), String>>,
    cluster: String,
    /// The lines the table shows, as written, one entry after another.
    shown: Callback<(), Vec<String>>,
) -> impl IntoView {
    let busy = RwSignal::new(None::<(usize, usize)>);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let d = Download { reader, span, cluster: StoredValue::new(cluster), shown, busy, outcome };
    // The click waiting for the module, if any.
    let asked = RwSignal::new(None::<Which>);
    Effect::new(move |_| {
        let Some(which) = asked.get() else { return };
        match later.module() {
            None => {}
            Some(Ok(extras)) => {
                asked.set(None);
                untrack(|| (extras.start)(d, which));
            }
            Some(Err(ChunkError)) => {
                asked.set(None);
                busy.set(None);
                outcome.set(Some(Err(t(w::DOWNLOAD_CHUNK_FAILED).to_string())));
            }
        }
    });
    let ask = move |which: Which| {
        if span.with_untracked(Result::is_err) {
            return;
        }
        // Saved from the click itself when the module is here, as before it was split off.
        let module = later.module_untracked();
        if let Some(Ok(extras)) = module {
            (extras.start)(d, which);
            return;
        }
        if which == Which::Window {
            busy.set(Some((0, 0)));
        }
        outcome.set(None);
        // A module that did not download is fetched again by the next click.
        if matches!(module, Some(Err(_))) {
            later.fetch();
        }
        asked.set(Some(which));
    };
    view! {
        {Button::new("button subtle", t(w::DOWNLOAD_SHOWN))
            .id("log-download-shown")
            .disabled(move || span.with(Result::is_err))
            .on_click(move || ask(Which::Shown))
            .view()}
        <button
            type="button"
            class="button subtle"
            id="log-download-window"
            disabled=move || busy.get().is_some() || span.with(Result::is_err)
            on:click=move |_| ask(Which::Window)
        >
            {move || match busy.get() {
                Some((done, total)) if total > 0 => {
                    tf(
                        w::READING_FILE_OF,
                        &[("done", &(done + 1).to_string()), ("total", &total.to_string())],
                    )
                }
                Some(_) => t(w::PREPARING).to_string(),
                None => t(w::DOWNLOAD_WINDOW).to_string(),
            }}
        </button>
        {move || {
            outcome
                .get()
                .map(|o| match o {
                    Ok(words) => {
                        view! {
                            <p class="flash" id="log-window-saved" role="status">
                                {words}
                            </p>
                        }
                            .into_any()
                    }
                    Err(why) => {
                        view! {
                            <p class="field-error" id="log-window-failed" role="alert">
                                {tf(w::DOWNLOAD_WINDOW_FAILED, &[("reason", &why)])}
                            </p>
                        }
                            .into_any()
                    }
                })
        }}
    }
}
