//! The demo world's realms: a few on `acme-prod` (one of them a FAILED import with its
//! reason), four of the starter cap's five on `acme-dev`, and one on Globex's cluster.

use super::demo_ids::{
    ACME_DEV, ACME_DEV_REALMS, ACME_PROD, GLOBEX_PROD, LEGACY_IMPORT_ERROR, REALM_CUSTOMERS, REALM_GLOBEX,
    REALM_INTERNAL, REALM_LEGACY_IMPORT, REALM_PARTNERS,
};
use super::{Store, StoreResult};
use crate::records::{Millis, RealmRow};
use cluster_api::DeploymentState;

const DAY: Millis = 86_400_000;

fn realm(id: &str, cluster: &str, name: &str, display: Option<&str>, age: Millis, now: Millis) -> RealmRow {
    RealmRow {
        id: id.to_string(),
        cluster_id: cluster.to_string(),
        name: name.to_string(),
        display_name: display.map(str::to_string),
        state: DeploymentState::Active,
        state_error: None,
        created_at: now - age,
        created_by: Some("sandbox".to_string()),
        tags: Vec::new(),
        ready_at: None,
        failure: None,
        clients: Vec::new(),
    }
}

pub fn seed(s: &Store, now: Millis) -> StoreResult<()> {
    let mut customers =
        realm(REALM_CUSTOMERS, ACME_PROD, "customers", Some("Acme customers"), 200 * DAY, now);
    customers.tags = vec!["production".into()];
    customers.clients = vec!["web-shop".into(), "mobile-app".into()];
    let partners = realm(REALM_PARTNERS, ACME_PROD, "partners", Some("Partner portal"), 120 * DAY, now);
    let internal = realm(REALM_INTERNAL, ACME_PROD, "internal", None, 60 * DAY, now);
    let mut legacy = realm(REALM_LEGACY_IMPORT, ACME_PROD, "legacy-import", Some("Legacy SSO"), 2 * DAY, now);
    legacy.state = DeploymentState::Failed;
    legacy.state_error = Some(LEGACY_IMPORT_ERROR.to_string());
    legacy.tags = vec!["imported".into()];
    for r in [customers, partners, internal, legacy] {
        s.insert_realm(&r)?;
    }
    for (i, name) in ["dev", "qa", "demo", "sandbox"].iter().take(ACME_DEV_REALMS).enumerate() {
        let age = (10 - i as Millis) * DAY;
        s.insert_realm(&realm(&format!("dep-acme-dev-{name}"), ACME_DEV, name, None, age, now))?;
    }
    s.insert_realm(&realm(REALM_GLOBEX, GLOBEX_PROD, "employees", Some("Globex employees"), 90 * DAY, now))
}
