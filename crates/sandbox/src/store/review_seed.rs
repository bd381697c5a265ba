//! Extension versions for support staff to review: every scan state across both demo
//! organizations (one already blocked by staff, one approved despite a WARN), on clusters
//! of their own so the extension tests' empty clusters stay empty. `--demo-scale N` adds N
//! enterprise clusters over more organizations, about 20 versions each.

use super::demo_ids::{
    ACME_ORG_ID, ACME_SHOP, BLOCKED_VERSION, GLOBEX_PROD, OVERRIDDEN_VERSION, SEED_BLOCKER,
};
use super::{Store, StoreResult};
use crate::engine::report;
use crate::engine::scan::{SCANNER_VERSION, Verdict};
use crate::records::{
    AdminBlock, ClusterRow, ExtensionRow, ExtensionVersionRow, Millis, OrgRow, PendingScan,
};
use cluster_api::{ClusterState, ResourceLimits, ResourceType, ScanState, Tier};

const MINUTE: Millis = 60_000;
const DAY: Millis = 86_400_000;

/// One seeded version: (id, major, state, valid, override reason).
type Spec<'a> = (&'a str, i32, ScanState, bool, Option<&'a str>);

fn entries_for(state: &ScanState, name: &str) -> Vec<String> {
    let mut entries = vec![
        "META-INF/MANIFEST.MF".to_string(),
        format!("com/example/{name}/Provider.class"),
        format!("com/example/{name}/Factory.class"),
        format!("theme/{name}/login/theme.properties"),
    ];
    match state {
        ScanState::Warn => entries.push(format!("com/example/{name}/SCAN-WARN-ReflectiveLoader.class")),
        ScanState::Block => {
            entries.push(format!("com/example/{name}/SCAN-WARN-HttpBeacon.class"));
            entries.push(format!("com/example/{name}/SCAN-BLOCK-CredentialDump.class"));
        }
        ScanState::Error => entries.push(format!("lib/SCAN-ERROR-{name}-native.so")),
        _ => {}
    }
    entries
}

fn risk(state: &ScanState) -> Option<i32> {
    match state {
        ScanState::Pass => Some(5),
        ScanState::Warn => Some(55),
        ScanState::Block => Some(95),
        _ => None,
    }
}

/// Saves one version in `state` as if uploaded `age` ago, with its report when scanned.
fn version(
    s: &Store,
    ext: &ExtensionRow,
    spec: Spec<'_>,
    age: Millis,
    now: Millis,
) -> StoreResult<ExtensionVersionRow> {
    let (id, major, state, valid, override_reason) = spec;
    let mut v = ExtensionVersionRow::new(id.to_string(), &ext.id, Some(major), now - age);
    v.label = Some(format!("{}-{major}.{}.0", ext.name, age % 7));
    v.resource_key =
        Some(format!("clusters/{}/extensions/{}/versions/{id}/{id}.jar", ext.cluster_id, ext.id));
    v.valid = valid;
    if let Some(reason) = override_reason {
        v.override_by = Some("demo-admin".to_string());
        v.override_reason = Some(reason.to_string());
    }
    let scanned_at = now - age + MINUTE;
    match state {
        ScanState::Scanning => {
            // Still being scanned for the next hour, so the desk shows a SCANNING row.
            v.scan_state = ScanState::Scanning;
            v.pending =
                Some(PendingScan { due_at: now + 60 * MINUTE, state: ScanState::Warn, risk_score: Some(55) });
        }
        ScanState::Unscanned => {}
        state => {
            v.scan_state = state.clone();
            v.risk_score = risk(&state);
            v.scanned_at = Some(scanned_at);
            v.scanner_version = Some(SCANNER_VERSION.to_string());
            v.has_report = true;
        }
    }
    s.save_version(&v)?;
    if v.has_report || v.pending.is_some() {
        let entries =
            entries_for(&v.pending.as_ref().map_or(v.scan_state.clone(), |p| p.state.clone()), &ext.name);
        let names: Vec<&str> = entries.iter().map(String::as_str).collect();
        let verdict_state = v.pending.as_ref().map_or(v.scan_state.clone(), |p| p.state.clone());
        let verdict = Verdict { risk_score: risk(&verdict_state), state: verdict_state };
        let due = v.pending.as_ref().map_or(scanned_at, |p| p.due_at);
        s.set_report(
            &v.id,
            Some(&report::report(
                &verdict,
                &report::examine_entries(&names, 40_000 + names.len() * 900),
                due,
            )),
        )?;
    }
    Ok(v)
}

fn extension(
    s: &Store,
    id: &str,
    cluster_id: &str,
    name: &str,
    kind: ResourceType,
    now: Millis,
) -> StoreResult<ExtensionRow> {
    let e = ExtensionRow {
        id: id.to_string(),
        cluster_id: cluster_id.to_string(),
        name: name.to_string(),
        resource_type: kind,
        enabled: true,
        created_at: now - 60 * DAY,
        change_password_url: None,
    };
    s.insert_extension(&e)?;
    Ok(e)
}

fn enterprise(id: &str, name: &str, org_id: &str, region: &str, now: Millis) -> ClusterRow {
    ClusterRow {
        id: id.to_string(),
        name: name.to_string(),
        org_id: org_id.to_string(),
        region: region.to_string(),
        tier: Tier::Enterprise,
        status: ClusterState::Active,
        resource_limits: ResourceLimits::Standard,
        variant: "DEDICATED".to_string(),
        domain: None,
        created_at: now - 120 * DAY,
        ready_at: Some(now - 120 * DAY + 20 * MINUTE),
        restart_until: None,
        billed: true,
    }
}

