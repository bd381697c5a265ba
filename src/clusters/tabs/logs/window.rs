//! The Logs tab's window and page, kept in the URL (`?window=6h`, or
//! `?from=2026-11-20T08:00&to=2026-11-21T08:00` in UTC, plus `start`), turned into the
//! `from`/`to`/`max`/`start` of `cluster.log.list`; and file sizes in words.

use chrono::{Datelike, NaiveDate, Timelike};
use cluster_api::EpochMillis;

use crate::i18n::k::logs as w;
use crate::i18n::{Msg, tf, tp};

/// Files per page.
pub const PAGE: usize = 20;

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// The presets the dashboard offers: URL value, label, length.
pub const PRESETS: [(&str, Msg, i64); 7] = [
    ("15m", w::PRESET_15M, 15 * MINUTE),
    ("1h", w::PRESET_1H, HOUR),
    ("6h", w::PRESET_6H, 6 * HOUR),
    ("24h", w::PRESET_24H, DAY),
    ("2d", w::PRESET_2D, 2 * DAY),
    ("7d", w::PRESET_7D, 7 * DAY),
    ("30d", w::PRESET_30D, 30 * DAY),
];

/// The last hour: what a person opening the logs in an incident wants first (issue 37).
/// The dashboard's download page looks back a week (API-NOTES §12); a week is one choice away.
pub const DEFAULT_PRESET: &str = "1h";

/// What the URL asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Window {
    Preset(&'static str),
    /// `YYYY-MM-DDTHH:MM` in UTC, as a `datetime-local` field holds it; either may be empty.
    Custom {
        from: String,
        to: String,
    },
}

/// Reads `window`, `from`, `to` and `start` from the URL.
pub fn from_query(
    window: Option<String>,
    from: Option<String>,
    to: Option<String>,
    start: Option<String>,
) -> (Window, usize) {
    let start = start.and_then(|s| s.trim().parse::<usize>().ok()).unwrap_or(0);
    let (from, to) = (from.unwrap_or_default(), to.unwrap_or_default());
    if !from.trim().is_empty() || !to.trim().is_empty() {
        return (Window::Custom { from: from.trim().into(), to: to.trim().into() }, start);
    }
    let preset =
        window.and_then(|w| PRESETS.iter().find(|p| p.0 == w.trim()).map(|p| p.0)).unwrap_or(DEFAULT_PRESET);
    (Window::Preset(preset), start)
}

/// `YYYY-MM-DDTHH:MM[:SS]` (UTC) as an ISO-8601 instant, or why not.
pub fn to_instant(text: &str) -> Result<String, String> {
    let bad = || tf(w::NOT_A_DATE, &[("text", &format!("{text:?}"))]);
    let (date, time) = text.trim().split_once(['T', ' ']).ok_or_else(bad)?;
    let num = |s: &str| s.parse::<u32>().map_err(|_| bad());
    let d: Vec<&str> = date.split('-').collect();
    let t: Vec<&str> = time.trim_end_matches('Z').split(':').collect();
    if d.len() != 3 || !(2..=3).contains(&t.len()) || d[0].len() != 4 {
        return Err(bad());
    }
    let year = i32::try_from(num(d[0])?).map_err(|_| bad())?;
    let day = NaiveDate::from_ymd_opt(year, num(d[1])?, num(d[2])?).ok_or_else(bad)?;
    // Seconds may carry milliseconds (a histogram bucket ends at `…:59.999`).
    let (secs, ms) = t.get(2).map_or(("0", None), |s| match s.split_once('.') {
        Some((s, ms)) => (s, Some(ms)),
        None => (s, None),
    });
    let ms = match ms {
        Some(ms) if (1..=3).contains(&ms.len()) => Some(num(&format!("{ms:0<3}"))?),
        Some(_) => return Err(bad()),
        None => None,
    };
    let at = day.and_hms_opt(num(t[0])?, num(t[1])?, num(secs)?).ok_or_else(bad)?;
    let fraction = ms.map(|ms| format!(".{ms:03}")).unwrap_or_default();
    Ok(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{fraction}Z",
        at.year(),
        at.month(),
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    ))
}

