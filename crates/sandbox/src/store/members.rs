//! Organization members (the people billing contacts are chosen from) and billing contacts.

use super::{Store, StoreResult};
use crate::records::MemberRow;
use rusqlite::{OptionalExtension, Row, params};

const MEMBER_COLUMNS: &str =
    "m.org_id, m.user_id, m.username, m.email, m.first_name, m.last_name, m.manage_billing";

fn member_from(row: &Row<'_>) -> rusqlite::Result<MemberRow> {
    Ok(MemberRow {
        org_id: row.get(0)?,
        user_id: row.get(1)?,
        username: row.get(2)?,
        email: row.get(3)?,
        first_name: row.get(4)?,
        last_name: row.get(5)?,
        manage_billing: row.get(6)?,
    })
}

impl Store {
    pub fn insert_member(&self, member: &MemberRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO org_members (org_id, user_id, username, email, first_name, last_name, manage_billing)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                member.org_id,
                member.user_id,
                member.username,
                member.email,
                member.first_name,
                member.last_name,
                member.manage_billing
            ],
        )?;
        Ok(())
    }

    pub fn member(&self, org_id: &str, user_id: &str) -> StoreResult<Option<MemberRow>> {
        let sql =
            format!("SELECT {MEMBER_COLUMNS} FROM org_members m WHERE m.org_id = ?1 AND m.user_id = ?2");
        Ok(self.conn.query_row(&sql, [org_id, user_id], member_from).optional()?)
    }

    /// The organization's billing contacts, in the order they were added.
    pub fn billing_contacts(&self, org_id: &str) -> StoreResult<Vec<MemberRow>> {
        let sql = format!(
            "SELECT {MEMBER_COLUMNS} FROM billing_contacts c
             JOIN org_members m ON m.org_id = c.org_id AND m.user_id = c.user_id
             WHERE c.org_id = ?1 ORDER BY c.created_at, m.username"
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let members = stmt.query_map([org_id], member_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(members)
    }

    /// Adds a contact; adding one twice keeps the first.
    pub fn add_billing_contact(&self, org_id: &str, user_id: &str, at: i64) -> StoreResult<()> {
        self.conn.execute(
            "INSERT OR IGNORE INTO billing_contacts (org_id, user_id, created_at) VALUES (?1, ?2, ?3)",
            params![org_id, user_id, at],
        )?;
        Ok(())
    }

    /// Whether there was such a contact to remove.
    pub fn remove_billing_contact(&self, org_id: &str, user_id: &str) -> StoreResult<bool> {
        let removed = self
            .conn
            .execute("DELETE FROM billing_contacts WHERE org_id = ?1 AND user_id = ?2", [org_id, user_id])?;
        Ok(removed > 0)
    }
}
