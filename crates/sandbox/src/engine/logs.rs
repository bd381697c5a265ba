//! Log files, derived rather than stored: every cluster has one gzip file per hour of
//! the last 30 days (since it was created). A file's bytes are a pure function of
//! (cluster, hour) — the lines `engine::log_lines` generates — plus any lines the
//! `POST /sandbox/logs/append` test hook stored, so 720 files per cluster cost no storage
//! and always read back the same.
//!
//! Keycloak's startup lines ("Keycloak <version> … started") are written at each of the
//! cluster's starts (`engine::starts`: when it became ready, and when each restart ended)
//! and nowhere else, naming the version system info reports; nothing is logged before the
//! cluster first started.
//!
//! The current hour's file grows as a real server's does: it is listed with the lines up
//! to now and a `last_modified` of now. With `--hourly-logs` only closed files are listed
//! (a file closes a little after its hour ends), as a service that ships logs hourly would.

use crate::engine::log_lines::{self, Entry, Realm};
use crate::records::{ClusterRow, Millis};
use chrono::{DateTime, NaiveDateTime, Timelike};
use cluster_api::{ClusterState, LogFile};
use flate2::{Compression, GzBuilder};
use std::io::Write;

pub const HOUR: Millis = log_lines::HOUR;
/// How far back files are kept (API-NOTES §12: the dashboard offers up to 30 days).
pub const RETENTION: Millis = 30 * 24 * HOUR;
pub const DEFAULT_MAX: usize = 20;
pub const MAX_MAX: usize = 1000;
/// Files are closed a little after the hour ends.
const FLUSH_DELAY: Millis = 17_000;
// Files start on the hour, so the minutes always read 00.
const NAME_FORMAT: &str = "keycloak/%Y-%m-%d/%H-%M.log.gz";

/// The storage key a download URL is signed for.
pub fn storage_key(cluster_id: &str, file_name: &str) -> String {
    format!("logs/{cluster_id}/{file_name}")
}

/// `(cluster_id, file_name)` of a storage key made by [`storage_key`].
pub fn parse_storage_key(key: &str) -> Option<(&str, &str)> {
    key.strip_prefix("logs/")?.split_once('/')
}

pub fn file_name(hour_start: Millis) -> String {
    DateTime::from_timestamp_millis(hour_start).unwrap_or_default().format(NAME_FORMAT).to_string()
}

/// The hour a file name stands for, when it is one this scheme produces.
pub fn hour_of(name: &str) -> Option<Millis> {
    let parsed = NaiveDateTime::parse_from_str(name, NAME_FORMAT).ok()?;
    let at = parsed.and_utc().timestamp_millis();
    (parsed.minute() == 0 && file_name(at) == name).then_some(at)
}

/// When an hour's file is closed: a little after the hour ends.
fn closes_at(hour_start: Millis) -> Millis {
    hour_start + HOUR + FLUSH_DELAY
}

/// How files are listed: `--hourly-logs` lists closed files only.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Options {
    pub hourly: bool,
    /// `--log-lines-per-hour`: entries per hour; 40 to 199 (by hour) when absent.
    pub per_hour: Option<u32>,
}

/// Start hours of the cluster's files at `now`, newest first. Clusters that never
/// ran have none.
pub fn hours(cluster: &ClusterRow, now: Millis, options: Options) -> Vec<Millis> {
    if matches!(
        cluster.status,
        ClusterState::BillingSetup | ClusterState::PendingPayment | ClusterState::Provisioning
    ) {
        return Vec::new();
    }
    let oldest = cluster.ready_at.unwrap_or(cluster.created_at).max(now - RETENTION);
    let mut hour = now.div_euclid(HOUR) * HOUR;
    let mut out = Vec::new();
    while hour >= oldest - HOUR {
        let listed = !options.hourly || closes_at(hour) <= now;
        if listed && hour + HOUR > oldest && hour <= now {
            out.push(hour);
        }
        hour -= HOUR;
    }
    out
}

/// Does the cluster have this file at `now`?
pub fn exists(cluster: &ClusterRow, name: &str, now: Millis, options: Options) -> bool {
    hour_of(name).is_some_and(|hour| hours(cluster, now, options).contains(&hour))
}

/// What a file is made of besides (cluster, hour): the cluster's realms, its starts, the
/// lines appended to this hour, and the options.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    pub realms: Vec<Realm>,
    /// When Keycloak started (`engine::starts`), oldest first; any hour's may be given.
    pub starts: Vec<Millis>,
    /// `(at, line)` appended to this hour, oldest first.
    pub appended: Vec<(Millis, String)>,
    pub options: Options,
}

/// One file at `now`: its plain text, `last_modified` and gzip bytes.
pub struct File {
    pub text: String,
    pub last_modified: Millis,
    pub bytes: Vec<u8>,
}

/// The file of `hour_start` as it reads at `now`: closed files hold the whole hour,
/// the open one the lines up to now.
pub fn file(cluster_id: &str, hour_start: Millis, inputs: &Inputs, now: Millis) -> File {
    let open = closes_at(hour_start) > now;
    let first_start = inputs.starts.first().copied().unwrap_or(Millis::MIN);
    let generated = log_lines::entries(cluster_id, hour_start, &inputs.realms, inputs.options.per_hour)
        .into_iter()
        .filter(|e| e.at >= first_start);
    let boots = inputs
        .starts
        .iter()
        .filter(|at| (hour_start..hour_start + HOUR).contains(*at))
        .flat_map(|at| log_lines::boot(*at, super::KEYCLOAK_VERSION));
    let appended = inputs.appended.iter().map(|(at, text)| Entry { at: *at, text: text.clone() });
    let mut all: Vec<Entry> = generated.chain(boots).chain(appended).filter(|e| e.at <= now).collect();
    // Stable: a generated line comes before a line appended at the same instant.
    all.sort_by_key(|e| e.at);
    let mut text = String::new();
    for entry in &all {
        text.push_str(&entry.text);
        text.push('\n');
    }
    let last_modified = if open { now } else { closes_at(hour_start) };
    // The gzip header carries the file's time, so a closed file always has the same bytes.
    let mtime = u32::try_from(last_modified / 1000).unwrap_or(0);
    let mut encoder = GzBuilder::new().mtime(mtime).write(Vec::new(), Compression::default());
    // Writing to a Vec cannot fail; an empty file would still be valid gzip.
    let _ = encoder.write_all(text.as_bytes());
    File { text, last_modified, bytes: encoder.finish().unwrap_or_default() }
}

