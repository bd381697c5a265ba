//! Extensions, their versions, per-cluster scanning flags and published well-known
//! files. Rows hang off `clusters` with ON DELETE CASCADE, so removing a cluster
//! removes its extensions, and removing an extension removes everything under it.

use super::{Store, StoreResult};
use crate::records::{AdminBlock, ExtensionRow, ExtensionVersionRow, Millis, PendingScan};
use cluster_api::{ResourceType, ScanState};
use rusqlite::{OptionalExtension, Row, params};

const EXTENSION_COLUMNS: &str =
    "id, cluster_id, name, resource_type, enabled, created_at, change_password_url";
const VERSION_COLUMNS: &str = "id, extension_id, keycloak_major, label, resource_key, valid, scan_state, \
                               risk_score, scanned_at, scanner_version, scan_due_at, pending_state, \
                               pending_risk, override_by, override_reason, created_at, applied_at";

fn extension_from(row: &Row<'_>) -> rusqlite::Result<ExtensionRow> {
    Ok(ExtensionRow {
        id: row.get(0)?,
        cluster_id: row.get(1)?,
        name: row.get(2)?,
        resource_type: ResourceType::from_wire(&row.get::<_, String>(3)?),
        enabled: row.get(4)?,
        created_at: row.get(5)?,
        change_password_url: row.get(6)?,
    })
}

fn version_from(row: &Row<'_>) -> rusqlite::Result<ExtensionVersionRow> {
    let due: Option<Millis> = row.get(10)?;
    let pending_state: Option<String> = row.get(11)?;
    let pending = match (due, pending_state) {
        (Some(due_at), Some(state)) => {
            Some(PendingScan { due_at, state: ScanState::from_wire(&state), risk_score: row.get(12)? })
        }
        _ => None,
    };
    Ok(ExtensionVersionRow {
        id: row.get(0)?,
        extension_id: row.get(1)?,
        keycloak_major: row.get(2)?,
        label: row.get(3)?,
        resource_key: row.get(4)?,
        valid: row.get(5)?,
        scan_state: ScanState::from_wire(&row.get::<_, String>(6)?),
        risk_score: row.get(7)?,
        scanned_at: row.get(8)?,
        scanner_version: row.get(9)?,
        pending,
        override_by: row.get(13)?,
        override_reason: row.get(14)?,
        created_at: row.get(15)?,
        applied_at: row.get(16)?,
        block: match (row.get::<_, Option<String>>(17)?, row.get::<_, Option<String>>(18)?, row.get(19)?) {
            (Some(by), Some(reason), Some(at)) => Some(AdminBlock { by, reason, at }),
            _ => None,
        },
        has_report: row.get(20)?,
    })
}

impl Store {
    /// Whether confirmed uploads of this cluster's extensions get a security scan.
    /// Clusters without a row are not scanned.
    pub fn scanning_enabled(&self, cluster_id: &str) -> StoreResult<bool> {
        let sql = "SELECT enabled FROM extension_scanning WHERE cluster_id = ?1";
        Ok(self.conn.query_row(sql, [cluster_id], |row| row.get(0)).optional()?.unwrap_or(false))
    }

