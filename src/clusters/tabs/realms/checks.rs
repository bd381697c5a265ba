//! What the Realms tab decides before anything is sent: whether the cluster takes a new
//! realm (state, cap, role), the usage line, and whether a chosen file is a realm export
//! the service will take.

use cluster_api::ClusterState;
use cluster_api::realms::IMPORT_MAX_BYTES;
use serde_json::Value;

use crate::i18n::k::cluster_realms as w;
use crate::i18n::{t, tf, tp};

/// "3 of 5 realms", or "3 realms" without a cap.
pub fn usage(count: usize, cap: Option<usize>) -> String {
    match cap {
        Some(cap) => tp(w::USAGE_CAPPED, cap as f64, &[("count", &count.to_string())]),
        None => tp(w::USAGE_UNCAPPED, count as f64, &[]),
    }
}

/// Why the cluster takes no new realm now, or `None`.
pub fn intake_problem(
    name: &str,
    status: &ClusterState,
    tier: &str,
    count: usize,
    cap: Option<usize>,
) -> Option<String> {
    if *status != ClusterState::Active {
        return Some(tf(w::NOT_ACTIVE, &[("name", name), ("state", &status.to_string())]));
    }
    let cap = cap?;
    (count >= cap)
        .then(|| tp(w::AT_CAP, count as f64, &[("name", name), ("tier", tier), ("cap", &cap.to_string())]))
}

fn size_words(bytes: f64) -> String {
    if bytes >= 1024.0 * 1024.0 {
        format!("{:.1} MB", bytes / (1024.0 * 1024.0))
    } else {
        format!("{} KB", (bytes / 1024.0).ceil() as u64)
    }
}

/// Checks a chosen realm export (its text and size in bytes) the way the service will,
/// and returns the realm's own name (its `realm` field), or why it would be refused.
pub fn check_export(text: &str, size: f64) -> Result<String, String> {
    let max = IMPORT_MAX_BYTES as f64;
    if size > max {
        return Err(tf(w::TOO_BIG, &[("size", &size_words(size)), ("max", &size_words(max))]));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| tf(w::NOT_JSON, &[("reason", &e.to_string())]))?;
    let Value::Object(fields) = value else {
        return Err(t(w::NOT_AN_OBJECT).into());
    };
    let realm = fields.get("realm").and_then(Value::as_str).map(str::trim).filter(|r| !r.is_empty());
    let Some(realm) = realm else {
        return Err(t(w::NO_REALM_FIELD).into());
    };
    if let Some(users) = fields.get("users") {
        let n = users.as_array().map_or(0, Vec::len);
        return Err(tp(w::HAS_USERS, n as f64, &[]));
    }
    Ok(realm.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_against_the_cap() {
        assert_eq!(usage(3, Some(5)), "3 of 5 realms");
        assert_eq!(usage(0, Some(1)), "0 of 1 realm");
        assert_eq!(usage(7, None), "7 realms (no cap)");
    }

    #[test]
    fn intake() {
        assert_eq!(intake_problem("dev", &ClusterState::Active, "starter", 4, Some(5)), None);
        let full = intake_problem("dev", &ClusterState::Active, "starter", 5, Some(5)).unwrap_or_default();
        assert!(full.contains("cap of the starter tier (5)"), "{full}");
        let state =
            intake_problem("old", &ClusterState::PendingDeletion, "starter", 0, Some(5)).unwrap_or_default();
        assert!(state.contains("PENDING_DELETION"), "{state}");
        assert_eq!(intake_problem("big", &ClusterState::Active, "enterprise", 500, None), None);
    }

    #[test]
    fn exports() {
        assert_eq!(check_export(r#"{"realm":"shop","clients":[]}"#, 40.0), Ok("shop".into()));
        assert!(check_export("{nope", 5.0).is_err_and(|e| e.contains("not valid JSON")));
        assert!(check_export("[1]", 3.0).is_err_and(|e| e.contains("not an object")));
        assert!(check_export(r#"{"id":"x"}"#, 8.0).is_err_and(|e| e.contains("no realm field")));
        let users = check_export(r#"{"realm":"a","users":[{},{},{}]}"#, 30.0).unwrap_err();
        assert!(users.contains("3 users") && users.contains("Partial import"), "{users}");
        let big = check_export("{}", (IMPORT_MAX_BYTES + 1) as f64).unwrap_err();
        assert!(big.contains("up to 1.0 MB"), "{big}");
    }
}
