//! What support staff keep about extension versions: the scanner's reports and staff
//! blocks. Separate tables, so saving a version (an upsert of its own row) never
//! touches a block, and both go with the version by cascade.

use super::{Store, StoreResult};
use crate::records::AdminBlock;
use rusqlite::{OptionalExtension, params};

impl Store {
    /// Stores (or replaces) a version's report; `None` forgets it (a new upload not scanned).
    pub fn set_report(&self, version_id: &str, report: Option<&serde_json::Value>) -> StoreResult<()> {
        match report {
            Some(report) => self.conn.execute(
                "INSERT OR REPLACE INTO scan_reports (version_id, report) VALUES (?1, ?2)",
                params![version_id, report.to_string()],
            )?,
            None => self.conn.execute("DELETE FROM scan_reports WHERE version_id = ?1", [version_id])?,
        };
        Ok(())
    }

    pub fn report(&self, version_id: &str) -> StoreResult<Option<serde_json::Value>> {
        let text: Option<String> = self
            .conn
            .query_row("SELECT report FROM scan_reports WHERE version_id = ?1", [version_id], |row| {
                row.get(0)
            })
            .optional()?;
        text.map(|t| serde_json::from_str(&t).map_err(|e| super::StoreError(format!("stored report: {e}"))))
            .transpose()
    }

    /// Writes a version's block, or lifts it.
    pub fn set_block(&self, version_id: &str, block: Option<&AdminBlock>) -> StoreResult<()> {
        match block {
            Some(b) => self.conn.execute(
                "INSERT OR REPLACE INTO version_blocks (version_id, blocked_by, reason, blocked_at) VALUES \
                 (?1, ?2, ?3, ?4)",
                params![version_id, b.by, b.reason, b.at],
            )?,
            None => self.conn.execute("DELETE FROM version_blocks WHERE version_id = ?1", [version_id])?,
        };
        Ok(())
    }
}
