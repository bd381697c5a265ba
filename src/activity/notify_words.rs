//! Every word the "notify me" option and its browser notifications show, in one place (for
//! the translation catalogues). Compiled into the drawer's chunk with `notify`.

use super::notify::Kind;
use crate::i18n::k::activity as w;
use crate::i18n::{Msg, tf};

/// The option beside an operation still moving.
pub const OPTION: Msg = w::NOTIFY_OPTION;

/// Why the option is off: the person (or their administrator) blocked notifications.
pub const BLOCKED: Msg = w::NOTIFY_BLOCKED;

/// Why the option is off: this browser has no notifications (or not on this page).
pub const UNSUPPORTED: Msg = w::NOTIFY_UNSUPPORTED;

/// The rest of the option's accessible name: which operation it is about, since every
/// row's option reads the same.
pub fn option_subject(label: &str) -> String {
    tf(w::NOTIFY_SUBJECT, &[("label", label)])
}

/// The notification's title: what ended and how.
pub fn title(kind: Kind, label: &str, ok: bool, note: &str) -> String {
    match (kind, ok) {
        (_, false) => tf(w::NOTIFY_FAILED, &[("label", label)]),
        (Kind::Cluster, true) => tf(w::NOTIFY_ACTIVE, &[("label", label)]),
        (Kind::Restart, true) => tf(w::NOTIFY_FINISHED, &[("label", label)]),
        (_, true) => tf(w::NOTIFY_OUTCOME, &[("label", label), ("note", note)]),
    }
}

/// The notification's body: the outcome in the center's own words.
pub fn body(note: &str) -> String {
    note.to_string()
}

/// What stands before the tab's title while finished operations wait to be seen.
pub fn title_count(count: u32) -> String {
    if count == 0 { String::new() } else { format!("({count}) ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_say_what_ended_and_how() {
        assert_eq!(
            title(Kind::Cluster, "Cluster acme-staging", true, "Active"),
            "Cluster acme-staging is active"
        );
        assert_eq!(
            title(Kind::Restart, "Restart of acme-prod", false, "The restart's progress could not be read"),
            "Restart of acme-prod failed"
        );
        assert_eq!(
            title(Kind::Restart, "Restart of acme-prod", true, "Restart finished"),
            "Restart of acme-prod finished"
        );
        assert_eq!(title(Kind::Realm, "Import of shop", true, "Active"), "Import of shop: Active");
        assert_eq!(title_count(0), "");
        assert_eq!(title_count(2), "(2) ");
    }
}
