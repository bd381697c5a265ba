use leptos::prelude::*;

use crate::kit::page::{title, use_title};

/// Shown instead of the console when `config.json` is missing or malformed: nothing else
/// can work without knowing where the service is.
#[component]
pub fn ConfigError(message: String) -> impl IntoView {
    use_title(Signal::stored(title(&["Not configured"])));
    view! {
        <main class="page narrow">
            <h1>"The console is not configured"</h1>
            <div class="error-panel" role="alert">
                <p class="error-title">"Loading config.json failed."</p>
                <p class="error-detail">{message}</p>
            </div>
            <p>
                "The console reads " <code>"config.json"</code> " beside its index.html. It lists the environments "
                "you can sign in to, for example:"
            </p>
            <pre>{r#"{ "environments": [ { "name": "Production", "console_url": "https://app.phasetwo.io" } ] }"#}</pre>
            <p>"Fix the file and reload this page."</p>
        </main>
    }
}
