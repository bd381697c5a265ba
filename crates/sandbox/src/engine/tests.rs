use super::*;
use crate::records::ClusterRow;
use cluster_api::Tier;

fn cluster(status: ClusterState) -> ClusterRow {
    ClusterRow { status, created_at: 1_000, ..ClusterRow::sample(Tier::Premium) }
}

#[test]
fn provisioning_turns_active_when_ready_at_passes() {
    let mut c = cluster(ClusterState::Provisioning);
    c.ready_at = Some(5_000);
    c.billed = false;
    assert!(!settle(&mut c, 4_999));
    assert_eq!(c.status, ClusterState::Provisioning);
    assert!(settle(&mut c, 5_000));
    assert_eq!(c.status, ClusterState::Active);
    assert!(c.billed);
    assert!(!settle(&mut c, 6_000), "settling twice changes nothing");
}

#[test]
fn provisioning_without_ready_at_stays() {
    let mut c = cluster(ClusterState::Provisioning);
    assert!(!settle(&mut c, i64::MAX));
    assert_eq!(c.status, ClusterState::Provisioning);
}

#[test]
fn billed_states_are_scheduled_for_deletion() {
    for status in [
        ClusterState::Active,
        ClusterState::Provisioning,
        ClusterState::Disabled,
        ClusterState::BillingRequired,
        ClusterState::SetupException,
    ] {
        let mut c = cluster(status.clone());
        assert_eq!(delete(&mut c), Ok(false), "{status}");
        assert_eq!(c.status, ClusterState::PendingDeletion);
    }
}

#[test]
fn never_billed_clusters_are_removed() {
    for status in [ClusterState::BillingSetup, ClusterState::PendingPayment] {
        let mut c = cluster(status);
        c.billed = false;
        assert_eq!(delete_outcome(&c), DeleteOutcome::Remove);
    }
    let mut failed_before_payment = cluster(ClusterState::SetupException);
    failed_before_payment.billed = false;
    assert_eq!(delete(&mut failed_before_payment), Ok(true));
}

#[test]
fn terminal_states_refuse_delete() {
    for status in [ClusterState::PendingDeletion, ClusterState::Archived] {
        let mut c = cluster(status.clone());
        let why = delete(&mut c).expect_err("refused");
        assert!(why.contains("demo"), "{why}");
        assert_eq!(c.status, status, "unchanged");
    }
}

#[test]
fn archived_is_not_listed() {
    assert!(!listed(&ClusterState::Archived));
    assert!(listed(&ClusterState::PendingDeletion));
    assert!(listed(&ClusterState::Active));
}

#[test]
fn system_info_only_while_active() {
    assert!(system_info_available(&cluster(ClusterState::Active)).is_ok());
    let mut c = cluster(ClusterState::Provisioning);
    c.name = "acme-staging".into();
    assert_eq!(
        system_info_available(&c),
        Err(
            "System information is available only while the cluster is ACTIVE; acme-staging is PROVISIONING."
                .into()
        )
    );
}

#[test]
fn restart_window() {
    let mut c = cluster(ClusterState::Active);
    assert!(!restart_in_progress(&c, 0));
    begin_restart(&mut c, 1_000, 500).expect("starts");
    assert!(restart_in_progress(&c, 1_499));
    assert!(begin_restart(&mut c, 1_200, 500).is_err(), "one at a time");
    assert!(!restart_in_progress(&c, 1_500));
    assert!(!settle(&mut c, 1_500), "a finished restart is kept: Keycloak started then");
    assert_eq!(started_at(&c, &[], 1_600), 1_500);
    assert!(begin_restart(&mut c, 2_000, 500).is_ok());
}

#[test]
fn metrics_report_only_realms_and_clients_and_follow_health_and_restarts() {
    let mut active = cluster(ClusterState::Active);
    let realms = [RealmCount { active: true, clients: 6 }, RealmCount { active: false, clients: 8 }];
    let a = metrics(&active, &realms, 0);
    assert!(a.healthy);
    assert_eq!(a.name, "demo");
    let counts = a.counts.expect("counts");
    assert_eq!((counts.get("realms"), counts.get("clients")), (Some(&2), Some(&6)));
    assert!(!counts.contains_key("users"), "users are not modelled, so not reported");

    begin_restart(&mut active, 1_000, 500).expect("starts");
    assert!(!metrics(&active, &realms, 1_200).healthy, "restarting");
    assert!(metrics(&active, &realms, 1_500).healthy);

    let provisioning = metrics(&cluster(ClusterState::Provisioning), &[], 0);
    assert!(!provisioning.healthy);
    assert!(provisioning.counts.expect("counts").is_empty());
}

#[test]
fn uptime_restarts_with_a_restart() {
    let mut c = cluster(ClusterState::Active);
    c.ready_at = Some(10_000);
    assert_eq!(system_info(&c, &[], 100_000).uptime_millis, Some(90_000));
    begin_restart(&mut c, 100_000, 3_000).expect("starts");
    assert_eq!(system_info(&c, &[], 101_000).uptime_millis, Some(0), "starting again");
    assert_eq!(system_info(&c, &[], 110_000).uptime_millis, Some(7_000));
}

#[test]
fn system_info_reports_uptime_since_ready() {
    let mut c = cluster(ClusterState::Active);
    c.ready_at = Some(10_000);
    let info = system_info(&c, &[], 10_000 + 90_061_000);
    assert_eq!(info.uptime_millis, Some(90_061_000));
    assert_eq!(info.uptime.as_deref(), Some("1 day, 1 hour, 1 minute, 1 second"));
    assert!(info.version.is_some() && info.build_tag.is_some());
}

#[test]
fn starts_are_the_cluster_start_and_every_restart_end() {
    let mut c = cluster(ClusterState::Active);
    c.ready_at = Some(10_000);
    assert_eq!(starts(&c, &[]), vec![10_000]);
    begin_restart(&mut c, 50_000, 3_000).expect("starts");
    // The record's latest restart counts even before the history has it; a history entry
    // is not counted twice.
    assert_eq!(starts(&c, &[]), vec![10_000, 53_000]);
    assert_eq!(starts(&c, &[20_000, 53_000]), vec![10_000, 20_000, 53_000]);
    let before = ClusterRow { restart_until: None, ..c.clone() };
    assert_eq!(started_at(&before, &[20_000], 40_000), 20_000, "the latest restart that has ended");
    assert_eq!(started_at(&c, &[20_000, 53_000], 52_000), 52_000, "restarting: starting now");
    assert_eq!(system_info(&c, &[20_000, 53_000], 60_000).uptime_millis, Some(7_000));
    assert!(starts(&cluster(ClusterState::Provisioning), &[]).is_empty(), "never ran");
}
