//! Cluster name rules. A cluster name becomes `<name>.global.auth.ac`, so it must be a
//! valid DNS label, globally unique, and not one of the platform's own hostnames.

use cluster_api::NameAvailability;
use cluster_api::name_rules::{CLUSTER, NameRule};

pub const MIN_LEN: usize = CLUSTER.min;
pub const MAX_LEN: usize = CLUSTER.max;

/// Hostnames the platform keeps for itself.
pub const RESERVED: &[&str] = CLUSTER.reserved;

/// Why a (lowercased) name is not a well-formed cluster name, in words, or `None` when it
/// is (reserved or not). The rules are `cluster_api::name_rules::CLUSTER`, which the
/// console checks too.
pub fn problem(name: &str) -> Option<String> {
    CLUSTER.broken(name).filter(|rule| *rule != NameRule::Reserved).map(|rule| CLUSTER.explain(rule, name))
}

pub fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
}

/// Well-formed, not reserved and not taken.
pub fn is_available(name: &str, taken: &dyn Fn(&str) -> bool) -> bool {
    problem(name).is_none() && !is_reserved(name) && !taken(name)
}

/// The closest well-formed name: lowercased, other characters turned into hyphens,
/// runs of hyphens collapsed, a letter in front and a minimum length ensured.
pub fn sanitize(name: &str) -> Option<String> {
    let mut out = String::new();
    for c in name.to_lowercase().chars() {
        let c = if c.is_ascii_lowercase() || c.is_ascii_digit() { c } else { '-' };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
    }
    let mut out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        return None;
    }
    if !out.starts_with(|c: char| c.is_ascii_lowercase()) {
        out.insert_str(0, "kc-");
    }
    if out.len() < MIN_LEN {
        out.push_str("-kc");
    }
    Some(truncate(&out, MAX_LEN))
}

fn truncate(name: &str, max: usize) -> String {
    // Only ASCII is left after sanitizing, so byte and char lengths agree.
    name.get(..max.min(name.len())).unwrap_or(name).trim_end_matches('-').to_string()
}

/// An available name close to `name`: its sanitized form, else that with `-2`, `-3`, …
pub fn recommend(name: &str, taken: &dyn Fn(&str) -> bool) -> Option<String> {
    let base = sanitize(name)?;
    if is_available(&base, taken) {
        return Some(base);
    }
    (2..1000).find_map(|n| {
        let suffix = format!("-{n}");
        let candidate = format!("{}{suffix}", truncate(&base, MAX_LEN - suffix.len()));
        is_available(&candidate, taken).then_some(candidate)
    })
}

/// The answer of `cluster.nameAvailability.check` for a candidate name.
pub fn check(candidate: &str, taken: &dyn Fn(&str) -> bool) -> NameAvailability {
    let name = candidate.to_lowercase();
    if is_available(&name, taken) {
        return NameAvailability { name, available: true, recommendation: None };
    }
    let recommendation = recommend(&name, taken);
    NameAvailability { name, available: false, recommendation }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> bool {
        false
    }

    #[test]
    fn well_formed_names() {
        for ok in ["abc", "acme-prod", "a1-b2", &"a".repeat(63)] {
            assert_eq!(problem(ok), None, "{ok}");
        }
        for (bad, why) in [
            ("ab", "characters long"),
            (&"a".repeat(64), "characters long"),
            ("acme_prod", "lowercase letters"),
            ("Acme", "lowercase letters"),
            ("1acme", "start with a lowercase letter"),
            ("-acme", "start with a lowercase letter"),
            ("acme-", "end with a hyphen"),
        ] {
            assert!(problem(bad).is_some_and(|p| p.contains(why)), "{bad}");
        }
    }

    #[test]
    fn checks_lowercase_the_name() {
        let a = check("Acme-Prod", &none);
        assert_eq!(a.name, "acme-prod");
        assert!(a.available);
        assert_eq!(a.recommendation, None);
    }

    #[test]
    fn reserved_words_are_unavailable() {
        let a = check("admin", &none);
        assert!(!a.available);
        assert_eq!(a.recommendation.as_deref(), Some("admin-2"));
        assert!(!check("WWW", &none).available);
    }

    #[test]
    fn taken_names_get_an_available_recommendation() {
        let taken = |n: &str| n == "acme-prod" || n == "acme-prod-2";
        let a = check("acme-prod", &taken);
        assert!(!a.available);
        assert_eq!(a.recommendation.as_deref(), Some("acme-prod-3"));
    }

    #[test]
    fn malformed_names_get_a_sanitized_recommendation() {
        assert_eq!(check("my_cluster!", &none).recommendation.as_deref(), Some("my-cluster"));
        assert_eq!(check("9lives", &none).recommendation.as_deref(), Some("kc-9lives"));
        assert_eq!(check("x", &none).recommendation.as_deref(), Some("x-kc"));
        assert_eq!(check("---", &none).recommendation, None);
    }

    #[test]
    fn long_names_stay_within_the_limit_with_a_suffix() {
        let long = "a".repeat(63);
        let taken = |n: &str| n == long;
        let rec = check(&long, &taken).recommendation.expect("recommendation");
        assert_eq!(rec.len(), 63);
        assert!(rec.ends_with("-2"));
        let truncated = check(&"b".repeat(70), &none).recommendation.expect("recommendation");
        assert_eq!(truncated.len(), 63);
    }
}
