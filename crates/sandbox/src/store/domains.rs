//! Custom domains and each cluster's chosen primary host. Hosts are unique across
//! every cluster; a cluster without a `primary_hosts` row uses its default host.

use super::{Store, StoreResult};
use crate::records::CustomerDomainRow;
use rusqlite::{OptionalExtension, Row, params};

fn domain_from(row: &Row<'_>) -> rusqlite::Result<CustomerDomainRow> {
    Ok(CustomerDomainRow {
        id: row.get(0)?,
        cluster_id: row.get(1)?,
        host: row.get(2)?,
        created_at: row.get(3)?,
    })
}

impl Store {
    pub fn insert_domain(&self, domain: &CustomerDomainRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO domains (id, cluster_id, host, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![domain.id, domain.cluster_id, domain.host, domain.created_at],
        )?;
        Ok(())
    }

    /// A cluster's domains, oldest first.
    pub fn domains_of(&self, cluster_id: &str) -> StoreResult<Vec<CustomerDomainRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, cluster_id, host, created_at FROM domains WHERE cluster_id = ?1 ORDER BY created_at, \
             host",
        )?;
        let rows = stmt.query_map([cluster_id], domain_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// The domain with this host on any cluster.
    pub fn domain_by_host(&self, host: &str) -> StoreResult<Option<CustomerDomainRow>> {
        let sql = "SELECT id, cluster_id, host, created_at FROM domains WHERE host = ?1";
        Ok(self.conn.query_row(sql, [host], domain_from).optional()?)
    }

    pub fn delete_domain(&self, id: &str) -> StoreResult<()> {
        self.conn.execute("DELETE FROM domains WHERE id = ?1", [id])?;
        Ok(())
    }

    /// The custom host a cluster serves on, if it switched away from its default.
    pub fn primary_host(&self, cluster_id: &str) -> StoreResult<Option<String>> {
        let sql = "SELECT host FROM primary_hosts WHERE cluster_id = ?1";
        Ok(self.conn.query_row(sql, [cluster_id], |row| row.get(0)).optional()?)
    }

    /// Sets the primary host; `None` goes back to the default host.
    pub fn set_primary_host(&self, cluster_id: &str, host: Option<&str>) -> StoreResult<()> {
        match host {
            Some(host) => self.conn.execute(
                "INSERT INTO primary_hosts (cluster_id, host) VALUES (?1, ?2)
                 ON CONFLICT(cluster_id) DO UPDATE SET host = excluded.host",
                params![cluster_id, host],
            )?,
            None => self.conn.execute("DELETE FROM primary_hosts WHERE cluster_id = ?1", [cluster_id])?,
        };
        Ok(())
    }
}
