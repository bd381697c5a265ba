//! Where a layout shows the page nested in it (the shell its page, the cluster page its
//! tab), and the IDs of the address shown. The route is matched once, from the address, by
//! the router's assembly (`app.rs`), which provides the [`Match`] and the function that
//! turns a route into its screen; the kit only places it, so it knows no screen.

use leptos::prelude::*;

use crate::routes::{Key, Match, Route};

/// What an [`Outlet`] shows: the route at `depth` of the match, through `show`.
#[derive(Clone, Copy)]
pub struct Slot {
    pub depth: usize,
    pub show: fn(&'static Route) -> AnyView,
}

/// The route nested at this depth, made again only when that route changes (not when
/// only an ID does: the screen reads its IDs reactively, through [`use_id`]).
#[component]
pub fn Outlet() -> impl IntoView {
    let (Some(slot), Some(here)) = (use_context::<Slot>(), use_context::<Memo<Match>>()) else {
        return ().into_any();
    };
    let shown = Memo::new(move |_| here.with(|m| m.at_depth(slot.depth).map(|r| r.key)));
    (move || {
        let key: Option<Key> = shown.get();
        // A layout inside this one shows the next depth.
        provide_context(Slot { depth: slot.depth + 1, ..slot });
        key.map(|key| (slot.show)(Route::of(key)))
    })
    .into_any()
}

/// The ID named `name` in the address shown (`id`, `rule`, `org`…), empty when it has none.
pub fn use_id(name: &'static str) -> Memo<String> {
    let here = use_context::<Memo<Match>>();
    Memo::new(move |_| here.map(|h| h.with(|m| m.id(name).to_string())).unwrap_or_default())
}
