//! The lines the viewer holds (from every file read so far, in time order) and which of them
//! the filters let through. Pure and allocation-light: filtering 20,000 lines must fit in a
//! frame after each keystroke (`make bench`, BENCHMARKS.md).

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use super::filters::{EventFilters, View};
use super::line::{Entry, Level};
use super::search::Search;

/// The most lines held at once; reading stops there.
pub const HOLD_CAP: usize = 20_000;

/// Everything but the search text, which is compiled separately.
#[derive(Debug, Clone, PartialEq)]
pub struct Criteria {
    pub from: i64,
    pub to: i64,
    pub level: Option<Level>,
    pub realm: String,
    /// Lines that name no realm pass the realm filter too (the person asked to see them).
    pub with_no_realm: bool,
    pub view: View,
    pub events: EventFilters,
}

#[cfg(test)]
impl Criteria {
    /// Every line of every time, level and realm, in the Lines view (tests start from it).
    pub fn everything() -> Criteria {
        Criteria {
            from: 0,
            to: i64::MAX,
            level: None,
            realm: String::new(),
            with_no_realm: false,
            view: View::Lines,
            events: EventFilters::default(),
        }
    }
}

/// Lines held, oldest first.
#[derive(Debug, Default, Clone)]
pub struct Held {
    entries: Vec<Entry>,
    /// Which lines these are: a number never given before at every change (0 is none), so
    /// what was worked out for some lines (`narrowing.rs`) is not taken for others.
    stamp: u64,
}

static STAMPS: AtomicU64 = AtomicU64::new(0);

impl Held {
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Puts file `file`'s entries in place of what it had before (a grown file is read
    /// again whole), keeping time order; entries of one instant stay in file order.
    pub fn replace_file(&mut self, file: u32, entries: Vec<Entry>) {
        self.entries.retain(|e| e.file != file);
        self.entries.extend(entries);
        self.entries.sort_by_key(|e| e.at);
        self.stamp = STAMPS.fetch_add(1, Ordering::Relaxed) + 1;
    }

    pub fn is_full(&self) -> bool {
        self.entries.len() >= HOLD_CAP
    }
}

/// `needle` in `hay`, ignoring ASCII case (column filters are typed loosely).
fn has(hay: &str, needle: &str) -> bool {
    needle.is_empty()
        || hay.as_bytes().windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Whether a line passes every filter.
pub fn passes(e: &Entry, c: &Criteria, search: &Search) -> bool {
    if e.at < c.from || e.at > c.to {
        return false;
    }
    if c.level.is_some_and(|l| l != e.level) {
        return false;
    }
    if !c.realm.is_empty()
        && e.realm.as_deref() != Some(c.realm.as_str())
        && !(c.with_no_realm && e.realm.is_none())
    {
        return false;
    }
    if c.view == View::Events {
        let Some(ev) = e.event.as_deref() else { return false };
        let f = &c.events;
        if !(f.kind.is_empty() || ev.kind == f.kind)
            || !has(&ev.client, &f.client)
            || !has(&ev.user, &f.user)
            || !has(&ev.ip, &f.ip)
            || !has(&ev.error, &f.error)
        {
            return false;
        }
    }
    search.is_empty() || search.test(&e.raw)
}

/// Indexes into `entries` of the lines that pass, oldest first.
pub fn matching(entries: &[Entry], c: &Criteria, search: &Search) -> Vec<u32> {
    let mut out = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        if passes(e, c, search) {
            out.push(u32::try_from(i).unwrap_or(u32::MAX));
        }
    }
    out
}

/// How many lines the realm filter hides only because they name no realm: they pass every
/// other filter. (Keycloak's errors outside a request, such as a database timeout, name
/// none, and may be why logins fail in that realm.) 0 when no realm is chosen, or when
/// such lines are shown already.
pub fn hidden_without_realm(entries: &[Entry], c: &Criteria, search: &Search) -> usize {
    if c.realm.is_empty() || c.with_no_realm {
        return 0;
    }
    let any_realm = Criteria { realm: String::new(), ..c.clone() };
    entries.iter().filter(|e| e.realm.is_none() && passes(e, &any_realm, search)).count()
}

