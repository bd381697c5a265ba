//! The restart history: when each restart of a cluster's Keycloak ended. Written by
//! [`Store::insert_cluster`] and [`Store::update_cluster`] whenever the record carries a
//! restart, so no restart-inducing operation can forget to record one.

use super::{Store, StoreResult};
use crate::records::{ClusterRow, Millis};
use rusqlite::params;

impl Store {
    /// Records the cluster's latest restart, if it has one (once: a record saved twice
    /// with the same restart records it once).
    pub(super) fn record_restart(&self, cluster: &ClusterRow) -> StoreResult<()> {
        if let Some(until) = cluster.restart_until {
            self.conn.execute(
                "INSERT OR IGNORE INTO restarts (cluster_id, started_at) VALUES (?1, ?2)",
                params![cluster.id, until],
            )?;
        }
        Ok(())
    }

    /// When each recorded restart of the cluster ended (Keycloak started again), oldest first.
    pub fn restarts_of(&self, cluster_id: &str) -> StoreResult<Vec<Millis>> {
        let mut statement =
            self.conn.prepare("SELECT started_at FROM restarts WHERE cluster_id = ?1 ORDER BY started_at")?;
        let rows = statement.query_map([cluster_id], |row| row.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
