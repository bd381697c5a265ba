//! What `acme-prod` holds beyond its realms, so a fresh sandbox's Export as Terraform has every
//! resource type of the provider to write (issue 14 §2): a custom domain, a plain and a SECRET
//! environment variable, IP rules in two categories, an EXTENSION with a version, a password
//! blacklist with its (version-independent) file, a WELL_KNOWN extension and a realm credential.
//! On for the binary (`make run`); off in `Config::default()`, because the HTTP tests and
//! browser flows that came before it expect acme-prod without these (turn it on per test).

use super::demo_ids::ACME_PROD;
use super::{Store, StoreResult};
use crate::engine::ip_rules::Category;
use crate::records::{
    CustomerDomainRow, EnvVarRow, ExtensionRow, ExtensionVersionRow, IpRuleRow, Millis, RealmCredentialRow,
};
use cluster_api::{EnvironmentVariableType, ResourceType, ScanState};

pub const PROD_DOMAIN: &str = "dom-acme-prod-login";
pub const PROD_DOMAIN_HOST: &str = "login.acme.com";
pub const PROD_PLAIN_VAR: &str = "env-acme-prod-log-level";
pub const PROD_SECRET_VAR: &str = "env-acme-prod-smtp-password";
/// The seeded secret's value: tests check it never leaves the sandbox.
pub const PROD_SECRET_VALUE: &str = "seeded-smtp-password-never-shown";
pub const PROD_EXTENSION: &str = "ext-acme-prod-authenticator";
pub const PROD_EXTENSION_VERSION: &str = "ver-acme-prod-authenticator-26";
pub const PROD_BLACKLIST: &str = "ext-acme-prod-blacklist";
pub const PROD_BLACKLIST_VERSION: &str = "ver-acme-prod-blacklist";
pub const PROD_WELL_KNOWN: &str = "ext-acme-prod-well-known";
pub const PROD_CREDENTIAL: &str = "api-terraform-5e1d2c3b";
/// How many of each the seed adds to `acme-prod`.
pub const PROD_EXTENSIONS: usize = 3;
pub const PROD_ENV_VARS: usize = 2;

const DAY: Millis = 86_400_000;

fn rule(id: &str, category: Category, position: i32, alias: &str, address: &str, now: Millis) -> IpRuleRow {
    IpRuleRow {
        id: id.into(),
        cluster_id: ACME_PROD.into(),
        category,
        position,
        alias: alias.into(),
        address: address.into(),
        created_at: now - 30 * DAY,
    }
}

fn extension(id: &str, name: &str, kind: ResourceType, now: Millis) -> ExtensionRow {
    ExtensionRow {
        id: id.into(),
        cluster_id: ACME_PROD.into(),
        name: name.into(),
        resource_type: kind,
        enabled: true,
        created_at: now - 90 * DAY,
        change_password_url: None,
    }
}

fn version(
    id: &str,
    extension_id: &str,
    major: Option<i32>,
    label: &str,
    now: Millis,
) -> ExtensionVersionRow {
    ExtensionVersionRow {
        id: id.into(),
        extension_id: extension_id.into(),
        keycloak_major: major,
        label: Some(label.into()),
        resource_key: Some(format!("extensions/{ACME_PROD}/{extension_id}/{id}")),
        valid: true,
        scan_state: ScanState::Pass,
        risk_score: Some(0),
        scanned_at: Some(now - 80 * DAY),
        scanner_version: None,
        pending: None,
        override_by: None,
        override_reason: None,
        created_at: now - 80 * DAY,
        applied_at: Some(now - 80 * DAY),
        block: None,
        has_report: false,
    }
}

/// Adds the above to a freshly seeded store (`Config::export_seed`, on for `make run`).
pub fn seed_store(store: &mut Store, now: Millis) -> StoreResult<()> {
    store.transaction(|s| seed(s, now))
}

fn seed(s: &Store, now: Millis) -> StoreResult<()> {
    let host = CustomerDomainRow {
        id: PROD_DOMAIN.into(),
        cluster_id: ACME_PROD.into(),
        host: PROD_DOMAIN_HOST.into(),
        created_at: now - 100 * DAY,
    };
    s.insert_domain(&host)?;
    let var = |id: &str, name: &str, value: &str, kind| EnvVarRow {
        id: id.into(),
        cluster_id: ACME_PROD.into(),
        name: name.into(),
        value: value.into(),
        kind,
        created_at: now - 50 * DAY,
    };
    s.save_env_var(&var(PROD_PLAIN_VAR, "KC_SPI_EVENTS_LOG_LEVEL", "INFO", EnvironmentVariableType::String))?;
    s.save_env_var(&var(
        PROD_SECRET_VAR,
        "SMTP_PASSWORD",
        PROD_SECRET_VALUE,
        EnvironmentVariableType::Secret,
    ))?;
    s.replace_ip_rules(
        ACME_PROD,
        Category::AdminAllowed,
        &[rule("ipr-acme-prod-office", Category::AdminAllowed, 0, "office", "203.0.113.0/24", now)],
    )?;
    s.replace_ip_rules(
        ACME_PROD,
        Category::RealmBlocked,
        &[rule("ipr-acme-prod-abuse", Category::RealmBlocked, 0, "known-abuse", "192.0.2.0/24", now)],
    )?;
    let auth = extension(PROD_EXTENSION, "acme-authenticator", ResourceType::Extension, now);
    s.insert_extension(&auth)?;
    s.save_version(&version(PROD_EXTENSION_VERSION, PROD_EXTENSION, Some(26), "1.4.0", now))?;
    s.insert_extension(&extension(PROD_BLACKLIST, "common-passwords", ResourceType::PasswordBlacklist, now))?;
    s.save_version(&version(PROD_BLACKLIST_VERSION, PROD_BLACKLIST, None, "common-passwords.txt", now))?;
    s.insert_extension(&extension(PROD_WELL_KNOWN, "well-known", ResourceType::WellKnown, now))?;
    s.insert_credential(&RealmCredentialRow {
        client_id: PROD_CREDENTIAL.into(),
        realm_id: super::demo_ids::REALM_CUSTOMERS.into(),
        name: Some("terraform".into()),
        description: Some("Terraform for the customers realm".into()),
        roles: vec!["realm-admin".into()],
        client_secret: "seeded-credential-secret-never-exported".into(),
        created_at: now - 40 * DAY,
    })
}
