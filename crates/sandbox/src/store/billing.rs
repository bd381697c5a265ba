//! Billing tables (cards, subscriptions, invoices) and their queries. Rows that belong
//! to a cluster cascade with it, so removing a never-paid cluster leaves nothing behind.

use super::{Store, StoreResult};
use crate::records::{CardBehaviour, CardRow, InvoiceRow, SubscriptionRow};
use cluster_api::{BillingPeriod, Tier};
use rusqlite::{OptionalExtension, Row, params};

const CARD_COLUMNS: &str = "id, org_id, brand, last4, exp_month, exp_year, behaviour, is_default, created_at";
const SUB_COLUMNS: &str = "id, org_id, cluster_id, cluster_name, payment_method_id, tier, period, amount, \
                           status, start_date, trial_end, current_period_start, current_period_end, ended_at";
const INVOICE_COLUMNS: &str =
    "id, org_id, subscription_id, cluster_name, description, amount, status, created_at, paid_at";

fn card_from(row: &Row<'_>) -> rusqlite::Result<CardRow> {
    Ok(CardRow {
        id: row.get(0)?,
        org_id: row.get(1)?,
        brand: row.get(2)?,
        last4: row.get(3)?,
        exp_month: row.get(4)?,
        exp_year: row.get(5)?,
        behaviour: CardBehaviour::from_stored(&row.get::<_, String>(6)?),
        is_default: row.get(7)?,
        created_at: row.get(8)?,
    })
}

fn sub_from(row: &Row<'_>) -> rusqlite::Result<SubscriptionRow> {
    Ok(SubscriptionRow {
        id: row.get(0)?,
        org_id: row.get(1)?,
        cluster_id: row.get(2)?,
        cluster_name: row.get(3)?,
        payment_method_id: row.get(4)?,
        tier: Tier::from_wire(&row.get::<_, String>(5)?),
        period: BillingPeriod::from_wire(&row.get::<_, String>(6)?),
        amount: row.get(7)?,
        status: row.get(8)?,
        start_date: row.get(9)?,
        trial_end: row.get(10)?,
        current_period_start: row.get(11)?,
        current_period_end: row.get(12)?,
        ended_at: row.get(13)?,
    })
}

fn invoice_from(row: &Row<'_>) -> rusqlite::Result<InvoiceRow> {
    Ok(InvoiceRow {
        id: row.get(0)?,
        org_id: row.get(1)?,
        subscription_id: row.get(2)?,
        cluster_name: row.get(3)?,
        description: row.get(4)?,
        amount: row.get(5)?,
        status: row.get(6)?,
        created_at: row.get(7)?,
        paid_at: row.get(8)?,
    })
}

impl Store {
    pub fn insert_card(&self, card: &CardRow) -> StoreResult<()> {
        self.conn.execute(
            &format!(
                "INSERT INTO payment_methods ({CARD_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
            ),
            params![
                card.id,
                card.org_id,
                card.brand,
                card.last4,
                card.exp_month,
                card.exp_year,
                card.behaviour.as_str(),
                card.is_default,
                card.created_at
            ],
        )?;
        Ok(())
    }

