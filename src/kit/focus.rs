//! Where the focus goes after a write whose button was disabled while it ran (the browser
//! then drops the focus to the page body): to what the write made once it is drawn, else to
//! a heading, unless the person has moved the focus elsewhere meanwhile.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

/// Focuses the first element matching `made` once it is in the page (a list reloads after
/// the write: up to 3 s), else the element with id `fallback`. Nothing moves while the focus
/// is somewhere other than the body or the write's own control `opener` (an id).
pub fn after_write(made: String, fallback: &'static str, opener: &'static str) {
    spawn_local(async move {
        for _ in 0..30 {
            if !adrift(opener) {
                return;
            }
            if let Some(element) = html(document().query_selector(&made).ok().flatten()) {
                let _ = element.focus();
                return;
            }
            crate::poll::sleep_ms(100).await;
        }
        if adrift(opener)
            && let Some(element) = html(document().get_element_by_id(fallback))
        {
            let _ = element.focus();
        }
    });
}

fn html(element: Option<web_sys::Element>) -> Option<web_sys::HtmlElement> {
    element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}

/// The focus is nowhere the person put it: on the body, nowhere, or still on the opener.
fn adrift(opener: &str) -> bool {
    match document().active_element() {
        None => true,
        Some(active) => {
            active.id() == opener || document().body().is_some_and(|b| active.is_same_node(Some(&b)))
        }
    }
}
