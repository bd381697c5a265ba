//! Realms (deployments), their single-use sign-in links and their credentials. Rows hang
//! off `clusters` / `realms` with ON DELETE CASCADE: deleting a realm revokes everything.

use super::{Store, StoreResult};
use crate::records::{RealmCredentialRow, RealmLinkRow, RealmRow};
use cluster_api::DeploymentState;
use rusqlite::{OptionalExtension, Row, params};

const COLUMNS: &str = "id, cluster_id, name, display_name, state, state_error, created_at, created_by, tags, \
                       ready_at, failure, clients";

fn list_from(text: String) -> Vec<String> {
    serde_json::from_str(&text).unwrap_or_default()
}

fn list_to(list: &[String]) -> String {
    serde_json::to_string(list).unwrap_or_else(|_| "[]".into())
}

fn realm_from(row: &Row<'_>) -> rusqlite::Result<RealmRow> {
    Ok(RealmRow {
        id: row.get(0)?,
        cluster_id: row.get(1)?,
        name: row.get(2)?,
        display_name: row.get(3)?,
        state: DeploymentState::from_wire(&row.get::<_, String>(4)?),
        state_error: row.get(5)?,
        created_at: row.get(6)?,
        created_by: row.get(7)?,
        tags: list_from(row.get(8)?),
        ready_at: row.get(9)?,
        failure: row.get(10)?,
        clients: list_from(row.get(11)?),
    })
}

fn credential_from(row: &Row<'_>) -> rusqlite::Result<RealmCredentialRow> {
    Ok(RealmCredentialRow {
        client_id: row.get(0)?,
        realm_id: row.get(1)?,
        name: row.get(2)?,
        description: row.get(3)?,
        roles: list_from(row.get(4)?),
        client_secret: row.get(5)?,
        created_at: row.get(6)?,
    })
}

impl Store {
    pub fn insert_realm(&self, r: &RealmRow) -> StoreResult<()> {
        let sql = format!(
            "INSERT INTO realms ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"
        );
        self.conn.execute(
            &sql,
            params![
                r.id,
                r.cluster_id,
                r.name,
                r.display_name,
                r.state.as_str(),
                r.state_error,
                r.created_at,
                r.created_by,
                list_to(&r.tags),
                r.ready_at,
                r.failure,
                list_to(&r.clients)
            ],
        )?;
        Ok(())
    }

    /// Writes back what changes after creation (name, cluster and creation never do).
    pub fn update_realm(&self, r: &RealmRow) -> StoreResult<()> {
        self.conn.execute(
            "UPDATE realms SET display_name = ?2, state = ?3, state_error = ?4, ready_at = ?5, failure = ?6 \
             WHERE id = ?1",
            params![r.id, r.display_name, r.state.as_str(), r.state_error, r.ready_at, r.failure],
        )?;
        Ok(())
    }

    pub fn realm(&self, id: &str) -> StoreResult<Option<RealmRow>> {
        let sql = format!("SELECT {COLUMNS} FROM realms WHERE id = ?1");
        Ok(self.conn.query_row(&sql, [id], realm_from).optional()?)
    }

    /// The realms of a cluster, oldest first.
    pub fn realms_of(&self, cluster_id: &str) -> StoreResult<Vec<RealmRow>> {
        let sql = format!("SELECT {COLUMNS} FROM realms WHERE cluster_id = ?1 ORDER BY created_at, name");
        let mut stmt = self.conn.prepare(&sql)?;
        let realms = stmt.query_map([cluster_id], realm_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(realms)
    }

    pub fn delete_realm(&self, id: &str) -> StoreResult<()> {
        self.conn.execute("DELETE FROM realms WHERE id = ?1", [id])?;
        Ok(())
    }

    pub fn insert_realm_link(&self, link: &RealmLinkRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO realm_links (token, realm_id, client_id, redirect_uri, expires_at, used) VALUES \
             (?1, ?2, ?3, ?4, ?5, ?6)",
            params![link.token, link.realm_id, link.client_id, link.redirect_uri, link.expires_at, link.used],
        )?;
        Ok(())
    }

    pub fn realm_link(&self, token: &str) -> StoreResult<Option<RealmLinkRow>> {
        let sql = "SELECT token, realm_id, client_id, redirect_uri, expires_at, used FROM realm_links WHERE \
                   token = ?1";
        let link = self
            .conn
            .query_row(sql, [token], |row| {
                Ok(RealmLinkRow {
                    token: row.get(0)?,
                    realm_id: row.get(1)?,
                    client_id: row.get(2)?,
                    redirect_uri: row.get(3)?,
                    expires_at: row.get(4)?,
                    used: row.get(5)?,
                })
            })
            .optional()?;
        Ok(link)
    }

    pub fn use_realm_link(&self, token: &str) -> StoreResult<()> {
        self.conn.execute("UPDATE realm_links SET used = 1 WHERE token = ?1", [token])?;
        Ok(())
    }

    pub fn insert_credential(&self, c: &RealmCredentialRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO realm_credentials (client_id, realm_id, name, description, roles, client_secret, \
             created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                c.client_id,
                c.realm_id,
                c.name,
                c.description,
                list_to(&c.roles),
                c.client_secret,
                c.created_at
            ],
        )?;
        Ok(())
    }

    pub fn credentials_of(&self, realm_id: &str) -> StoreResult<Vec<RealmCredentialRow>> {
        let sql = "SELECT client_id, realm_id, name, description, roles, client_secret, created_at
                   FROM realm_credentials WHERE realm_id = ?1 ORDER BY created_at, client_id";
        let mut stmt = self.conn.prepare(sql)?;
        let list = stmt.query_map([realm_id], credential_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(list)
    }

    pub fn delete_credential(&self, realm_id: &str, client_id: &str) -> StoreResult<bool> {
        let n = self.conn.execute(
            "DELETE FROM realm_credentials WHERE realm_id = ?1 AND client_id = ?2",
            [realm_id, client_id],
        )?;
        Ok(n > 0)
    }
}
