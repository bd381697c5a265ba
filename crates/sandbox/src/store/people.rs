//! People who sign in through the identity server of realm `self`, and their
//! organization roles (the same roles API secrets are granted).

use super::{Store, StoreResult};
use crate::records::{Grant, PersonRow};
use rusqlite::{OptionalExtension, Row, params};

fn person_from(row: &Row<'_>) -> rusqlite::Result<PersonRow> {
    Ok(PersonRow { id: row.get(0)?, email: row.get(1)?, name: row.get(2)?, password: row.get(3)? })
}

impl Store {
    /// Adds a person unless one with this ID exists (kept as it is).
    pub fn ensure_person(&self, person: &PersonRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT OR IGNORE INTO people (id, email, name, password) VALUES (?1, ?2, ?3, ?4)",
            params![person.id, person.email, person.name, person.password],
        )?;
        Ok(())
    }

    /// The person signing in as `username` (their email, compared without case).
    pub fn person_by_username(&self, username: &str) -> StoreResult<Option<PersonRow>> {
        let sql = "SELECT id, email, name, password FROM people WHERE lower(email) = lower(?1)";
        Ok(self.conn.query_row(sql, [username.trim()], person_from).optional()?)
    }

    pub fn person(&self, id: &str) -> StoreResult<Option<PersonRow>> {
        let sql = "SELECT id, email, name, password FROM people WHERE id = ?1";
        Ok(self.conn.query_row(sql, [id], person_from).optional()?)
    }

    /// A person's organization roles, sorted by organization then role.
    pub fn person_grants(&self, person_id: &str) -> StoreResult<Vec<Grant>> {
        let mut stmt = self
            .conn
            .prepare("SELECT org_id, role FROM person_roles WHERE person_id = ?1 ORDER BY org_id, role")?;
        let grants = stmt
            .query_map([person_id], |row| Ok(Grant { org_id: row.get(0)?, role: row.get(1)? }))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(grants)
    }

    pub fn grant_person(&self, person_id: &str, grants: &[Grant]) -> StoreResult<()> {
        let mut stmt = self
            .conn
            .prepare("INSERT OR IGNORE INTO person_roles (person_id, org_id, role) VALUES (?1, ?2, ?3)")?;
        for grant in grants {
            stmt.execute(params![person_id, grant.org_id, grant.role])?;
        }
        Ok(())
    }

    /// Makes a person support staff.
    pub fn mark_staff_person(&self, person_id: &str) -> StoreResult<()> {
        self.conn.execute("INSERT OR IGNORE INTO staff_people (person_id) VALUES (?1)", [person_id])?;
        Ok(())
    }

    pub fn is_staff_person(&self, person_id: &str) -> StoreResult<bool> {
        let sql = "SELECT 1 FROM staff_people WHERE person_id = ?1";
        Ok(self.conn.query_row(sql, [person_id], |_| Ok(())).optional()?.is_some())
    }
}
