//! What a cluster reports about itself: health metrics and Keycloak's server info.
//! Nothing real runs behind the sandbox: counts are what it models (realms and their
//! clients), uptime counts from the latest start ([`starts`], which the log's "started"
//! lines also follow), and Keycloak's build facts derive from the cluster ID (stable
//! across calls, different between clusters).

use crate::records::{ClusterRow, Millis};
use cluster_api::{ClusterState, Metrics, SystemInfoRepresentation};
use std::collections::BTreeMap;

/// The Keycloak every cluster runs: system info reports it and the log's "started" lines
/// name it.
pub const KEYCLOAK_VERSION: &str = "26.1.4";

/// FNV-1a: deterministic across runs and Rust versions, unlike `DefaultHasher`.
fn fingerprint(text: &str, salt: u64) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ salt;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// States in which Keycloak has never run, so there is nothing to count.
fn never_ran(status: &ClusterState) -> bool {
    matches!(
        status,
        ClusterState::BillingSetup
            | ClusterState::PendingPayment
            | ClusterState::Provisioning
            | ClusterState::SetupException
    )
}

/// What a realm contributes to the cluster's counts: its clients (Keycloak's defaults,
/// imported ones and realm credentials).
#[derive(Debug, Clone, PartialEq)]
pub struct RealmCount {
    pub active: bool,
    pub clients: usize,
}

/// The cluster's metrics: only what the sandbox models. `realms` and `clients` come from
/// the realms it holds; it does not model users, so `users` is left out of `counts` (the
/// contract allows any subset) rather than invented. Healthy while ACTIVE and not
/// restarting.
pub fn metrics(cluster: &ClusterRow, realms: &[RealmCount], now: Millis) -> Metrics {
    let mut counts = BTreeMap::new();
    if !never_ran(&cluster.status) {
        let clients: usize = realms.iter().filter(|r| r.active).map(|r| r.clients).sum();
        counts.insert("realms".to_string(), i64::try_from(realms.len()).unwrap_or(i64::MAX));
        counts.insert("clients".to_string(), i64::try_from(clients).unwrap_or(i64::MAX));
    }
    Metrics {
        name: cluster.name.clone(),
        counts: Some(counts),
        healthy: cluster.status == ClusterState::Active && !super::restart_in_progress(cluster, now),
    }
}

/// When the cluster's Keycloak started, oldest first: when the cluster became ready (its
/// start), then when each restart ended. `restarts` is the store's history; the record's
/// latest restart counts even when the history lacks it (a database from before the
/// history was kept). A cluster that never ran has none. System info's uptime counts from
/// the latest of these that has passed, and the log has a "started" line at each of them
/// and nowhere else: this is the one source of both.
pub fn starts(cluster: &ClusterRow, restarts: &[Millis]) -> Vec<Millis> {
    if never_ran(&cluster.status) {
        return Vec::new();
    }
    let first = cluster.ready_at.unwrap_or(cluster.created_at);
    let mut out: Vec<Millis> = std::iter::once(first)
        .chain(restarts.iter().copied())
        .chain(cluster.restart_until)
        .filter(|at| *at >= first)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// When Keycloak last started: the latest of [`starts`] that has passed. During a restart
/// it is starting now (uptime 0).
pub fn started_at(cluster: &ClusterRow, restarts: &[Millis], now: Millis) -> Millis {
    if super::restart_in_progress(cluster, now) {
        return now;
    }
    starts(cluster, restarts).into_iter().rfind(|at| *at <= now).unwrap_or(now)
}

fn unit(n: i64, singular: &str) -> String {
    if n == 1 { format!("1 {singular}") } else { format!("{n} {singular}s") }
}

/// Keycloak's human uptime, e.g. "0 days, 2 hours, 5 minutes, 1 second".
fn format_uptime(millis: Millis) -> String {
    let secs = millis.max(0) / 1000;
    [
        unit(secs / 86_400, "day"),
        unit(secs / 3_600 % 24, "hour"),
        unit(secs / 60 % 60, "minute"),
        unit(secs % 60, "second"),
    ]
    .join(", ")
}

/// Keycloak's server info at `now`; `restarts` as for [`starts`].
pub fn system_info(cluster: &ClusterRow, restarts: &[Millis], now: Millis) -> SystemInfoRepresentation {
    let uptime = now - started_at(cluster, restarts, now);
    let server_time = chrono::DateTime::from_timestamp_millis(now)
        .map(|at| at.format("%a %b %d %H:%M:%S UTC %Y").to_string());
    let text = |value: &str| Some(value.to_string());
    SystemInfoRepresentation {
        version: text(KEYCLOAK_VERSION),
        server_time,
        uptime: Some(format_uptime(uptime)),
        uptime_millis: Some(uptime),
        java_version: text("21.0.5"),
        java_vendor: text("Red Hat, Inc."),
        java_vm: text("OpenJDK 64-Bit Server VM"),
        java_vm_version: text("21.0.5+11-LTS"),
        java_runtime: text("OpenJDK Runtime Environment"),
        java_home: text("/usr/lib/jvm/java-21-openjdk"),
        os_name: text("Linux"),
        os_architecture: text("amd64"),
        os_version: text("6.1.119-129.201.amzn2023.x86_64"),
        file_encoding: text("UTF-8"),
        user_name: text("keycloak"),
        user_dir: text("/opt/keycloak"),
        user_timezone: text("UTC"),
        user_locale: text("en_US"),
        build_tag: Some(format!(
            "{KEYCLOAK_VERSION}.{}",
            1_700_000_000 + fingerprint(&cluster.id, 4) % 90_000_000
        )),
    }
}
