//! Columns never cut the field a person filtered on (issue 37): in Lines, a message whose
//! searched words come late is shown from a little before them ("…, error=invalid_…"); in
//! Events, a column with a filter on it is as wide as its longest value shown, and the
//! other columns give way (`--w-*`/`--k-*` in the style sheet, set through the CSSOM: the
//! CSP refuses a `style` attribute). The drawer has the whole line either way. Pure, so it
//! is tested natively.

use std::borrow::Cow;

use super::filters::EventFilters;
use super::line::Event;
use super::search::{Operator, parse};

/// A word to keep in view, and whether it is matched in any case (a bare word).
pub type Needle = (String, bool);

/// The words a line was searched for (`|=` strings and bare words; a regex's match cannot be
/// placed without running it), and the realm filtered on as Keycloak writes it.
pub fn needles(q: &str, realm: &str) -> Vec<Needle> {
    let mut out: Vec<Needle> = parse(q)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|f| match f.op {
            Operator::Contains => Some((f.text, false)),
            Operator::ContainsAnyCase => Some((f.text, true)),
            _ => None,
        })
        .filter(|(text, _)| !text.is_empty())
        .collect();
    if !realm.is_empty() {
        out.push((format!("realmId={realm}"), false));
    }
    out
}

fn find(hay: &str, (needle, any_case): &Needle) -> Option<usize> {
    if *any_case {
        let n = needle.as_bytes();
        hay.as_bytes().windows(n.len()).position(|w| w.eq_ignore_ascii_case(n))
    } else {
        hay.find(needle.as_str())
    }
}

/// Bytes of a message that always fit before the first word searched for: when it starts
/// later, the message is shown from shortly before it.
const LEAD: usize = 32;
/// How much is kept before the word then.
const KEEP: usize = 12;

/// `message` as the Lines view shows it: whole, or from shortly before the earliest
/// searched word when that comes after `LEAD` bytes, marked as cut with "…".
pub fn shown_message<'a>(message: &'a str, needles: &[Needle]) -> Cow<'a, str> {
    let Some(at) = needles.iter().filter_map(|n| find(message, n)).min() else {
        return Cow::Borrowed(message);
    };
    if at <= LEAD {
        return Cow::Borrowed(message);
    }
    let mut start = at - KEEP;
    // Start after a field's separator when one is that close, else on a character.
    if let Some(gap) = message.get(start..at).and_then(|s| s.rfind(' ')) {
        start += gap + 1;
    }
    while !message.is_char_boundary(start) {
        start -= 1;
    }
    Cow::Owned(format!("…{}", message.get(start..).unwrap_or(message)))
}

/// An Events column: its style-sheet name, and its value in an event.
type Column = (&'static str, fn(&Event) -> &str);

/// The Events columns a filter is on.
fn filtered(f: &EventFilters, realm: &str) -> Vec<Column> {
    let mut out: Vec<Column> = Vec::new();
    if !f.kind.is_empty() {
        out.push(("type", |e| &e.kind));
    }
    if !realm.is_empty() {
        out.push(("realm", |e| &e.realm));
    }
    if !f.client.is_empty() {
        out.push(("client", |e| &e.client));
    }
    if !f.user.is_empty() {
        out.push(("user", |e| &e.user));
    }
    if !f.ip.is_empty() {
        out.push(("ip", |e| &e.ip));
    }
    if !f.error.is_empty() {
        out.push(("error", |e| &e.error));
    }
    out
}

/// Every Events column a filter can keep whole (their custom properties are cleared when
/// not filtered).
pub const EVENT_COLUMNS: [&str; 6] = ["type", "realm", "client", "user", "ip", "error"];

/// The custom properties that keep each filtered Events column whole over the rows shown:
/// its width in characters (the table's font is monospace: about 0.61 em each, plus the
/// cell's padding) and no shrinking. Empty when no column is filtered.
pub fn event_widths<'a>(
    rows: impl Iterator<Item = &'a Event> + Clone,
    f: &EventFilters,
    realm: &str,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (column, value) in filtered(f, realm) {
        let chars = rows.clone().map(|e| value(e).chars().count()).max().unwrap_or(0);
        if chars > 0 {
            out.push((format!("--w-{column}"), format!("calc({chars} * 0.61em + 1rem)")));
            out.push((format!("--k-{column}"), "0".to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MESSAGE: &str = "type=LOGIN_ERROR, realmId=customers, clientId=web-app, userId=null, \
                           ipAddress=198.51.100.7, error=invalid_user_credentials";

    #[test]
    fn a_late_searched_word_is_brought_into_view() {
        let shown = shown_message(MESSAGE, &needles("invalid_user", ""));
        assert!(shown.starts_with('…'), "{shown}");
        assert!(shown.contains("error=invalid_user_credentials"));
        assert!(shown.len() < MESSAGE.len());
        // Found in any case for a bare word, only as written for a quoted one.
        assert!(shown_message(MESSAGE, &needles("INVALID_USER", "")).starts_with('…'));
        assert_eq!(shown_message(MESSAGE, &needles(r#"|= "INVALID_USER""#, "")), MESSAGE);
        // An early word, no word, a regex: the message as it is.
        assert_eq!(shown_message(MESSAGE, &needles("LOGIN_ERROR", "")), MESSAGE);
        assert_eq!(shown_message(MESSAGE, &needles("", "")), MESSAGE);
        assert_eq!(shown_message(MESSAGE, &needles(r#"|~ "invalid_.*""#, "")), MESSAGE);
        // The earliest of several words decides.
        let two = shown_message(MESSAGE, &needles("invalid_user clientId", ""));
        assert!(two.contains("clientId=web-app") && two.starts_with('…'), "{two}");
    }

    #[test]
    fn cutting_never_splits_a_character() {
        // 62 bytes before `error`: 12 before it falls inside a three-byte "€".
        let message = format!("{}éerror=x", "€".repeat(20));
        let shown = shown_message(&message, &needles("error=x", ""));
        assert!(shown.starts_with('…') && shown.ends_with("éerror=x"), "{shown}");
    }

    #[test]
    fn a_filtered_events_column_is_as_wide_as_its_longest_value() {
        let a = Event { error: "invalid_user_credentials".into(), client: "web".into(), ..Event::default() };
        let b = Event { error: "x".into(), client: "a-much-longer-client".into(), ..Event::default() };
        let rows = [a, b];
        let f = EventFilters { error: "invalid".into(), ..EventFilters::default() };
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            event_widths(rows.iter(), &f, ""),
            [pair("--w-error", "calc(24 * 0.61em + 1rem)"), pair("--k-error", "0")]
        );
        let f = EventFilters { client: "a".into(), ..EventFilters::default() };
        assert!(
            event_widths(rows.iter(), &f, "acme").contains(&pair("--w-client", "calc(20 * 0.61em + 1rem)"))
        );
        assert!(event_widths(rows.iter(), &EventFilters::default(), "").is_empty());
        // Every column a filter names can be cleared again.
        let all = EventFilters {
            kind: "x".into(),
            client: "a".into(),
            user: "u".into(),
            ip: "i".into(),
            error: "e".into(),
        };
        let full = Event {
            kind: "T".into(),
            realm: "r".into(),
            client: "c".into(),
            user: "u".into(),
            ip: "i".into(),
            error: "e".into(),
        };
        for (name, _) in event_widths([full].iter(), &all, "r") {
            assert!(
                EVENT_COLUMNS.iter().any(|c| name.ends_with(&format!("-{c}"))),
                "{name} is never cleared"
            );
        }
    }
}