    pub fn set_scanning(&self, cluster_id: &str, enabled: bool) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO extension_scanning (cluster_id, enabled) VALUES (?1, ?2)
             ON CONFLICT (cluster_id) DO UPDATE SET enabled = excluded.enabled",
            params![cluster_id, enabled],
        )?;
        Ok(())
    }

    pub fn insert_extension(&self, e: &ExtensionRow) -> StoreResult<()> {
        let sql = format!("INSERT INTO extensions ({EXTENSION_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        self.conn.execute(
            &sql,
            params![
                e.id,
                e.cluster_id,
                e.name,
                e.resource_type.as_str(),
                e.enabled,
                e.created_at,
                e.change_password_url
            ],
        )?;
        Ok(())
    }

    /// The extensions of a cluster, oldest first.
    pub fn extensions_of(&self, cluster_id: &str) -> StoreResult<Vec<ExtensionRow>> {
        let sql = format!(
            "SELECT {EXTENSION_COLUMNS} FROM extensions WHERE cluster_id = ?1 ORDER BY created_at, name"
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([cluster_id], extension_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// An extension of a given cluster (another cluster's is reported missing).
    pub fn extension(&self, cluster_id: &str, id: &str) -> StoreResult<Option<ExtensionRow>> {
        let sql = format!("SELECT {EXTENSION_COLUMNS} FROM extensions WHERE cluster_id = ?1 AND id = ?2");
        Ok(self.conn.query_row(&sql, [cluster_id, id], extension_from).optional()?)
    }

    /// Writes back what can change: the enabled flag and the change-password redirect.
    pub fn update_extension(&self, e: &ExtensionRow) -> StoreResult<()> {
        self.conn.execute(
            "UPDATE extensions SET enabled = ?2, change_password_url = ?3 WHERE id = ?1",
            params![e.id, e.enabled, e.change_password_url],
        )?;
        Ok(())
    }

    pub fn delete_extension(&self, id: &str) -> StoreResult<()> {
        self.conn.execute("DELETE FROM extensions WHERE id = ?1", [id])?;
        Ok(())
    }

    /// Inserts or fully rewrites a version. An upsert, not INSERT OR REPLACE: a
    /// replace deletes the row first, and the delete would cascade to its upload slots.
    pub fn save_version(&self, v: &ExtensionVersionRow) -> StoreResult<()> {
        let updates = VERSION_COLUMNS
            .split(',')
            .map(str::trim)
            .filter(|column| *column != "id")
            .map(|column| format!("{column} = excluded.{column}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO extension_versions ({VERSION_COLUMNS})
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
             ON CONFLICT (id) DO UPDATE SET {updates}"
        );
        let pending = v.pending.as_ref();
        self.conn.execute(
            &sql,
            params![
                v.id,
                v.extension_id,
                v.keycloak_major,
                v.label,
                v.resource_key,
                v.valid,
                v.scan_state.as_str(),
                v.risk_score,
                v.scanned_at,
                v.scanner_version,
                pending.map(|p| p.due_at),
                pending.map(|p| p.state.as_str().to_string()),
                pending.and_then(|p| p.risk_score),
                v.override_by,
                v.override_reason,
                v.created_at,
                v.applied_at
            ],
        )?;
        Ok(())
    }

    /// The versions of an extension: by Keycloak major, the standalone one first.
    pub fn versions_of(&self, extension_id: &str) -> StoreResult<Vec<ExtensionVersionRow>> {
        let columns =
            VERSION_COLUMNS.split(',').map(|c| format!("v.{}", c.trim())).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT {columns}, b.blocked_by, b.reason, b.blocked_at, r.version_id IS NOT NULL
             FROM extension_versions v
             LEFT JOIN version_blocks b ON b.version_id = v.id
             LEFT JOIN scan_reports r ON r.version_id = v.id
             WHERE v.extension_id = ?1
             ORDER BY v.keycloak_major, v.created_at"
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([extension_id], version_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    pub fn delete_version(&self, id: &str) -> StoreResult<()> {
        self.conn.execute("DELETE FROM extension_versions WHERE id = ?1", [id])?;
        Ok(())
    }

    /// Published well-known files of an extension as (file, resource key).
    pub fn well_known_files(&self, extension_id: &str) -> StoreResult<Vec<(String, String)>> {
        let mut stmt = self.conn.prepare(
            "SELECT file, resource_key FROM well_known_files WHERE extension_id = ?1 ORDER BY file",
        )?;
        let rows = stmt
            .query_map([extension_id], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    pub fn publish_well_known(
        &self,
        extension_id: &str,
        file: &str,
        key: &str,
        now: Millis,
    ) -> StoreResult<()> {
        self.conn.execute(
            "INSERT OR REPLACE INTO well_known_files (extension_id, file, resource_key, published_at)
             VALUES (?1, ?2, ?3, ?4)",
            params![extension_id, file, key, now],
        )?;
        Ok(())
    }

    pub fn unpublish_well_known(&self, extension_id: &str, file: &str) -> StoreResult<()> {
        self.conn.execute(
            "DELETE FROM well_known_files WHERE extension_id = ?1 AND file = ?2",
            [extension_id, file],
        )?;
        Ok(())
    }
}
