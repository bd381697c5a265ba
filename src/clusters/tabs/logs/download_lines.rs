//! Downloading the viewer's lines (not the stored files: `page.rs` saves those), each a
//! `.log` text file made in the browser: "the lines shown" (the search and filters applied,
//! as the table has them), and "the whole window" (from the files already read and the rest
//! read for it, not kept).

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::window::iso;
use super::window_files::Reader;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};
use crate::kit::Button;
use crate::kit::save::{Body, save};

const TEXT: &str = "text/plain;charset=utf-8";

/// `acme-prod-2026-11-27T1400Z-2026-11-27T1500Z` (`-shown` added for the lines shown).
fn file_stem(cluster: &str, (from, to): (i64, i64)) -> String {
    format!("{cluster}-{}-{}", iso(from).replace(':', ""), iso(to).replace(':', ""))
}

#[component]
pub fn DownloadWindow(
    reader: Reader,
    span: Memo<Result<(i64, i64), String>>,
    cluster: String,
    /// The lines the table shows, as written, one entry after another.
    shown: Callback<(), Vec<String>>,
) -> impl IntoView {
    let busy = RwSignal::new(None::<(usize, usize)>);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let cluster = StoredValue::new(cluster);
    let run = move |_| {
        let Ok((from, to)) = span.get_untracked() else { return };
        busy.set(Some((0, 0)));
        outcome.set(None);
        // Named now: the screen (and `cluster` with it) may be gone when the lines are read.
        let name = format!("{}.log", file_stem(&cluster.get_value(), (from, to)));
        spawn_local(async move {
            let answer = reader
                .window_text(from, to, move |done, total| {
                    busy.try_set(Some((done, total)));
                })
                .await;
            let result = answer.and_then(|text| {
                let lines = text.lines().count();
                save(&name, Body::Text(&text), TEXT)
                    .map_err(|()| t(w::COULD_NOT_MAKE_FILE).to_string())
                    .map(|()| tf(w::SAVED_WINDOW, &[("count", &lines.to_string()), ("name", &name)]))
            });
            busy.try_set(None);
            outcome.try_set(Some(result));
        });
    };
    // What the table shows is already held: saved at once, nothing to read.
    let save_shown = move || {
        let Ok(span) = span.get_untracked() else { return };
        let entries = shown.run(());
        let name = format!("{}-shown.log", file_stem(&cluster.get_value(), span));
        let mut text = entries.join("\n");
        text.push('\n');
        let result = save(&name, Body::Text(&text), TEXT)
            .map_err(|()| t(w::COULD_NOT_MAKE_FILE).to_string())
            .map(|()| tf(w::SAVED_SHOWN, &[("count", &entries.len().to_string()), ("name", &name)]));
        outcome.set(Some(result));
    };
    view! {
        {Button::new("button subtle", t(w::DOWNLOAD_SHOWN))
            .id("log-download-shown")
            .disabled(move || span.with(Result::is_err))
            .on_click(save_shown)
            .view()}
        <button
            type="button"
            class="button subtle"
            id="log-download-window"
            disabled=move || busy.get().is_some() || span.with(Result::is_err)
            on:click=run
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
