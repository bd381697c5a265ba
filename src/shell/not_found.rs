use leptos::prelude::*;
use leptos_router::hooks::use_location;

use crate::kit::page::{title, use_title};
use crate::links;

#[component]
pub fn NotFound() -> impl IntoView {
    let path = use_location().pathname;
    use_title(Signal::stored(title(&["Page not found"])));
    view! {
        <main class="page narrow">
            <h1>"Page not found"</h1>
            <p>"There is no page at " <code>{move || path.get()}</code> "."</p>
            <p><a href=links::CLUSTERS>"Go to your clusters"</a></p>
        </main>
    }
}