/// An instant as the From/To fields and the URL hold it: `YYYY-MM-DDTHH:MM`, with seconds
/// and milliseconds only when it has them.
pub fn field(at: i64) -> String {
    let text = iso(at);
    let whole = text.get(..16).unwrap_or_default().to_string();
    match (at.rem_euclid(MINUTE), text.get(16..19)) {
        (0, _) | (_, None) => whole,
        (rest, Some(secs)) if rest % 1000 == 0 => format!("{whole}{secs}"),
        (rest, Some(secs)) => format!("{whole}{secs}.{:03}", rest % 1000),
    }
}

/// An instant as ISO-8601 UTC with seconds.
pub fn iso(at: i64) -> String {
    match EpochMillis(at).to_datetime() {
        Some(d) => format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            d.year(),
            d.month(),
            d.day(),
            d.hour(),
            d.minute(),
            d.second()
        ),
        None => String::new(),
    }
}

/// The `from` and `to` to send at `now`, or why the custom window cannot be used.
pub fn bounds(window: &Window, now: i64) -> Result<(Option<String>, Option<String>), String> {
    match window {
        Window::Preset(p) => {
            let length = PRESETS.iter().find(|x| x.0 == *p).map_or(7 * DAY, |x| x.2);
            Ok((Some(iso(now - length)), None))
        }
        Window::Custom { from, to } => {
            let convert = |t: &String| if t.is_empty() { Ok(None) } else { to_instant(t).map(Some) };
            let (from, to) = (convert(from)?, convert(to)?);
            if let (Some(f), Some(t)) = (&from, &to) {
                // Same format, so text order is time order.
                if f > t {
                    return Err(crate::i18n::t(w::FROM_AFTER_TO).into());
                }
            }
            Ok((from, to))
        }
    }
}

/// The window as epoch milliseconds `(from, to)` at `now`; an open end is the retention's
/// start or now.
pub fn range(window: &Window, now: i64) -> Result<(i64, i64), String> {
    match window {
        Window::Preset(p) => {
            let length = PRESETS.iter().find(|x| x.0 == *p).map_or(7 * DAY, |x| x.2);
            Ok((now - length, now))
        }
        Window::Custom { from, to } => {
            let ms = |t: &String, open: i64| {
                if t.is_empty() { Ok(open) } else { to_instant(t).and_then(|i| millis(&i)) }
            };
            let (from, to) = (ms(from, now - RETENTION)?, ms(to, now)?);
            if from > to {
                return Err(crate::i18n::t(w::FROM_AFTER_TO).into());
            }
            Ok((from, to))
        }
    }
}

/// How long files are kept (API-NOTES §12).
pub const RETENTION: i64 = 30 * DAY;

/// `2026-11-20T08:05:00Z` (as `to_instant` writes it) as epoch milliseconds.
pub fn millis(iso: &str) -> Result<i64, String> {
    let at = |s: &str| s.replace('T', " ").trim_end_matches('Z').to_string() + ",000";
    super::line::timestamp(&at(iso)).ok_or_else(|| tf(w::NOT_AN_INSTANT, &[("text", &format!("{iso:?}"))]))
}

/// `cluster.log.list`'s `from`/`to` for the files holding lines of `[from, to]`: a file is
/// listed by its last change, which comes after every line in it and at most an hour (plus
/// the time it takes to close it) after its first, so `to` reaches an hour further; an end
/// at `now` is left open, so the file still being written is included.
pub fn list_bounds(from: i64, to: i64, now: i64) -> (Option<String>, Option<String>) {
    let to = (to < now - MINUTE).then(|| iso(to + HOUR + 5 * MINUTE));
    (Some(iso(from)), to)
}

