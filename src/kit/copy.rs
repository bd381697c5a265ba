//! A button that copies a value (an ID, a host) to the clipboard and says so.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

async fn write_clipboard(text: String) -> Result<(), ()> {
    let window = web_sys::window().ok_or(())?;
    JsFuture::from(window.navigator().clipboard().write_text(&text)).await.map(|_| ()).map_err(|_| ())
}

/// `Copy` beside a value; the outcome is announced politely (copying can be refused by
/// the browser, and then the person is told to select the text instead).
#[component]
pub fn CopyButton(text: String, #[prop(optional)] what: Option<&'static str>) -> impl IntoView {
    let note = RwSignal::new(None::<&'static str>);
    let what = what.unwrap_or("value");
    let label = format!("Copy {what}");
    view! {
        <button type="button" class="button subtle copy" aria-label=label on:click=move |_| {
            let text = text.clone();
            spawn_local(async move {
                let outcome = match write_clipboard(text).await {
                    Ok(()) => "Copied",
                    Err(()) => "Copying was not allowed; select the text and copy it.",
                };
                note.try_set(Some(outcome));
            });
        }>"Copy"</button>
        <span class="copy-note" role="status">{move || note.get()}</span>
    }
}
