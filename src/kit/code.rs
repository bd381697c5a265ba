//! The Code panel: the requests a form will send, as a `curl` script and (where the
//! Terraform provider has a resource for the write) as HCL, with a copy button. It takes
//! the text as signals, so one copy serves every form; the text is only computed while
//! the panel is open, and follows the form as it changes.

use leptos::prelude::*;

use super::copy::CopyButton;
use crate::i18n::{k, t};

#[derive(Clone, Copy, PartialEq)]
enum Tab {
    Curl,
    Terraform,
}

/// A closed `<details>` under a form. `curl` is the script; `hcl` the provider's
/// configuration for the same result, when there is one.
#[component]
pub fn CodePanel(
    #[prop(into)] curl: Signal<String>,
    #[prop(optional, into)] hcl: Option<Signal<String>>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let tab = RwSignal::new(Tab::Curl);
    let text = move || match (tab.get(), hcl) {
        (Tab::Terraform, Some(hcl)) => hcl.get(),
        _ => curl.get(),
    };
    let what = move || {
        if tab.get() == Tab::Terraform { t(k::kit::CODE_WHAT_HCL) } else { t(k::kit::CODE_WHAT_CURL) }
    };
    let tab_button = move |which: Tab, label: &'static str, class: &'static str| {
        view! {
            <button
                type="button"
                role="tab"
                class=format!("code-tab {class}")
                aria-selected=move || (tab.get() == which).to_string()
                on:click=move |_| tab.set(which)
            >
                {label}
            </button>
        }
    };
    let body = move || {
        open.get().then(|| {
            view! {
                <div role="tablist" class="code-tabs" aria-label=t(k::kit::CODE_FORMAT)>
                    {tab_button(Tab::Curl, "curl", "code-tab-curl")}
                    {hcl.map(|_| tab_button(Tab::Terraform, "Terraform", "code-tab-hcl"))}
                </div>
                <div role="tabpanel" class="code-body">
                    <p class="hint">
                        {move || match tab.get() {
                            Tab::Curl => t(k::kit::CODE_CURL_HINT),
                            Tab::Terraform => t(k::kit::CODE_HCL_HINT),
                        }}
                    </p>
                    <pre class="code" tabindex="0">
                        <code>{text}</code>
                    </pre>
                    // Rebuilt when the text changes, so it always copies what is shown.
                    {move || {
                        let what = what();
                        view! { <CopyButton text=text() what=what /> }
                    }}
                </div>
            }
        })
    };
    view! {
        <details class="code-panel" on:toggle:target=move |ev| open.set(ev.target().open())>
            <summary>{t(k::kit::CODE_SUMMARY)}</summary>
            {body}
        </details>
    }
}
