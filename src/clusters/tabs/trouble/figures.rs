//! The Overview's trouble figures, counted from an hour of log lines: people's failed logins
//! per realm, machine clients' apart, the other `*_ERROR` event types, ERROR lines with and
//! without a realm, and Keycloak's starts. Each figure has its link to the log viewer, with
//! the filter that shows exactly the lines counted. Pure (the viewer's parser feeds it), so
//! it is tested natively and benched (`scripts/bench/logs.mjs`).

use crate::clusters::tabs::logs::filters::{self, Filters, View};
use crate::clusters::tabs::logs::line::{Entry, Level};
use crate::clusters::tabs::logs::window::{self, Window};

/// People's failed logins: a password or an identity provider's login refused.
pub const PEOPLE: [&str; 2] = ["LOGIN_ERROR", "IDENTITY_PROVIDER_LOGIN_ERROR"];
/// A machine client's failed login (client credentials refused).
pub const MACHINES: &str = "CLIENT_LOGIN_ERROR";
/// Keycloak's own logger at startup; its "Keycloak <version> … started in …" line is a start.
pub const STARTUP_LOGGER: &str = "io.quarkus";

/// The search (the viewer's `q`) that finds people's failed logins: the event's type is the
/// message's first field (`type=LOGIN_ERROR, realmId=…`).
pub const PEOPLE_SEARCH: &str = r#"|~ "type=(IDENTITY_PROVIDER_)?LOGIN_ERROR(,|$)""#;
/// The search that finds lines naming no realm (`realmId=` is how a line names one).
pub const NO_REALM_SEARCH: &str = r#"!= "realmId=""#;
/// The search that finds Keycloak's starts.
pub const STARTS_SEARCH: &str = r#"|= "[io.quarkus]" |~ "\] \([^)]*\) Keycloak .* started in ""#;

/// What an hour of lines says; every list sorted most first (ties by name).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figures {
    /// The instants counted over, inclusive (the links show the same window).
    pub from: i64,
    pub to: i64,
    /// People's failed logins (`PEOPLE`), per realm.
    pub people: Vec<(String, usize)>,
    /// Machine clients' failed logins (`MACHINES`), per realm.
    pub machines: Vec<(String, usize)>,
    /// Every other event type ending in `_ERROR`, by type.
    pub other_errors: Vec<(String, usize)>,
    /// ERROR lines naming a realm, per realm.
    pub errors_in_realm: Vec<(String, usize)>,
    /// ERROR lines naming none: often the cause (a database timeout).
    pub errors_without_realm: usize,
    /// When Keycloak finished starting, oldest first.
    pub starts: Vec<i64>,
}

fn bump(list: &mut Vec<(String, usize)>, key: &str) {
    match list.iter_mut().find(|(k, _)| k == key) {
        Some((_, n)) => *n += 1,
        None => list.push((key.to_string(), 1)),
    }
}

fn most_first(list: &mut [(String, usize)]) {
    list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
}

/// Whether `e` is Keycloak's "started" line.
pub fn is_start(e: &Entry) -> bool {
    e.logger() == STARTUP_LOGGER
        && e.message().starts_with("Keycloak ")
        && e.message().contains(" started in ")
}

impl Figures {
    /// Counts the lines of `[from, to]` among `entries` (any order).
    pub fn count<'a>(entries: impl IntoIterator<Item = &'a Entry>, from: i64, to: i64) -> Figures {
        let mut f = Figures { from, to, ..Figures::default() };
        for e in entries.into_iter().filter(|e| e.at >= from && e.at <= to) {
            if let Some(ev) = e.event.as_deref() {
                if PEOPLE.contains(&ev.kind.as_str()) {
                    bump(&mut f.people, &ev.realm);
                } else if ev.kind == MACHINES {
                    bump(&mut f.machines, &ev.realm);
                } else if ev.kind.ends_with("_ERROR") {
                    bump(&mut f.other_errors, &ev.kind);
                }
            }
            // ERROR only, as the viewer's level filter (its link) takes it.
            if e.level == Level::Error {
                match &e.realm {
                    Some(realm) => bump(&mut f.errors_in_realm, realm),
                    None => f.errors_without_realm += 1,
                }
            }
            if is_start(e) {
                f.starts.push(e.at);
            }
        }
        for list in [&mut f.people, &mut f.machines, &mut f.other_errors, &mut f.errors_in_realm] {
            most_first(list);
        }
        f.starts.sort_unstable();
        f
    }

    /// People's failed logins in all realms.
    pub fn failed_logins(&self) -> usize {
        self.people.iter().map(|(_, n)| n).sum()
    }

    /// ERROR lines in all, with a realm or without.
    pub fn errors(&self) -> usize {
        self.errors_in_realm.iter().map(|(_, n)| n).sum::<usize>() + self.errors_without_realm
    }

    /// Nothing to report.
    pub fn is_quiet(&self) -> bool {
        self.people.is_empty()
            && self.machines.is_empty()
            && self.other_errors.is_empty()
            && self.errors() == 0
            && self.starts.is_empty()
    }
}

