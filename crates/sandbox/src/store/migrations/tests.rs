use super::*;
use crate::store::Store;
use std::path::{Path, PathBuf};

/// A database file removed when the test ends.
struct TempFile(PathBuf);

impl TempFile {
    fn new() -> TempFile {
        TempFile(std::env::temp_dir().join(format!("sandbox-migrations-{}.sqlite3", uuid::Uuid::new_v4())))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn raw(path: &Path) -> Connection {
    Connection::open(path).unwrap()
}

fn org_names(conn: &Connection) -> Vec<String> {
    let mut stmt = conn.prepare("SELECT name FROM orgs ORDER BY name").unwrap();
    stmt.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
}

#[test]
fn a_fresh_database_ends_at_the_latest_version() {
    let store = Store::open(Path::new(crate::store::IN_MEMORY)).unwrap();
    assert_eq!(version(&store.conn).unwrap(), LATEST);
    assert!(store.is_empty().unwrap(), "tables exist and hold nothing yet");

    let file = TempFile::new();
    drop(Store::open(&file.0).unwrap());
    assert_eq!(version(&raw(&file.0)).unwrap(), LATEST);
    // Opening again changes nothing.
    drop(Store::open(&file.0).unwrap());
    assert_eq!(version(&raw(&file.0)).unwrap(), LATEST);
}

/// A `data/sandbox.sqlite3` from before versioning: today's tables, `user_version` 0.
#[test]
fn a_database_from_before_versioning_is_adopted_with_its_rows() {
    let file = TempFile::new();
    {
        let conn = raw(&file.0);
        conn.execute_batch(MIGRATIONS[0].sql).unwrap();
        conn.pragma_update(None, "user_version", 0).unwrap();
        conn.execute_batch(
            "INSERT INTO orgs (id, name, display_name, created_at) VALUES ('org-old', 'old', 'Old Ltd.', 1);
             INSERT INTO clusters (id, name, org_id, region, tier, status, resource_limits, variant, \
                 created_at, billed)
             VALUES ('c-old', 'kept', 'org-old', 'US_EAST_1', 'premium', 'ACTIVE', 'standard', 'DEDICATED', \
                 1, 1);",
        )
        .unwrap();
        assert_eq!(version(&conn).unwrap(), 0);
    }
    let store = Store::open(&file.0).unwrap();
    assert_eq!(version(&store.conn).unwrap(), LATEST);
    assert_eq!(store.org("org-old").unwrap().map(|org| org.display_name), Some("Old Ltd.".to_string()));
    assert_eq!(store.cluster("c-old").unwrap().map(|c| c.name), Some("kept".to_string()));
    assert!(!store.is_empty().unwrap(), "the old world is kept, not reseeded");
}

#[test]
fn a_database_from_a_newer_build_is_refused() {
    let file = TempFile::new();
    raw(&file.0).pragma_update(None, "user_version", LATEST + 1).unwrap();
    let Err(error) = Store::open(&file.0) else { panic!("a newer database was opened") };
    assert!(error.0.contains(&format!("schema version {}", LATEST + 1)), "{error}");
    assert!(error.0.contains("newer"), "{error}");
    assert!(error.0.contains(&file.0.display().to_string()), "names the file: {error}");
    // Refused, not touched.
    assert_eq!(version(&raw(&file.0)).unwrap(), LATEST + 1);
}

/// The mechanism beyond migration 1, with a stand-in for a future migration 2.
#[test]
fn older_databases_are_upgraded_step_by_step_and_a_failed_step_is_not_recorded() {
    const ADD_COLUMN: Migration = Migration {
        name: "0002_test",
        sql: "ALTER TABLE orgs ADD COLUMN motto TEXT NOT NULL DEFAULT 'none';",
    };
    const BROKEN: Migration = Migration {
        name: "0003_broken",
        sql: "CREATE TABLE extra (id TEXT); INSERT INTO nowhere VALUES (1);",
    };
    let file = TempFile::new();
    let mut conn = raw(&file.0);
    migrate(&mut conn, &MIGRATIONS[..1]).unwrap();
    assert_eq!(version(&conn).unwrap(), 1);
    conn.execute_batch(
        "INSERT INTO orgs (id, name, display_name, created_at) VALUES ('o', 'acme', 'Acme', 1)",
    )
    .unwrap();

    migrate(&mut conn, &[MIGRATIONS[0], ADD_COLUMN]).unwrap();
    assert_eq!(version(&conn).unwrap(), 2);
    let motto: String =
        conn.query_row("SELECT motto FROM orgs WHERE id = 'o'", [], |row| row.get(0)).unwrap();
    assert_eq!((org_names(&conn), motto.as_str()), (vec!["acme".to_string()], "none"));

    let error = migrate(&mut conn, &[MIGRATIONS[0], ADD_COLUMN, BROKEN]).unwrap_err();
    assert!(error.0.contains("migration 3 (0003_broken)"), "{error}");
    assert_eq!(version(&conn).unwrap(), 2, "the failed step rolled back whole");
    let extra: i64 = conn
        .query_row("SELECT COUNT(*) FROM sqlite_master WHERE name = 'extra'", [], |row| row.get(0))
        .unwrap();
    assert_eq!(extra, 0);
}
