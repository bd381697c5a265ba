//! What the overview reads and what it concludes, per organization. Pure: the reads are
//! planned from the organizations and `cluster.list`, and the facts are computed from
//! their answers, so a failed read stays failed (never counted as zero). Tested natively.

use cluster_api::{
    Cluster, ClusterState, CustomerDomain, Deployment, DeploymentState, EpochMillis, Extension,
    RestartStatus, Subscription,
};

use crate::api::ApiError;
use crate::cluster_states::unpaid;
use crate::i18n::{k, t, tf};
use crate::links::{self, ClusterTab};

/// A domain whose DNS records are not found within 48 hours of adding it expires.
pub const DNS_EXPIRY_MS: i64 = 48 * 3_600_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    Subscriptions,
    Realms,
    Domains,
    Restart,
    Extensions,
}

impl What {
    /// "Reading the realms of prod": what failed, for the person (one sentence per read, as
    /// word order differs between languages).
    pub fn reading(self, cluster: Option<&str>) -> String {
        match (self, cluster) {
            (What::Subscriptions, _) => t(k::overview::READING_SUBSCRIPTIONS).to_string(),
            (What::Realms, Some(c)) => tf(k::overview::READING_REALMS_OF, &[("cluster", c)]),
            (What::Realms, None) => t(k::overview::READING_REALMS).to_string(),
            (What::Domains, Some(c)) => tf(k::overview::READING_DOMAINS_OF, &[("cluster", c)]),
            (What::Domains, None) => t(k::overview::READING_DOMAINS).to_string(),
            (What::Restart, Some(c)) => tf(k::overview::READING_RESTART_OF, &[("cluster", c)]),
            (What::Restart, None) => t(k::overview::READING_RESTART).to_string(),
            (What::Extensions, Some(c)) => tf(k::overview::READING_EXTENSIONS_OF, &[("cluster", c)]),
            (What::Extensions, None) => t(k::overview::READING_EXTENSIONS).to_string(),
        }
    }
}

