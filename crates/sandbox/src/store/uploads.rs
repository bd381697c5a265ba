//! The object store behind presigned URLs: the keys handed out (upload slots), the
//! bytes PUT to them (blobs, kept in SQLite so they survive restarts), and the
//! persisted signing secret, so URLs stay valid across a restart too.

use super::{Store, StoreResult};
use crate::records::{BlobRow, UploadSlotRow};
use rusqlite::{OptionalExtension, Row, params};

const SLOT_COLUMNS: &str = "key, extension_id, version_id, file, label, created_at";

fn slot_from(row: &Row<'_>) -> rusqlite::Result<UploadSlotRow> {
    Ok(UploadSlotRow {
        key: row.get(0)?,
        extension_id: row.get(1)?,
        version_id: row.get(2)?,
        file: row.get(3)?,
        label: row.get(4)?,
        created_at: row.get(5)?,
    })
}

fn blob_from(row: &Row<'_>) -> rusqlite::Result<BlobRow> {
    Ok(BlobRow {
        key: row.get(0)?,
        bytes: row.get(1)?,
        content_type: row.get(2)?,
        etag: row.get(3)?,
        uploaded_at: row.get(4)?,
    })
}

const SECRET_NAME: &str = "storage_signing_secret";

impl Store {
    pub fn insert_slot(&self, slot: &UploadSlotRow) -> StoreResult<()> {
        let sql = format!("INSERT INTO upload_slots ({SLOT_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        self.conn.execute(
            &sql,
            params![slot.key, slot.extension_id, slot.version_id, slot.file, slot.label, slot.created_at],
        )?;
        Ok(())
    }

    pub fn slot(&self, key: &str) -> StoreResult<Option<UploadSlotRow>> {
        let sql = format!("SELECT {SLOT_COLUMNS} FROM upload_slots WHERE key = ?1");
        Ok(self.conn.query_row(&sql, [key], slot_from).optional()?)
    }

    /// The most recent upload that actually arrived for a well-known file: confirm
    /// takes no key, so it publishes the newest object PUT for the file.
    pub fn latest_well_known_upload(&self, extension_id: &str, file: &str) -> StoreResult<Option<BlobRow>> {
        let sql = "SELECT b.key, b.bytes, b.content_type, b.etag, b.uploaded_at
                   FROM upload_slots s JOIN blobs b ON b.key = s.key
                   WHERE s.extension_id = ?1 AND s.file = ?2
                   ORDER BY b.uploaded_at DESC, b.rowid DESC LIMIT 1";
        Ok(self.conn.query_row(sql, [extension_id, file], blob_from).optional()?)
    }

    /// Forgets every upload of a well-known file except `keep` (the published one).
    pub fn drop_well_known_uploads(
        &self,
        extension_id: &str,
        file: &str,
        keep: Option<&str>,
    ) -> StoreResult<()> {
        self.conn.execute(
            "DELETE FROM upload_slots WHERE extension_id = ?1 AND file = ?2 AND key IS NOT ?3",
            params![extension_id, file, keep],
        )?;
        Ok(())
    }

    /// Stores (or overwrites, as S3 does) the object at `blob.key`.
    pub fn put_blob(&self, blob: &BlobRow) -> StoreResult<()> {
        self.conn.execute(
            "INSERT OR REPLACE INTO blobs (key, bytes, content_type, etag, uploaded_at) VALUES (?1, ?2, ?3, \
             ?4, ?5)",
            params![blob.key, blob.bytes, blob.content_type, blob.etag, blob.uploaded_at],
        )?;
        Ok(())
    }

    pub fn blob(&self, key: &str) -> StoreResult<Option<BlobRow>> {
        let sql = "SELECT key, bytes, content_type, etag, uploaded_at FROM blobs WHERE key = ?1";
        Ok(self.conn.query_row(sql, [key], blob_from).optional()?)
    }

    pub fn set_blob_content_type(&self, key: &str, content_type: &str) -> StoreResult<()> {
        self.conn.execute("UPDATE blobs SET content_type = ?2 WHERE key = ?1", [key, content_type])?;
        Ok(())
    }

    /// The secret presigned URLs are signed with, created on first use.
    pub fn storage_secret(&self) -> StoreResult<Vec<u8>> {
        let sql = "SELECT value FROM sandbox_meta WHERE name = ?1";
        if let Some(secret) = self.conn.query_row(sql, [SECRET_NAME], |row| row.get(0)).optional()? {
            return Ok(secret);
        }
        // Two v4 UUIDs: 244 random bits from the OS generator, without another dependency.
        let secret = [uuid::Uuid::new_v4().into_bytes(), uuid::Uuid::new_v4().into_bytes()].concat();
        self.conn.execute(
            "INSERT INTO sandbox_meta (name, value) VALUES (?1, ?2)",
            params![SECRET_NAME, secret],
        )?;
        Ok(secret)
    }
}
