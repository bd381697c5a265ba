//! Log files, derived rather than stored: every cluster has one gzip file per
//! completed hour of the last 30 days (since it was created), and a file's bytes are
//! a pure function of (cluster, hour), generated when listed or downloaded. So 720
//! files per cluster cost no storage and always read back the same.

use crate::records::{ClusterRow, Millis};
use chrono::{DateTime, NaiveDateTime, Timelike};
use cluster_api::{ClusterState, LogFile};
use flate2::{Compression, GzBuilder};
use std::io::Write;

pub const HOUR: Millis = 3_600_000;
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

fn file_name(hour_start: Millis) -> String {
    DateTime::from_timestamp_millis(hour_start).unwrap_or_default().format(NAME_FORMAT).to_string()
}

/// The hour a file name stands for, when it is one this scheme produces.
pub fn hour_of(name: &str) -> Option<Millis> {
    let parsed = NaiveDateTime::parse_from_str(name, NAME_FORMAT).ok()?;
    let at = parsed.and_utc().timestamp_millis();
    (parsed.minute() == 0 && file_name(at) == name).then_some(at)
}

fn last_modified(hour_start: Millis) -> Millis {
    hour_start + HOUR + FLUSH_DELAY
}

/// Start hours of the cluster's files at `now`, newest first. Clusters that never
/// ran have none.
pub fn hours(cluster: &ClusterRow, now: Millis) -> Vec<Millis> {
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
        if last_modified(hour) <= now && hour + HOUR > oldest {
            out.push(hour);
        }
        hour -= HOUR;
    }
    out
}

/// Does the cluster have this file at `now`?
pub fn exists(cluster: &ClusterRow, name: &str, now: Millis) -> bool {
    hour_of(name).is_some_and(|hour| hours(cluster, now).contains(&hour))
}

/// A listing entry: no `temp_url` (API-NOTES §4.6).
pub fn entry(cluster_id: &str, hour_start: Millis) -> LogFile {
    LogFile {
        file_name: file_name(hour_start),
        last_modified: Some(cluster_api::EpochMillis(last_modified(hour_start))),
        size: Some(i64::try_from(bytes(cluster_id, hour_start).len()).unwrap_or(i64::MAX)),
        temp_url: None,
    }
}

/// SplitMix64: a fixed, dependency-free stream of pseudo-random numbers.
fn mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn seed(cluster_id: &str, hour_start: Millis) -> u64 {
    cluster_id
        .bytes()
        .fold(hour_start as u64, |acc, b| acc.rotate_left(7) ^ u64::from(b).wrapping_mul(0x100_0000_01B3))
}

/// The plain text of one hour's Keycloak log.
pub fn text(cluster_id: &str, hour_start: Millis) -> String {
    const EVENTS: [(&str, &str); 6] = [
        ("INFO ", "type=LOGIN, realmId=acme, clientId=account-console, userId={u}, ipAddress=203.0.113.{ip}"),
        ("INFO ", "type=CODE_TO_TOKEN, realmId=acme, clientId=web-app, userId={u}, ipAddress=203.0.113.{ip}"),
        (
            "INFO ",
            "type=REFRESH_TOKEN, realmId=acme, clientId=web-app, userId={u}, ipAddress=198.51.100.{ip}",
        ),
        (
            "WARN ",
            "type=LOGIN_ERROR, realmId=acme, clientId=web-app, userId=null, ipAddress=198.51.100.{ip}, error=invalid_user_credentials",
        ),
        (
            "INFO ",
            "type=LOGOUT, realmId=acme, clientId=account-console, userId={u}, ipAddress=203.0.113.{ip}",
        ),
        (
            "ERROR",
            "type=CLIENT_LOGIN_ERROR, realmId=acme, clientId=batch-job, ipAddress=192.0.2.{ip}, error=invalid_client_credentials",
        ),
    ];
    let mut state = seed(cluster_id, hour_start);
    let lines = 40 + mix(&mut state) % 160;
    let mut out = String::new();
    let mut offset: Millis = 0;
    for _ in 0..lines {
        offset += i64::try_from(mix(&mut state) % 40_000).unwrap_or(0);
        let at = DateTime::from_timestamp_millis(hour_start + offset.min(HOUR - 1)).unwrap_or_default();
        let roll = mix(&mut state);
        let (level, event) = EVENTS[usize::try_from(roll % 6).unwrap_or(0)];
        let event = event
            .replace("{u}", &format!("{:08x}-user", (roll >> 8) as u32))
            .replace("{ip}", &((roll >> 40) % 254 + 1).to_string());
        let thread = (roll >> 20) % 16;
        out.push_str(&format!(
            "{} {level} [org.keycloak.events] (executor-thread-{thread}) {event}\n",
            at.format("%Y-%m-%d %H:%M:%S,%3f")
        ));
    }
    out
}

/// The gzip bytes of one hour's file; the gzip header carries the file's time, so
/// the same file always has the same bytes.
pub fn bytes(cluster_id: &str, hour_start: Millis) -> Vec<u8> {
    let mtime = u32::try_from(last_modified(hour_start) / 1000).unwrap_or(0);
    let mut encoder = GzBuilder::new().mtime(mtime).write(Vec::new(), Compression::default());
    // Writing to a Vec cannot fail; an empty file would still be valid gzip.
    let _ = encoder.write_all(text(cluster_id, hour_start).as_bytes());
    encoder.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn names_round_trip_and_strangers_do_not_parse() {
        let hour = 1_767_225_600_000; // 2026-01-01T00:00Z
        assert_eq!(file_name(hour + 5 * HOUR), "keycloak/2026-01-01/05-00.log.gz");
        assert_eq!(hour_of("keycloak/2026-01-01/05-00.log.gz"), Some(hour + 5 * HOUR));
        for bad in ["keycloak/2026-01-01/05-30.log.gz", "keycloak/2026-1-1/05-00.log.gz", "../etc/passwd", ""]
        {
            assert_eq!(hour_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn bytes_are_deterministic_gzip_of_the_text() {
        let a = bytes("cl-x", 1_767_225_600_000);
        assert_eq!(a, bytes("cl-x", 1_767_225_600_000));
        assert_ne!(a, bytes("cl-y", 1_767_225_600_000));
        assert_eq!(&a[..2], &[0x1f, 0x8b]);
        let mut plain = String::new();
        flate2::read::GzDecoder::new(&a[..]).read_to_string(&mut plain).expect("gunzip");
        assert_eq!(plain, text("cl-x", 1_767_225_600_000));
        assert!(plain.lines().count() >= 40);
    }
}
