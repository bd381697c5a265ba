use super::*;
use cluster_api::ResourceType as T;

fn cluster(tier: Tier) -> ClusterRecord {
    ClusterRecord {
        id: "c1".into(),
        name: "demo".into(),
        org_id: "org".into(),
        region: "US_EAST_1".into(),
        tier,
        status: ClusterState::Active,
        resource_limits: ResourceLimits::Standard,
        variant: "DEDICATED".into(),
        domain: None,
        created_at: 0,
        ready_at: None,
        restart_until: None,
        billed: true,
    }
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
        Some("The starter tier allows 0 extensions or password denylists; demo has 0. Upgrade the cluster to add more.")
    );
    assert_eq!(cap_problem(&starter, &T::WellKnown, &[T::WellKnown]), None, "no cap");

    let premium = cluster(Tier::Premium);
    assert_eq!(cap_problem(&premium, &T::PasswordBlacklist, &[T::Theme]), None);
    assert_eq!(
        cap_problem(&premium, &T::PasswordBlacklist, &[T::Extension]).as_deref(),
        Some("The premium tier allows 1 extension or password denylist; demo has 1. Upgrade the cluster to add more.")
    );
    let enterprise = cluster(Tier::Enterprise);
    assert_eq!(cap_problem(&enterprise, &T::Theme, &[T::Theme, T::Theme]), None);

    let mut custom = cluster(Tier::Starter);
    custom.resource_limits = ResourceLimits::Custom;
    assert_eq!(cap_problem(&custom, &T::Extension, &[T::Extension]), None, "custom limits are exempt");
}

#[test]
fn flows() {
    let record = |t: T| ExtensionRecord {
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
    let mut v = VersionRecord::new("v".into(), "e", Some(26), 0);
    assert!(matches!(validate(&mut v, true, Some("x"), "me"), Err((true, _))), "no upload yet");
    v.resource_key = Some("k".into());
    v.scan_state = ScanState::Warn;
    let (conflict, why) = validate(&mut v, true, Some("  "), "me").expect_err("blank reason");
    assert!(!conflict && why.contains("WARN"), "{why}");
    validate(&mut v, true, Some("reviewed"), "me").expect("approved");
    assert_eq!((v.valid, v.override_by.as_deref(), v.override_reason.as_deref()), (true, Some("me"), Some("reviewed")));
    validate(&mut v, false, None, "me").expect("withdrawn");
    assert_eq!((v.valid, v.override_by.clone(), v.override_reason.clone()), (false, None, None));
    v.scan_state = ScanState::Pass;
    validate(&mut v, true, Some("ignored"), "me").expect("approved");
    assert_eq!((v.valid, v.override_by), (true, None));
}