/// When the hour a file name (`keycloak/2026-11-25/13-00.log.gz`) starts.
pub fn file_start(name: &str) -> Option<i64> {
    let mut parts = name.rsplit('/');
    let time = parts.next()?.split('.').next()?;
    let day = parts.next()?;
    let (h, m) = time.split_once('-')?;
    super::line::timestamp(&format!("{day} {h}:{m}:00,000"))
}

/// The name a log file is saved under: the cluster and the UTC hour it holds
/// (`acme-prod-2026-11-27T1400Z.log.gz`), since storage's own name is only the hour. A name
/// the console cannot read keeps its last part.
pub fn saved_name(cluster: &str, file: &str) -> String {
    let hour = file_start(file).map(iso);
    match hour.as_deref().and_then(|h| h.get(..13)) {
        Some(hour) => format!("{cluster}-{hour}00Z.log.gz"),
        None => format!("{cluster}-{}", file.rsplit('/').next().unwrap_or(file)),
    }
}

/// `14:00 UTC` (with the date when it is not `now`'s day).
pub fn clock(at: i64, now: i64) -> String {
    let text = iso(at);
    let (date, time) = (text.get(..10).unwrap_or(""), text.get(11..16).unwrap_or(""));
    if iso(now).get(..10) == Some(date) { format!("{time} UTC") } else { format!("{date} {time} UTC") }
}

/// `42 minutes ago`, `3 hours ago`, `2 days ago`.
pub fn ago(at: i64, now: i64) -> String {
    let minutes = (now - at).max(0) / MINUTE;
    let (n, words) = if minutes < 120 {
        (minutes, w::MINUTES_AGO)
    } else if minutes < 48 * 60 {
        (minutes / 60, w::HOURS_AGO)
    } else {
        (minutes / (24 * 60), w::DAYS_AGO)
    };
    tp(words, n as f64, &[])
}

/// When the window reaches past the newest file (which ends at `newest_end`): says so.
pub fn newest_note(newest_end: i64, to: i64, now: i64) -> Option<String> {
    (to > newest_end + MINUTE)
        .then(|| tf(w::NEWEST_NOTE, &[("until", &clock(newest_end, now)), ("ago", &ago(newest_end, now))]))
}

/// The shortest preset that reaches back to `at`.
pub fn widen_to(at: i64, now: i64) -> Option<&'static str> {
    PRESETS.iter().find(|p| now - p.2 <= at).map(|p| p.0)
}

