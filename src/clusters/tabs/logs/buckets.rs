//! The histogram's arithmetic: the window cut into about 60 UTC-aligned buckets of a "nice"
//! step, the lines shown counted per bucket and level in one pass over the filtered
//! indexes, and which buckets cannot be known because a file of their hours is not read
//! (unread for now, capped, failed, or the listing itself). Pure, so it is tested natively.

use super::line::{Entry, Level};
use super::window_files::{File, FileState};

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// About this many buckets per window.
const AIM: i64 = 60;

/// The steps a bucket may have.
const STEPS: [i64; 12] = [
    MINUTE,
    2 * MINUTE,
    5 * MINUTE,
    10 * MINUTE,
    15 * MINUTE,
    30 * MINUTE,
    HOUR,
    2 * HOUR,
    3 * HOUR,
    6 * HOUR,
    12 * HOUR,
    DAY,
];

/// The levels counted apart, bottom of a column first: ERROR (with FATAL), WARN, INFO, and
/// the rest (DEBUG, TRACE, a word Keycloak does not write).
pub const SERIES: usize = 4;

fn series(level: Level) -> usize {
    match level {
        Level::Error | Level::Fatal => 0,
        Level::Warn => 1,
        Level::Info => 2,
        Level::Debug | Level::Trace | Level::Other => 3,
    }
}

/// The nice step nearest to giving `AIM` buckets over `span` milliseconds (1 min for an
/// hour, 5 min for 6 h, 30 min for a day, 3 h for a week). Past the largest, whole days.
pub fn step_for(span: i64) -> i64 {
    let span = span.max(1);
    let nearest = STEPS.iter().copied().min_by_key(|s| (span / s - AIM).abs()).unwrap_or(MINUTE);
    if span / nearest > 4 * AIM { ((span / AIM + DAY - 1) / DAY).max(1) * DAY } else { nearest }
}

/// The window's lines per bucket and level, and which buckets are unknown.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Buckets {
    /// When the first bucket starts (a UTC multiple of `step`).
    pub origin: i64,
    pub step: i64,
    pub counts: Vec<[u32; SERIES]>,
    pub unknown: Vec<bool>,
}

impl Buckets {
    /// Empty buckets covering `[from, to]`: from the step boundary at or before `from` to the
    /// bucket holding `to`.
    pub fn cover(from: i64, to: i64) -> Buckets {
        let step = step_for(to - from);
        let first = from.div_euclid(step);
        let n = usize::try_from(to.div_euclid(step) - first + 1).unwrap_or(0);
        Buckets { origin: first * step, step, counts: vec![[0; SERIES]; n], unknown: vec![false; n] }
    }

    fn index(&self, at: i64) -> Option<usize> {
        usize::try_from((at - self.origin).div_euclid(self.step)).ok().filter(|i| *i < self.counts.len())
    }

    /// Counts the lines `matches` (indexes into `entries`) by bucket and level.
    pub fn count(&mut self, entries: &[Entry], matches: &[u32]) {
        for &m in matches {
            let Some(e) = entries.get(m as usize) else { continue };
            if let Some(i) = self.index(e.at)
                && let Some(c) = self.counts.get_mut(i)
            {
                c[series(e.level)] += 1;
            }
        }
    }

    /// Marks unknown every bucket an hour of which is not read: a listing not done (or
    /// failed: `listed` false) leaves all unknown; a file not read (unread, reading,
    /// failed) leaves its hour `[start, start + 1 h)` unknown; a listing cut at its page
    /// cap (`capped`) may lack the oldest files, so what lies before its oldest is unknown.
    pub fn mark_unread(&mut self, listed: bool, capped: bool, files: &[File]) {
        if !listed {
            self.unknown.iter_mut().for_each(|u| *u = true);
            return;
        }
        let mut spans: Vec<(i64, i64)> = files
            .iter()
            .filter(|f| !matches!(f.state, FileState::Read { .. }))
            .map(|f| (f.info.start, f.info.start + HOUR))
            .collect();
        if capped && let Some(oldest) = files.iter().map(|f| f.info.start).min() {
            spans.push((i64::MIN, oldest));
        }
        for (start, end) in spans {
            let first = self.index(start.max(self.origin));
            let last = self.index(end.saturating_sub(1));
            let last = last.or_else(|| (end > self.origin).then(|| self.counts.len().saturating_sub(1)));
            if let (Some(a), Some(b)) = (first, last) {
                self.unknown.iter_mut().take(b + 1).skip(a).for_each(|u| *u = true);
            }
        }
    }

