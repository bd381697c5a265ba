//! A cluster's Domains tab: custom hostnames with their DNS and certificate status
//! (watched live until they settle), the records to create, and which host is primary.

mod add;
mod card;
mod focus;
mod page;
mod switch;
mod words;

use cluster_api::domain_rules::{self, HostProblem, MAX_HOST, MAX_LABEL};
use cluster_api::{CertificateStatusMapping, CustomerDomainValidation, ops};

use crate::api::{self, ApiError};
use crate::i18n::k::domains as w;
use crate::i18n::{t, tf, tp};
use crate::poll::{Backoff, Poller};
use crate::session::Session;

pub use page::ClusterDomains;

/// One poll per domain (`PollKey::item(cluster, domain)`) while DNS or the certificate is pending.
pub type DomainWatch = Poller<CustomerDomainValidation>;

/// DNS checks take seconds to minutes: look again soon, then less often.
const DNS_BACKOFF: Backoff = Backoff { initial_ms: 1_000, factor: 1.5, max_ms: 15_000 };

pub use cluster_api::domain_rules::{DEFAULT_SUFFIX, domain_cap as cap};

/// Nothing more will change by itself once the certificate left PENDING_VALIDATION.
pub fn settled(v: &CustomerDomainValidation) -> bool {
    v.certificate_status != CertificateStatusMapping::PendingValidation
}

/// The domain watch; get it with `poll::app_wide(domain_watch)`.
pub fn domain_watch(session: Session) -> DomainWatch {
    Poller::new(
        session,
        |api, key| {
            Box::pin(async move {
                let Some(domain_id) = key.item else {
                    return Err(ApiError::NotFound(t(w::NOT_KNOWN).into()));
                };
                api::call(api, &ops::ClusterDomainStatusDetail { id: key.cluster, domain_id }).await
            })
        },
        settled,
        DNS_BACKOFF,
    )
}

/// The bare hostname of `Cluster.host` (a base URL such as `https://x.global.auth.ac`).
pub fn bare_host(host: &str) -> &str {
    let rest = host.split_once("://").map_or(host, |(_, rest)| rest);
    rest.split('/').next().unwrap_or(rest)
}

/// "1 of 5 domains", or "3 domains (no limit)".
pub fn usage(n: usize, cap: Option<usize>) -> String {
    match cap {
        Some(cap) => tp(w::USAGE_CAPPED, cap as f64, &[("used", &n.to_string())]),
        None => tp(w::USAGE_UNLIMITED, n as f64, &[]),
    }
}

/// What is wrong with a host typed in the form, checked before anything is sent: the
/// service's rule (`cluster_api::domain_rules`) on the host as it will be sent, in the
/// console's words.
pub fn host_problem(typed: &str) -> Option<String> {
    let host = typed.trim().to_ascii_lowercase();
    Some(match domain_rules::host_problem(&host)? {
        HostProblem::Empty => t(w::HOST_EMPTY).into(),
        HostProblem::NotBare => t(w::HOST_NOT_BARE).into(),
        HostProblem::TooLong(n) => {
            tf(w::HOST_TOO_LONG, &[("max", &MAX_HOST.to_string()), ("n", &n.to_string())])
        }
        HostProblem::NotQualified => t(w::HOST_NOT_QUALIFIED).into(),
        HostProblem::BadLabel => tf(w::HOST_BAD_LABEL, &[("max", &MAX_LABEL.to_string())]),
        HostProblem::Numeric => t(w::HOST_NUMERIC).into(),
        HostProblem::Reserved => tf(w::HOST_RESERVED, &[("suffix", DEFAULT_SUFFIX)]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_checked_before_sending() {
        assert_eq!(host_problem("auth.acme.com"), None);
        assert_eq!(host_problem("Auth.Acme.com"), None);
        for bad in [
            "",
            "https://auth.acme.com",
            "auth.acme.com/x",
            "localhost",
            "a..b",
            "-a.com",
            "x.demo.global.auth.ac",
            "10.0.0.1",
        ] {
            assert!(host_problem(bad).is_some(), "{bad}");
        }
        assert_eq!(host_problem("  Auth.Acme.com "), None, "checked as sent: trimmed, lower-cased");
        assert_eq!(
            host_problem("x.Demo.Global.Auth.AC").as_deref(),
            Some("Hosts under global.auth.ac are the clusters' own; use a domain you control.")
        );
        assert_eq!(
            host_problem("a_b.com").as_deref(),
            Some(
                "Each part between dots must be 1 to 63 letters, digits or hyphens, not starting or ending \
                 with a hyphen."
            )
        );
        assert!(
            host_problem(&format!("{}.com", vec!["a".repeat(60); 5].join(".")))
                .is_some_and(|m| m.contains("253"))
        );
    }

    #[test]
    fn caps_and_usage() {
        use cluster_api::{ResourceLimits, Tier};
        assert_eq!(usage(1, cap(&Tier::Premium, &ResourceLimits::Standard)), "1 of 5 domains");
        assert_eq!(usage(0, cap(&Tier::Starter, &ResourceLimits::Standard)), "0 of 2 domains");
        assert_eq!(usage(3, cap(&Tier::Enterprise, &ResourceLimits::Custom)), "3 domains (no limit)");
        assert_eq!(cap(&Tier::Enterprise, &ResourceLimits::Standard), Some(15));
    }

    #[test]
    fn settled_once_the_certificate_is_no_longer_pending() {
        assert!(settled(&CustomerDomainValidation {
            certificate_status: CertificateStatusMapping::Issued,
            ..Default::default()
        }));
        assert!(!settled(&CustomerDomainValidation::default()));
    }

    #[test]
    fn hosts_lose_their_scheme() {
        assert_eq!(bare_host("https://auth.acme.com"), "auth.acme.com");
        assert_eq!(bare_host("https://x.global.auth.ac/"), "x.global.auth.ac");
        assert_eq!(bare_host("x.global.auth.ac"), "x.global.auth.ac");
    }
}
