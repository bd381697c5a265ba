//! A wire code drawn as words, with the code kept beside them or in the tooltip: the words
//! come from `crate::words`; a code the console does not know shows as sent, in a neutral
//! badge.

use leptos::prelude::*;

use super::{Badge, Tone};

/// `words` when the console knows the code, else the code itself in a neutral badge (so
/// a new value from the service reads as a value, not as a typo of the console's).
pub fn or_code(words: Option<&str>, code: &str) -> AnyView {
    match words {
        Some(words) => view! { <span title=code.to_string()>{words.to_string()}</span> }.into_any(),
        None => Badge::new(code.to_string(), Tone::Neutral).data("data-code", code.to_string()).view(),
    }
}

/// The place name with the code beside it in monospace; the identifier in the tooltip.
pub fn region(name: &str, code: &str) -> AnyView {
    let code = if code.trim().is_empty() { name.to_string() } else { code.to_string() };
    match crate::words::region_place(name).or_else(|| crate::words::region_place(&code)) {
        Some(place) => view! {
            <span class="region" title=name.to_string()>
                {place}
                " "
                <code class="code-beside">{code}</code>
            </span>
        }
        .into_any(),
        None => view! { <code class="region">{code}</code> }.into_any(),
    }
}
