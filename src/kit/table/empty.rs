//! What a table shows with no rows, in the two forms screens share: a hint line, or an
//! empty-state block. One markup each, drawn by one function (browser flows find them by
//! these classes and ids), rather than a `view!` per screen.

use leptos::prelude::*;

/// `<p class="hint">…</p>`: a quiet line where a short list has nothing yet.
pub fn empty_hint(words: &'static str) -> ViewFn {
    ViewFn::from(move || view! { <p class="hint">{words}</p> })
}

/// `<div class="empty" id=…><p>…</p></div>`: the empty state of a screen's main list.
pub fn empty_note(words: &'static str, id: Option<&'static str>) -> AnyView {
    view! {
        <div class="empty" id=id>
            <p>{words}</p>
        </div>
    }
    .into_any()
}
