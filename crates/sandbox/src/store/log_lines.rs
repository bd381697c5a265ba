//! Lines appended to log files by the `POST /sandbox/logs/append` test hook. Everything
//! else in a log file is generated (see `engine::logs`); these lines are merged in by time.

use super::{Store, StoreResult};
use crate::records::Millis;
use rusqlite::params;

impl Store {
    pub fn append_log_line(&self, cluster_id: &str, at: Millis, line: &str) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO log_lines (cluster_id, at, line) VALUES (?1, ?2, ?3)",
            params![cluster_id, at, line],
        )?;
        Ok(())
    }

    /// The cluster's appended lines in `[from, to)`, oldest first (in the order appended
    /// when two share an instant).
    pub fn log_lines(
        &self,
        cluster_id: &str,
        from: Millis,
        to: Millis,
    ) -> StoreResult<Vec<(Millis, String)>> {
        let mut statement = self.conn.prepare(
            "SELECT at, line FROM log_lines WHERE cluster_id = ?1 AND at >= ?2 AND at < ?3 ORDER BY at, \
             rowid",
        )?;
        let rows =
            statement.query_map(params![cluster_id, from, to], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
