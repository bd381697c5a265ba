//! Environment variables of clusters. Values are kept in full (the handlers mask
//! secrets on the way out); names are unique per cluster.

use super::{Store, StoreResult};
use crate::records::EnvVarRow;
use cluster_api::EnvironmentVariableType;
use rusqlite::{OptionalExtension, Row, params};

const COLUMNS: &str = "id, cluster_id, name, value, kind, created_at";

fn env_var_from(row: &Row<'_>) -> rusqlite::Result<EnvVarRow> {
    Ok(EnvVarRow {
        id: row.get(0)?,
        cluster_id: row.get(1)?,
        name: row.get(2)?,
        value: row.get(3)?,
        kind: EnvironmentVariableType::from_wire(&row.get::<_, String>(4)?),
        created_at: row.get(5)?,
    })
}

impl Store {
    /// Inserts or rewrites the variable (by ID).
    pub fn save_env_var(&self, var: &EnvVarRow) -> StoreResult<()> {
        self.conn.execute(
            &format!(
                "INSERT INTO env_vars ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT(id) DO UPDATE SET name = excluded.name, value = excluded.value, kind = \
                     excluded.kind"
            ),
            params![var.id, var.cluster_id, var.name, var.value, var.kind.as_str(), var.created_at],
        )?;
        Ok(())
    }

    /// A cluster's variables, by name.
    pub fn env_vars_of(&self, cluster_id: &str) -> StoreResult<Vec<EnvVarRow>> {
        let sql = format!("SELECT {COLUMNS} FROM env_vars WHERE cluster_id = ?1 ORDER BY name");
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([cluster_id], env_var_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    pub fn env_var(&self, cluster_id: &str, id: &str) -> StoreResult<Option<EnvVarRow>> {
        let sql = format!("SELECT {COLUMNS} FROM env_vars WHERE cluster_id = ?1 AND id = ?2");
        Ok(self.conn.query_row(&sql, params![cluster_id, id], env_var_from).optional()?)
    }

    pub fn delete_env_var(&self, id: &str) -> StoreResult<()> {
        self.conn.execute("DELETE FROM env_vars WHERE id = ?1", [id])?;
        Ok(())
    }
}
