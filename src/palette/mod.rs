//! The command palette. Eager here: only the keyboard listener, this tab's visits and what
//! the console already read (`known`). The palette itself (`ui`, with the index it
//! searches and `fill`, which reads what the index lacks when it opens) is a module of its
//! own, fetched the first time it is opened.

mod fill;
pub mod index;
pub mod known;
mod ui;

use std::cell::RefCell;

use leptos::prelude::*;
use leptos_router::hooks::use_location;
use wasm_bindgen::JsCast;

use crate::i18n::k::palette as w;
use crate::i18n::t;
use crate::kit::lazy::{Lazy, split_screen};

split_screen!(PALETTE, palette, crate::i18n::k::kit::SCREEN_PALETTE, view! { <ui::PaletteDialog/> });

thread_local! {
    static VISITS: RefCell<index::Visits> = RefCell::new(index::Visits::default());
}

pub fn with_visits<T>(f: impl FnOnce(&index::Visits) -> T) -> T {
    VISITS.with_borrow(f)
}

/// Whether the palette is open, and what had the focus before it opened. Copy.
#[derive(Clone, Copy)]
pub struct Palette {
    pub open: RwSignal<bool>,
    opener: StoredValue<Option<web_sys::HtmlElement>, LocalStorage>,
}

impl Palette {
    fn show(self) {
        if self.open.get_untracked() {
            return;
        }
        let active = document().active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        self.opener.set_value(active);
        self.open.set(true);
    }

    /// The palette closed: with `restore`, the focus goes back where it was (Escape); a
    /// palette that navigated leaves the focus to the new page. The `<dialog>` must have left
    /// the top layer by then (`close()`): a focus given while it is modal is lost.
    pub fn closed(self, restore: bool) {
        if self.open.try_get_untracked() != Some(true) {
            return;
        }
        self.open.set(false);
        if let Some(Some(opener)) = self.opener.try_get_value().filter(|_| restore) {
            let _ = opener.focus();
        }
    }
}

/// Whether a key opens the palette: Ctrl+K or ⌘K anywhere, `/` only where it would not
/// be typed (`in_field`: an input, textarea, select or editable content has the key).
pub fn opens(key: &str, ctrl_or_meta: bool, alt: bool, in_field: bool) -> bool {
    if alt {
        return false;
    }
    (ctrl_or_meta && key.eq_ignore_ascii_case("k")) || (key == "/" && !ctrl_or_meta && !in_field)
}

fn typed_into(target: Option<web_sys::EventTarget>) -> bool {
    let Some(element) = target.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) else { return false };
    matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || element.is_content_editable()
}

/// The listener, the visit log and (once opened) the palette. In the shell.
#[component]
pub fn PaletteHost() -> impl IntoView {
    let palette = Palette { open: RwSignal::new(false), opener: StoredValue::new_local(None) };
    provide_context(palette);
    let location = use_location();
    Effect::new(move |_| location.pathname.with(|path| VISITS.with_borrow_mut(|v| v.visit(path))));
    let listener = window_event_listener(leptos::ev::keydown, move |ev| {
        let ctrl = ev.ctrl_key() || ev.meta_key();
        if !ev.default_prevented() && opens(&ev.key(), ctrl, ev.alt_key(), typed_into(ev.target())) {
            ev.prevent_default();
            palette.show();
        }
    });
    on_cleanup(move || listener.remove());
    view! {
        <button
            type="button"
            class="button subtle palette-open"
            id="open-palette"
            aria-keyshortcuts="Control+K Meta+K /"
            on:click=move |_| palette.show()
        >
            {t(w::OPEN)}
            <kbd aria-hidden="true">"Ctrl K"</kbd>
        </button>
        {move || palette.open.get().then(|| view! { <Lazy screen=&PALETTE /> })}
    }
}

#[cfg(test)]
mod tests {
    use super::opens;

    #[test]
    fn keys_that_open_the_palette() {
        assert!(opens("k", true, false, false));
        assert!(opens("K", true, false, true), "Ctrl+K works even in a field");
        assert!(opens("/", false, false, false));
        assert!(!opens("/", false, false, true), "a slash typed into a field stays there");
        assert!(!opens("k", false, false, false));
        assert!(!opens("k", true, true, false), "Ctrl+Alt+K is not ours");
    }
}
