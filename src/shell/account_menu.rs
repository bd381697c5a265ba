//! The header's account menu: the name of who is signed in, and a panel with Sign out and
//! what `account_panel` shows (loaded the first time the menu opens). A disclosure: a
//! button with `aria-expanded` that shows a panel; Escape closes it and gives the focus
//! back to the button, and moving the focus (or clicking) outside closes it too.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::k::shell as w;
use crate::i18n::t;
use crate::kit::lazy::Lazy;
use crate::session::Session;

fn focus(id: &str) {
    let element = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

#[component]
pub fn AccountMenu(sign_out: Callback<()>) -> impl IntoView {
    let session = expect_context::<Session>();
    let open = RwSignal::new(false);
    // The panel's module is fetched on the first opening, then kept while the menu closes.
    let opened = Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || open.get());
    let root = NodeRef::<leptos::html::Div>::new();
    let close_and_refocus = move || {
        open.try_set(false);
        focus("account-menu-button");
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && open.try_get_untracked() == Some(true) {
            ev.prevent_default();
            close_and_refocus();
        }
    };
    // Focus gone outside the menu (tabbing on, clicking elsewhere): close it. The browser
    // also sends this while the header is being removed (signing out), when the menu's
    // state is already gone: hence the `try_`s.
    let on_focusout = move |ev: leptos::ev::FocusEvent| {
        let to = ev.related_target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
        let inside =
            root.try_get_untracked().flatten().is_some_and(|r| to.is_some_and(|n| r.contains(Some(&n))));
        if !inside {
            open.try_set(false);
        }
    };

    view! {
        <div class="account" node_ref=root on:keydown=on_keydown on:focusout=on_focusout>
            <button
                type="button"
                class="button subtle account-button"
                id="account-menu-button"
                aria-expanded=move || open.get().to_string()
                aria-controls="account-menu"
                on:click=move |_| open.update(|o| *o = !*o)
            >
                // Named even where the phone's header hides the name (axe: button-name).
                <span class="visually-hidden">{t(w::ACCOUNT_PREFIX)}</span>
                // The identity server's name for the caller (an API secret's is its English label).
                <span class="who" id="signed-in-as">
                    {move || crate::kit::theirs::theirs(session.who.get())}
                </span>
                <span class="account-caret" aria-hidden="true">
                    "▾"
                </span>
            </button>
            // tabindex -1: a click on the panel's text keeps the focus inside, so it stays open.
            <div
                class="account-menu"
                id="account-menu"
                role="region"
                aria-label=t(w::ACCOUNT)
                tabindex="-1"
                hidden=move || !open.get()
            >
                {move || opened.get().then(|| view! { <Lazy screen=&super::account_panel::ACCOUNT_PANEL /> })}
                <div class="account-actions">
                    <button type="button" class="button" id="sign-out" on:click=move |_| sign_out.run(())>
                        {t(w::SIGN_OUT)}
                    </button>
                </div>
            </div>
        </div>
    }
}
