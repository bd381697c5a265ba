//! A button that copies a value (an ID, a host) to the clipboard and says so.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::{k, t, tf};

async fn write_clipboard(text: String) -> Result<(), ()> {
    let window = web_sys::window().ok_or(())?;
    JsFuture::from(window.navigator().clipboard().write_text(&text)).await.map(|_| ()).map_err(|_| ())
}

/// `Copy` beside a value; the outcome is announced politely (copying can be refused by
/// the browser, and then the person is told to select the text instead). `what` names the
/// value for the button's accessible name ("Copy user ID"), in the person's language.
#[component]
pub fn CopyButton(text: String, #[prop(optional)] what: Option<&'static str>) -> impl IntoView {
    let note = RwSignal::new(None::<&'static str>);
    let what = what.unwrap_or_else(|| t(k::kit::COPY_WHAT_VALUE));
    let label = tf(k::kit::COPY_WHAT, &[("what", what)]);
    view! {
        <button
            type="button"
            class="button subtle copy"
            aria-label=label
            on:click=move |_| {
                let text = text.clone();
                spawn_local(async move {
                    let outcome = match write_clipboard(text).await {
                        Ok(()) => t(k::kit::COPIED),
                        Err(()) => t(k::kit::COPY_REFUSED),
                    };
                    note.try_set(Some(outcome));
                });
            }
        >
            {t(k::kit::COPY)}
        </button>
        <span class="copy-note" role="status">
            {move || note.get()}
        </span>
    }
}