    /// Every bucket's total.
    #[cfg(test)]
    pub fn totals(&self) -> impl Iterator<Item = u32> + '_ {
        self.counts.iter().map(|c| c.iter().sum())
    }
}

/// The histogram of the lines `matches` in `[from, to]`, files read or not as `files` say.
pub fn histogram(
    entries: &[Entry],
    matches: &[u32],
    (from, to): (i64, i64),
    listed: bool,
    capped: bool,
    files: &[File],
) -> Buckets {
    let mut b = Buckets::cover(from, to);
    b.count(entries, matches);
    b.mark_unread(listed, capped, files);
    b
}

#[cfg(test)]
mod tests {
    use super::super::fetch::FileInfo;
    use super::super::line::parse_text;
    use super::*;

    #[test]
    fn steps_give_about_sixty_buckets() {
        assert_eq!(step_for(HOUR), MINUTE);
        assert_eq!(step_for(6 * HOUR), 5 * MINUTE);
        assert_eq!(step_for(DAY), 30 * MINUTE);
        assert_eq!(step_for(7 * DAY), 3 * HOUR);
        assert_eq!(step_for(15 * MINUTE), MINUTE);
        assert_eq!(step_for(2 * DAY), HOUR);
        assert_eq!(step_for(30 * DAY), 12 * HOUR);
        assert_eq!(step_for(3 * HOUR), 5 * MINUTE);
        assert_eq!(step_for(0), MINUTE);
        // A custom window of years: whole days, still about sixty buckets.
        let years = step_for(3 * 365 * DAY);
        assert_eq!(years % DAY, 0);
        assert!((50..=70).contains(&(3 * 365 * DAY / years)), "{years}");
    }

    const NOW: i64 = 1_767_225_600_000; // 2026-01-01T00:00Z

    #[test]
    fn edges_are_utc_multiples_of_the_step_covering_the_window() {
        let b = Buckets::cover(NOW - HOUR + 30_000, NOW + 30_000);
        assert_eq!((b.origin, b.step, b.counts.len()), (NOW - HOUR, MINUTE, 61));
        let b = Buckets::cover(NOW - 7 * DAY - 1, NOW - 1);
        assert_eq!(b.origin % (3 * HOUR), 0);
        assert!(b.origin < NOW - 7 * DAY && b.origin + b.step * b.counts.len() as i64 >= NOW);
    }

    fn line(at: i64, level: &str) -> String {
        let t = super::super::window::iso(at).replace('T', " ").replace('Z', "");
        format!("{t},000 {level:<5} [x] (t) m\n")
    }