/// The viewer's link for the window counted, with `edit` applied to its filters.
fn viewer(base: &str, figures: &Figures, edit: impl FnOnce(&mut Filters)) -> String {
    let mut f = filters::from_query(&|_| None);
    // The exact window counted, not "the last hour" again: the viewer then counts the same.
    f.window = Window::Custom { from: window::field(figures.from), to: window::field(figures.to) };
    edit(&mut f);
    filters::href(base, &f)
}

/// What a figure links to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Figure<'a> {
    People(&'a str),
    Machines(&'a str),
    EventType(&'a str),
    ErrorsIn(&'a str),
    ErrorsWithoutRealm,
    Starts,
}

/// The viewer (`base`, the Logs tab's address) showing the lines `figure` counted.
pub fn link(base: &str, figures: &Figures, figure: Figure) -> String {
    viewer(base, figures, |f| match figure {
        Figure::People(realm) => {
            f.view = View::Events;
            f.realm = realm.to_string();
            f.q = PEOPLE_SEARCH.to_string();
        }
        Figure::Machines(realm) => {
            f.view = View::Events;
            f.realm = realm.to_string();
            f.events.kind = MACHINES.to_string();
        }
        Figure::EventType(kind) => {
            f.view = View::Events;
            f.events.kind = kind.to_string();
        }
        Figure::ErrorsIn(realm) => {
            f.level = Some(Level::Error);
            f.realm = realm.to_string();
        }
        Figure::ErrorsWithoutRealm => {
            f.level = Some(Level::Error);
            f.q = NO_REALM_SEARCH.to_string();
        }
        Figure::Starts => f.q = STARTS_SEARCH.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clusters::tabs::logs::line::parse_text;
    use crate::clusters::tabs::logs::search::parse;

    const HOUR: &str = "\
2026-11-25 14:00:00,000 INFO  [io.quarkus] (main) Keycloak 26.1.4 on JVM (powered by Quarkus 3.15.3) started \
    in 5.120s. Listening on: http://0.0.0.0:8080.
2026-11-25 14:00:00,000 INFO  [io.quarkus] (main) Profile prod activated.
2026-11-25 14:01:00,000 WARN  [org.keycloak.events] (t) type=LOGIN_ERROR, realmId=customers, clientId=web, \
    userId=null, ipAddress=1.2.3.4, error=invalid_user_credentials
2026-11-25 14:02:00,000 WARN  [org.keycloak.events] (t) type=LOGIN_ERROR, realmId=customers, clientId=web, \
    userId=null, ipAddress=1.2.3.4, error=user_not_found
2026-11-25 14:03:00,000 WARN  [org.keycloak.events] (t) type=IDENTITY_PROVIDER_LOGIN_ERROR, realmId=staff, \
    clientId=web, error=x
2026-11-25 14:04:00,000 ERROR [org.keycloak.events] (t) type=CLIENT_LOGIN_ERROR, realmId=customers, \
    clientId=batch-job, error=invalid_client_credentials
2026-11-25 14:05:00,000 WARN  [org.keycloak.events] (t) type=CODE_TO_TOKEN_ERROR, realmId=staff, \
    error=invalid_code
2026-11-25 14:06:00,000 INFO  [org.keycloak.events] (t) type=LOGIN, realmId=customers, clientId=web
2026-11-25 14:07:00,000 ERROR [org.keycloak.services.error.KeycloakErrorHandler] (t) Uncaught server error: \
    java.lang.NullPointerException
\tat org.keycloak.authentication.AuthenticationProcessor.authenticate(AuthenticationProcessor.java:1)
2026-11-25 14:08:00,000 ERROR [io.agroal.pool] (t) Datasource '<default>': Connection timed out
2026-11-25 15:30:00,000 ERROR [io.agroal.pool] (t) outside the hour
";

    const FROM: i64 = 1_795_615_200_000; // 2026-11-25T14:00:00Z

    fn figures() -> Figures {
        Figures::count(&parse_text(HOUR, 0, FROM), FROM, FROM + 3_600_000 - 1)
    }

    #[test]
    fn each_kind_of_trouble_is_counted_apart() {
        let f = figures();
        assert_eq!(f.people, vec![("customers".to_string(), 2), ("staff".to_string(), 1)]);
        assert_eq!(f.machines, vec![("customers".to_string(), 1)]);
        assert_eq!(f.other_errors, vec![("CODE_TO_TOKEN_ERROR".to_string(), 1)]);
        assert_eq!(f.errors_in_realm, vec![("customers".to_string(), 1)]);
        assert_eq!(f.errors_without_realm, 2, "the line outside the hour is not counted");
        assert_eq!(f.starts, vec![FROM]);
        assert_eq!((f.failed_logins(), f.errors()), (3, 3));
        assert!(!f.is_quiet());
        assert!(Figures::count(&[], 0, 1).is_quiet());
    }

    #[test]
    fn every_link_opens_the_viewer_on_the_window_counted_with_a_search_it_parses() {
        let f = figures();
        let base = "/clusters/c/logs";
        let people = link(base, &f, Figure::People("customers"));
        assert!(
            people.starts_with("/clusters/c/logs?from=2026-11-25T14%3A00&to=2026-11-25T14%3A59%3A59.999")
        );
        assert!(people.contains("realm=customers") && people.contains("view=events"), "{people}");
        let machines = link(base, &f, Figure::Machines("customers"));
        assert!(machines.contains("type=CLIENT_LOGIN_ERROR"), "{machines}");
        assert!(
            link(base, &f, Figure::EventType("CODE_TO_TOKEN_ERROR")).contains("type=CODE_TO_TOKEN_ERROR")
        );
        let errors = link(base, &f, Figure::ErrorsIn("customers"));
        assert!(errors.contains("level=ERROR") && errors.contains("realm=customers"), "{errors}");
        assert!(link(base, &f, Figure::ErrorsWithoutRealm).contains("level=ERROR"));
        for search in [PEOPLE_SEARCH, NO_REALM_SEARCH, STARTS_SEARCH] {
            assert!(parse(search).is_ok(), "{search} does not parse");
        }
        // The regexes reach the browser as written (unknown escapes kept).
        let regex = |q: &str| parse(q).ok().and_then(|f| f.last().map(|f| f.text.clone()));
        assert_eq!(regex(STARTS_SEARCH).as_deref(), Some(r"\] \([^)]*\) Keycloak .* started in "));
        assert_eq!(regex(PEOPLE_SEARCH).as_deref(), Some("type=(IDENTITY_PROVIDER_)?LOGIN_ERROR(,|$)"));
        // The links read back as the filters they were built from.
        let query = people.split_once('?').map(|(_, q)| q.to_string()).unwrap_or_default();
        let pairs: Vec<(String, String)> = query
            .split('&')
            .filter_map(|p| p.split_once('='))
            .map(|(k, v)| (k.to_string(), v.replace("%3A", ":")))
            .collect();
        let back = filters::from_query(&|name| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()));
        assert_eq!(back.view, View::Events);
        assert_eq!(back.realm, "customers");
        assert_eq!(window::range(&back.window, 0).ok(), Some((f.from, f.to)));
    }

    #[test]
    fn only_keycloak_s_own_started_line_is_a_start() {
        let lines = "\
2026-11-25 14:00:00,000 INFO  [io.quarkus] (main) Keycloak 26.1.4 on JVM (powered by Quarkus 3.15.3) started \
    in 5.120s.
2026-11-25 14:00:01,000 INFO  [org.keycloak.events] (t) type=LOGIN, realmId=a, clientId=Keycloak started in x
2026-11-25 14:00:02,000 INFO  [io.quarkus] (main) Keycloak 26.1.4 stopped in 0.1s
";
        let entries = parse_text(lines, 0, FROM);
        assert_eq!(entries.iter().filter(|e| is_start(e)).count(), 1);
    }
}
