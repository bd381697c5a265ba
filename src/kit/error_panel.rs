//! `ErrorPanel`: a failed call told in words (what the console was doing, the error's
//! title and detail) with Retry when retrying may help.

use leptos::prelude::*;

use crate::api::ApiError;
use crate::i18n::{k, t, tf};

/// A failure told in words: what failed, why, and (when it may help) a Retry button.
#[component]
pub fn ErrorPanel(
    /// What the console was doing, e.g. "Loading clusters".
    #[prop(into)]
    action: String,
    error: ApiError,
    #[prop(optional)] retry: Option<Callback<()>>,
) -> impl IntoView {
    let retry = retry.filter(|_| error.retryable());
    view! {
        <div class="error-panel" role="alert">
            <p class="error-title">{tf(k::kit::FAILED, &[("action", &action), ("title", &error.title())])}</p>
            <p class="error-detail">
                {super::theirs::mark(error.detail(), &error.service_message().unwrap_or_default())}
            </p>
            // type="button": inside a form (the wizard) a plain button would submit it.
            {retry
                .map(|retry| {
                    view! {
                        <button type="button" class="button" on:click=move |_| retry.run(())>
                            {t(k::kit::RETRY)}
                        </button>
                    }
                })}
        </div>
    }
}
