//! "Download the window": every line of the window as one `.log` text file, made in the
//! browser from the files already read and the rest read for it (not kept).

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::reader::Reader;
use super::window::iso;

/// Hands `text` to the browser as a download named `name`.
fn save(name: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not make the file")?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "the browser could not make the file")?;
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
        spawn_local(async move {
            let answer = reader
                .window_text(
                    from,
                    to,
                    Callback::new(move |p| {
                        busy.try_set(Some(p));
                    }),
                )
                .await;
            let name = format!(
                "{}-{}-{}.log",
                cluster.get_value(),
                iso(from).replace(':', ""),
                iso(to).replace(':', "")
            );
            let result = answer.and_then(|text| {
                let lines = text.lines().count();
                save(&name, &text).map(|()| format!("Saved {lines} lines as {name}."))
            });
            busy.try_set(None);
            outcome.try_set(Some(result));
        });
    };
    view! {
        <button type="button" class="button subtle" id="log-download-window" disabled=move || busy.get().is_some() || span.with(Result::is_err) on:click=run>
            {move || match busy.get() {
                Some((done, total)) if total > 0 => format!("Reading file {} of {total}…", done + 1),
                Some(_) => "Preparing…".to_string(),
                None => "Download the window (.log)".to_string(),
            }}
        </button>
        {move || outcome.get().map(|o| match o {
            Ok(words) => view! { <p class="flash" id="log-window-saved" role="status">{words}</p> }.into_any(),
            Err(why) => view! { <p class="field-error" id="log-window-failed" role="alert">{format!("Downloading the window failed: {why}. Retry when the file can be read.")}</p> }.into_any(),
        })}
    }
}