/// Which of `count` matches are shown: the newest `limit`, or `limit` centred on `around`
/// (an index into the matches).
pub fn shown(count: usize, limit: usize, around: Option<usize>) -> Range<usize> {
    match around {
        Some(i) => {
            let start = i.saturating_sub(limit / 2).min(count.saturating_sub(limit));
            start..(start + limit).min(count)
        }
        None => count.saturating_sub(limit)..count,
    }
}

/// The first match at or after `at` (the line "around" which to show), if any.
pub fn index_at(entries: &[Entry], matches: &[u32], at: i64) -> Option<usize> {
    let i = matches.partition_point(|&m| entries.get(m as usize).is_some_and(|e| e.at < at));
    if matches.is_empty() { None } else { Some(i.min(matches.len() - 1)) }
}

/// Events by type among `matches`, most frequent first (ties by name).
pub fn counts_by_type(entries: &[Entry], matches: &[u32]) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for &m in matches {
        let Some(ev) = entries.get(m as usize).and_then(|e| e.event.as_deref()) else { continue };
        match counts.iter_mut().find(|(k, _)| *k == ev.kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((ev.kind.clone(), 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts
}

/// The realms the held lines name, sorted.
pub fn realms(entries: &[Entry]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in entries {
        if let Some(r) = &e.realm
            && !out.contains(r)
        {
            out.push(r.clone());
        }
    }
    out.sort();
    out
}

/// The lines of `[from, to]` as one text file, oldest first.
pub fn window_text<'a>(entries: impl Iterator<Item = &'a Entry>, from: i64, to: i64) -> String {
    let mut out = String::new();
    for e in entries.filter(|e| e.at >= from && e.at <= to) {
        out.push_str(&e.raw);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::line::parse_text;
    use super::super::search::parse;
    use super::*;

    const TEXT: &str = "2026-11-25 14:00:00,000 INFO  [org.keycloak.events] (t) type=LOGIN, realmId=acme, \
                        clientId=web-app, userId=u1, ipAddress=203.0.113.7\n\
        2026-11-25 14:00:01,000 ERROR [org.keycloak.events] (t) type=CLIENT_LOGIN_ERROR, realmId=acme, \
        clientId=batch-job, ipAddress=192.0.2.1, error=invalid_client_credentials\n\
        2026-11-25 14:00:02,000 WARN  [org.keycloak.services] (t) KC-SERVICES0013: Failed authentication, \
        realmId=beta\n\
        \tat org.keycloak.A.b(A.java:1)\n\
        2026-11-25 14:00:03,000 ERROR [org.keycloak.events] (t) type=LOGIN_ERROR, realmId=beta, \
        clientId=web-app, userId=null, ipAddress=198.51.100.2, error=invalid_user_credentials\n";

    fn held() -> Held {
        let mut h = Held::default();
        h.replace_file(0, parse_text(TEXT, 0, 0));
        h
    }

    fn criteria() -> Criteria {
        Criteria::everything()
    }

    fn run(c: &Criteria, q: &str) -> Vec<u32> {
        let search =
            Search::new(&parse(q).expect("parses"), &|_| Err("no regex here".into())).expect("compiles");
        matching(held().entries(), c, &search)
    }

    #[test]
    fn level_realm_search_and_window_combine() {
        assert_eq!(run(&criteria(), "").len(), 4);
        let errors = Criteria { level: Some(Level::Error), ..criteria() };
        assert_eq!(run(&errors, ""), vec![1, 3]);
        assert_eq!(run(&errors, r#"|= "invalid_client_credentials""#), vec![1]);
        let beta = Criteria { realm: "beta".into(), ..criteria() };
        assert_eq!(run(&beta, ""), vec![2, 3]);
    }

    #[test]
    fn lines_without_a_realm_are_counted_and_shown_on_request() {
        let mut h = held();
        let first = h.entries()[0].at;
        // A database timeout names no realm.
        let timeout =
            "2026-11-25 14:00:05,000 ERROR [org.hibernate.engine] (t) Unable to acquire JDBC Connection\n";
        h.replace_file(1, parse_text(timeout, 1, 0));
        let search = Search::new(&parse("").expect("parses"), &|_| Err("no regex".into())).expect("compiles");
        let beta = Criteria { realm: "beta".into(), ..criteria() };
        assert_eq!(matching(h.entries(), &beta, &search), vec![2, 3]);
        assert_eq!(hidden_without_realm(h.entries(), &beta, &search), 1);
        // Only the lines the other filters let through count.
        let beta_warn = Criteria { level: Some(Level::Warn), ..beta.clone() };
        assert_eq!(hidden_without_realm(h.entries(), &beta_warn, &search), 0);
        let late = Criteria { from: first + 4_500, ..beta.clone() };
        assert_eq!(hidden_without_realm(h.entries(), &late, &search), 1);
        // Shown on request, and then no longer hidden.
        let with_none = Criteria { with_no_realm: true, ..beta.clone() };
        assert_eq!(matching(h.entries(), &with_none, &search), vec![2, 3, 4]);
        assert_eq!(hidden_without_realm(h.entries(), &with_none, &search), 0);
        // No realm chosen: nothing is hidden.
        assert_eq!(hidden_without_realm(h.entries(), &criteria(), &search), 0);
        // The search reads continuation lines too.
        assert_eq!(run(&criteria(), "A.java"), vec![2]);
        let first = held().entries()[0].at;
        let narrow = Criteria { from: first + 1, to: first + 2000, ..criteria() };
        assert_eq!(run(&narrow, ""), vec![1, 2]);
    }

    #[test]
    fn the_events_view_filters_by_column_and_counts_by_type() {
        let events = Criteria { view: View::Events, ..criteria() };
        let all = run(&events, "");
        assert_eq!(all, vec![0, 1, 3]);
        let web = Criteria {
            events: EventFilters { client: "WEB".into(), ..EventFilters::default() },
            ..events.clone()
        };
        assert_eq!(run(&web, ""), vec![0, 3]);
        let kind =
            Criteria { events: EventFilters { kind: "LOGIN".into(), ..EventFilters::default() }, ..events };
        assert_eq!(run(&kind, ""), vec![0], "the type is matched exactly");
        let h = held();
        assert_eq!(
            counts_by_type(h.entries(), &all),
            vec![("CLIENT_LOGIN_ERROR".into(), 1), ("LOGIN".into(), 1), ("LOGIN_ERROR".into(), 1)]
        );
        assert_eq!(realms(h.entries()), vec!["acme".to_string(), "beta".to_string()]);
    }

    #[test]
    fn the_newest_are_shown_or_those_around_a_line() {
        assert_eq!(shown(1000, 200, None), 800..1000);
        assert_eq!(shown(50, 200, None), 0..50);
        assert_eq!(shown(1000, 200, Some(500)), 400..600);
        assert_eq!(shown(1000, 200, Some(10)), 0..200);
        assert_eq!(shown(1000, 200, Some(990)), 800..1000);
        let h = held();
        let all: Vec<u32> = (0..4).collect();
        assert_eq!(index_at(h.entries(), &all, h.entries()[2].at), Some(2));
        assert_eq!(index_at(h.entries(), &[], 0), None);
    }

    #[test]
    fn a_grown_file_replaces_its_lines() {
        let mut h = held();
        let more = format!(
            "{TEXT}2026-11-25 14:00:04,000 INFO  [org.keycloak.events] (t) type=LOGOUT, realmId=acme\n"
        );
        h.replace_file(1, parse_text("2026-11-25 13:59:59,000 INFO  [x] (t) older\n", 1, 0));
        h.replace_file(0, parse_text(&more, 0, 0));
        assert_eq!(h.entries().len(), 6);
        assert_eq!(h.entries()[0].message(), "older");
        assert!(h.entries()[5].raw.contains("LOGOUT"));
        let text = window_text(h.entries().iter(), h.entries()[1].at, h.entries()[2].at);
        assert_eq!(text.lines().count(), 2);
    }
}