/// One read: an organization's subscriptions, or one thing of one ACTIVE cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Read {
    pub what: What,
    pub org_id: String,
    /// (ID, name) of the cluster, for the cluster reads.
    pub cluster: Option<(String, String)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Subscriptions(Vec<Subscription>),
    Realms(Vec<Deployment>),
    Domains(Vec<CustomerDomain>),
    Restart(RestartStatus),
    Extensions(Vec<Extension>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Slot {
    Waiting,
    Done(Answer),
    Failed(ApiError),
}

/// Every read the overview makes after `org.list` and `cluster.list`, in order.
pub fn plan(orgs: &[(String, String)], clusters: &[Cluster]) -> Vec<Read> {
    let mut reads = Vec::new();
    for (org_id, _) in orgs {
        reads.push(Read { what: What::Subscriptions, org_id: org_id.clone(), cluster: None });
        for c in
            clusters.iter().filter(|c| c.owner.as_deref() == Some(org_id) && c.status == ClusterState::Active)
        {
            for what in [What::Realms, What::Domains, What::Restart, What::Extensions] {
                reads.push(Read {
                    what,
                    org_id: org_id.clone(),
                    cluster: Some((c.id.clone(), c.name.clone())),
                });
            }
        }
    }
    reads
}

/// One thing that needs the person, with the page where it is handled.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub kind: &'static str,
    pub text: String,
    pub href: String,
    /// The service's own words inside `text` (a realm import's failure), marked as such.
    pub theirs: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgFacts {
    pub org_id: String,
    pub label: String,
    /// Clusters per status, in the order of `ClusterState::KNOWN`.
    pub by_status: Vec<(ClusterState, usize)>,
    pub clusters: usize,
    /// Realms of the ACTIVE clusters whose realms were read.
    pub realms: usize,
    /// `None` until the subscriptions are read (or when that failed): (count, amount due).
    pub invoices: Option<(usize, i64)>,
    pub attention: Vec<Item>,
    /// Reads that failed: (position in the reads, which read, what it was in words, the error).
    pub failed: Vec<(usize, What, String, ApiError)>,
    pub waiting: usize,
    /// Realm reads not answered (waiting or failed): the realm count is then a floor.
    pub realms_unknown: usize,
}

fn push_cluster_items(facts: &mut OrgFacts, cluster: &(String, String), answer: &Answer, now: i64) {
    let (id, name) = cluster;
    match answer {
        Answer::Realms(realms) => {
            facts.realms += realms.len();
            for r in realms.iter().filter(|r| r.state == DeploymentState::Failed) {
                let realm = r.display_name.as_deref().unwrap_or(&r.name);
                let text = match r.state_error.as_deref() {
                    Some(why) => tf(
                        k::overview::REALM_IMPORT_FAILED_BECAUSE,
                        &[("realm", realm), ("cluster", name.as_str()), ("reason", why)],
                    ),
                    None => {
                        tf(k::overview::REALM_IMPORT_FAILED, &[("realm", realm), ("cluster", name.as_str())])
                    }
                };
                facts.attention.push(Item {
                    kind: "failed-import",
                    text,
                    href: links::realm(&r.id),
                    theirs: r.state_error.clone(),
                });
            }
        }
        Answer::Domains(domains) => {
            for d in domains.iter().filter(|d| d.domain_records.as_ref().is_some_and(|r| !r.is_empty())) {
                // Saturating: the creation time comes from the service, and any i64 parses.
                let expiry = d.created_at.map(|at| at.0.saturating_add(DNS_EXPIRY_MS));
                let names = [("domain", d.domain.as_str()), ("cluster", name.as_str())];
                let text = match expiry {
                    Some(at) if at > now => {
                        let when = crate::format::utc(EpochMillis(at));
                        tf(
                            k::overview::DNS_WAITING_EXPIRES,
                            &[&names[..], &[("when", when.as_str())]].concat(),
                        )
                    }
                    Some(_) => tf(k::overview::DNS_WAITING_EXPIRED, &names),
                    None => tf(k::overview::DNS_WAITING, &names),
                };
                facts.attention.push(Item {
                    kind: "dns",
                    text,
                    href: links::cluster_domain(id, &d.id),
                    theirs: None,
                });
            }
        }
        Answer::Restart(status) if status.restart_in_progress => {
            facts.attention.push(Item {
                kind: "restart",
                text: tf(k::overview::RESTARTING, &[("cluster", name.as_str())]),
                href: links::cluster(id),
                theirs: None,
            });
        }
        Answer::Restart(_) | Answer::Subscriptions(_) => {}
        Answer::Extensions(extensions) => {
            for e in extensions {
                for v in e.versions.iter().flatten().filter(|v| v.admin_blocked == Some(true)) {
                    let version = v
                        .label
                        .clone()
                        .or_else(|| {
                            v.keycloak_major_version
                                .map(|m| tf(k::overview::FOR_KEYCLOAK, &[("major", &m.to_string())]))
                        })
                        .unwrap_or_else(|| v.id.clone());
                    let names = [
                        ("extension", e.name.as_str()),
                        ("version", version.as_str()),
                        ("cluster", name.as_str()),
                    ];
                    let text = match v.admin_blocked_reason.as_deref() {
                        Some(why) => {
                            tf(k::overview::BLOCKED_BECAUSE, &[&names[..], &[("reason", why)]].concat())
                        }
                        None => tf(k::overview::BLOCKED, &names),
                    };
                    facts.attention.push(Item {
                        kind: "blocked",
                        text,
                        href: links::cluster_tab(id, ClusterTab::Resources),
                        // Written by support staff, in whatever language they wrote it.
                        theirs: None,
                    });
                }
            }
        }
    }
}

/// The facts of each organization (in the order given), from `cluster.list` and the reads.
pub fn facts(
    orgs: &[(String, String)],
    clusters: &[Cluster],
    reads: &[(Read, Slot)],
    now: i64,
) -> Vec<OrgFacts> {
    orgs.iter()
        .map(|(org_id, label)| {
            let mut facts = OrgFacts { org_id: org_id.clone(), label: label.clone(), ..Default::default() };
            let own: Vec<&Cluster> = clusters.iter().filter(|c| c.owner.as_deref() == Some(org_id)).collect();
            facts.clusters = own.len();
            facts.by_status = ClusterState::KNOWN
                .iter()
                .map(|s| (s.clone(), own.iter().filter(|c| &c.status == s).count()))
                .filter(|(_, n)| *n > 0)
                .collect();
            for c in own.iter().filter(|c| unpaid(&c.status)) {
                let text = tf(k::overview::WAITS_FOR_PAYMENT, &[("cluster", &c.name)]);
                facts.attention.push(Item {
                    kind: "unpaid",
                    text,
                    href: links::cluster_tab(&c.id, ClusterTab::Billing),
                    theirs: None,
                });
            }
            for (at, (read, slot)) in reads.iter().enumerate().filter(|(_, (r, _))| &r.org_id == org_id) {
                if read.what == What::Realms && !matches!(slot, Slot::Done(_)) {
                    facts.realms_unknown += 1;
                }
                match (slot, &read.cluster) {
                    (Slot::Waiting, _) => facts.waiting += 1,
                    (Slot::Failed(e), cluster) => {
                        let what = read.what.reading(cluster.as_ref().map(|(_, n)| n.as_str()));
                        facts.failed.push((at, read.what, what, e.clone()));
                    }
                    (Slot::Done(Answer::Subscriptions(subs)), _) => {
                        let open: Vec<&Subscription> =
                            subs.iter().filter(|s| s.open_invoice == Some(true)).collect();
                        // Saturating: the amounts come from the service, and any i64 parses.
                        let due = open
                            .iter()
                            .filter_map(|s| s.open_invoice_amount_due)
                            .fold(0i64, i64::saturating_add);
                        facts.invoices = Some((open.len(), due));
                    }
                    (Slot::Done(answer), Some(cluster)) => {
                        push_cluster_items(&mut facts, cluster, answer, now)
                    }
                    (Slot::Done(_), None) => {}
                }
            }
            facts
        })
        .collect()
}

#[cfg(test)]
#[path = "facts_tests.rs"]
mod tests;
