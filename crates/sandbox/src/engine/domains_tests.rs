use super::*;
use crate::records::{ClusterRow, CustomerDomainRow};
use cluster_api::{ResourceLimits, Tier};

fn cluster(tier: Tier) -> ClusterRow {
    ClusterRow::sample(tier)
}

fn row(host: &str) -> CustomerDomainRow {
    CustomerDomainRow { id: "dom-1a2b".into(), cluster_id: "c1".into(), host: host.into(), created_at: 1_000 }
}

/// The rule is `cluster_api::domain_rules` (tested there); these are the service's words.
#[test]
fn hosts_are_refused_in_the_services_words() {
    assert_eq!(host_problem("auth.acme.com"), None);
    let long = format!("{}.com", vec!["a".repeat(60); 5].join("."));
    for (bad, words) in [
        ("", "host is required"),
        ("https://auth.acme.com", "not a URL; got \"https://auth.acme.com\"."),
        (long.as_str(), "at most 253 characters; this one has 308."),
        ("localhost", "localhost is not a fully qualified hostname"),
        ("Auth.acme.com", "each dot-separated part must be 1 to 63 letters"),
        ("10.0.0.1", "10.0.0.1 is an IP address or ends in a number"),
        ("demo.global.auth.ac", "is under global.auth.ac, which hosts the clusters' default hostnames."),
    ] {
        assert!(host_problem(bad).is_some_and(|m| m.contains(words)), "{bad}: {:?}", host_problem(bad));
    }
}

#[test]
fn caps_by_tier() {
    assert_eq!(cap(&cluster(Tier::Starter)), Some(2));
    let mut custom = cluster(Tier::Starter);
    custom.resource_limits = ResourceLimits::Custom;
    assert_eq!(cap(&custom), None);
    assert_eq!(add_problem(&custom, 40), None);
    assert_eq!(add_problem(&cluster(Tier::Starter), 1), None);
    assert!(add_problem(&cluster(Tier::Starter), 2).is_some_and(|m| m.contains("allows 2")));
    let mut provisioning = cluster(Tier::Premium);
    provisioning.status = ClusterState::Provisioning;
    assert!(add_problem(&provisioning, 0).is_some_and(|m| m.contains("ACTIVE")));
}

#[test]
fn timeline() {
    use CertificateStatusMapping as C;
    use DomainStatusMapping as S;
    let d = row("auth.acme.com");
    let at = |t: i64| progress(&d, "demo", 1_000 + t, 100, 500);
    assert_eq!(
        (at(0).status, at(0).certificate, at(0).records.len()),
        (S::PendingValidation, C::PendingValidation, 2)
    );
    assert_eq!(
        (at(100).status, at(100).certificate, at(100).records.len()),
        (S::Success, C::PendingValidation, 0)
    );
    assert_eq!((at(200).status, at(200).certificate), (S::Success, C::Issued));
    let bad = row("auth.acme.invalid");
    let at = |t: i64| progress(&bad, "demo", 1_000 + t, 100, 500);
    assert_eq!((at(499).status, at(499).certificate), (S::PendingValidation, C::PendingValidation));
    assert_eq!(
        (at(500).status, at(500).certificate, at(500).records.len()),
        (S::Failed, C::ValidationTimedOut, 2)
    );
}

#[test]
fn records_point_the_host_at_the_cluster() {
    let r = records(&row("auth.acme.com"), "demo");
    assert_eq!(r[0].name, "_dom1a2b.auth.acme.com.");
    assert_eq!((r[1].name.as_str(), r[1].value.as_str()), ("auth.acme.com.", "demo.global.auth.ac."));
    assert!(r.iter().all(|r| r.r#type == DomainRecordType::Cname));
    assert_eq!(default_host(&cluster(Tier::Starter)), "demo.global.auth.ac");
    assert!(primary_problem("a.b", &CertificateStatusMapping::PendingValidation).is_some());
    assert_eq!(primary_problem("a.b", &CertificateStatusMapping::Issued), None);
}
