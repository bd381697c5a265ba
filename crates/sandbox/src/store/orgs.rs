//! Organizations, API secrets and the organization roles granted to secrets.

use super::{Store, StoreResult};
use crate::records::{Grant, OrgRow, SecretRow};
use rusqlite::{OptionalExtension, Row, params};

fn org_from(row: &Row<'_>) -> rusqlite::Result<OrgRow> {
    Ok(OrgRow { id: row.get(0)?, name: row.get(1)?, display_name: row.get(2)?, created_at: row.get(3)? })
}

fn secret_from(row: &Row<'_>) -> rusqlite::Result<SecretRow> {
    Ok(SecretRow {
        id: row.get(0)?,
        org_id: row.get(1)?,
        name: row.get(2)?,
        client_id: row.get(3)?,
        client_secret: row.get(4)?,
        created_at: row.get(5)?,
        created_by: row.get(6)?,
    })
}

/// The columns in the order `secret_from` reads them and `insert_secret` writes them.
const SECRET_COLUMNS: &str = "id, org_id, name, client_id, client_secret, created_at, created_by";

impl Store {
    pub fn insert_org(&self, org: &OrgRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO orgs (id, name, display_name, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![org.id, org.name, org.display_name, org.created_at],
        )?;
        Ok(())
    }

    pub fn org(&self, id: &str) -> StoreResult<Option<OrgRow>> {
        let org = self
            .conn
            .query_row("SELECT id, name, display_name, created_at FROM orgs WHERE id = ?1", [id], org_from)
            .optional()?;
        Ok(org)
    }

    /// Every organization, by name.
    pub fn orgs(&self) -> StoreResult<Vec<OrgRow>> {
        let mut stmt =
            self.conn.prepare("SELECT id, name, display_name, created_at FROM orgs ORDER BY name")?;
        let orgs = stmt.query_map([], org_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(orgs)
    }

    pub fn insert_secret(&self, s: &SecretRow) -> StoreResult<()> {
        self.conn.execute(
            &format!("INSERT INTO secrets ({SECRET_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
            params![s.id, s.org_id, s.name, s.client_id, s.client_secret, s.created_at, s.created_by],
        )?;
        Ok(())
    }

    pub fn secret_by_client_id(&self, client_id: &str) -> StoreResult<Option<SecretRow>> {
        let sql = format!("SELECT {SECRET_COLUMNS} FROM secrets WHERE client_id = ?1");
        Ok(self.conn.query_row(&sql, [client_id], secret_from).optional()?)
    }

    pub fn set_client_secret(&self, secret_id: &str, client_secret: &str) -> StoreResult<()> {
        self.conn.execute(
            "UPDATE secrets SET client_secret = ?2 WHERE id = ?1",
            params![secret_id, client_secret],
        )?;
        Ok(())
    }

    /// The organization roles of a secret, sorted by organization then role.
    pub fn grants(&self, secret_id: &str) -> StoreResult<Vec<Grant>> {
        let mut stmt = self
            .conn
            .prepare("SELECT org_id, role FROM secret_roles WHERE secret_id = ?1 ORDER BY org_id, role")?;
        let grants = stmt
            .query_map([secret_id], |row| Ok(Grant { org_id: row.get(0)?, role: row.get(1)? }))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(grants)
    }

    /// Grants roles to a secret; roles it already holds are kept once.
    pub fn grant(&self, secret_id: &str, grants: &[Grant]) -> StoreResult<()> {
        let mut stmt = self
            .conn
            .prepare("INSERT OR IGNORE INTO secret_roles (secret_id, org_id, role) VALUES (?1, ?2, ?3)")?;
        for grant in grants {
            stmt.execute(params![secret_id, grant.org_id, grant.role])?;
        }
        Ok(())
    }
}

/// An organization's own API secrets (listing, counting, revoking).
impl Store {
    /// The secrets created in `org_id`, oldest first.
    pub fn org_secrets(&self, org_id: &str) -> StoreResult<Vec<SecretRow>> {
        let sql = format!("SELECT {SECRET_COLUMNS} FROM secrets WHERE org_id = ?1 ORDER BY created_at, name");
        let mut stmt = self.conn.prepare(&sql)?;
        let secrets = stmt.query_map([org_id], secret_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(secrets)
    }

    pub fn org_secret_count(&self, org_id: &str) -> StoreResult<i64> {
        Ok(self
            .conn
            .query_row("SELECT COUNT(*) FROM secrets WHERE org_id = ?1", [org_id], |row| row.get(0))?)
    }

    /// Secret `id` of organization `org_id`.
    pub fn org_secret(&self, org_id: &str, id: &str) -> StoreResult<Option<SecretRow>> {
        let sql = format!("SELECT {SECRET_COLUMNS} FROM secrets WHERE org_id = ?1 AND id = ?2");
        Ok(self.conn.query_row(&sql, [org_id, id], secret_from).optional()?)
    }

    /// Revokes a secret: its roles go with it (cascade); tokens already issued live on
    /// in the token store until they expire.
    pub fn delete_secret(&self, id: &str) -> StoreResult<bool> {
        Ok(self.conn.execute("DELETE FROM secrets WHERE id = ?1", [id])? > 0)
    }
}
