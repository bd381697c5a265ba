use leptos::prelude::*;
use leptos_router::hooks::use_location;

use crate::kit::page::{Breadcrumbs, PageHead, title};
use crate::links;

/// The page for an address the console does not have. It is a route of the shell (a
/// catch-all, last), so the header and navigation stay and the person can go on from there.
#[component]
pub fn NotFound() -> impl IntoView {
    let path = use_location().pathname;
    view! {
        <Breadcrumbs crumbs=vec![(crate::routes::NOT_FOUND.label.into(), None)]/>
        <PageHead heading=crate::routes::NOT_FOUND.title title=title(&[crate::routes::NOT_FOUND.title])/>
        <div class="card" id="not-found">
            <p>"There is no page at " <code>{move || path.get()}</code> "."</p>
            <p><a href=links::CLUSTERS>"Go to your clusters"</a></p>
        </div>
    }
}

/// Outside the shell (nothing matched at all): the same page in a frame of its own.
#[component]
pub fn NotFoundAlone() -> impl IntoView {
    view! { <main class="page narrow"><NotFound/></main> }
}
