//! Awaitable waits on the browser's clock and on the tab becoming visible.

use std::cell::Cell;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AddEventListenerOptions, VisibilityState};

pub async fn sleep_ms(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = JsFuture::from(promise).await;
}

thread_local! {
    static WHILE_HIDDEN: Cell<bool> = const { Cell::new(false) };
}

/// Whether the status polls go on while the tab is hidden: only while the person waits to
/// be told that something ended (the activity center's "notify me"), which a paused poll
/// would never see.
pub fn poll_while_hidden(on: bool) {
    WHILE_HIDDEN.set(on);
}

/// Waits for the tab to be visible, unless [`poll_while_hidden`] says not to.
pub async fn until_poll_allowed() {
    if !WHILE_HIDDEN.get() {
        until_visible().await;
    }
}

/// Returns at once when the tab is visible; otherwise when it next becomes visible, so a
/// hidden tab makes no requests at all.
pub async fn until_visible() {
    loop {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        if document.visibility_state() != VisibilityState::Hidden {
            return;
        }
        let promise = js_sys::Promise::new(&mut |resolve, _reject| {
            let options = AddEventListenerOptions::new();
            options.set_once(true);
            let _ = document.add_event_listener_with_callback_and_add_event_listener_options(
                "visibilitychange",
                resolve.unchecked_ref(),
                &options,
            );
        });
        let _ = JsFuture::from(promise).await;
    }
}
