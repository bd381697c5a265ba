//! The service's own words inside the console's: shown as sent, and marked `lang="en"` (the
//! service writes English) so a reader, a screen reader and the language walks know they
//! are not the console's words in the person's language.

use leptos::prelude::*;

/// `whole` with the first occurrence of `theirs` marked as the service's English. When
/// `theirs` is empty or not in `whole` (a translation that left it out), `whole` as it is.
pub fn mark(whole: String, theirs: &str) -> AnyView {
    match split(&whole, theirs) {
        Some((before, after)) => {
            let (before, theirs, after) = (before.to_string(), theirs.to_string(), after.to_string());
            view! {
                {before}
                <span lang="en" data-service-text="">
                    {theirs}
                </span>
                {after}
            }
            .into_any()
        }
        None => whole.into_any(),
    }
}

/// The service's words alone, marked.
pub fn theirs(text: String) -> AnyView {
    view! {
        <span lang="en" data-service-text="">
            {text}
        </span>
    }
    .into_any()
}

/// What comes before and after the first `theirs` in `whole`.
fn split<'a>(whole: &'a str, theirs: &str) -> Option<(&'a str, &'a str)> {
    if theirs.trim().is_empty() {
        return None;
    }
    let at = whole.find(theirs)?;
    Some((&whole[..at], &whole[at + theirs.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_around_the_services_words_once() {
        assert_eq!(split("Échec : Bad realm. Réessayez.", "Bad realm."), Some(("Échec : ", " Réessayez.")));
        assert_eq!(split("x y x", "x"), Some(("", " y x")));
        assert_eq!(split("nothing here", "absent"), None);
        assert_eq!(split("anything", " "), None, "blank words are not the service's");
    }
}
