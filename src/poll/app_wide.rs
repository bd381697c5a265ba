//! Polls that belong to the whole app but are needed only by screens loaded on demand.
//!
//! Creating them at the root would put their code (and the decoders of what they watch)
//! into the download every visit pays for. Instead the first screen that needs one creates
//! it, under the app's own reactive owner, so it outlives that screen like a root poll
//! would: an upload that finishes after the person left the tab is still recorded.

use leptos::prelude::*;

use super::Poller;
use crate::session::Session;

/// The app's root owner, provided once by the root component.
#[derive(Clone)]
pub struct AppOwner(pub Owner);

/// The app-wide poller of this kind, made with `make` the first time it is asked for.
pub fn app_wide<T: Clone + Send + Sync + 'static>(make: fn(Session) -> Poller<T>) -> Poller<T> {
    if let Some(poller) = use_context::<Poller<T>>() {
        return poller;
    }
    let session = expect_context::<Session>();
    match use_context::<AppOwner>() {
        Some(AppOwner(root)) => root.with(|| {
            let poller = make(session);
            provide_context(poller);
            poller
        }),
        // Only without a root (a component rendered on its own): it lives with the caller.
        None => make(session),
    }
}
