use leptos::prelude::*;
use leptos_router::{components::A, hooks::use_location};

#[component]
pub fn NotFound() -> impl IntoView {
    let path = use_location().pathname;
    view! {
        <main class="page narrow">
            <h1>"Page not found"</h1>
            <p>"There is no page at " <code>{move || path.get()}</code> "."</p>
            <p><A href="/clusters">"Go to your clusters"</A></p>
        </main>
    }
}