    #[test]
    fn every_line_is_in_exactly_one_bucket_by_level() {
        let (from, to) = (NOW - HOUR, NOW);
        let mut text = String::new();
        for (at, level) in [
            (from, "ERROR"),
            (from + 59_999, "WARN"),
            (from + MINUTE, "INFO"),
            (from + MINUTE, "FATAL"),
            (NOW - 1, "DEBUG"),
            (NOW, "INFO"),
            (NOW - 30 * MINUTE, "TRACE"),
        ] {
            text.push_str(&line(at, level));
        }
        let entries = parse_text(&text, 0, from);
        let all: Vec<u32> = (0..entries.len() as u32).collect();
        let b = histogram(&entries, &all, (from, to), true, false, &[]);
        assert_eq!(b.counts.len(), 61);
        assert_eq!(b.counts[0], [1, 1, 0, 0]);
        assert_eq!(b.counts[1], [1, 0, 1, 0]);
        assert_eq!(b.counts[30], [0, 0, 0, 1]);
        assert_eq!(b.counts[59], [0, 0, 0, 1]);
        assert_eq!(b.counts[60], [0, 0, 1, 0]);
        assert_eq!(b.totals().map(u64::from).sum::<u64>(), entries.len() as u64);
        assert!(b.unknown.iter().all(|u| !u));
        // Only the lines given are counted (the search and filters' result).
        let some = [0u32, 5];
        let b = histogram(&entries, &some, (from, to), true, false, &[]);
        assert_eq!(b.totals().map(u64::from).sum::<u64>(), 2);
        // An index past the lines is skipped, not a panic.
        let b = histogram(&entries, &[99], (from, to), true, false, &[]);
        assert_eq!(b.totals().sum::<u32>(), 0);
    }

    /// The viewer's cap of lines, a day of them: every one counted once. (Debug build, run
    /// natively: a few milliseconds; the bench measures it in the browser with each key.)
    #[test]
    fn twenty_thousand_lines_in_one_pass() {
        let (from, to) = (NOW - DAY, NOW);
        let levels = ["ERROR", "WARN", "INFO", "DEBUG"];
        let text: String =
            (0..20_000i64).map(|i| line(from + i * (DAY / 20_000), levels[(i % 4) as usize])).collect();
        let entries = parse_text(&text, 0, from);
        let all: Vec<u32> = (0..entries.len() as u32).collect();
        let started = std::time::Instant::now();
        let b = histogram(&entries, &all, (from, to), true, false, &[]);
        println!("20,000 lines into {} buckets: {:?}", b.counts.len(), started.elapsed());
        assert_eq!(entries.len(), 20_000);
        assert_eq!(b.totals().map(u64::from).sum::<u64>(), 20_000);
        assert_eq!(b.counts.iter().map(|c| u64::from(c[0])).sum::<u64>(), 5_000);
    }

    fn file(start: i64, state: FileState) -> File {
        let info =
            FileInfo { name: format!("f{start}"), size: None, modified: None, start, end: start + HOUR };
        File { info, state, tag: 0 }
    }

    #[test]
    fn hours_not_read_are_unknown_never_zero() {
        let read = FileState::Read { size: None, modified: None };
        // Six hours at 5 minutes: the oldest hour unread, the one after it failed.
        let (from, to) = (NOW - 6 * HOUR, NOW);
        let files = [
            file(NOW - HOUR, read.clone()),
            file(NOW - 2 * HOUR, read.clone()),
            file(NOW - 5 * HOUR, FileState::Failed("500".into())),
            file(NOW - 6 * HOUR, FileState::Unread),
        ];
        let b = histogram(&[], &[], (from, to), true, false, &files);
        let unknown: Vec<usize> = (0..b.unknown.len()).filter(|i| b.unknown[*i]).collect();
        assert_eq!(unknown, (0..24).collect::<Vec<_>>(), "the two oldest hours, 12 buckets each");
        // Hours with no file at all are known: nothing was written then.
        assert!(!b.unknown[40]);
        // Not listed yet (or the listing failed): nothing is known.
        assert!(histogram(&[], &[], (from, to), false, false, &files).unknown.iter().all(|u| *u));
        // A capped listing: before its oldest file, nothing is known.
        let newest = [file(NOW - HOUR, read.clone())];
        let b = histogram(&[], &[], (from, to), true, true, &newest);
        assert!(b.unknown[..60].iter().all(|u| *u) && b.unknown[60..].iter().all(|u| !u));
        // A file reaching before the window marks only the window's buckets.
        let b =
            histogram(&[], &[], (NOW - HOUR / 2, NOW), true, false, &[file(NOW - HOUR, FileState::Unread)]);
        assert!(b.unknown[..30].iter().all(|u| *u) && !b.unknown[30]);
    }
}
