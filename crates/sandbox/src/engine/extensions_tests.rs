use super::*;
use crate::records::{ClusterRow, ExtensionRow, ExtensionVersionRow};
use cluster_api::ResourceType as T;

fn cluster(tier: Tier) -> ClusterRow {
    ClusterRow::sample(tier)
}

#[test]
fn names() {
    for ok in ["a", "theme-customer-1-0-0", "my_denylist", &"x".repeat(63)] {
        assert_eq!(name_problem(ok), None, "{ok}");
    }
    for bad in ["", "Theme", "a b", "é", &"x".repeat(64)] {
        assert!(name_problem(bad).is_some(), "{bad}");
    }
}

#[test]
fn tier_caps() {
    let starter = cluster(Tier::Starter);
    assert_eq!(cap_problem(&starter, &T::Theme, &[]), None);
    assert_eq!(
        cap_problem(&starter, &T::Theme, &[T::Theme]).as_deref(),
        Some("The starter tier allows 1 theme; demo has 1. Upgrade the cluster to add more.")
    );
    assert_eq!(
        cap_problem(&starter, &T::Extension, &[]).as_deref(),
        Some(
            "The starter tier allows 0 extensions or password denylists; demo has 0. Upgrade the cluster to \
             add more."
        )
    );
    assert_eq!(cap_problem(&starter, &T::WellKnown, &[T::WellKnown]), None, "no cap");

    let premium = cluster(Tier::Premium);
    assert_eq!(cap_problem(&premium, &T::PasswordBlacklist, &[T::Theme]), None);
    assert_eq!(
        cap_problem(&premium, &T::PasswordBlacklist, &[T::Extension]).as_deref(),
        Some(
            "The premium tier allows 1 extension or password denylist; demo has 1. Upgrade the cluster to \
             add more."
        )
    );
    let enterprise = cluster(Tier::Enterprise);
    assert_eq!(cap_problem(&enterprise, &T::Theme, &[T::Theme, T::Theme]), None);

    let mut custom = cluster(Tier::Starter);
    custom.resource_limits = ResourceLimits::Custom;
    assert_eq!(cap_problem(&custom, &T::Extension, &[T::Extension]), None, "custom limits are exempt");
}

#[test]
fn flows() {
    let record = |t: T| ExtensionRow {
        id: "e".into(),
        cluster_id: "c".into(),
        name: "x".into(),
        resource_type: t,
        enabled: true,
        created_at: 0,
        change_password_url: None,
    };
    assert_eq!(wrong_flow(&record(T::Theme), Flow::Versioned), None);
    let why = wrong_flow(&record(T::PasswordBlacklist), Flow::Versioned).unwrap_or_default();
    assert!(why.contains("standalone"), "{why}");
    let why = wrong_flow(&record(T::Extension), Flow::Standalone).unwrap_or_default();
    assert!(why.contains("per Keycloak major version"), "{why}");
    let why = wrong_flow(&record(T::Theme), Flow::WellKnown).unwrap_or_default();
    assert!(why.starts_with("Well-known files apply only to WELL_KNOWN resources"), "{why}");
}

#[test]
fn approving() {
    let mut v = ExtensionVersionRow::new("v".into(), "e", Some(26), 0);
    assert!(matches!(validate(&mut v, true, Some("x"), "me"), Err((true, _))), "no upload yet");
    v.resource_key = Some("k".into());
    v.scan_state = ScanState::Warn;
    let (conflict, why) = validate(&mut v, true, Some("  "), "me").expect_err("blank reason");
    assert!(!conflict && why.contains("WARN"), "{why}");
    validate(&mut v, true, Some("reviewed"), "me").expect("approved");
    assert_eq!(
        (v.valid, v.override_by.as_deref(), v.override_reason.as_deref()),
        (true, Some("me"), Some("reviewed"))
    );
    validate(&mut v, false, None, "me").expect("withdrawn");
    assert_eq!((v.valid, v.override_by.clone(), v.override_reason.clone()), (false, None, None));
    v.scan_state = ScanState::Pass;
    validate(&mut v, true, Some("ignored"), "me").expect("approved");
    assert_eq!((v.valid, v.override_by), (true, None));
}

fn slot() -> ExtensionRow {
    ExtensionRow {
        id: "e".into(),
        cluster_id: "c".into(),
        name: "theme".into(),
        resource_type: ResourceType::Theme,
        enabled: true,
        created_at: 0,
        change_password_url: None,
    }
}

fn approved(scan: ScanState) -> ExtensionVersionRow {
    let mut v = ExtensionVersionRow::new("v".into(), "e", Some(26), 0);
    v.resource_key = Some("k".into());
    v.scan_state = scan;
    v.valid = true;
    v
}

#[test]
fn a_blocked_version_is_never_deployed_whatever_valid_or_scan_say() {
    let ext = slot();
    for scan in [ScanState::Pass, ScanState::Warn, ScanState::Unscanned] {
        let mut v = approved(scan);
        assert!(deployable(&ext, &v));
        admin_block(&mut v, true, Some("malware"), "staff", 5).expect("blocked");
        assert!(!deployable(&ext, &v));
        assert!(!reconcile(&ext, &mut v, 10), "nothing to change: it was never deployed");
        assert_eq!(v.applied_at, None);
    }
}

#[test]
fn a_deployed_version_leaves_at_the_next_reconcile_once_blocked_and_returns_when_unblocked() {
    let ext = slot();
    let mut v = approved(ScanState::Pass);
    assert!(reconcile(&ext, &mut v, 10));
    assert_eq!(v.applied_at, Some(10));
    admin_block(&mut v, true, Some("malware"), "staff", 11).expect("blocked");
    assert_eq!(v.applied_at, Some(10), "a block alone does not restart the cluster");
    assert!(reconcile(&ext, &mut v, 20));
    assert_eq!(v.applied_at, None, "removed by the reconcile");
    // The customer may still approve it; it stays off the cluster.
    validate(&mut v, true, None, "customer").expect("approved");
    assert!(!reconcile(&ext, &mut v, 30));
    admin_block(&mut v, false, None, "staff", 31).expect("unblocked");
    assert!(reconcile(&ext, &mut v, 40));
    assert_eq!(v.applied_at, Some(40));
}

#[test]
fn blocking_needs_a_reason_and_unblocking_clears_every_field() {
    let mut v = approved(ScanState::Warn);
    assert!(admin_block(&mut v, true, None, "staff", 1).is_err());
    assert!(admin_block(&mut v, true, Some("   "), "staff", 1).is_err());
    assert_eq!(v.block, None);
    admin_block(&mut v, true, Some(" bad jar "), "staff", 7).expect("blocked");
    let wire = v.to_wire();
    assert_eq!(wire.admin_blocked, Some(true));
    assert_eq!(wire.admin_blocked_by.as_deref(), Some("staff"));
    assert_eq!(wire.admin_blocked_reason.as_deref(), Some("bad jar"));
    assert_eq!(wire.admin_blocked_at.map(|t| t.0), Some(7));
    admin_block(&mut v, false, Some("ignored"), "staff", 8).expect("unblocked");
    let wire = v.to_wire();
    assert_eq!(
        (wire.admin_blocked, wire.admin_blocked_by, wire.admin_blocked_reason, wire.admin_blocked_at),
        (Some(false), None, None, None)
    );
}
