//! The cluster lifecycle as pure functions of a record and the current time, so the
//! rules can be tested without a server and time never needs a background task:
//! every read settles the record first ([`settle`]).

pub mod billing;
pub mod domains;
pub mod env_vars;
pub mod extensions;
mod facts;
pub mod ip_rules;
pub mod log_lines;
pub mod logs;
pub mod names;
pub mod realms;
pub mod report;
pub mod scan;
pub mod telemetry;
pub mod test_cards;
pub mod well_known;

pub use facts::{KEYCLOAK_VERSION, RealmCount, metrics, started_at, starts, system_info};

use crate::records::{ClusterRow, Millis};
use cluster_api::ClusterState;

/// Applies every transition that is due by `now`. Returns whether anything changed,
/// so the caller knows to write the record back.
pub fn settle(cluster: &mut ClusterRow, now: Millis) -> bool {
    let mut changed = false;
    if cluster.status == ClusterState::Provisioning && cluster.ready_at.is_some_and(|at| at <= now) {
        cluster.status = ClusterState::Active;
        // A cluster that reached ACTIVE has been paid for.
        cluster.billed = true;
        changed = true;
    }
    // A finished restart keeps its `restart_until`: it is when Keycloak last started
    // (uptime counts from it).
    changed
}

/// Whether `cluster.list` shows a cluster (the contract excludes archived ones).
pub fn listed(status: &ClusterState) -> bool {
    *status != ClusterState::Archived
}

/// What `cluster.delete` does to a cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeleteOutcome {
    /// Billed: keep it until the end of the billing cycle, name still reserved.
    Schedule,
    /// Never billed: remove it at once.
    Remove,
    /// Already on its way out; the message says why.
    Refuse(String),
}

pub fn delete_outcome(cluster: &ClusterRow) -> DeleteOutcome {
    match cluster.status {
        ClusterState::PendingDeletion => DeleteOutcome::Refuse(format!(
            "{} is already scheduled for deletion (PENDING_DELETION); it is removed at the end of its \
             billing cycle.",
            cluster.name
        )),
        ClusterState::Archived => DeleteOutcome::Refuse(format!(
            "{} is archived (ARCHIVED) and cannot be deleted again.",
            cluster.name
        )),
        ClusterState::BillingSetup | ClusterState::PendingPayment => DeleteOutcome::Remove,
        ClusterState::SetupException if !cluster.billed => DeleteOutcome::Remove,
        _ => DeleteOutcome::Schedule,
    }
}

/// Applies `cluster.delete`. `Ok(true)` means the record must be removed from the
/// store; `Ok(false)` means it was updated in place.
pub fn delete(cluster: &mut ClusterRow) -> Result<bool, String> {
    match delete_outcome(cluster) {
        DeleteOutcome::Schedule => {
            cluster.status = ClusterState::PendingDeletion;
            cluster.ready_at = None;
            Ok(false)
        }
        DeleteOutcome::Remove => Ok(true),
        DeleteOutcome::Refuse(why) => Err(why),
    }
}

/// System information exists only while Keycloak runs, i.e. while ACTIVE.
pub fn system_info_available(cluster: &ClusterRow) -> Result<(), String> {
    if cluster.status == ClusterState::Active {
        Ok(())
    } else {
        Err(format!(
            "System information is available only while the cluster is ACTIVE; {} is {}.",
            cluster.name, cluster.status
        ))
    }
}

pub fn restart_in_progress(cluster: &ClusterRow, now: Millis) -> bool {
    cluster.restart_until.is_some_and(|until| now < until)
}

/// Starts a restart lasting `duration_ms`. Refuses while one is already running, the
/// 409 that restart-inducing operations give (API-NOTES §2.6). The message must keep
/// the word "restart": the TF provider classifies 409s by it (the console reads
/// `restart_in_progress` after the 409 instead, `cluster_api::restarts`).
pub fn begin_restart(cluster: &mut ClusterRow, now: Millis, duration_ms: Millis) -> Result<(), String> {
    if restart_in_progress(cluster, now) {
        return Err(format!(
            "A restart of {} is already in progress; try again when it finishes.",
            cluster.name
        ));
    }
    cluster.restart_until = Some(now + duration_ms);
    Ok(())
}

#[cfg(test)]
mod tests;
