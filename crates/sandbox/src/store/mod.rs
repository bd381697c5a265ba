//! Persistence: every SQL statement of the sandbox lives under this module, one file
//! per resource group. The schema is created on open (`CREATE TABLE IF NOT EXISTS`),
//! so a later issue adds a table by appending to `SCHEMA` and a file of queries.

pub mod access;
mod billing;
mod billing_seed;
mod billing_sessions;
mod clusters;
mod domains;
mod env_vars;
pub mod export_seed;
mod extensions;
pub mod hostile;
mod members;
mod orgs;
pub mod people;
pub mod people_seed;
mod realm_seed;
mod realms;
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

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS orgs (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS secrets (
    id            TEXT PRIMARY KEY,
    org_id        TEXT NOT NULL REFERENCES orgs(id),
    name          TEXT NOT NULL,
    client_id     TEXT NOT NULL UNIQUE,
    client_secret TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    created_by    TEXT
);
CREATE TABLE IF NOT EXISTS secret_roles (
    secret_id TEXT NOT NULL REFERENCES secrets(id) ON DELETE CASCADE,
    org_id    TEXT NOT NULL REFERENCES orgs(id),
    role      TEXT NOT NULL,
    PRIMARY KEY (secret_id, org_id, role)
);
CREATE TABLE IF NOT EXISTS regions (
    name     TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    region   TEXT NOT NULL,
    position INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS clusters (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL UNIQUE,
    org_id          TEXT NOT NULL REFERENCES orgs(id),
    region          TEXT NOT NULL,
    tier            TEXT NOT NULL,
    status          TEXT NOT NULL,
    resource_limits TEXT NOT NULL,
    variant         TEXT NOT NULL,
    domain          TEXT,
    created_at      INTEGER NOT NULL,
    ready_at        INTEGER,
    restart_until   INTEGER,
    billed          INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS clusters_by_org ON clusters(org_id);
";

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
    /// [`IN_MEMORY`], and makes sure every table exists.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let conn = if path.as_os_str() == IN_MEMORY {
            Connection::open_in_memory()?
        } else {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| StoreError(format!("cannot create {}: {e}", dir.display())))?;
            }
            Connection::open(path)?
        };
        conn.execute_batch("PRAGMA foreign_keys = ON;")?;
        conn.execute_batch(SCHEMA)?;
        for schema in [billing::SCHEMA, billing_sessions::SCHEMA, members::SCHEMA] {
            conn.execute_batch(schema)?;
        }
        conn.execute_batch(extensions::SCHEMA)?;
        conn.execute_batch(uploads::SCHEMA)?;
        conn.execute_batch(realms::SCHEMA)?;
        conn.execute_batch(people::SCHEMA)?;
        conn.execute_batch(access::SCHEMA)?;
        conn.execute_batch(domains::SCHEMA)?;
        conn.execute_batch(env_vars::SCHEMA)?;
        conn.execute_batch(staff::SCHEMA)?;
        conn.execute_batch(reviews::SCHEMA)?;
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