/// The review desk's first-start work, in both demo organizations.
pub fn seed(s: &Store, now: Millis) -> StoreResult<()> {
    use ScanState as S;
    s.insert_cluster(&enterprise(ACME_SHOP, "acme-shop", ACME_ORG_ID, "EU_CENTRAL_1", now))?;
    s.set_scanning(ACME_SHOP, true)?;
    let theme = extension(s, "ext-storefront", ACME_SHOP, "storefront", ResourceType::Theme, now)?;
    version(s, &theme, ("ver-storefront-26", 26, S::Pass, true, None), 3 * DAY, now)?;
    let why = "Reviewed with the vendor: the reflection loads our own templates only.";
    version(s, &theme, (OVERRIDDEN_VERSION, 25, S::Warn, true, Some(why)), 9 * DAY, now)?;
    let loyalty = extension(s, "ext-loyalty", ACME_SHOP, "loyalty-points", ResourceType::Extension, now)?;
    version(s, &loyalty, ("ver-loyalty-26", 26, S::Block, false, None), 2 * DAY, now)?;
    version(s, &loyalty, ("ver-loyalty-25", 25, S::Scanning, false, None), 10 * MINUTE, now)?;
    version(
        s,
        &loyalty,
        ("ver-loyalty-24", 24, S::Unscanned, true, Some("Uploaded before scanning was on.")),
        40 * DAY,
        now,
    )?;
    let audit = extension(s, "ext-audit", ACME_SHOP, "audit-export", ResourceType::Extension, now)?;
    version(s, &audit, ("ver-audit-26", 26, S::Error, false, None), DAY, now)?;

    let globex = GLOBEX_PROD;
    let brand = extension(s, "ext-globex-brand", globex, "globex-brand", ResourceType::Theme, now)?;
    let why = "Needed for the launch; the remote font host is ours.";
    let blocked = version(s, &brand, (BLOCKED_VERSION, 26, S::Warn, true, Some(why)), 5 * DAY, now)?;
    let block = AdminBlock {
        by: SEED_BLOCKER.to_string(),
        reason:
            "Loads a script from a host outside the customer's domains; blocked until the vendor explains it."
                .into(),
        at: now - 4 * DAY,
    };
    s.set_block(&blocked.id, Some(&block))?;
    version(s, &brand, ("ver-globex-brand-25", 25, S::Pass, true, None), 50 * DAY, now)?;
    let bridge = extension(s, "ext-globex-sso", globex, "sso-bridge", ResourceType::Extension, now)?;
    version(s, &bridge, ("ver-globex-sso-26", 26, S::Block, false, None), 6 * DAY, now)?;
    version(s, &bridge, ("ver-globex-sso-25", 25, S::Warn, false, None), 12 * DAY, now)?;
    Ok(())
}

/// Clusters per scale organization.
const PER_ORG: usize = 10;

/// `--demo-scale n`: n more enterprise clusters in organizations of ten, each with seven
/// extensions of three Keycloak majors (20 versions: the last extension has two) in a
/// mix of scan states. Idempotent: clusters that exist are left alone.
pub fn scale(store: &mut Store, n: usize, now: Millis) -> StoreResult<()> {
    use ScanState as S;
    const STATES: [ScanState; 10] =
        [S::Pass, S::Pass, S::Pass, S::Warn, S::Pass, S::Block, S::Pass, S::Error, S::Unscanned, S::Warn];
    const REGIONS: [&str; 3] = ["US_EAST_1", "US_WEST_2", "EU_CENTRAL_1"];
    store.transaction(|s| {
        for i in 0..n {
            let org = i / PER_ORG;
            let org_id = format!("org-scale-{org:03}");
            if i % PER_ORG == 0 && s.org(&org_id)?.is_none() {
                let record = OrgRow {
                    id: org_id.clone(),
                    name: format!("scale-{org:03}"),
                    display_name: format!("Scale Customer {org:03}"),
                    created_at: now - 200 * DAY,
                };
                s.insert_org(&record)?;
            }
            let id = format!("cl-scale-{i:04}");
            if s.cluster(&id)?.is_some() {
                continue;
            }
            s.insert_cluster(&enterprise(&id, &format!("scale-{i:04}"), &org_id, REGIONS[i % 3], now))?;
            s.set_scanning(&id, true)?;
            for e in 0..7 {
                let ext = extension(
                    s,
                    &format!("ext-{i:04}-{e}"),
                    &id,
                    &format!("ext-{e}-{i:04}"),
                    ResourceType::Extension,
                    now,
                )?;
                for (m, major) in [24, 25, 26].into_iter().enumerate().take(if e == 6 { 2 } else { 3 }) {
                    let state = STATES[(i * 7 + e * 3 + m) % STATES.len()].clone();
                    let valid = matches!(state, S::Pass) || (matches!(state, S::Warn) && (i + e) % 2 == 0);
                    let reason = (valid && state != S::Pass).then_some("Accepted after review.");
                    let vid = format!("ver-{i:04}-{e}-{major}");
                    version(
                        s,
                        &ext,
                        (&vid, major, state, valid, reason),
                        ((i + e + m) as Millis % 90 + 1) * DAY,
                        now,
                    )?;
                }
            }
        }
        Ok(())
    })
}
