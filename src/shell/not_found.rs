//! The page for an address the console does not have.

use leptos::prelude::*;
use leptos_router::hooks::use_location;

use crate::i18n::k::shell as w;
use crate::i18n::t;
use crate::kit::page::{PageHead, title};
use crate::links;

/// The page for an address the console does not have. It is a route of the shell (a
/// catch-all, last), so the header and navigation stay and the person can go on from there.
#[component]
pub fn NotFound() -> impl IntoView {
    let path = use_location().pathname;
    // The address sits where the sentence's `{path}` is, in any language's word order.
    let sentence = t(w::NO_PAGE_AT);
    let (before, after) = crate::i18n::around(sentence, "path");
    view! {
        <PageHead heading=crate::routes::NOT_FOUND.title() title=title(&[crate::routes::NOT_FOUND.title()]) />
        <div class="card" id="not-found">
            <p>{before}<code>{move || path.get()}</code>{after}</p>
            <p>
                <a href=links::CLUSTERS>{t(w::GO_TO_CLUSTERS)}</a>
            </p>
        </div>
    }
}
