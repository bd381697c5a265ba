//! The well-formedness rules of cluster and realm names, one definition that the console
//! checks as the person types and the sandbox enforces on create and in its availability
//! checks, so both name the same failed rule. `NameAvailability` says only `available`
//! (and a recommendation), so without these the console could only say "taken, reserved
//! or not a valid name".
//!
//! The sources disagree on the rules (API-NOTES §9 row 6: the spec says "lowercase letters
//! only", its own examples use `acme-prod`, the dashboard docs also allow underscores).
//! The rule sets chosen here:
//! - Cluster names become the DNS label `<name>.global.auth.ac`, so they follow RFC 1123
//!   labels: 3 to 63 characters, lowercase letters, digits and hyphens, starting with a
//!   letter and not ending with a hyphen (underscores are refused: no hostname has one).
//!   Plus the platform's own hostnames, reserved.
//! - Realm names are Keycloak realm names in URLs: 1 to 255 characters, lowercase letters,
//!   digits, hyphens and underscores, starting with a letter or a digit; Keycloak's own
//!   path segments are reserved. (The service lowercases realm names; the console sends
//!   them lowercased, and checks the lowercased form.)

/// One rule a name can break, in the order they are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameRule {
    /// Too short or too long.
    Length,
    /// A character outside the allowed set.
    Characters,
    /// Does not start the way a name must.
    Start,
    /// Does not end the way a name must.
    End,
    /// One of the names the platform keeps for itself.
    Reserved,
}

/// The rules of one kind of name.
pub struct NameRules {
    /// "cluster", "realm": said in messages ("a cluster name …").
    pub what: &'static str,
    pub min: usize,
    pub max: usize,
    allowed: fn(char) -> bool,
    /// The allowed characters in words.
    pub allowed_words: &'static str,
    starts: fn(char) -> bool,
    pub start_words: &'static str,
    ends: fn(char) -> bool,
    pub end_words: &'static str,
    pub reserved: &'static [&'static str],
    /// Where a taken name is already used, after "{name} is taken".
    pub taken_words: &'static str,
}

fn lower_digit_hyphen(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'
}

fn lower_digit_hyphen_underscore(c: char) -> bool {
    lower_digit_hyphen(c) || c == '_'
}

fn lower(c: char) -> bool {
    c.is_ascii_lowercase()
}

fn lower_or_digit(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit()
}

fn not_hyphen(c: char) -> bool {
    c != '-'
}

fn any(_: char) -> bool {
    true
}

/// Cluster names: DNS labels (see the module documentation).
pub const CLUSTER: NameRules = NameRules {
    what: "cluster",
    min: 3,
    max: 63,
    allowed: lower_digit_hyphen,
    allowed_words: "lowercase letters, digits and hyphens",
    starts: lower,
    start_words: "must start with a lowercase letter",
    ends: not_hyphen,
    end_words: "must not end with a hyphen",
    reserved: &[
        "admin",
        "api",
        "app",
        "auth",
        "billing",
        "console",
        "dashboard",
        "docs",
        "global",
        "help",
        "internal",
        "keycloak",
        "login",
        "mail",
        "phasetwo",
        "root",
        "staging",
        "status",
        "support",
        "system",
        "www",
    ],
    taken_words: " by another cluster: cluster names are unique across the service",
};

/// Realm names: Keycloak realm names (see the module documentation).
pub const REALM: NameRules = NameRules {
    what: "realm",
    min: 1,
    max: 255,
    allowed: lower_digit_hyphen_underscore,
    allowed_words: "lowercase letters, digits, hyphens and underscores",
    starts: lower_or_digit,
    start_words: "must start with a lowercase letter or a digit",
    ends: any,
    end_words: "",
    reserved: &["master", "admin", "realms", "resources"],
    taken_words: " by another realm of this cluster",
};

impl NameRules {
    /// The first rule `name` breaks, reserved names included; `None` when it is well
    /// formed and not reserved (it may still be taken: only the service knows).
    pub fn broken(&self, name: &str) -> Option<NameRule> {
        let len = name.chars().count();
        if len < self.min || len > self.max {
            return Some(NameRule::Length);
        }
        if !name.chars().all(self.allowed) {
            return Some(NameRule::Characters);
        }
        if !name.chars().next().is_some_and(self.starts) {
            return Some(NameRule::Start);
        }
        if !name.chars().last().is_some_and(self.ends) {
            return Some(NameRule::End);
        }
        if self.reserved.contains(&name) {
            return Some(NameRule::Reserved);
        }
        None
    }

    /// Whether `name` is well formed (reserved or not).
    pub fn well_formed(&self, name: &str) -> bool {
        matches!(self.broken(name), None | Some(NameRule::Reserved))
    }

