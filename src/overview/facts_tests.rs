//! The overview facts' tests: the reads planned, and the counts and attention items their answers make.

use super::*;
use cluster_api::{DomainRecord, ExtensionVersion};

fn cluster(id: &str, org: &str, status: ClusterState) -> Cluster {
    Cluster { id: id.into(), name: id.into(), owner: Some(org.into()), status, ..Default::default() }
}

fn orgs() -> Vec<(String, String)> {
    vec![("acme".into(), "Acme".into()), ("empty".into(), "Empty Ltd".into())]
}

fn world() -> Vec<Cluster> {
    vec![
        cluster("prod", "acme", ClusterState::Active),
        cluster("trial", "acme", ClusterState::PendingPayment),
        cluster("old", "acme", ClusterState::Archived),
    ]
}

#[test]
fn reads_only_active_clusters_and_every_organization() {
    let reads = plan(&orgs(), &world());
    let what: Vec<(What, Option<&str>)> =
        reads.iter().map(|r| (r.what, r.cluster.as_ref().map(|c| c.0.as_str()))).collect();
    assert_eq!(
        what,
        [
            (What::Subscriptions, None),
            (What::Realms, Some("prod")),
            (What::Domains, Some("prod")),
            (What::Restart, Some("prod")),
            (What::Extensions, Some("prod")),
            (What::Subscriptions, None),
        ]
    );
}

#[test]
fn answers_become_counts_and_attention_items() {
    let now = 1_000_000_000;
    let reads = plan(&orgs(), &world());
    let failed = Deployment {
        id: "dep-1".into(),
        name: "legacy".into(),
        state: DeploymentState::Failed,
        state_error: Some("no clientId".into()),
        ..Default::default()
    };
    let ok = Deployment {
        id: "dep-2".into(),
        name: "main".into(),
        state: DeploymentState::Active,
        ..Default::default()
    };
    let record = DomainRecord { name: "_acme".into(), value: "x".into(), ..Default::default() };
    let waiting = CustomerDomain {
        id: "dom-1".into(),
        domain: "login.acme.example".into(),
        created_at: Some(EpochMillis(now - 3_600_000)),
        domain_records: Some(vec![record]),
        ..Default::default()
    };
    let done = CustomerDomain {
        id: "dom-2".into(),
        domain: "id.acme.example".into(),
        domain_records: Some(vec![]),
        ..Default::default()
    };
    let blocked = ExtensionVersion {
        id: "v1".into(),
        label: Some("1.2".into()),
        admin_blocked: Some(true),
        admin_blocked_reason: Some("remote script".into()),
        ..Default::default()
    };
    let ext = Extension {
        id: "e".into(),
        name: "audit".into(),
        versions: Some(vec![blocked, ExtensionVersion::default()]),
        ..Default::default()
    };
    let subs = vec![
        Subscription {
            id: "s1".into(),
            open_invoice: Some(true),
            open_invoice_amount_due: Some(14_900),
            ..Default::default()
        },
        Subscription { id: "s2".into(), open_invoice: Some(false), ..Default::default() },
    ];
    let answers = [
        Slot::Done(Answer::Subscriptions(subs)),
        Slot::Done(Answer::Realms(vec![failed, ok])),
        Slot::Done(Answer::Domains(vec![waiting, done])),
        Slot::Done(Answer::Restart(RestartStatus { restart_in_progress: true })),
        Slot::Done(Answer::Extensions(vec![ext])),
        Slot::Failed(ApiError::Network("offline".into())),
    ];
    let reads: Vec<(Read, Slot)> = reads.into_iter().zip(answers).collect();
    let all = facts(&orgs(), &world(), &reads, now);
    let acme = &all[0];
    assert_eq!(acme.clusters, 3);
    assert_eq!(
        acme.by_status,
        [(ClusterState::PendingPayment, 1), (ClusterState::Active, 1), (ClusterState::Archived, 1)]
    );
    assert_eq!((acme.realms, acme.realms_unknown), (2, 0));
    assert_eq!(acme.invoices, Some((1, 14_900)));
    let items: Vec<(&str, &str)> = acme.attention.iter().map(|i| (i.kind, i.href.as_str())).collect();
    assert_eq!(
        items,
        [
            ("unpaid", "/clusters/trial/billing"),
            ("failed-import", "/realms/dep-1"),
            ("dns", "/clusters/prod/domains?domain=dom-1"),
            ("restart", "/clusters/prod"),
            ("blocked", "/clusters/prod/resources"),
        ]
    );
    assert!(acme.attention[2].text.contains("expires"), "{}", acme.attention[2].text);
    assert!(acme.attention[1].text.ends_with("failed to import: no clientId"));
    let empty = &all[1];
    assert_eq!((empty.clusters, empty.invoices), (0, None), "a failed read is not zero invoices");
    assert_eq!(empty.failed.len(), 1);
    assert_eq!(empty.failed[0].0, 5, "the failed read keeps its position, for Retry");
}

#[test]
fn unanswered_realm_reads_make_the_count_a_floor() {
    let reads: Vec<(Read, Slot)> = plan(&orgs(), &world()).into_iter().map(|r| (r, Slot::Waiting)).collect();
    let all = facts(&orgs(), &world(), &reads, 0);
    assert_eq!((all[0].realms, all[0].realms_unknown, all[0].waiting), (0, 1, 5));
    assert_eq!(all[0].invoices, None);
}

#[test]
fn extreme_times_and_amounts_from_the_service_do_not_overflow() {
    let due = |id: &str| Subscription {
        id: id.into(),
        open_invoice: Some(true),
        open_invoice_amount_due: Some(i64::MAX),
        ..Default::default()
    };
    let record = DomainRecord { name: "_acme".into(), value: "x".into(), ..Default::default() };
    let far = CustomerDomain {
        id: "dom-1".into(),
        domain: "login.acme.example".into(),
        created_at: Some(EpochMillis(i64::MAX)),
        domain_records: Some(vec![record]),
        ..Default::default()
    };
    let mut answers = vec![Slot::Waiting; 6];
    answers[0] = Slot::Done(Answer::Subscriptions(vec![due("s1"), due("s2")]));
    answers[2] = Slot::Done(Answer::Domains(vec![far]));
    let reads: Vec<(Read, Slot)> = plan(&orgs(), &world()).into_iter().zip(answers).collect();
    assert_eq!(reads[2].0.what, What::Domains, "the plan's third read is the domains");
    let all = facts(&orgs(), &world(), &reads, 0);
    assert_eq!(all[0].invoices, Some((2, i64::MAX)));
    let dns: Vec<&Item> = all[0].attention.iter().filter(|i| i.kind == "dns").collect();
    assert_eq!(dns.len(), 1);
    assert!(dns[0].text.contains("expires"), "{}", dns[0].text);
}
