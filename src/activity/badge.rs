//! The eager part on screen: the header badge counting what is in flight, and the polite
//! toasts. The drawer the badge opens is a chunk of its own, fetched on first open.

use leptos::prelude::*;

use super::{Activities, center};
use crate::kit::lazy::{Lazy, split_screen};

split_screen!(
    DRAWER,
    activity_drawer,
    "the activity drawer",
    view! { <crate::activity::drawer::ActivityDrawer/> }
);

fn name(count: usize) -> String {
    match count {
        0 => "Activity: nothing in progress".into(),
        1 => "Activity: 1 operation in progress".into(),
        n => format!("Activity: {n} operations in progress"),
    }
}

#[component]
pub fn ActivityBadge() -> impl IntoView {
    let Some(center) = center() else { return ().into_any() };
    let Activities { toasts, open, .. } = center;
    let count = Memo::new(move |_| center.in_flight());
    view! {
        <button type="button" class="button subtle activity-badge" id="activity-badge" aria-haspopup="dialog"
            aria-label=move || name(count.get()) data-count=move || count.get().to_string()
            on:click=move |_| open.set(true)>
            "Activity"
            {move || (count.get() > 0).then(|| view! { <span class="count" aria-hidden="true">{count.get()}</span> })}
        </button>
        {move || open.get().then(|| view! { <div class="activity-host"><Lazy screen=&DRAWER/></div> })}
        // Always in the page, so assistive technology announces what is added to it.
        <div class="toasts" id="activity-toasts" role="status">
            {move || toasts.get().into_iter().map(|(_, text)| view! { <p class="toast">{text}</p> }).collect_view()}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::name;

    #[test]
    fn the_badge_says_how_many() {
        assert_eq!(name(0), "Activity: nothing in progress");
        assert_eq!(name(1), "Activity: 1 operation in progress");
        assert_eq!(name(3), "Activity: 3 operations in progress");
    }
}
