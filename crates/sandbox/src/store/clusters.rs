//! Regions and dedicated clusters.

use super::{Store, StoreResult};
use crate::records::ClusterRow;
use cluster_api::{ClusterState, Region, ResourceLimits, Tier};
use rusqlite::{OptionalExtension, Row, params};

const CLUSTER_COLUMNS: &str = "id, name, org_id, region, tier, status, resource_limits, variant, domain, \
                               created_at, ready_at, restart_until, billed";

fn cluster_from(row: &Row<'_>) -> rusqlite::Result<ClusterRow> {
    Ok(ClusterRow {
        id: row.get(0)?,
        name: row.get(1)?,
        org_id: row.get(2)?,
        region: row.get(3)?,
        tier: Tier::from_wire(&row.get::<_, String>(4)?),
        status: ClusterState::from_wire(&row.get::<_, String>(5)?),
        resource_limits: ResourceLimits::from_wire(&row.get::<_, String>(6)?),
        variant: row.get(7)?,
        domain: row.get(8)?,
        created_at: row.get(9)?,
        ready_at: row.get(10)?,
        restart_until: row.get(11)?,
        billed: row.get(12)?,
    })
}

fn region_from(row: &Row<'_>) -> rusqlite::Result<Region> {
    Ok(Region { name: row.get(0)?, provider: row.get(1)?, region: row.get(2)? })
}

impl Store {
    pub fn insert_region(&self, region: &Region, position: i64) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO regions (name, provider, region, position) VALUES (?1, ?2, ?3, ?4)",
            params![region.name, region.provider, region.region, position],
        )?;
        Ok(())
    }

    pub fn regions(&self) -> StoreResult<Vec<Region>> {
        let mut stmt =
            self.conn.prepare("SELECT name, provider, region FROM regions ORDER BY position, name")?;
        let regions = stmt.query_map([], region_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(regions)
    }

    pub fn region(&self, name: &str) -> StoreResult<Option<Region>> {
        let sql = "SELECT name, provider, region FROM regions WHERE name = ?1";
        Ok(self.conn.query_row(sql, [name], region_from).optional()?)
    }

    pub fn insert_cluster(&self, cluster: &ClusterRow) -> StoreResult<()> {
        let sql = format!(
            "INSERT INTO clusters ({CLUSTER_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, \
             ?12, ?13)"
        );
        self.conn.execute(
            &sql,
            params![
                cluster.id,
                cluster.name,
                cluster.org_id,
                cluster.region,
                cluster.tier.as_str(),
                cluster.status.as_str(),
                cluster.resource_limits.as_str(),
                cluster.variant,
                cluster.domain,
                cluster.created_at,
                cluster.ready_at,
                cluster.restart_until,
                cluster.billed
            ],
        )?;
        self.record_restart(cluster)
    }

    pub fn cluster(&self, id: &str) -> StoreResult<Option<ClusterRow>> {
        let sql = format!("SELECT {CLUSTER_COLUMNS} FROM clusters WHERE id = ?1");
        Ok(self.conn.query_row(&sql, [id], cluster_from).optional()?)
    }

    /// The clusters of one organization, oldest first.
    pub fn clusters_of(&self, org_id: &str) -> StoreResult<Vec<ClusterRow>> {
        let sql =
            format!("SELECT {CLUSTER_COLUMNS} FROM clusters WHERE org_id = ?1 ORDER BY created_at, name");
        let mut stmt = self.conn.prepare(&sql)?;
        let clusters = stmt.query_map([org_id], cluster_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(clusters)
    }

    /// Whether any cluster, in any organization and any state, uses the name.
    pub fn cluster_name_taken(&self, name: &str) -> StoreResult<bool> {
        let n: i64 =
            self.conn.query_row("SELECT COUNT(*) FROM clusters WHERE name = ?1", [name], |r| r.get(0))?;
        Ok(n > 0)
    }

    /// Every cluster name in use: name checks test many candidates against it.
    pub fn cluster_names(&self) -> StoreResult<Vec<String>> {
        let mut stmt = self.conn.prepare("SELECT name FROM clusters")?;
        let names = stmt.query_map([], |row| row.get(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(names)
    }

    /// Writes back the fields the lifecycle changes (identity, name and owner never change),
    /// and records a restart the record carries in the restart history.
    pub fn update_cluster(&self, cluster: &ClusterRow) -> StoreResult<()> {
        self.conn.execute(
            "UPDATE clusters SET status = ?2, ready_at = ?3, restart_until = ?4, billed = ?5, domain = ?6,
                                 resource_limits = ?7
             WHERE id = ?1",
            params![
                cluster.id,
                cluster.status.as_str(),
                cluster.ready_at,
                cluster.restart_until,
                cluster.billed,
                cluster.domain,
                cluster.resource_limits.as_str()
            ],
        )?;
        self.record_restart(cluster)
    }

    pub fn delete_cluster(&self, id: &str) -> StoreResult<()> {
        self.conn.execute("DELETE FROM clusters WHERE id = ?1", [id])?;
        Ok(())
    }
}