/// `340 B`, `12.4 KB`, `3.1 MB`.
pub fn human_size(bytes: i64) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_keeps_the_window_and_page() {
        assert_eq!(from_query(None, None, None, None), (Window::Preset("1h"), 0));
        assert_eq!(from_query(Some("6h".into()), None, None, Some("40".into())), (Window::Preset("6h"), 40));
        assert_eq!(from_query(Some("bogus".into()), None, None, Some("x".into())), (Window::Preset("1h"), 0));
        let custom = Window::Custom { from: "2026-11-20T08:00".into(), to: String::new() };
        assert_eq!(from_query(Some("6h".into()), Some("2026-11-20T08:00".into()), None, None).0, custom);
    }

    #[test]
    fn custom_times_are_utc_instants() {
        assert_eq!(to_instant("2026-11-20T08:05").as_deref(), Ok("2026-11-20T08:05:00Z"));
        assert_eq!(to_instant("2026-11-20 08:05:09").as_deref(), Ok("2026-11-20T08:05:09Z"));
        for bad in ["2026-02-30T08:00", "2026-11-20", "20-11-2026T08:00", "2026-11-20T25:00", "soon"] {
            assert!(to_instant(bad).is_err(), "{bad}");
        }
        assert_eq!(to_instant("2026-11-20T08:05:59.999").as_deref(), Ok("2026-11-20T08:05:59.999Z"));
        assert_eq!(to_instant("2026-11-20T08:05:59.5").as_deref(), Ok("2026-11-20T08:05:59.500Z"));
        assert!(to_instant("2026-11-20T08:05:59.1234").is_err());
        assert!(to_instant("2026-11-20T08:05:59.x").is_err());
        let w = Window::Custom { from: "2026-11-21T08:00".into(), to: "2026-11-20T08:00".into() };
        assert!(bounds(&w, 0).is_err());
        let now = 1_767_225_600_000; // 2026-01-01T00:00Z
        assert_eq!(bounds(&Window::Preset("1h"), now), Ok((Some("2025-12-31T23:00:00Z".into()), None)));
    }

    #[test]
    fn windows_in_milliseconds() {
        let now = 1_767_225_600_000; // 2026-01-01T00:00Z
        assert_eq!(range(&Window::Preset("15m"), now), Ok((now - 15 * MINUTE, now)));
        let w = Window::Custom { from: "2025-12-31T22:00".into(), to: "2025-12-31T23:30".into() };
        assert_eq!(range(&w, now), Ok((now - 2 * HOUR, now - 30 * MINUTE)));
        let open = Window::Custom { from: String::new(), to: "2025-12-31T23:00".into() };
        assert_eq!(range(&open, now), Ok((now - RETENTION, now - HOUR)));
        // A histogram bucket as a window: its last millisecond included, the next minute not.
        let bucket = Window::Custom { from: field(now - 2 * MINUTE), to: field(now - MINUTE - 1) };
        assert_eq!(
            bucket,
            Window::Custom { from: "2025-12-31T23:58".into(), to: "2025-12-31T23:58:59.999".into() }
        );
        assert_eq!(range(&bucket, now), Ok((now - 2 * MINUTE, now - MINUTE - 1)));
        assert_eq!(field(now + 5_000), "2026-01-01T00:00:05");
        let bad = Window::Custom { from: "2025-12-31T23:30".into(), to: "2025-12-31T22:00".into() };
        assert!(range(&bad, now).is_err());
        // Files are listed by their last change: an hour past `to` still holds lines before it.
        assert_eq!(
            list_bounds(now - 2 * HOUR, now - HOUR, now),
            (Some("2025-12-31T22:00:00Z".into()), Some("2026-01-01T00:05:00Z".into()))
        );
        assert_eq!(list_bounds(now - HOUR, now, now).1, None);
        assert_eq!(file_start("keycloak/2025-12-31/23-00.log.gz"), Some(now - HOUR));
        assert_eq!(file_start("nonsense"), None);
        assert_eq!(
            saved_name("acme-prod", "keycloak/2025-12-31/23-00.log.gz"),
            "acme-prod-2025-12-31T2300Z.log.gz"
        );
        assert_eq!(saved_name("acme-prod", "keycloak/odd.gz"), "acme-prod-odd.gz");
    }

    #[test]
    fn the_newest_file_is_said_honestly() {
        let now = 1_767_225_600_000 + 42 * MINUTE; // 00:42
        let newest = now - 42 * MINUTE;
        assert_eq!(
            newest_note(newest, now, now).as_deref(),
            Some("Logs are written in hourly files; the newest covers up to 00:00 UTC (42 minutes ago).")
        );
        assert_eq!(newest_note(now, now, now), None);
        assert_eq!(clock(newest - HOUR, now), "2025-12-31 23:00 UTC");
        assert_eq!(ago(now - 3 * HOUR, now), "3 hours ago");
        assert_eq!(ago(now - MINUTE, now), "1 minute ago");
        assert_eq!(widen_to(now - 3 * HOUR, now), Some("6h"));
        assert_eq!(widen_to(now - 40 * DAY, now), None);
    }

    #[test]
    fn sizes() {
        assert_eq!(human_size(340), "340 B");
        assert_eq!(human_size(12_700), "12.4 KB");
        assert_eq!(human_size(3 * 1024 * 1024 + 100_000), "3.1 MB");
    }
}
