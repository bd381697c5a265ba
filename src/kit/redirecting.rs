//! "Taking you to …": what a screen shows while the browser leaves for a hosted page
//! (checkout, card setup, billing portal), through `crate::redirect::go`.

use cluster_api::RedirectLink;
use leptos::prelude::*;

use crate::i18n::k::redirect as w;
use crate::i18n::{t, tf};

/// "Taking you to …": shown while the browser leaves, with the link to click if it does not.
#[component]
pub fn Redirecting(link: RedirectLink, #[prop(into)] destination: String) -> impl IntoView {
    let failed = crate::redirect::go(&link.link).err();
    let message = link.message.clone().filter(|m| !m.trim().is_empty());
    // The link sits where the sentence's `{link}` is, in any language's word order.
    let hint = t(w::IF_NOTHING_HAPPENS);
    let (before, after) = crate::i18n::around(hint, "link");
    view! {
        <div class="redirecting card" role="status" id="redirecting">
            <h2>{tf(w::TAKING_YOU, &[("destination", &destination)])}</h2>
            {message.map(|m| view! { <p>{m}</p> })}
            {match failed {
                None => {
                    view! {
                        <p class="hint">
                            {before}<a href=link.link.clone() rel="noopener noreferrer">
                                {t(w::OPEN_IT_HERE)}
                            </a>{after}
                        </p>
                    }
                        .into_any()
                }
                Some(why) => {
                    view! {
                        <p class="error-detail" role="alert">
                            {why}
                        </p>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}
