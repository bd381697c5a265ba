//! Every word the "notify me" option and its browser notifications show, in one place (for
//! the translation catalogues). Compiled into the drawer's chunk with `notify`.

use super::notify::Kind;

/// The option beside an operation still moving.
pub const OPTION: &str = "Notify me when this finishes";

/// Why the option is off: the person (or their administrator) blocked notifications.
pub const BLOCKED: &str =
    "Notifications are blocked for this site in your browser's settings. Allow them there to use this.";

/// Why the option is off: this browser has no notifications (or not on this page).
pub const UNSUPPORTED: &str = "This browser cannot show notifications here.";

/// The rest of the option's accessible name: which operation it is about, since every
/// row's option reads the same.
pub fn option_subject(label: &str) -> String {
    format!(": {label}")
}

/// The notification's title: what ended and how.
pub fn title(kind: Kind, label: &str, ok: bool, note: &str) -> String {
    match (kind, ok) {
        (_, false) => format!("{label} failed"),
        (Kind::Cluster, true) => format!("{label} is active"),
        (Kind::Restart, true) => format!("{label} finished"),
        (_, true) => format!("{label}: {note}"),
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