    /// The rule `name` breaks, as a sentence naming the rule and what in `name` breaks it:
    /// "A cluster name may contain only lowercase letters, digits and hyphens; “_” is not allowed."
    pub fn explain(&self, rule: NameRule, name: &str) -> String {
        let what = self.what;
        match rule {
            NameRule::Length => {
                let len = name.chars().count();
                let (min, max) = (self.min, self.max);
                if len == 0 {
                    format!("Enter a {what} name.")
                } else if min == 1 {
                    format!("A {what} name is at most {max} characters long; this one has {len}.")
                } else {
                    format!("A {what} name is {min} to {max} characters long; this one has {len}.")
                }
            }
            NameRule::Characters => {
                let mut bad: Vec<String> = Vec::new();
                for c in name.chars().filter(|c| !(self.allowed)(*c)) {
                    let shown = if c == ' ' { "a space".to_string() } else { format!("“{c}”") };
                    if !bad.contains(&shown) {
                        bad.push(shown);
                    }
                }
                let verb = if bad.len() == 1 { "is" } else { "are" };
                format!(
                    "A {what} name may contain only {}; {} {verb} not allowed.",
                    self.allowed_words,
                    bad.join(", ")
                )
            }
            NameRule::Start => format!("A {what} name {}.", self.start_words),
            NameRule::End => format!("A {what} name {}.", self.end_words),
            NameRule::Reserved => format!("{name} is reserved: the platform uses it for itself."),
        }
    }

    /// The first broken rule in words, or `None` for a well-formed, unreserved name.
    pub fn problem(&self, name: &str) -> Option<String> {
        self.broken(name).map(|rule| self.explain(rule, name))
    }

    /// Why the service refused `name` (its availability check said no): the rule it
    /// breaks, else it is taken (the only reason left that the console cannot see).
    pub fn refused(&self, name: &str) -> String {
        self.problem(name).unwrap_or_else(|| format!("{name} is taken{}.", self.taken_words))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_names_are_dns_labels() {
        for ok in ["abc", "acme-prod", "a1-b2", &"a".repeat(63)] {
            assert_eq!(CLUSTER.broken(ok), None, "{ok}");
        }
        for (bad, rule) in [
            ("ab", NameRule::Length),
            ("", NameRule::Length),
            (&"a".repeat(64) as &str, NameRule::Length),
            ("acme_prod", NameRule::Characters),
            ("Acme", NameRule::Characters),
            ("acme prod", NameRule::Characters),
            ("1acme", NameRule::Start),
            ("-acme", NameRule::Start),
            ("acme-", NameRule::End),
            ("admin", NameRule::Reserved),
        ] {
            assert_eq!(CLUSTER.broken(bad), Some(rule), "{bad}");
        }
        assert!(CLUSTER.well_formed("www") && !CLUSTER.well_formed("w_w"));
    }

    #[test]
    fn realm_names_are_keycloak_realm_names() {
        for ok in ["a", "tenant-a", "tenant_b", "9lives", "ends-", &"x".repeat(255)] {
            assert_eq!(REALM.broken(ok), None, "{ok}");
        }
        assert_eq!(REALM.broken(""), Some(NameRule::Length));
        assert_eq!(REALM.broken(&"x".repeat(256)), Some(NameRule::Length));
        assert_eq!(REALM.broken("a b"), Some(NameRule::Characters));
        assert_eq!(REALM.broken("_a"), Some(NameRule::Start));
        assert_eq!(REALM.broken("master"), Some(NameRule::Reserved));
    }

    #[test]
    fn explanations_name_the_rule_and_the_culprit() {
        let said = |name: &str| CLUSTER.problem(name).unwrap_or_default();
        assert_eq!(said("ab"), "A cluster name is 3 to 63 characters long; this one has 2.");
        assert_eq!(
            said("acme_prod!"),
            "A cluster name may contain only lowercase letters, digits and hyphens; “_”, “!” are not allowed."
        );
        assert_eq!(
            said("acme prod"),
            "A cluster name may contain only lowercase letters, digits and hyphens; a space is not allowed."
        );
        assert_eq!(said("9lives"), "A cluster name must start with a lowercase letter.");
        assert_eq!(said("acme-"), "A cluster name must not end with a hyphen.");
        assert_eq!(said("www"), "www is reserved: the platform uses it for itself.");
        assert_eq!(
            REALM.problem(&"x".repeat(256)).unwrap_or_default(),
            "A realm name is at most 255 characters long; this one has 256."
        );
        assert_eq!(REALM.problem("").unwrap_or_default(), "Enter a realm name.");
        assert_eq!(said("acme-prod"), "");
        assert_eq!(
            CLUSTER.refused("acme-prod"),
            "acme-prod is taken by another cluster: cluster names are unique across the service."
        );
        assert_eq!(CLUSTER.refused("acme_prod"), said("acme_prod"));
        assert_eq!(REALM.refused("tenant"), "tenant is taken by another realm of this cluster.");
    }
}
