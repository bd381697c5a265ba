//! The header's account menu: who is signed in (a person, or an API secret), their user ID
//! with Copy (the ID other screens ask for, e.g. billing contacts), their organizations and
//! roles, and Sign out. A disclosure: a button with `aria-expanded` that shows a panel;
//! Escape closes it and gives the focus back to the button, and moving the focus (or
//! clicking) outside closes it too.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::directory::Directory;
use crate::i18n::k::shell as w;
use crate::i18n::t;
use crate::kit::copy::CopyButton;
use crate::session::Session;

/// The roles of each organization, as the menu lists them.
fn orgs_and_roles(directory: Directory) -> AnyView {
    directory
        .orgs
        .with(|r| match r.as_ref().map(|r| r.as_ref()) {
            None => view! { <p class="hint">{crate::directory::checking()}</p> }.into_any(),
            Some(Err(_)) => view! { <p class="hint">{t(w::ORGS_UNREADABLE)}</p> }.into_any(),
            Some(Ok(orgs)) if orgs.is_empty() => view! { <p class="hint">{t(w::NO_ORGANIZATION_SENTENCE)}</p> }.into_any(),
            Some(Ok(orgs)) => view! {
                <ul class="account-orgs">
                    {orgs.iter().map(|o| {
                        let name = o.display_name.clone().unwrap_or_else(|| o.name.clone());
                        let roles = if o.roles.is_empty() { t(w::NO_ROLE).to_string() } else { o.roles.join(", ") };
                        view! { <li><strong>{name}</strong>": "<span class="account-roles">{roles}</span></li> }
                    }).collect_view()}
                </ul>
            }
            .into_any(),
        })
}

fn focus(id: &str) {
    let element = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

#[component]
pub fn AccountMenu(sign_out: Callback<()>) -> impl IntoView {
    let session = expect_context::<Session>();
    let directory = expect_context::<Directory>();
    let open = RwSignal::new(false);
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
    let kind = move || t(if session.is_account() { w::SIGNED_IN_ACCOUNT } else { w::SIGNED_IN_SECRET });
    let id_label = move || t(if session.is_account() { w::YOUR_USER_ID } else { w::SECRET_USER_ID });

    view! {
        <div class="account" node_ref=root on:keydown=on_keydown on:focusout=on_focusout>
            <button type="button" class="button subtle account-button" id="account-menu-button"
                aria-expanded=move || open.get().to_string() aria-controls="account-menu"
                on:click=move |_| open.update(|o| *o = !*o)>
                // Named even where the phone's header hides the name (axe: button-name).
                <span class="visually-hidden">{t(w::ACCOUNT_PREFIX)}</span>
                <span class="who" id="signed-in-as">{move || session.who.get()}</span>
                <span class="account-caret" aria-hidden="true">"▾"</span>
            </button>
            // tabindex -1: a click on the panel's text keeps the focus inside, so it stays open.
            <div class="account-menu" id="account-menu" role="region" aria-label=t(w::ACCOUNT) tabindex="-1"
                hidden=move || !open.get()>
                <p class="account-who"><strong>{move || session.who.get()}</strong><br/>
                    <span class="hint" id="account-kind">{kind}</span></p>
                <p class="account-id-label">{id_label}</p>
                {move || match session.user_id.get() {
                    Some(id) => view! {
                        <p class="account-id"><code id="account-user-id">{id.clone()}</code>" "<CopyButton text=id what=t(w::USER_ID)/></p>
                        <p class="hint">{t(w::USER_ID_HINT)}</p>
                    }.into_any(),
                    None => view! { <p class="hint" id="account-user-id-missing">{t(w::NO_USER_ID)}</p> }.into_any(),
                }}
                <p class="account-heading"><strong>{t(w::ORGS_AND_ROLES)}</strong></p>
                {move || orgs_and_roles(directory)}
                // Loaded the first time the menu opens (`i18n_load`).
                {move || open.get().then(|| view! {
                    <div class="account-prefs"><crate::kit::lazy::Lazy screen=&crate::i18n::picker::ACCOUNT_PREFS/></div>
                })}
                <div class="account-actions">
                    <button type="button" class="button" id="sign-out" on:click=move |_| sign_out.run(())>{t(w::SIGN_OUT)}</button>
                </div>
            </div>
        </div>
    }
}
