//! The demo world's names: the IDs, secrets and roles the seed writes, which tests and
//! the seed files all refer to. A module of constants only, below every seed file, so the
//! seed files need not import `seed.rs` (which calls them) back.

pub const ACME_ORG_ID: &str = "org-acme";
pub const GLOBEX_ORG_ID: &str = "org-globex";

pub const ADMIN_CLIENT_ID: &str = "demo-admin";
pub const ADMIN_CLIENT_SECRET: &str = "demo-admin-secret";
pub const VIEWER_CLIENT_ID: &str = "demo-viewer";
pub const VIEWER_CLIENT_SECRET: &str = "demo-viewer-secret";
pub const GLOBEX_CLIENT_ID: &str = "globex-admin";
pub const GLOBEX_CLIENT_SECRET: &str = "globex-admin-secret";
/// Support staff: the client role `manage-clusters` on `cluster-management`, no organization.
pub const STAFF_CLIENT_ID: &str = "demo-staff";
pub const STAFF_CLIENT_SECRET: &str = "demo-staff-secret";

pub const ACME_PROD: &str = "cl-acme-prod";
pub const ACME_STAGING: &str = "cl-acme-staging";
pub const ACME_LEGACY: &str = "cl-acme-legacy";
pub const ACME_TRIAL: &str = "cl-acme-trial";
pub const ACME_ARCHIVED: &str = "cl-acme-old";
pub const GLOBEX_PROD: &str = "cl-globex-prod";

/// Billing (see `billing_seed`): a delinquent premium cluster with an open invoice.
pub const ACME_OVERDUE: &str = "cl-acme-overdue";
pub const ACME_OVERDUE_INVOICE: &str = "in_acme_overdue";
/// Acme's cards, named like Stripe's test payment methods; the Visa is the default.
pub const CARD_VISA: &str = "pm_card_visa";
pub const CARD_MASTERCARD: &str = "pm_card_mastercard";
pub const CARD_AUTHENTICATION_REQUIRED: &str = "pm_card_authenticationRequired";
pub const CARD_DECLINED: &str = "pm_card_chargeDeclined";
pub const GLOBEX_CARD: &str = "pm_card_globex_visa";
pub const SUB_ACME_PROD: &str = "sub_acme_prod";
pub const SUB_ACME_STAGING: &str = "sub_acme_staging";
pub const SUB_ACME_LEGACY: &str = "sub_acme_legacy";
pub const SUB_ACME_OVERDUE: &str = "sub_acme_overdue";
pub const SUB_GLOBEX_PROD: &str = "sub_globex_prod";
/// Organization members: alice and carol hold manage-billing (carol is already a
/// billing contact), bob holds no billing role; gina is Globex's billing contact.
pub const USER_ALICE: &str = "user-alice";
pub const USER_CAROL: &str = "user-carol";
pub const USER_BOB: &str = "user-bob";
pub const USER_GINA: &str = "user-gina";
/// An ACTIVE starter cluster: the tier that allows no extensions and one theme.
pub const ACME_DEV: &str = "cl-acme-dev";

/// Every organization role (API-NOTES §2.3, plus the billing pair).
pub const ALL_ROLES: &[&str] = cluster_api::secret_rules::ORG_ROLES;

pub const VIEWER_ROLES: &[&str] = &["view-organization", "view-clusters", "view-members", "view-billing"];

/// Realms of the demo world.
pub const REALM_CUSTOMERS: &str = "dep-acme-customers";
pub const REALM_PARTNERS: &str = "dep-acme-partners";
pub const REALM_INTERNAL: &str = "dep-acme-internal";
/// A FAILED import on `acme-prod`, with its `stateError`.
pub const REALM_LEGACY_IMPORT: &str = "dep-acme-legacy-import";
pub const REALM_GLOBEX: &str = "dep-globex-employees";
/// How many realms `acme-dev` (starter, cap 5) starts with.
pub const ACME_DEV_REALMS: usize = 4;
pub const LEGACY_IMPORT_ERROR: &str = "Import failed: client #3 (legacy-portal) in the export has no \
                                       clientId. Add one and import the realm again.";

/// Acme's enterprise shop cluster, where most seeded versions live.
pub const ACME_SHOP: &str = "cl-acme-shop";
/// The version support staff already blocked (on Globex's production cluster).
pub const BLOCKED_VERSION: &str = "ver-globex-brand-26";
/// The version Acme approved despite its WARN scan.
pub const OVERRIDDEN_VERSION: &str = "ver-storefront-25";
/// Who blocked the seeded version.
pub const SEED_BLOCKER: &str = "demo-staff";
