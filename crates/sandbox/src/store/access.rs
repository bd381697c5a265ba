//! IP rules and telemetry export settings of a cluster. Rows hang off `clusters`
//! with ON DELETE CASCADE.

use super::{Store, StoreResult};
use crate::engine::ip_rules::Category;
use crate::records::{IpRuleRow, TelemetryExportRow};
use rusqlite::{OptionalExtension, Row, params};

fn rule_from(row: &Row<'_>) -> rusqlite::Result<IpRuleRow> {
    let category: String = row.get(2)?;
    Ok(IpRuleRow {
        id: row.get(0)?,
        cluster_id: row.get(1)?,
        // Only this module writes the column, from Category::key.
        category: Category::from_key(&category).unwrap_or(Category::RealmBlocked),
        position: row.get(3)?,
        alias: row.get(4)?,
        address: row.get(5)?,
        created_at: row.get(6)?,
    })
}

const RULE_COLUMNS: &str = "id, cluster_id, category, position, alias, address, created_at";

impl Store {
    /// Every rule of the cluster, by category then evaluation order.
    pub fn ip_rules_of(&self, cluster_id: &str) -> StoreResult<Vec<IpRuleRow>> {
        let sql =
            format!("SELECT {RULE_COLUMNS} FROM ip_rules WHERE cluster_id = ?1 ORDER BY category, position");
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([cluster_id], rule_from)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn ip_rule(&self, cluster_id: &str, id: &str) -> StoreResult<Option<IpRuleRow>> {
        let sql = format!("SELECT {RULE_COLUMNS} FROM ip_rules WHERE cluster_id = ?1 AND id = ?2");
        Ok(self.conn.query_row(&sql, [cluster_id, id], rule_from).optional()?)
    }

    /// Replaces one category of the cluster's rules with `rules`.
    pub fn replace_ip_rules(
        &self,
        cluster_id: &str,
        category: Category,
        rules: &[IpRuleRow],
    ) -> StoreResult<()> {
        self.conn.execute(
            "DELETE FROM ip_rules WHERE cluster_id = ?1 AND category = ?2",
            params![cluster_id, category.key()],
        )?;
        for r in rules {
            self.conn.execute(
                &format!("INSERT INTO ip_rules ({RULE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
                params![r.id, r.cluster_id, r.category.key(), r.position, r.alias, r.address, r.created_at],
            )?;
        }
        Ok(())
    }

    pub fn telemetry_export(&self, cluster_id: &str) -> StoreResult<Option<TelemetryExportRow>> {
        let sql = "SELECT enabled, endpoint, protocol, signals, logger_scope, token, updated_at \
                   FROM telemetry_exports WHERE cluster_id = ?1";
        let found = self.conn.query_row(sql, [cluster_id], |row| {
            let signals: String = row.get(3)?;
            Ok(TelemetryExportRow {
                enabled: row.get(0)?,
                endpoint: row.get(1)?,
                protocol: row.get(2)?,
                signals: signals.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect(),
                logger_scope: row.get(4)?,
                token: row.get(5)?,
                updated_at: row.get(6)?,
            })
        });
        Ok(found.optional()?)
    }

    pub fn save_telemetry_export(&self, cluster_id: &str, r: &TelemetryExportRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT OR REPLACE INTO telemetry_exports \
             (cluster_id, enabled, endpoint, protocol, signals, logger_scope, token, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                cluster_id,
                r.enabled,
                r.endpoint,
                r.protocol,
                r.signals.join(","),
                r.logger_scope,
                r.token,
                r.updated_at
            ],
        )?;
        Ok(())
    }
}
