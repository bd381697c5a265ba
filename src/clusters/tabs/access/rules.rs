//! The Access tab's pure rules: the three categories as the dashboard names them, the
//! address check run as people type, the tier caps, and which categories a save sends.

use cluster_api::{
    IpRestrictionsRequest, IpRule, IpRuleRepresentation, IpRulesRepresentation, ResourceLimits, Tier,
};

use cluster_api::ip_rule_rules::AddressProblem;
pub use cluster_api::ip_rule_rules::{Cap, Category, cap};

/// How the dashboard names and explains each category.
pub trait Wording {
    fn heading(self) -> &'static str;
    /// The one line under the heading that says what the list does.
    fn explains(self) -> &'static str;
    /// Id fragment for the section's elements.
    fn slug(self) -> &'static str;
}

impl Wording for Category {
    fn heading(self) -> &'static str {
        match self {
            Category::AdminAllowed => "Admin paths (allow)",
            Category::RealmAllowed => "Public allowed paths (allow only these)",
            Category::RealmBlocked => "Public blocked paths (block)",
        }
    }

    fn explains(self) -> &'static str {
        match self {
            Category::AdminAllowed => {
                "Only these addresses reach the admin console and admin APIs (/admin, /auth/admin). Empty means unrestricted."
            }
            Category::RealmAllowed => {
                "Public realm endpoints (login, /token) answer only these addresses, machine-to-machine traffic included. Empty means everyone."
            }
            Category::RealmBlocked => {
                "These addresses are refused on the public realm endpoints; everyone else is served."
            }
        }
    }

    fn slug(self) -> &'static str {
        match self {
            Category::AdminAllowed => "admin",
            Category::RealmAllowed => "realm-allowed",
            Category::RealmBlocked => "realm-blocked",
        }
    }
}

/// Why `address` is not an IPv4/IPv6 address with an optional CIDR prefix, as the
/// person typing it should read it; `None` when it is fine.
pub fn address_problem(address: &str) -> Option<String> {
    let address = address.trim();
    if address.is_empty() {
        return Some("Enter an IP address or CIDR range, or remove the row.".into());
    }
    cluster_api::ip_rule_rules::address_problem(address).map(|problem| match problem {
        AddressProblem::NotAnAddress => {
            "Not an IP address: use IPv4 (203.0.113.4), IPv6 (2001:db8::1) or a CIDR range (203.0.113.0/24)."
                .into()
        }
        AddressProblem::BadPrefix(max) => {
            format!("The CIDR prefix after / must be a number from 0 to {max}.")
        }
    })
}

/// The caps, said up front.
pub fn cap_line(tier: &Tier, limits: &ResourceLimits) -> String {
    if *limits == ResourceLimits::Custom {
        return "Custom limits: no cap on IP rules, on admin and public paths.".into();
    }
    match tier {
        Tier::Starter => "Starter: no IP rules. Upgrade to premium for 2 rules on admin paths.".into(),
        Tier::Premium => {
            "Premium: 2 rules, admin paths only. Enterprise allows any number, on admin and public paths."
                .into()
        }
        _ => "Enterprise: any number of rules, on admin and public paths.".into(),
    }
}

/// Why another row cannot be added to `category`, when `total` rules are drafted in all.
pub fn add_problem(cap: Cap, category: Category, total: usize) -> Option<String> {
    if category != Category::AdminAllowed && !cap.public {
        return Some("This tier allows rules on admin paths only.".into());
    }
    match cap.total {
        Some(0) => Some("This tier allows no IP rules.".into()),
        Some(n) if total >= n => Some(format!("This tier allows {n} rules in all.")),
        _ => None,
    }
}

/// One drafted row.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Draft {
    pub address: String,
    pub alias: String,
}

fn same(saved: &[IpRuleRepresentation], drafts: &[Draft]) -> bool {
    saved.len() == drafts.len()
        && saved.iter().zip(drafts).all(|(s, d)| s.address == d.address.trim() && s.alias == d.alias.trim())
}

/// The request that saves `drafts` (one list per category, in `Category::ALL` order):
/// only the categories that differ from `saved` are sent, so omitted ones are kept.
pub fn changes(saved: &IpRulesRepresentation, drafts: &[Vec<Draft>; 3]) -> IpRestrictionsRequest {
    let mut request = IpRestrictionsRequest::default();
    for (category, rows) in Category::ALL.into_iter().zip(drafts) {
        if !same(category.of(saved), rows) {
            let rules = rows
                .iter()
                .map(|d| IpRule { address: d.address.trim().into(), alias: d.alias.trim().into() })
                .collect();
            *category.slot(&mut request) = Some(rules);
        }
    }
    request
}

pub fn is_empty(request: &IpRestrictionsRequest) -> bool {
    request.admin_allowed_ip_rules.is_none()
        && request.realm_allowed_ip_rules.is_none()
        && request.realm_blocked_ip_rules.is_none()
}

