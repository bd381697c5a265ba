//! Custom domains as pure functions: what a host may be, how many a tier allows, and
//! the simulated DNS and certificate timeline. Real DNS cannot exist in the sandbox,
//! so a domain's state is a function of its age: records count as published
//! `dns_ms` after it was added, the certificate is issued `dns_ms` later, and hosts
//! under `.invalid` never validate and time out after `timeout_ms`.

use crate::records::{ClusterRow, CustomerDomainRow, Millis};
use cluster_api::domain_rules::{self, HostProblem, MAX_HOST, MAX_LABEL, domain_cap};
use cluster_api::{
    CertificateStatusMapping, ClusterState, DomainRecord, DomainRecordType, DomainStatusMapping,
};

pub use cluster_api::domain_rules::DEFAULT_SUFFIX;

/// The cluster's default host, `<name>.global.auth.ac`.
pub fn default_host(cluster: &ClusterRow) -> String {
    format!("{}.{DEFAULT_SUFFIX}", cluster.name)
}

/// 400's message when `host` (trimmed and lower-cased) is not a bare, well-formed
/// hostname; the rule is `cluster_api::domain_rules`, the words are the service's.
pub fn host_problem(host: &str) -> Option<String> {
    let problem = domain_rules::host_problem(host)?;
    Some(match problem {
        HostProblem::Empty => "host is required".to_string(),
        HostProblem::NotBare => {
            format!("host must be a hostname such as auth.example.com, not a URL; got {host:?}.")
        }
        HostProblem::TooLong(n) => format!("host may have at most {MAX_HOST} characters; this one has {n}."),
        HostProblem::NotQualified => {
            format!("{host} is not a fully qualified hostname; use a name such as auth.example.com.")
        }
        HostProblem::BadLabel => format!(
            "{host} is not a valid hostname: each dot-separated part must be 1 to {MAX_LABEL} letters, \
             digits or hyphens, not starting or ending with a hyphen."
        ),
        HostProblem::Numeric => {
            format!("{host} is an IP address or ends in a number; a domain name is needed.")
        }
        HostProblem::Reserved => {
            format!("{host} is under {DEFAULT_SUFFIX}, which hosts the clusters' default hostnames.")
        }
    })
}

/// How many custom domains the cluster's tier allows (`cluster_api::domain_rules`);
/// `None` for no limit.
pub fn cap(cluster: &ClusterRow) -> Option<usize> {
    domain_cap(&cluster.tier, &cluster.resource_limits)
}

/// 409's message when `cluster` cannot take another domain now.
pub fn add_problem(cluster: &ClusterRow, have: usize) -> Option<String> {
    if cluster.status != ClusterState::Active {
        return Some(format!(
            "{} is {}; custom domains can be added only while it is ACTIVE.",
            cluster.name, cluster.status
        ));
    }
    let limit = cap(cluster)?;
    (have >= limit).then(|| {
        format!(
            "The {} tier allows {limit} custom domains; {} has {have}. Remove one or upgrade the cluster to \
             add more.",
            cluster.tier, cluster.name
        )
    })
}

/// Where a domain stands at `now`.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub status: DomainStatusMapping,
    pub certificate: CertificateStatusMapping,
    /// The records still to be created (empty once validated).
    pub records: Vec<DomainRecord>,
}

/// The simulated timeline of `domain` on `cluster` at `now`.
pub fn progress(
    domain: &CustomerDomainRow,
    cluster_name: &str,
    now: Millis,
    dns_ms: Millis,
    timeout_ms: Millis,
) -> Progress {
    let age = now - domain.created_at;
    let pending = || records(domain, cluster_name);
    if domain.host.ends_with(".invalid") {
        return if age >= timeout_ms {
            Progress {
                status: DomainStatusMapping::Failed,
                certificate: CertificateStatusMapping::ValidationTimedOut,
                records: pending(),
            }
        } else {
            Progress {
                status: DomainStatusMapping::PendingValidation,
                certificate: CertificateStatusMapping::PendingValidation,
                records: pending(),
            }
        };
    }
    if age < dns_ms {
        Progress {
            status: DomainStatusMapping::PendingValidation,
            certificate: CertificateStatusMapping::PendingValidation,
            records: pending(),
        }
    } else if age < 2 * dns_ms {
        Progress {
            status: DomainStatusMapping::Success,
            certificate: CertificateStatusMapping::PendingValidation,
            records: vec![],
        }
    } else {
        Progress {
            status: DomainStatusMapping::Success,
            certificate: CertificateStatusMapping::Issued,
            records: vec![],
        }
    }
}

/// The two records to create: the certificate's validation CNAME (named from the
/// domain's ID, as a certificate authority's token would be) and the host's CNAME
/// to the cluster's default host.
pub fn records(domain: &CustomerDomainRow, cluster_name: &str) -> Vec<DomainRecord> {
    let token: String = domain.id.chars().filter(char::is_ascii_alphanumeric).collect();
    vec![
        DomainRecord {
            r#type: DomainRecordType::Cname,
            name: format!("_{token}.{}.", domain.host),
            value: format!("_{token}.acm-validations.aws."),
        },
        DomainRecord {
            r#type: DomainRecordType::Cname,
            name: format!("{}.", domain.host),
            value: format!("{cluster_name}.{DEFAULT_SUFFIX}."),
        },
    ]
}

/// 409's message when `host.update` may not switch to a domain in this state.
pub fn primary_problem(host: &str, certificate: &CertificateStatusMapping) -> Option<String> {
    (*certificate != CertificateStatusMapping::Issued).then(|| {
        format!(
            "The certificate of {host} is not issued yet ({certificate}); it can become the primary host \
             once it is ISSUED."
        )
    })
}

#[cfg(test)]
#[path = "domains_tests.rs"]
mod tests;