/// A listing entry: no `temp_url` (API-NOTES §4.6).
pub fn entry(hour_start: Millis, file: &File) -> LogFile {
    LogFile {
        file_name: file_name(hour_start),
        last_modified: Some(cluster_api::EpochMillis(file.last_modified)),
        size: Some(i64::try_from(file.bytes.len()).unwrap_or(i64::MAX)),
        temp_url: None,
    }
}

/// When a file was (or is, for the open one) last written, without generating it.
pub fn last_modified(hour_start: Millis, now: Millis) -> Millis {
    closes_at(hour_start).min(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    const H: Millis = 1_767_225_600_000; // 2026-01-01T00:00Z

    #[test]
    fn names_round_trip_and_strangers_do_not_parse() {
        assert_eq!(file_name(H + 5 * HOUR), "keycloak/2026-01-01/05-00.log.gz");
        assert_eq!(hour_of("keycloak/2026-01-01/05-00.log.gz"), Some(H + 5 * HOUR));
        for bad in ["keycloak/2026-01-01/05-30.log.gz", "keycloak/2026-1-1/05-00.log.gz", "../etc/passwd", ""]
        {
            assert_eq!(hour_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn closed_files_are_deterministic_gzip_of_the_text() {
        let inputs = Inputs::default();
        let a = file("cl-x", H, &inputs, H + 5 * HOUR);
        assert_eq!(a.bytes, file("cl-x", H, &inputs, H + 9 * HOUR).bytes);
        assert_ne!(a.bytes, file("cl-y", H, &inputs, H + 5 * HOUR).bytes);
        assert_eq!(&a.bytes[..2], &[0x1f, 0x8b]);
        let mut plain = String::new();
        flate2::read::GzDecoder::new(&a.bytes[..]).read_to_string(&mut plain).expect("gunzip");
        assert_eq!(plain, a.text);
        assert!(plain.lines().count() >= 40);
        assert_eq!(a.last_modified, H + HOUR + FLUSH_DELAY);
    }

    #[test]
    fn the_open_file_grows_and_appended_lines_merge_by_time() {
        // A fifth of the hour: no forced entry stands there (they are at :15 and :30).
        let mut inputs = Inputs::default();
        let early = file("cl-x", H, &inputs, H + HOUR / 5);
        let later = file("cl-x", H, &inputs, H + HOUR / 2);
        assert_eq!(early.last_modified, H + HOUR / 5);
        assert!(later.text.starts_with(&early.text) && later.text.len() > early.text.len());
        inputs.appended.push((H + HOUR / 5 - 1, "appended line".into()));
        let with = file("cl-x", H, &inputs, H + HOUR / 5);
        assert_eq!(with.text.lines().count(), early.text.lines().count() + 1);
        assert_eq!(with.text.lines().last(), Some("appended line"));
    }

    #[test]
    fn startup_lines_are_written_at_each_start_only_naming_the_reported_version() {
        let started = |inputs: &Inputs, hour: Millis| {
            let text = file("cl-x", hour, inputs, H + 9 * HOUR).text;
            text.lines().filter(|l| l.contains(" started in ")).map(str::to_string).collect::<Vec<_>>()
        };
        let none = Inputs::default();
        assert!((0..6).all(|h| started(&none, H + h * HOUR).is_empty()), "no start, no startup line");
        let inputs = Inputs { starts: vec![H + 20 * 60_000, H + 2 * HOUR + 5], ..Inputs::default() };
        let first = started(&inputs, H);
        assert_eq!(first.len(), 1);
        assert!(
            first[0].starts_with("2026-01-01 00:20:00,000 INFO  [io.quarkus] (main) Keycloak 26.1.4 on JVM")
        );
        assert!(first[0].contains(&format!("Keycloak {} on JVM", crate::engine::KEYCLOAK_VERSION)));
        assert!(started(&inputs, H + HOUR).is_empty());
        assert_eq!(started(&inputs, H + 2 * HOUR).len(), 1);
        // Nothing before the cluster first started.
        let text = file("cl-x", H, &inputs, H + 9 * HOUR).text;
        assert!(text.lines().next().is_some_and(|l| l.starts_with("2026-01-01 00:2")), "{text}");
        // A start not yet reached is not written.
        assert!(
            file("cl-x", H + 2 * HOUR, &inputs, H + 2 * HOUR + 4)
                .text
                .lines()
                .all(|l| !l.contains(" started in "))
        );
    }

    #[test]
    fn hourly_lists_closed_files_only() {
        let cluster = ClusterRow::sample(cluster_api::Tier::Enterprise);
        let now = H + 10 * HOUR + HOUR / 2;
        let growing = hours(&cluster, now, Options::default());
        assert_eq!(growing[0], H + 10 * HOUR);
        let hourly = hours(&cluster, now, Options { hourly: true, per_hour: None });
        assert_eq!(hourly[0], H + 9 * HOUR);
        assert_eq!(growing.len(), hourly.len() + 1);
    }
}
