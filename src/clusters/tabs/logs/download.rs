//! "Download the window": every line of the window as one `.log` text file, made in the
//! browser from the files already read and the rest read for it (not kept).

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::reader::Reader;
use super::window::iso;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};

/// Hands `text` to the browser as a download named `name`.
fn save(name: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| t(w::COULD_NOT_MAKE_FILE))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| t(w::COULD_NOT_MAKE_FILE))?;
    let anchor = document().create_element("a").ok().and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(anchor) = anchor {
        let _ = anchor.set_attribute("href", &url);
        let _ = anchor.set_attribute("download", name);
        anchor.click();
    }
    // The click has taken its copy; the address is not needed any more.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

#[component]
pub fn DownloadWindow(
    reader: Reader,
    span: Memo<Result<(i64, i64), String>>,
    cluster: String,
) -> impl IntoView {
    let busy = RwSignal::new(None::<(usize, usize)>);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let cluster = StoredValue::new(cluster);
    let run = move |_| {
        let Ok((from, to)) = span.get_untracked() else { return };
        busy.set(Some((0, 0)));
        outcome.set(None);
        // Named now: the screen (and `cluster` with it) may be gone when the lines are read.
        let name = format!(
            "{}-{}-{}.log",
            cluster.get_value(),
            iso(from).replace(':', ""),
            iso(to).replace(':', "")
        );
        spawn_local(async move {
            let answer = reader
                .window_text(from, to, move |done, total| {
                    busy.try_set(Some((done, total)));
                })
                .await;
            let result = answer.and_then(|text| {
                let lines = text.lines().count();
                save(&name, &text)
                    .map(|()| tf(w::SAVED_WINDOW, &[("count", &lines.to_string()), ("name", &name)]))
            });
            busy.try_set(None);
            outcome.try_set(Some(result));
        });
    };
    view! {
        <button type="button" class="button subtle" id="log-download-window" disabled=move || busy.get().is_some() || span.with(Result::is_err) on:click=run>
            {move || match busy.get() {
                Some((done, total)) if total > 0 => {
                    tf(w::READING_FILE_OF, &[("done", &(done + 1).to_string()), ("total", &total.to_string())])
                }
                Some(_) => t(w::PREPARING).to_string(),
                None => t(w::DOWNLOAD_WINDOW).to_string(),
            }}
        </button>
        {move || outcome.get().map(|o| match o {
            Ok(words) => view! { <p class="flash" id="log-window-saved" role="status">{words}</p> }.into_any(),
            Err(why) => view! { <p class="field-error" id="log-window-failed" role="alert">{tf(w::DOWNLOAD_WINDOW_FAILED, &[("reason", &why)])}</p> }.into_any(),
        })}
    }
}
