//! Custom domains as the console and the sandbox both read them (API-NOTES §4.2, §11):
//! what a host may be and how many domains a tier allows. One definition, so the form's
//! check before sending and the service's 400s and 409s agree; each side words a
//! [`HostProblem`] for its own reader.

use crate::{ResourceLimits, Tier};

/// The suffix of every cluster's default host (`<name>.global.auth.ac`).
pub const DEFAULT_SUFFIX: &str = "global.auth.ac";

/// The longest hostname DNS allows.
pub const MAX_HOST: usize = 253;
/// The longest label (the part between two dots).
pub const MAX_LABEL: usize = 63;

/// What is wrong with a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostProblem {
    /// Nothing was given.
    Empty,
    /// A URL rather than a bare hostname: a scheme, a path or a port.
    NotBare,
    /// Longer than [`MAX_HOST`] characters; carries the length.
    TooLong(usize),
    /// A single label, without a domain (`localhost`).
    NotQualified,
    /// A label that is empty, longer than [`MAX_LABEL`], has a character other than a
    /// lowercase letter, a digit or a hyphen, or starts or ends with a hyphen.
    BadLabel,
    /// An IP address, or a name whose last label is all digits.
    Numeric,
    /// [`DEFAULT_SUFFIX`] or a name under it: the clusters' own hosts.
    Reserved,
}

/// Checks `host` as it is sent: trimmed and lower-cased (DNS names are case-insensitive,
/// and both the console and the service lower-case a host before anything else).
/// Capitals are a [`HostProblem::BadLabel`] here, so lower-case first.
pub fn host_problem(host: &str) -> Option<HostProblem> {
    if host.is_empty() {
        return Some(HostProblem::Empty);
    }
    if host.contains("://") || host.contains('/') || host.contains(':') {
        return Some(HostProblem::NotBare);
    }
    if host.len() > MAX_HOST {
        return Some(HostProblem::TooLong(host.len()));
    }
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2 {
        return Some(HostProblem::NotQualified);
    }
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= MAX_LABEL
            && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    if !labels.iter().all(label_ok) {
        return Some(HostProblem::BadLabel);
    }
    if labels.last().is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit())) {
        return Some(HostProblem::Numeric);
    }
    if host == DEFAULT_SUFFIX || host.ends_with(&format!(".{DEFAULT_SUFFIX}")) {
        return Some(HostProblem::Reserved);
    }
    None
}

/// How many custom domains a cluster holds (API-NOTES §11); `None` when there is no cap:
/// custom resource limits, or a tier this build does not know (the service decides;
/// the sandbox never creates one).
pub fn domain_cap(tier: &Tier, limits: &ResourceLimits) -> Option<usize> {
    if *limits == ResourceLimits::Custom {
        return None;
    }
    match tier {
        Tier::Starter => Some(2),
        Tier::Premium => Some(5),
        Tier::Enterprise => Some(15),
        Tier::Unknown(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_bare_lowercase_dns_names() {
        for ok in [
            "auth.acme.com",
            "a.b",
            "x-1.example.co.uk",
            "10.0.0.1.example.com",
            &format!("{}.com", "a".repeat(63)),
        ] {
            assert_eq!(host_problem(ok), None, "{ok}");
        }
        let long = format!("{}.com", vec!["a".repeat(60); 5].join("."));
        for (bad, problem) in [
            ("", HostProblem::Empty),
            ("https://auth.acme.com", HostProblem::NotBare),
            ("auth.acme.com/path", HostProblem::NotBare),
            ("auth.acme.com:443", HostProblem::NotBare),
            (long.as_str(), HostProblem::TooLong(long.len())),
            ("localhost", HostProblem::NotQualified),
            ("-a.com", HostProblem::BadLabel),
            ("a-.com", HostProblem::BadLabel),
            ("a..com", HostProblem::BadLabel),
            ("Auth.acme.com", HostProblem::BadLabel),
            ("auth acme.com", HostProblem::BadLabel),
            (&format!("{}.com", "a".repeat(64)), HostProblem::BadLabel),
            ("10.0.0.1", HostProblem::Numeric),
            ("global.auth.ac", HostProblem::Reserved),
            ("demo.global.auth.ac", HostProblem::Reserved),
            ("x.demo.global.auth.ac", HostProblem::Reserved),
        ] {
            assert_eq!(host_problem(bad), Some(problem), "{bad}");
        }
        assert_eq!(long.len(), 5 * 61 + 3);
        assert_eq!(host_problem("notglobal.auth.ac"), None, "only the suffix and names under it");
    }

    #[test]
    fn caps_by_tier_unless_custom() {
        let std = ResourceLimits::Standard;
        assert_eq!(domain_cap(&Tier::Starter, &std), Some(2));
        assert_eq!(domain_cap(&Tier::Premium, &std), Some(5));
        assert_eq!(domain_cap(&Tier::Enterprise, &std), Some(15));
        assert_eq!(domain_cap(&Tier::Starter, &ResourceLimits::Custom), None);
        assert_eq!(domain_cap(&Tier::Unknown("platinum".into()), &std), None);
    }
}
