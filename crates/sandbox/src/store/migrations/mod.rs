//! The schema, as numbered migrations recorded in SQLite's `PRAGMA user_version`.
//!
//! Migration `n` (the `n`th entry of [`MIGRATIONS`], counting from 1) takes a database
//! from version `n - 1` to version `n`. Opening a database applies, in order and each in
//! its own transaction together with its new `user_version`, every migration above the
//! version it has, so a database of any older version is upgraded step by step and a
//! failed step leaves it at the last version that completed.
//!
//! * Version 0 is both an empty file and a database written before versioning existed
//!   (tables, no `user_version`). Migration 1 is written with `IF NOT EXISTS` so it
//!   creates what is missing and adopts such a database with its rows intact.
//! * A database of a version above [`LATEST`] was written by a newer sandbox: it is
//!   refused rather than guessed at.
//!
//! To change the schema, add `0002_<what>.sql` beside `0001_initial.sql` and append it
//! to [`MIGRATIONS`]; never edit a migration that has shipped, since databases that
//! already ran it will not run it again. SQLite cannot switch `foreign_keys` inside a
//! transaction, so a migration that rebuilds a table must keep the rows it references
//! consistent itself.

use super::{StoreError, StoreResult};
use rusqlite::Connection;

/// One schema step: its SQL and a short name for error messages.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    pub name: &'static str,
    pub sql: &'static str,
}

/// Every migration, oldest first; entry `i` brings a database to version `i + 1`.
pub const MIGRATIONS: &[Migration] = &[
    Migration { name: "0001_initial", sql: include_str!("0001_initial.sql") },
    Migration { name: "0002_log_lines", sql: include_str!("0002_log_lines.sql") },
    Migration { name: "0003_restarts", sql: include_str!("0003_restarts.sql") },
];

/// The version a database has once it is up to date.
pub const LATEST: i64 = MIGRATIONS.len() as i64;

/// The database's `user_version`.
pub fn version(conn: &Connection) -> StoreResult<i64> {
    Ok(conn.query_row("PRAGMA user_version", [], |row| row.get(0))?)
}

/// Brings `conn` up to `migrations.len()`, or refuses a database from a newer build.
pub fn migrate(conn: &mut Connection, migrations: &[Migration]) -> StoreResult<()> {
    let latest = migrations.len() as i64;
    let found = version(conn)?;
    if found > latest {
        return Err(StoreError(format!(
            "the database has schema version {found}, newer than this sandbox knows (up to {latest}): it was \
             written by a newer build. Run that build, or point --data at another file (or delete this one) \
             to start from the demo world."
        )));
    }
    if found < 0 {
        return Err(StoreError(format!("the database has an invalid schema version {found}.")));
    }
    for (index, migration) in migrations.iter().enumerate().skip(found as usize) {
        let to = index as i64 + 1;
        let tx = conn.transaction()?;
        tx.execute_batch(migration.sql)
            .and_then(|()| tx.pragma_update(None, "user_version", to))
            .and_then(|()| tx.commit())
            .map_err(|e| StoreError(format!("migration {to} ({}) failed: {e}", migration.name)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
