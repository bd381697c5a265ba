//! Which operations restart a cluster's Keycloak (API-NOTES §2.6), and how a client
//! tells a refusal because a restart is running (wait, then send the same call again)
//! from every other 409.
//!
//! The decision reads what the service says in data, never its words: a 409 on an
//! operation that restarts the cluster, while `cluster.restartStatus.detail`, read
//! after the 409, says `restart_in_progress: true`. A 409 that is not on a restarting
//! operation (a name taken, a cluster not ACTIVE) is never a restart, and neither is a
//! 409 on one while no restart is running (the refusal had another reason).

use crate::catalogue;
use crate::request::Operation;

/// The operations that restart the cluster's Keycloak deployment (API-NOTES §2.6). A
/// second one while a restart runs gets 409.
pub const RESTARTING_OPERATIONS: &[Operation] = &[
    catalogue::CLUSTER_ENVVAR_CREATE,
    catalogue::CLUSTER_ENVVAR_UPDATE,
    catalogue::CLUSTER_ENVVAR_DELETE,
    catalogue::CLUSTER_EXTENSION_RECONCILE,
];

/// Whether calling `op` restarts the cluster named by its first path parameter.
pub fn restarts_cluster(op: &Operation) -> bool {
    RESTARTING_OPERATIONS.iter().any(|r| r.id == op.id)
}

/// Whether a failed call was refused because a restart is running: `status` is the
/// call's, `restart_in_progress` what `cluster.restartStatus.detail` answered after it
/// (`None` when it was not read or could not be).
pub fn is_restart_conflict(status: u16, op: &Operation, restart_in_progress: Option<bool>) -> bool {
    status == 409 && restarts_cluster(op) && restart_in_progress == Some(true)
}

/// Whether the restart status is worth reading after a failed call: only a 409 on a
/// restarting operation can be a restart conflict.
pub fn worth_asking(status: u16, op: &Operation) -> bool {
    status == 409 && restarts_cluster(op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_restarting_operations_are_in_the_catalogue() {
        let mut restarting: Vec<&str> =
            catalogue::every().filter(|op| restarts_cluster(op)).map(|op| op.id).collect();
        let mut listed: Vec<&str> = RESTARTING_OPERATIONS.iter().map(|op| op.id).collect();
        restarting.sort_unstable();
        listed.sort_unstable();
        assert_eq!(restarting, listed, "each listed once");
        for op in catalogue::every().filter(|op| restarts_cluster(op)) {
            assert!(op.path.starts_with("/clusters/{id}/"), "{}: the cluster is the first parameter", op.id);
        }
    }

    #[test]
    fn a_restart_conflict_needs_a_409_a_restarting_operation_and_a_restart_running() {
        let create = &catalogue::CLUSTER_ENVVAR_CREATE;
        let reconcile = &catalogue::CLUSTER_EXTENSION_RECONCILE;
        let cluster_create = &catalogue::CLUSTER_CREATE;
        assert!(is_restart_conflict(409, create, Some(true)));
        assert!(is_restart_conflict(409, reconcile, Some(true)));
        // Any one missing: not a restart.
        assert!(!is_restart_conflict(400, create, Some(true)), "not a 409");
        assert!(!is_restart_conflict(409, cluster_create, Some(true)), "does not restart the cluster");
        assert!(!is_restart_conflict(409, create, Some(false)), "no restart running: another conflict");
        assert!(!is_restart_conflict(409, create, None), "the status could not be read");
        assert!(worth_asking(409, create));
        assert!(!worth_asking(409, cluster_create));
        assert!(!worth_asking(500, create));
    }
}
