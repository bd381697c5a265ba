//! How long Keycloak has been up, in the person's language: from `uptimeMillis`, with the
//! catalogue's plural forms, rather than the service's English `uptime` sentence.

use crate::i18n::k::clusters_tabs as w;
use crate::i18n::k::kit as units;
use crate::i18n::{Plural, tf, tp};

/// At most this many units are named ("3 days, 4 hours, 5 minutes"): seconds beside days
/// say nothing a person needs.
const UNITS_SHOWN: usize = 3;

/// The whole units of `millis` from the largest that is not zero: (days, hours, minutes,
/// seconds), each with its plural message. A negative reading counts as zero.
fn parts(millis: i64) -> Vec<(Plural, i64)> {
    let seconds = millis.max(0) / 1000;
    let all = [
        (units::UNIT_DAYS, seconds / 86_400),
        (units::UNIT_HOURS, seconds / 3_600 % 24),
        (units::UNIT_MINUTES, seconds / 60 % 60),
        (units::UNIT_SECONDS, seconds % 60),
    ];
    let first = all.iter().position(|(_, n)| *n > 0).unwrap_or(all.len() - 1);
    all.into_iter().skip(first).take(UNITS_SHOWN).collect()
}

/// "2 hours, 13 minutes, 5 seconds", "2 Stunden, 13 Minuten, 5 Sekunden", "2시간 13분 5초".
pub fn uptime(millis: i64) -> String {
    let words: Vec<String> = parts(millis).into_iter().map(|(p, n)| tp(p, n as f64, &[])).collect();
    words
        .into_iter()
        .rev()
        .reduce(|rest, first| tf(w::UPTIME_JOIN, &[("first", &first), ("rest", &rest)]))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_up_to_three_units_from_the_largest() {
        assert_eq!(uptime(0), "0 seconds");
        assert_eq!(uptime(-5), "0 seconds");
        assert_eq!(uptime(1_000), "1 second");
        assert_eq!(uptime(61_000), "1 minute, 1 second");
        assert_eq!(uptime((2 * 3_600 + 13 * 60 + 5) * 1000), "2 hours, 13 minutes, 5 seconds");
        assert_eq!(uptime((86_400 + 3_600) * 1000), "1 day, 1 hour, 0 minutes");
        assert_eq!(uptime(3 * 86_400 * 1000 + 59_000), "3 days, 0 hours, 0 minutes");
    }
}
