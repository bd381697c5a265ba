//! The rules of an organization's API secrets (API-NOTES §4.8, §5.9), shared so the
//! console checks a name as it is typed exactly as the service will.

/// An organization holds at most this many API secrets; the next create is refused (400).
pub const MAX_SECRETS: usize = 10;
/// The longest name a secret may have.
pub const MAX_NAME: usize = 32;
/// How every read after creation shows the secret.
pub const MASK: &str = "********";

/// The organization roles a secret may be granted (API-NOTES §2.3, with the billing pair).
pub const ORG_ROLES: &[&str] = &[
    "view-organization",
    "manage-organization",
    "view-members",
    "manage-members",
    "view-roles",
    "manage-roles",
    "view-invitations",
    "manage-invitations",
    "view-identity-providers",
    "manage-identity-providers",
    "view-clusters",
    "manage-clusters",
    "view-billing",
    "manage-billing",
];

/// What is wrong with `name` as a new secret's name, or `None` when it is acceptable.
/// `taken` lists the names the organization already uses.
pub fn name_problem(name: &str, taken: &[&str]) -> Option<String> {
    if name.is_empty() {
        return Some("Enter a name.".into());
    }
    if name.chars().count() > MAX_NAME {
        return Some(format!("A name has at most {MAX_NAME} characters ({} now).", name.chars().count()));
    }
    if !name.chars().all(|c| c.is_ascii_lowercase()) {
        return Some("Use lowercase letters a to z only: no digits, spaces, dashes or capitals.".into());
    }
    if taken.contains(&name) {
        return Some(format!("The organization already has a secret named {name}."));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_lowercase_letters_at_most_32_and_unique() {
        assert_eq!(name_problem("ci", &[]), None);
        assert_eq!(name_problem(&"a".repeat(32), &[]), None);
        assert!(name_problem("", &[]).is_some());
        assert!(name_problem(&"a".repeat(33), &[]).is_some_and(|p| p.contains("32")));
        for bad in ["ci-2026", "CI", "c i", "déploi", "ci2"] {
            assert!(name_problem(bad, &[]).is_some(), "{bad}");
        }
        assert!(name_problem("admin", &["admin"]).is_some_and(|p| p.contains("already")));
    }
}
