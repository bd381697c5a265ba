//! Every record the store keeps, in one place: what `store` reads and writes and the
//! engine reasons about. Wire shapes come from `cluster_api`; these carry the extra
//! bookkeeping (billing flag, timers, secrets in full) that the contract never shows.
//!
//! One naming rule: a stored record is `<Thing>Row`, named after its table and, where
//! there is one, its wire counterpart (`Cluster` / `ClusterRow`, `CustomerDomain` /
//! `CustomerDomainRow`, `ExtensionVersion` / `ExtensionVersionRow`). Values embedded in
//! a row (`Grant`, `PendingScan`, `AdminBlock`, `CardBehaviour`, `SessionKind`) keep
//! plain names.

mod billing;
mod clusters;
mod domains;
mod env_vars;
mod extensions;
mod ip_rules;
mod orgs;
mod realms;
mod telemetry;

pub use billing::{
    BillingSessionRow, CardBehaviour, CardRow, InvoiceRow, PaymentIntentRow, SessionKind, SubscriptionRow,
};
pub use clusters::ClusterRow;
pub use domains::CustomerDomainRow;
pub use env_vars::EnvVarRow;
pub use extensions::{AdminBlock, BlobRow, ExtensionRow, ExtensionVersionRow, PendingScan, UploadSlotRow};
pub use ip_rules::IpRuleRow;
pub use orgs::{Grant, MemberRow, OrgRow, PersonRow, SecretRow};
pub use realms::{RealmCredentialRow, RealmLinkRow, RealmRow};
pub use telemetry::TelemetryExportRow;

/// Milliseconds since the Unix epoch, the unit of every stored instant.
pub type Millis = i64;

/// The current time in epoch milliseconds.
pub fn now_millis() -> Millis {
    chrono::Utc::now().timestamp_millis()
}
