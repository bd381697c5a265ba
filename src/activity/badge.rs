//! The eager part on screen: the header badge counting what is in flight, and the polite
//! toasts. The drawer the badge opens is a chunk of its own, fetched on first open.

use crate::i18n::k::activity as w;
use crate::i18n::{t, tp};
use leptos::prelude::*;

use super::{Activities, center};
use crate::kit::lazy::{Lazy, split_screen};

// In the `activity` group, with the tracking a list hands over (`clusters::track::from_list`).
split_screen!(DRAWER, activity, w::DRAWER_NAME, view! { <crate::activity::drawer::ActivityDrawer/> });

/// The rest of the badge's name after its visible "Activity".
fn name(count: usize) -> String {
    match count {
        0 => t(w::BADGE_NONE).into(),
        n => tp(w::BADGE_COUNT, n as f64, &[]),
    }
}

#[component]
pub fn ActivityBadge() -> impl IntoView {
    let Some(center) = center() else { return ().into_any() };
    let Activities { open, .. } = center;
    let count = Memo::new(move |_| center.in_flight());
    view! {
        // Named by its content, not an aria-label: the name then always holds the visible
        // words (an aria-label beside a visible count failed label-content-name-mismatch).
        <button
            type="button"
            class="button subtle activity-badge"
            id="activity-badge"
            aria-haspopup="dialog"
            data-count=move || count.get().to_string()
            on:click=move |_| open.set(true)
        >
            {t(w::ACTIVITY)}
            {move || {
                (count.get() > 0)
                    .then(|| {
                        view! {
                            <span class="count" aria-hidden="true">
                                {count.get()}
                            </span>
                        }
                    })
            }}
            <span class="visually-hidden" id="activity-badge-state">
                {move || name(count.get())}
            </span>
        </button>
        {move || {
            open.get()
                .then(|| {
                    view! {
                        <div class="activity-host">
                            <Lazy screen=&DRAWER />
                        </div>
                    }
                })
        }}
    }
    .into_any()
}

/// The polite toasts, in the page's flow at the top of the content: a toast floating over
/// the page covered the buttons of the very row that had just changed (the env vars
/// table's Edit and Delete), so it takes its own room instead. Always in the page, so
/// assistive technology announces what is added to it.
#[component]
pub fn ActivityToasts() -> impl IntoView {
    let Some(center) = center() else { return ().into_any() };
    let toasts = center.toasts;
    view! {
        <div class="toasts" id="activity-toasts" role="status">
            {move || {
                toasts.get().into_iter().map(|(_, text)| view! { <p class="toast">{text}</p> }).collect_view()
            }}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::name;

    #[test]
    fn the_badge_says_how_many() {
        assert_eq!(name(0), ": nothing in progress");
        assert_eq!(name(1), ": 1 operation in progress");
        assert_eq!(name(3), ": 3 operations in progress");
    }
}
