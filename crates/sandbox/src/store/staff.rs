//! Support staff's API secrets. They belong to no customer organization (so they never
//! show in an organization's secret list) and carry the staff client role instead.

use super::{Store, StoreResult};
use crate::records::Millis;
use rusqlite::{OptionalExtension, params};

impl Store {
    /// Creates the staff secret, or sets its secret when the client ID exists.
    pub fn put_staff_client(&self, client_id: &str, client_secret: &str, now: Millis) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO staff_clients (client_id, client_secret, created_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (client_id) DO UPDATE SET client_secret = excluded.client_secret",
            params![client_id, client_secret, now],
        )?;
        Ok(())
    }

    /// The secret of a staff client, if there is one with this ID.
    pub fn staff_client_secret(&self, client_id: &str) -> StoreResult<Option<String>> {
        let sql = "SELECT client_secret FROM staff_clients WHERE client_id = ?1";
        Ok(self.conn.query_row(sql, [client_id], |row| row.get(0)).optional()?)
    }
}
