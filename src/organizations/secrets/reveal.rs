//! The new secret, shown once: a modal dialog with copy buttons for the client ID and the
//! secret and a ready-to-paste token request. It closes only once the person confirms
//! they stored the secret; closing forgets it.

use cluster_api::Secret;
use leptos::html;
use leptos::prelude::*;

use crate::api::page_origin;
use crate::i18n::{k, t, tf};
use crate::kit::copy::CopyButton;
use crate::kit::dialog::show_modal;
use crate::session::Session;

/// The token request, ready for a shell.
pub fn curl(token_url: &str, client_id: &str, client_secret: &str) -> String {
    format!(
        "curl -s -X POST '{token_url}' \\\n  -d grant_type=client_credentials \\\n  -d \
         client_id='{client_id}' \\\n  -d client_secret='{client_secret}'"
    )
}

#[component]
pub fn RevealSecret(secret: RwSignal<Option<Secret>>) -> impl IntoView {
    let session = expect_context::<Session>();
    let node = NodeRef::<html::Dialog>::new();
    let stored = RwSignal::new(false);
    show_modal(node);
    let close = move || {
        if let Some(dialog) = node.get_untracked() {
            dialog.close();
        }
        secret.set(None);
        stored.set(false);
        // Back to the button that started it all.
        if let Some(button) = document().get_element_by_id("new-secret") {
            use wasm_bindgen::JsCast;
            if let Ok(button) = button.dyn_into::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        }
    };
    move || {
        secret.get().map(|s| {
            let token_url = session
                .environment
                .with(|e| e.as_ref().map(|e| e.token_url(&page_origin())).unwrap_or_default());
            let command = curl(&token_url, &s.client_id, &s.client_secret);
            view! {
                <dialog
                    node_ref=node
                    id="new-secret-dialog"
                    class="confirm-dialog reveal"
                    aria-labelledby="reveal-title"
                    // Escape would lose the secret unseen: only after "I stored it".
                    on:cancel=move |ev: web_sys::Event| {
                        if !stored.get_untracked() { ev.prevent_default() } else { close() }
                    }
                >
                    <h2 id="reveal-title">{tf(k::api_secrets::CREATED_TITLE, &[("name", &s.name)])}</h2>
                    <p class="notice">{t(k::api_secrets::COPY_NOW)}</p>
                    <dl class="facts">
                        <dt>{t(k::api_secrets::CLIENT_ID)}</dt>
                        <dd>
                            <code id="new-client-id">{s.client_id.clone()}</code>
                            <CopyButton text=s.client_id.clone() what=t(k::api_secrets::CLIENT_ID_WHAT) />
                        </dd>
                        <dt>{t(k::api_secrets::CLIENT_SECRET)}</dt>
                        <dd>
                            <code id="new-client-secret">{s.client_secret.clone()}</code>
                            <CopyButton
                                text=s.client_secret.clone()
                                what=t(k::api_secrets::CLIENT_SECRET_WHAT)
                            />
                        </dd>
                    </dl>
                    <p>{t(k::api_secrets::GET_TOKEN)}</p>
                    <pre id="new-secret-curl">{command.clone()}</pre>
                    <CopyButton text=command what=t(k::api_secrets::TOKEN_REQUEST_WHAT) />
                    <label class="stored">
                        <input
                            type="checkbox"
                            id="secret-stored"
                            prop:checked=stored
                            on:change:target=move |ev| stored.set(ev.target().checked())
                        />
                        " "
                        {t(k::api_secrets::STORED_IT)}
                    </label>
                    <div class="actions">
                        <button
                            class="button primary"
                            type="button"
                            id="close-secret"
                            disabled=move || !stored.get()
                            on:click=move |_| close()
                        >
                            {t(k::api_secrets::CLOSE)}
                        </button>
                    </div>
                </dialog>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_request_is_ready_to_paste() {
        let command = curl("http://h/token", "acme-ci-1", "s3cr3t");
        assert!(command.starts_with("curl -s -X POST 'http://h/token'"));
        assert!(command.contains("-d grant_type=client_credentials"));
        assert!(
            command.contains("-d client_id='acme-ci-1'") && command.contains("-d client_secret='s3cr3t'")
        );
    }
}