    /// An organization's cards, oldest first.
    pub fn cards_of(&self, org_id: &str) -> StoreResult<Vec<CardRow>> {
        let sql =
            format!("SELECT {CARD_COLUMNS} FROM payment_methods WHERE org_id = ?1 ORDER BY created_at, id");
        let mut stmt = self.conn.prepare(&sql)?;
        let cards = stmt.query_map([org_id], card_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(cards)
    }

    /// A card of this organization (another organization's card is not found).
    pub fn card(&self, org_id: &str, id: &str) -> StoreResult<Option<CardRow>> {
        let sql = format!("SELECT {CARD_COLUMNS} FROM payment_methods WHERE org_id = ?1 AND id = ?2");
        Ok(self.conn.query_row(&sql, [org_id, id], card_from).optional()?)
    }

    /// Makes `id` the organization's only default card (none when `id` is not one of its cards).
    pub fn set_default_card(&self, org_id: &str, id: &str) -> StoreResult<()> {
        self.conn.execute(
            "UPDATE payment_methods SET is_default = (id = ?2) WHERE org_id = ?1",
            params![org_id, id],
        )?;
        Ok(())
    }

    pub fn delete_card(&self, org_id: &str, id: &str) -> StoreResult<()> {
        self.conn.execute("DELETE FROM payment_methods WHERE org_id = ?1 AND id = ?2", [org_id, id])?;
        Ok(())
    }

    pub fn insert_subscription(&self, sub: &SubscriptionRow) -> StoreResult<()> {
        let sql = format!(
            "INSERT INTO subscriptions ({SUB_COLUMNS})
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
        );
        self.conn.execute(
            &sql,
            params![
                sub.id,
                sub.org_id,
                sub.cluster_id,
                sub.cluster_name,
                sub.payment_method_id,
                sub.tier.as_str(),
                sub.period.as_str(),
                sub.amount,
                sub.status,
                sub.start_date,
                sub.trial_end,
                sub.current_period_start,
                sub.current_period_end,
                sub.ended_at
            ],
        )?;
        Ok(())
    }

    /// Writes back what time and payments change.
    pub fn update_subscription(&self, sub: &SubscriptionRow) -> StoreResult<()> {
        self.conn.execute(
            "UPDATE subscriptions SET status = ?2, current_period_start = ?3, current_period_end = ?4,
                                      ended_at = ?5, payment_method_id = ?6
             WHERE id = ?1",
            params![
                sub.id,
                sub.status,
                sub.current_period_start,
                sub.current_period_end,
                sub.ended_at,
                sub.payment_method_id
            ],
        )?;
        Ok(())
    }

    /// An organization's subscriptions, oldest first.
    pub fn subscriptions_of(&self, org_id: &str) -> StoreResult<Vec<SubscriptionRow>> {
        let sql =
            format!("SELECT {SUB_COLUMNS} FROM subscriptions WHERE org_id = ?1 ORDER BY start_date, id");
        let mut stmt = self.conn.prepare(&sql)?;
        let subs = stmt.query_map([org_id], sub_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(subs)
    }

    pub fn subscription(&self, id: &str) -> StoreResult<Option<SubscriptionRow>> {
        let sql = format!("SELECT {SUB_COLUMNS} FROM subscriptions WHERE id = ?1");
        Ok(self.conn.query_row(&sql, [id], sub_from).optional()?)
    }

    /// The subscription backing a cluster: the newest one that has not ended, else the newest.
    pub fn subscription_of_cluster(&self, cluster_id: &str) -> StoreResult<Option<SubscriptionRow>> {
        let sql = format!(
            "SELECT {SUB_COLUMNS} FROM subscriptions WHERE cluster_id = ?1
             ORDER BY status = 'canceled', start_date DESC, id DESC LIMIT 1"
        );
        Ok(self.conn.query_row(&sql, [cluster_id], sub_from).optional()?)
    }

    pub fn insert_invoice(&self, invoice: &InvoiceRow) -> StoreResult<()> {
        self.conn.execute(
            &format!("INSERT INTO invoices ({INVOICE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
            params![
                invoice.id,
                invoice.org_id,
                invoice.subscription_id,
                invoice.cluster_name,
                invoice.description,
                invoice.amount,
                invoice.status,
                invoice.created_at,
                invoice.paid_at
            ],
        )?;
        Ok(())
    }

    pub fn invoice(&self, id: &str) -> StoreResult<Option<InvoiceRow>> {
        let sql = format!("SELECT {INVOICE_COLUMNS} FROM invoices WHERE id = ?1");
        Ok(self.conn.query_row(&sql, [id], invoice_from).optional()?)
    }

    /// An organization's invoices, newest first, as the portal lists them.
    pub fn invoices_of(&self, org_id: &str) -> StoreResult<Vec<InvoiceRow>> {
        let sql =
            format!("SELECT {INVOICE_COLUMNS} FROM invoices WHERE org_id = ?1 ORDER BY created_at DESC, id");
        let mut stmt = self.conn.prepare(&sql)?;
        let invoices = stmt.query_map([org_id], invoice_from)?.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(invoices)
    }

    /// The unpaid invoice of a subscription, if any.
    pub fn open_invoice(&self, subscription_id: &str) -> StoreResult<Option<InvoiceRow>> {
        let sql = format!(
            "SELECT {INVOICE_COLUMNS} FROM invoices WHERE subscription_id = ?1 AND status = 'open'
             ORDER BY created_at DESC LIMIT 1"
        );
        Ok(self.conn.query_row(&sql, [subscription_id], invoice_from).optional()?)
    }

    pub fn mark_invoice_paid(&self, id: &str, at: i64) -> StoreResult<()> {
        self.conn
            .execute("UPDATE invoices SET status = 'paid', paid_at = ?2 WHERE id = ?1", params![id, at])?;
        Ok(())
    }
}
