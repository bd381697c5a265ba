//! The page shown instead of the console when `config.json` is missing or malformed.

use leptos::prelude::*;

use crate::i18n::k::shell as w;
use crate::i18n::t;
use crate::kit::page::{title, use_title};

/// Shown instead of the console when `config.json` is missing or malformed: nothing else
/// can work without knowing where the service is.
#[component]
pub fn ConfigError(message: String) -> impl IntoView {
    use_title(Signal::stored(title(&[t(w::NOT_CONFIGURED)])));
    // The file's name sits where the sentence's `{file}` is.
    let reads = t(w::CONFIG_READS);
    let (before, after) = crate::i18n::around(reads, "file");
    view! {
        <main class="page narrow">
            <h1>{t(w::CONSOLE_NOT_CONFIGURED)}</h1>
            <div class="error-panel" role="alert">
                <p class="error-title">{t(w::CONFIG_FAILED)}</p>
                <p class="error-detail">{message}</p>
            </div>
            <p>{before}<code>"config.json"</code>{after}</p>
            <pre>
                {concat!(
                    r#"{ "environments": [ { "name": "Production", "#,
                    r#""console_url": "https://app.phasetwo.io" } ] }"#,
                )}
            </pre>
            <p>{t(w::CONFIG_FIX)}</p>
        </main>
    }
}
