//! Hosted-page sessions, payment intents awaiting 3-D Secure, and the billing period a
//! not-yet-paid cluster was ordered with (the cluster record has no place for it).

use super::{Store, StoreResult};
use crate::records::{BillingSessionRow, PaymentIntentRow, SessionKind};
use cluster_api::BillingPeriod;
use rusqlite::{OptionalExtension, Row, params};

const SESSION_COLUMNS: &str = "id, kind, org_id, cluster_id, period, redirect_uri, used, created_at";
const INTENT_COLUMNS: &str =
    "id, client_secret, org_id, cluster_id, payment_method_id, period, status, created_at";

fn session_from(row: &Row<'_>) -> rusqlite::Result<Option<BillingSessionRow>> {
    let kind: String = row.get(1)?;
    // A row of a kind this build does not know is treated as absent.
    let Some(kind) = SessionKind::from_stored(&kind) else {
        return Ok(None);
    };
    Ok(Some(BillingSessionRow {
        id: row.get(0)?,
        kind,
        org_id: row.get(2)?,
        cluster_id: row.get(3)?,
        period: row.get::<_, Option<String>>(4)?.map(|p| BillingPeriod::from_wire(&p)),
        redirect_uri: row.get(5)?,
        used: row.get(6)?,
        created_at: row.get(7)?,
    }))
}

fn intent_from(row: &Row<'_>) -> rusqlite::Result<PaymentIntentRow> {
    Ok(PaymentIntentRow {
        id: row.get(0)?,
        client_secret: row.get(1)?,
        org_id: row.get(2)?,
        cluster_id: row.get(3)?,
        payment_method_id: row.get(4)?,
        period: BillingPeriod::from_wire(&row.get::<_, String>(5)?),
        status: row.get(6)?,
        created_at: row.get(7)?,
    })
}

impl Store {
    /// Records (or replaces) the billing period a cluster is to be paid for.
    pub fn set_cluster_period(&self, cluster_id: &str, period: &BillingPeriod) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO cluster_plans (cluster_id, period) VALUES (?1, ?2)
             ON CONFLICT(cluster_id) DO UPDATE SET period = excluded.period",
            params![cluster_id, period.as_str()],
        )?;
        Ok(())
    }

    pub fn cluster_period(&self, cluster_id: &str) -> StoreResult<Option<BillingPeriod>> {
        let period: Option<String> = self
            .conn
            .query_row("SELECT period FROM cluster_plans WHERE cluster_id = ?1", [cluster_id], |row| {
                row.get(0)
            })
            .optional()?;
        Ok(period.map(|p| BillingPeriod::from_wire(&p)))
    }

    pub fn insert_session(&self, session: &BillingSessionRow) -> StoreResult<()> {
        self.conn.execute(
            &format!(
                "INSERT INTO billing_sessions ({SESSION_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
            ),
            params![
                session.id,
                session.kind.as_str(),
                session.org_id,
                session.cluster_id,
                session.period.as_ref().map(BillingPeriod::as_str),
                session.redirect_uri,
                session.used,
                session.created_at
            ],
        )?;
        Ok(())
    }

    /// A session of the given kind: a checkout ID is no setup link.
    pub fn session(&self, kind: SessionKind, id: &str) -> StoreResult<Option<BillingSessionRow>> {
        let sql = format!("SELECT {SESSION_COLUMNS} FROM billing_sessions WHERE id = ?1 AND kind = ?2");
        let found = self.conn.query_row(&sql, [id, kind.as_str()], session_from).optional()?;
        Ok(found.flatten())
    }

    pub fn mark_session_used(&self, id: &str) -> StoreResult<()> {
        self.conn.execute("UPDATE billing_sessions SET used = 1 WHERE id = ?1", [id])?;
        Ok(())
    }

    pub fn insert_intent(&self, intent: &PaymentIntentRow) -> StoreResult<()> {
        self.conn.execute(
            &format!(
                "INSERT INTO payment_intents ({INTENT_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
            ),
            params![
                intent.id,
                intent.client_secret,
                intent.org_id,
                intent.cluster_id,
                intent.payment_method_id,
                intent.period.as_str(),
                intent.status,
                intent.created_at
            ],
        )?;
        Ok(())
    }

    pub fn intent_by_secret(&self, client_secret: &str) -> StoreResult<Option<PaymentIntentRow>> {
        let sql = format!("SELECT {INTENT_COLUMNS} FROM payment_intents WHERE client_secret = ?1");
        Ok(self.conn.query_row(&sql, [client_secret], intent_from).optional()?)
    }

    pub fn set_intent_status(&self, id: &str, status: &str) -> StoreResult<()> {
        self.conn.execute("UPDATE payment_intents SET status = ?2 WHERE id = ?1", [id, status])?;
        Ok(())
    }

    /// Once a cluster is paid another way, its pending 3-D Secure charges can no longer complete.
    pub fn cancel_open_intents(&self, cluster_id: &str) -> StoreResult<()> {
        self.conn.execute(
            "UPDATE payment_intents SET status = 'canceled' WHERE cluster_id = ?1 AND status <> 'succeeded'",
            [cluster_id],
        )?;
        Ok(())
    }
}
