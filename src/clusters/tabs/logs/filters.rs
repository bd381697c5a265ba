//! Every filter of the Logs tab, kept in the URL so a link shows the same view:
//! `?window=6h&level=ERROR&realm=acme&norealm=1&q=|%3D+"x"&limit=500&view=events&type=LOGIN&around=…`.
//! The window itself is `window.rs`'s (`window`, or `from`/`to`), and `start` the file
//! table's page.

use super::line::Level;
use super::window::{self, Window};
use crate::links;

/// The limits offered: how many lines are shown at most.
pub const LIMITS: [usize; 4] = [200, 500, 1000, 2000];
pub const DEFAULT_LIMIT: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Lines,
    Events,
}

/// The Events view's filters, one per column (a part of the value, except the exact type).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventFilters {
    pub kind: String,
    pub client: String,
    pub user: String,
    pub ip: String,
    pub error: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Filters {
    pub window: Window,
    /// The file table's page.
    pub start: usize,
    pub level: Option<Level>,
    pub realm: String,
    /// With a realm chosen, lines that name no realm are shown too (`norealm=1`).
    pub no_realm: bool,
    /// The search box's text (`search::parse` reads it).
    pub q: String,
    pub limit: usize,
    pub view: View,
    pub events: EventFilters,
    /// "Show lines around this one": the instant to centre on, instead of the newest lines.
    pub around: Option<i64>,
}

/// Reads a value by name from the URL's query.
pub fn from_query(get: &dyn Fn(&str) -> Option<String>) -> Filters {
    let (window, start) = window::from_query(get("window"), get("from"), get("to"), get("start"));
    let text = |name: &str| get(name).map(|v| v.trim().to_string()).unwrap_or_default();
    let level = get("level").map(|l| Level::parse(l.trim())).filter(|l| *l != Level::Other);
    let limit = get("limit")
        .and_then(|l| l.trim().parse().ok())
        .filter(|l| LIMITS.contains(l))
        .unwrap_or(DEFAULT_LIMIT);
    Filters {
        window,
        start,
        level,
        realm: text("realm"),
        no_realm: text("norealm") == "1",
        // Not trimmed of inner spaces: the search is what was typed.
        q: get("q").unwrap_or_default(),
        limit,
        view: if text("view") == "events" { View::Events } else { View::Lines },
        events: EventFilters {
            kind: text("type"),
            client: text("client"),
            user: text("user"),
            ip: text("ip"),
            error: text("error"),
        },
        around: get("around").and_then(|a| a.trim().parse().ok()),
    }
}

/// The tab's address showing `f`.
pub fn href(base: &str, f: &Filters) -> String {
    let (preset, from, to) = match &f.window {
        Window::Preset(p) => (*p, "", ""),
        Window::Custom { from, to } => ("", from.as_str(), to.as_str()),
    };
    let start = if f.start == 0 { String::new() } else { f.start.to_string() };
    let limit = if f.limit == DEFAULT_LIMIT { String::new() } else { f.limit.to_string() };
    let around = f.around.map(|a| a.to_string()).unwrap_or_default();
    let view = if f.view == View::Events { "events" } else { "" };
    links::with_query(
        base,
        &[
            ("window", preset),
            ("from", from),
            ("to", to),
            ("level", f.level.map_or("", Level::name)),
            ("realm", &f.realm),
            ("norealm", if f.no_realm && !f.realm.is_empty() { "1" } else { "" }),
            ("q", &f.q),
            ("limit", &limit),
            ("view", view),
            ("type", &f.events.kind),
            ("client", &f.events.client),
            ("user", &f.events.user),
            ("ip", &f.events.ip),
            ("error", &f.events.error),
            ("around", &around),
            ("start", &start),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Filters {
        let pairs: Vec<(String, String)> =
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        from_query(&move |name| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn defaults_and_bad_values() {
        let f = read(&[("limit", "7"), ("level", "LOUD"), ("view", "x"), ("around", "soon")]);
        assert_eq!(f.window, Window::Preset("1h"));
        assert_eq!((f.limit, f.level, f.view, f.around), (200, None, View::Lines, None));
        assert_eq!(href("/l", &f), "/l?window=1h");
    }

    #[test]
    fn every_filter_round_trips_through_the_url() {
        let f = read(&[
            ("window", "6h"),
            ("level", "ERROR"),
            ("realm", "acme"),
            ("q", r#"|= "invalid_client_credentials" != "x y""#),
            ("limit", "1000"),
            ("view", "events"),
            ("type", "LOGIN"),
            ("client", "web"),
            ("user", "u1"),
            ("ip", "203."),
            ("error", "invalid"),
            ("around", "1795615392345"),
        ]);
        assert_eq!(f.level, Some(Level::Error));
        assert_eq!(f.view, View::Events);
        let link = href("/clusters/c/logs", &f);
        let back: Vec<(String, String)> = link
            .split_once('?')
            .map(|(_, q)| q)
            .unwrap_or_default()
            .split('&')
            .filter_map(|p| p.split_once('='))
            .map(|(k, v)| (k.to_string(), decode(v)))
            .collect();
        let again = from_query(&move |name| back.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()));
        assert_eq!(again, f);
        let custom = read(&[("from", "2026-11-20T08:00"), ("to", "2026-11-21T08:00")]);
        assert_eq!(href("/l", &custom), "/l?from=2026-11-20T08%3A00&to=2026-11-21T08%3A00");
    }

    /// Percent-decoding, as the router does (`+` is a space in a query).
    fn decode(v: &str) -> String {
        let bytes = v.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'%' if i + 2 < bytes.len() + 1 => {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("00");
                    out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                    i += 3;
                }
                b'+' => {
                    out.push(b' ');
                    i += 1;
                }
                b => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8(out).unwrap_or_default()
    }
}