/// True when saving sets a new, non-empty admin allow list (turned on or changed): from
/// then on the admin console answers only the listed addresses, and a wrong list locks
/// everyone out. `saved` is what the list was; a save that leaves it alone asks nothing.
pub fn locks_admin(saved: &IpRulesRepresentation, request: &IpRestrictionsRequest) -> bool {
    request.admin_allowed_ip_rules.as_ref().is_some_and(|r| {
        !r.is_empty()
            && (r.len() != saved.admin_allowed_ip_rules.len()
                || r.iter().zip(&saved.admin_allowed_ip_rules).any(|(new, old)| new.address != old.address))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(address: &str, alias: &str) -> IpRuleRepresentation {
        IpRuleRepresentation {
            address: address.into(),
            alias: alias.into(),
            ..IpRuleRepresentation::default()
        }
    }

    fn draft(address: &str, alias: &str) -> Draft {
        Draft { address: address.into(), alias: alias.into() }
    }

    #[test]
    fn addresses_are_checked_as_typed() {
        for ok in ["203.0.113.4", " 203.0.113.0/24 ", "2001:db8::/48", "::1", "0.0.0.0/0"] {
            assert_eq!(address_problem(ok), None, "{ok}");
        }
        assert!(address_problem("").is_some_and(|p| p.contains("remove the row")));
        assert!(address_problem("10.0.0.0/33").is_some_and(|p| p.contains("0 to 32")));
        assert!(address_problem("2001:db8::/200").is_some_and(|p| p.contains("0 to 128")));
        for bad in ["10.0.0", "10.0.0.0/", "10.0.0.0/+1", "host.example", "10.0.0.300"] {
            assert!(address_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn only_changed_categories_are_sent() {
        let saved = IpRulesRepresentation {
            admin_allowed_ip_rules: vec![rule("203.0.113.4", "office")],
            realm_blocked_ip_rules: vec![rule("198.51.100.0/24", "abuse")],
            ..IpRulesRepresentation::default()
        };
        let unchanged =
            [vec![draft("203.0.113.4 ", "office")], vec![], vec![draft("198.51.100.0/24", "abuse")]];
        assert!(is_empty(&changes(&saved, &unchanged)));
        let cleared = [vec![draft("203.0.113.4", "office")], vec![draft("192.0.2.1", "p")], vec![]];
        let request = changes(&saved, &cleared);
        assert_eq!(request.admin_allowed_ip_rules, None);
        assert_eq!(request.realm_allowed_ip_rules.map(|r| r.len()), Some(1));
        assert_eq!(request.realm_blocked_ip_rules, Some(vec![]));
        let renamed = [vec![draft("203.0.113.4", "hq")], vec![], vec![draft("198.51.100.0/24", "abuse")]];
        assert!(changes(&saved, &renamed).admin_allowed_ip_rules.is_some());
    }

    #[test]
    fn the_first_admin_rule_locks_the_console() {
        let empty = IpRulesRepresentation::default();
        let first = changes(&empty, &[vec![draft("203.0.113.4", "")], vec![], vec![]]);
        assert!(locks_admin(&empty, &first));
        let saved =
            IpRulesRepresentation { admin_allowed_ip_rules: vec![rule("203.0.113.4", "")], ..empty.clone() };
        let more =
            changes(&saved, &[vec![draft("203.0.113.4", ""), draft("203.0.113.5", "")], vec![], vec![]]);
        assert!(locks_admin(&saved, &more), "a changed list asks again");
        let alias_only = changes(&saved, &[vec![draft("203.0.113.4", "office")], vec![], vec![]]);
        assert!(!locks_admin(&saved, &alias_only), "the same addresses lock nobody out");
        let off = changes(&saved, &[vec![], vec![], vec![]]);
        assert!(!locks_admin(&saved, &off), "an empty list restricts nothing");
        assert!(!locks_admin(&empty, &changes(&empty, &[vec![], vec![draft("192.0.2.1", "")], vec![]])));
    }

    #[test]
    fn caps_by_tier() {
        let premium = cap(&Tier::Premium, &ResourceLimits::Standard);
        assert_eq!(add_problem(premium, Category::AdminAllowed, 1), None);
        assert!(add_problem(premium, Category::AdminAllowed, 2).is_some_and(|p| p.contains("2 rules")));
        assert!(
            add_problem(premium, Category::RealmBlocked, 0).is_some_and(|p| p.contains("admin paths only"))
        );
        let starter = cap(&Tier::Starter, &ResourceLimits::Standard);
        assert!(add_problem(starter, Category::AdminAllowed, 0).is_some());
        assert_eq!(
            add_problem(cap(&Tier::Enterprise, &ResourceLimits::Standard), Category::RealmBlocked, 50),
            None
        );
        assert_eq!(
            add_problem(cap(&Tier::Starter, &ResourceLimits::Custom), Category::RealmBlocked, 50),
            None
        );
        assert!(
            cap_line(&Tier::Premium, &ResourceLimits::Standard)
                .starts_with("Premium: 2 rules, admin paths only")
        );
    }
}
