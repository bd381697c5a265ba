//! Persistence: every SQL statement of the sandbox lives under this module, one file
//! per resource group. The tables are created and upgraded on open by numbered
//! migrations ([`migrations`], tracked in `PRAGMA user_version`); a change to the schema
//! is a new migration plus the queries that use it.

pub mod access;
mod billing;
mod billing_seed;
mod billing_sessions;
mod clusters;
pub mod demo_ids;
mod domains;
mod env_vars;
pub mod export_seed;
mod extensions;
pub mod hostile;
mod log_lines;
mod members;
pub mod migrations;
mod orgs;
pub mod people;
pub mod people_seed;
mod realm_seed;
mod realms;
mod restarts;
mod review_seed;
mod reviews;
pub mod seed;
mod staff;
pub mod uploads;

use rusqlite::Connection;
use std::fmt;
use std::path::Path;

/// The value of `--data` that keeps everything in memory.
pub const IN_MEMORY: &str = ":memory:";

/// A failed database operation. Callers turn it into a 500.
#[derive(Debug, Clone, PartialEq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "database error: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating when needed) the database at `path`, or an in-memory one for
    /// [`IN_MEMORY`], and brings its schema up to date ([`migrations`]). A database
    /// written by a newer build is refused.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let mut conn = if path.as_os_str() == IN_MEMORY {
            Connection::open_in_memory()?
        } else {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| StoreError(format!("cannot create {}: {e}", dir.display())))?;
            }
            Connection::open(path)?
        };
        conn.execute_batch("PRAGMA foreign_keys = ON;")?;
        migrations::migrate(&mut conn, migrations::MIGRATIONS)
            .map_err(|e| StoreError(format!("{}: {}", path.display(), e.0)))?;
        Ok(Store { conn })
    }

    /// True before the demo world has been seeded.
    pub fn is_empty(&self) -> StoreResult<bool> {
        let orgs: i64 = self.conn.query_row("SELECT COUNT(*) FROM orgs", [], |row| row.get(0))?;
        Ok(orgs == 0)
    }

    /// Runs `work` in one transaction, so a multi-statement change lands whole or not at all.
    pub fn transaction<T>(&mut self, work: impl FnOnce(&Store) -> StoreResult<T>) -> StoreResult<T> {
        self.conn.execute_batch("BEGIN")?;
        match work(self) {
            Ok(value) => {
                self.conn.execute_batch("COMMIT")?;
                Ok(value)
            }
            Err(e) => {
                // The original error matters more than a failed rollback.
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(e)
            }
        }
    }
}
