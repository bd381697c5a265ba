//! Realm (deployment) rules both the console and the sandbox need, so a button and the
//! service's answer agree: the tier caps (API-NOTES §11), the largest realm export the
//! sandbox accepts, and the `realm-management` roles a credential may be granted.

use crate::{ResourceLimits, Tier};

/// The most realms a cluster of `tier` holds; `None` when its limits are custom (no cap).
pub fn realm_cap(tier: &Tier, limits: &ResourceLimits) -> Option<usize> {
    if *limits == ResourceLimits::Custom {
        return None;
    }
    Some(match tier {
        Tier::Starter => 5,
        Tier::Premium => 20,
        _ => 100,
    })
}

/// The largest realm export `cluster.deployment.import` takes (the contract names none;
/// this is the sandbox's, and the console checks it before sending).
pub const IMPORT_MAX_BYTES: usize = 1024 * 1024;

/// Realm names Keycloak keeps for itself (`master`) or uses as path segments of its own.
pub const RESERVED_REALM_NAMES: &[&str] = crate::name_rules::REALM.reserved;

/// The longest realm name.
pub const REALM_NAME_MAX: usize = crate::name_rules::REALM.max;

/// The default roles of a new credential.
pub const DEFAULT_CREDENTIAL_ROLE: &str = "realm-admin";

/// The roles of Keycloak's `realm-management` client, which credentials are granted.
pub const REALM_MANAGEMENT_ROLES: &[&str] = &[
    "realm-admin",
    "create-client",
    "impersonation",
    "manage-authorization",
    "manage-clients",
    "manage-events",
    "manage-identity-providers",
    "manage-realm",
    "manage-users",
    "query-clients",
    "query-groups",
    "query-realms",
    "query-users",
    "view-authorization",
    "view-clients",
    "view-events",
    "view-identity-providers",
    "view-realm",
    "view-users",
];

/// Why `name` (already lowercased) is not a well-formed realm name, or `None`; reserved
/// names are answered apart (409, not 400). The rules: [`crate::name_rules::REALM`].
pub fn realm_name_problem(name: &str) -> Option<String> {
    use crate::name_rules::{NameRule, REALM};
    REALM.broken(name).filter(|rule| *rule != NameRule::Reserved).map(|rule| REALM.explain(rule, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_follow_the_tier_unless_custom() {
        assert_eq!(realm_cap(&Tier::Starter, &ResourceLimits::Standard), Some(5));
        assert_eq!(realm_cap(&Tier::Premium, &ResourceLimits::Standard), Some(20));
        assert_eq!(realm_cap(&Tier::Enterprise, &ResourceLimits::Standard), Some(100));
        assert_eq!(realm_cap(&Tier::Starter, &ResourceLimits::Custom), None);
    }

    #[test]
    fn realm_names() {
        for ok in ["a", "tenant-a", "tenant_b", "9lives", &"x".repeat(255)] {
            assert_eq!(realm_name_problem(ok), None, "{ok}");
        }
        assert!(realm_name_problem("").is_some());
        assert!(realm_name_problem(&"x".repeat(256)).is_some_and(|w| w.contains("255")));
        assert_eq!(realm_name_problem("master"), None);
        assert!(realm_name_problem("a b").is_some_and(|w| w.contains("only lowercase")));
        assert!(realm_name_problem("Acme").is_some());
        assert!(realm_name_problem("-a").is_some_and(|w| w.contains("start with")));
    }
}
