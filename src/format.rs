//! Dates as people read them: UTC (always labelled so), written the person's language's way
//! by the browser's `Intl` (`i18n::intl`), plus how long ago.

use chrono::{Datelike, Timelike};
use cluster_api::EpochMillis;

use crate::i18n::{self, intl};

/// `Nov 21, 2026, 14:03 UTC` (`21 nov. 2026, 14:03 UTC` in French…), or a dash when the
/// value is out of range.
pub fn utc(at: EpochMillis) -> String {
    if at.to_datetime().is_none() {
        return "—".into();
    }
    match intl::date_time(i18n::lang(), at.0 as f64) {
        Some(words) => format!("{words} UTC"),
        None => iso_utc(at),
    }
}

/// `2026-11-21 14:03 UTC`: the same in every language (machine-readable attributes, and
/// natively). Spelled out by hand: chrono's strftime machinery would add tens of kilobytes.
pub fn iso_utc(at: EpochMillis) -> String {
    match at.to_datetime() {
        Some(d) => {
            format!("{:04}-{:02}-{:02} {:02}:{:02} UTC", d.year(), d.month(), d.day(), d.hour(), d.minute())
        }
        None => "—".into(),
    }
}

/// `14:03:12 UTC` of a `Date.now()`-style instant: when something changed during a visit.
pub fn clock(at_ms: f64) -> String {
    if let Some(words) =
        intl::time(i18n::lang(), at_ms).filter(|_| EpochMillis(at_ms as i64).to_datetime().is_some())
    {
        return format!("{words} UTC");
    }
    match EpochMillis(at_ms as i64).to_datetime() {
        Some(d) => format!("{:02}:{:02}:{:02} UTC", d.hour(), d.minute(), d.second()),
        None => "—".into(),
    }
}

/// `just now`, `5 minutes ago`, `3 days ago`, `in 2 hours`.
pub fn relative(now_ms: i64, at: EpochMillis) -> String {
    // Saturating: `at` comes from the service, and any i64 parses.
    let delta_s = now_ms.saturating_sub(at.0) / 1000;
    let (future, s) = if delta_s < 0 { (true, delta_s.saturating_neg()) } else { (false, delta_s) };
    if s < 45 {
        return i18n::t(i18n::k::time::JUST_NOW).into();
    }
    let (n, unit) = match s {
        s if s < 3_600 => ((s + 30) / 60, "minute"),
        s if s < 86_400 => ((s + 1_800) / 3_600, "hour"),
        s if s < 30 * 86_400 => ((s + 43_200) / 86_400, "day"),
        s if s < 365 * 86_400 => (s / (30 * 86_400), "month"),
        s => (s / (365 * 86_400), "year"),
    };
    let n = n.max(1);
    if let Some(words) = intl::relative(i18n::lang(), if future { n as f64 } else { -(n as f64) }, unit) {
        return words;
    }
    let plural = if n == 1 { "" } else { "s" };
    if future { format!("in {n} {unit}{plural}") } else { format!("{n} {unit}{plural} ago") }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_790_000_000_000;

    #[test]
    fn formats_utc() {
        assert_eq!(utc(EpochMillis(1_767_225_600_000)), "2026-01-01 00:00 UTC");
        assert_eq!(iso_utc(EpochMillis(1_767_225_600_000)), "2026-01-01 00:00 UTC");
        assert_eq!(utc(EpochMillis(i64::MAX)), "—");
    }

    #[test]
    fn relative_times() {
        assert_eq!(relative(NOW, EpochMillis(NOW - 10_000)), "just now");
        assert_eq!(relative(NOW, EpochMillis(NOW - 60_000)), "1 minute ago");
        assert_eq!(relative(NOW, EpochMillis(NOW - 5 * 60_000)), "5 minutes ago");
        assert_eq!(relative(NOW, EpochMillis(NOW - 3 * 3_600_000)), "3 hours ago");
        assert_eq!(relative(NOW, EpochMillis(NOW - 2 * 86_400_000)), "2 days ago");
        assert_eq!(relative(NOW, EpochMillis(NOW - 400 * 86_400_000)), "1 year ago");
        assert_eq!(relative(NOW, EpochMillis(NOW + 2 * 3_600_000)), "in 2 hours");
    }

    #[test]
    fn any_time_the_service_sends_reads_as_words() {
        assert!(relative(NOW, EpochMillis(i64::MIN)).ends_with("years ago"));
        assert!(relative(NOW, EpochMillis(i64::MAX)).starts_with("in "));
        assert!(relative(i64::MIN, EpochMillis(i64::MAX)).starts_with("in "));
    }
}
