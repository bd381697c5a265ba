//! The demo world a fresh database starts with, and the bootstrap secret that is
//! (re)applied on every start so `--bootstrap-secret` works on an existing database.

use super::{Store, StoreResult};
use crate::records::{ClusterRow, Grant, Millis, OrgRow, SecretRow};
use cluster_api::{ClusterState, Region, ResourceLimits, Tier};

pub use super::demo_ids::*;
pub use super::review_seed::scale;

const DAY: Millis = 86_400_000;

fn grants(org_id: &str, roles: &[&str]) -> Vec<Grant> {
    roles.iter().map(|role| Grant { org_id: org_id.to_string(), role: role.to_string() }).collect()
}

fn secret(id: &str, org_id: &str, name: &str, client: (&str, &str), created_at: Millis) -> SecretRow {
    SecretRow {
        id: id.to_string(),
        org_id: org_id.to_string(),
        name: name.to_string(),
        client_id: client.0.to_string(),
        client_secret: client.1.to_string(),
        created_at,
        created_by: Some("sandbox".to_string()),
    }
}

/// A seeded cluster; `age` is how long ago it was created.
fn cluster(
    id: &str,
    org_id: &str,
    region: &str,
    tier: Tier,
    status: ClusterState,
    age: Millis,
    now: Millis,
) -> ClusterRow {
    let billed = !matches!(status, ClusterState::BillingSetup | ClusterState::PendingPayment);
    ClusterRow {
        id: id.to_string(),
        name: id.trim_start_matches("cl-").to_string(),
        org_id: org_id.to_string(),
        region: region.to_string(),
        tier,
        status,
        resource_limits: ResourceLimits::Standard,
        variant: "DEDICATED".to_string(),
        domain: None,
        created_at: now - age,
        ready_at: None,
        restart_until: None,
        billed,
    }
}

/// Fills an empty database. `provision_ms` is how long `acme-staging` stays PROVISIONING.
pub fn seed(store: &mut Store, now: Millis, provision_ms: Millis) -> StoreResult<()> {
    store.transaction(|s| {
        for (i, (name, code)) in
            [("US_EAST_1", "us-east-1"), ("US_WEST_2", "us-west-2"), ("EU_CENTRAL_1", "eu-central-1")]
                .iter()
                .enumerate()
        {
            let region =
                Region { name: name.to_string(), provider: "aws".to_string(), region: code.to_string() };
            s.insert_region(&region, i as i64)?;
        }
        for (id, name, display, age) in [
            (ACME_ORG_ID, "acme", "Acme Inc.", 800 * DAY),
            (GLOBEX_ORG_ID, "globex", "Globex Corp.", 500 * DAY),
        ] {
            let org = OrgRow {
                id: id.into(),
                name: name.into(),
                display_name: display.into(),
                created_at: now - age,
            };
            s.insert_org(&org)?;
        }

        let viewer = secret(
            "sec-demo-viewer",
            ACME_ORG_ID,
            "viewer",
            (VIEWER_CLIENT_ID, VIEWER_CLIENT_SECRET),
            now - 30 * DAY,
        );
        s.insert_secret(&viewer)?;
        s.grant(&viewer.id, &grants(ACME_ORG_ID, VIEWER_ROLES))?;
        let globex = secret(
            "sec-globex-admin",
            GLOBEX_ORG_ID,
            "admin",
            (GLOBEX_CLIENT_ID, GLOBEX_CLIENT_SECRET),
            now - 90 * DAY,
        );
        s.insert_secret(&globex)?;
        s.grant(&globex.id, &grants(GLOBEX_ORG_ID, ALL_ROLES))?;

        use ClusterState as S;
        let mut prod =
            cluster(ACME_PROD, ACME_ORG_ID, "EU_CENTRAL_1", Tier::Enterprise, S::Active, 210 * DAY, now);
        prod.ready_at = Some(prod.created_at + 25 * 60_000);
        let mut staging =
            cluster(ACME_STAGING, ACME_ORG_ID, "US_EAST_1", Tier::Premium, S::Provisioning, 5 * 60_000, now);
        staging.ready_at = Some(now + provision_ms);
        let legacy =
            cluster(ACME_LEGACY, ACME_ORG_ID, "US_WEST_2", Tier::Starter, S::PendingDeletion, 400 * DAY, now);
        let trial = cluster(ACME_TRIAL, ACME_ORG_ID, "US_EAST_1", Tier::Starter, S::BillingSetup, DAY, now);
        let old =
            cluster(ACME_ARCHIVED, ACME_ORG_ID, "US_EAST_1", Tier::Premium, S::Archived, 700 * DAY, now);
        let mut globex_prod =
            cluster(GLOBEX_PROD, GLOBEX_ORG_ID, "US_WEST_2", Tier::Premium, S::Active, 300 * DAY, now);
        globex_prod.ready_at = Some(globex_prod.created_at + 30 * 60_000);
        for c in [prod, staging, legacy, trial, old, globex_prod] {
            s.insert_cluster(&c)?;
        }
        super::billing_seed::seed(s, now)?;
        let mut dev = cluster(ACME_DEV, ACME_ORG_ID, "US_EAST_1", Tier::Starter, S::Active, 20 * DAY, now);
        dev.ready_at = Some(dev.created_at + 20 * 60_000);
        s.insert_cluster(&dev)?;
        // Extension security scanning: on for production, off for staging, so both
        // paths of version.confirm can be seen.
        super::realm_seed::seed(s, now)?;
        for (id, on) in [(ACME_PROD, true), (ACME_STAGING, false), (ACME_DEV, true), (GLOBEX_PROD, true)] {
            s.set_scanning(id, on)?;
        }
        super::review_seed::seed(s, now)?;
        Ok(())
    })
}

/// Makes sure the bootstrap secret exists with this client secret and every role in
/// the demo organization.
pub fn ensure_bootstrap(
    store: &mut Store,
    client_id: &str,
    client_secret: &str,
    now: Millis,
) -> StoreResult<()> {
    store.transaction(|s| {
        let id = match s.secret_by_client_id(client_id)? {
            Some(existing) => {
                s.set_client_secret(&existing.id, client_secret)?;
                existing.id
            }
            None => {
                let record = secret(
                    &format!("sec-{client_id}"),
                    ACME_ORG_ID,
                    "admin",
                    (client_id, client_secret),
                    now,
                );
                s.insert_secret(&record)?;
                record.id
            }
        };
        s.grant(&id, &grants(ACME_ORG_ID, ALL_ROLES))
    })
}

/// The demo people who sign in through the identity server (password `demo`).
pub use super::people_seed::{ALICE_EMAIL, BOB_EMAIL, CAROL_EMAIL, DEMO_PASSWORD, SAM_EMAIL};
/// Makes sure each staff secret exists with this client secret (applied on every start).
pub fn ensure_staff(store: &mut Store, staff: &[(&str, &str)], now: Millis) -> StoreResult<()> {
    store.transaction(|s| {
        for (client_id, client_secret) in staff {
            s.put_staff_client(client_id, client_secret, now)?;
        }
        Ok(())
    })
}
