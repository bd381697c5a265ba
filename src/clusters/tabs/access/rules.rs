//! The Access tab's pure rules: the three categories as the dashboard names them, the
//! address check run as people type, the tier caps, and which categories a save sends.

use cluster_api::{
    IpRestrictionsRequest, IpRule, IpRuleRepresentation, IpRulesRepresentation, ResourceLimits, Tier,
};

use crate::i18n::k::access as w;
use crate::i18n::{t, tf};
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
            Category::AdminAllowed => t(w::HEADING_ADMIN),
            Category::RealmAllowed => t(w::HEADING_PUBLIC_ALLOWED),
            Category::RealmBlocked => t(w::HEADING_PUBLIC_BLOCKED),
        }
    }

    fn explains(self) -> &'static str {
        match self {
            Category::AdminAllowed => t(w::EXPLAINS_ADMIN),
            Category::RealmAllowed => t(w::EXPLAINS_PUBLIC_ALLOWED),
            Category::RealmBlocked => t(w::EXPLAINS_PUBLIC_BLOCKED),
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
        return Some(t(w::ADDRESS_EMPTY).into());
    }
    cluster_api::ip_rule_rules::address_problem(address).map(|problem| match problem {
        AddressProblem::NotAnAddress => t(w::NOT_AN_ADDRESS).into(),
        AddressProblem::BadPrefix(max) => tf(w::BAD_PREFIX, &[("max", &max.to_string())]),
    })
}

/// The caps, said up front.
pub fn cap_line(tier: &Tier, limits: &ResourceLimits) -> String {
    if *limits == ResourceLimits::Custom {
        return t(w::CAP_CUSTOM).into();
    }
    match tier {
        Tier::Starter => t(w::CAP_STARTER).into(),
        Tier::Premium => t(w::CAP_PREMIUM).into(),
        _ => t(w::CAP_ENTERPRISE).into(),
    }
}

/// Why another row cannot be added to `category`, when `total` rules are drafted in all.
/// A tier that allows no rule at all says so once, in the cap line above the lists
/// (`no_rules_at_all`), and is not asked here: "admin paths only" would contradict it.
pub fn add_problem(cap: Cap, category: Category, total: usize) -> Option<String> {
    if no_rules_at_all(cap) {
        return Some(t(w::TIER_NO_RULES).into());
    }
    if category != Category::AdminAllowed && !cap.public {
        return Some(t(w::TIER_ADMIN_ONLY).into());
    }
    match cap.total {
        Some(n) if total >= n => Some(crate::i18n::tp(w::TIER_RULES_IN_ALL, n as f64, &[])),
        _ => None,
    }
}

/// The tier allows no IP rule (starter): the lists offer no Add at all, since the cap line
/// has said why, once.
pub fn no_rules_at_all(cap: Cap) -> bool {
    cap.total == Some(0)
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

/// What a save does to one category's addresses (aliases aside): the addresses it adds and
/// removes, and the whole list after it.
#[derive(Debug, Clone, PartialEq)]
pub struct AddressChange {
    pub category: Category,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub after: Vec<String>,
}

/// Every category whose addresses `request` changes, compared with `saved`: each of these
/// changes who can reach the cluster, so the save asks first. A category sent only for a
/// new alias (or a new order) changes nobody's access and is left out.
pub fn address_changes(saved: &IpRulesRepresentation, request: &IpRestrictionsRequest) -> Vec<AddressChange> {
    Category::ALL
        .into_iter()
        .filter_map(|category| {
            let after = dedup(category.sent(request)?.iter().map(|r| r.address.as_str()));
            let before = dedup(category.of(saved).iter().map(|r| r.address.as_str()));
            let added: Vec<String> = after.iter().filter(|a| !before.contains(a)).cloned().collect();
            let removed: Vec<String> = before.iter().filter(|b| !after.contains(b)).cloned().collect();
            (!added.is_empty() || !removed.is_empty()).then_some(AddressChange {
                category,
                added,
                removed,
                after,
            })
        })
        .collect()
}

/// The addresses once each, in their first order.
fn dedup<'a>(addresses: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for a in addresses {
        if !out.iter().any(|o| o == a) {
            out.push(a.to_string());
        }
    }
    out
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
    fn every_added_or_removed_address_asks() {
        let empty = IpRulesRepresentation::default();
        let first = changes(&empty, &[vec![draft("203.0.113.4", "")], vec![], vec![]]);
        let asked = address_changes(&empty, &first);
        assert_eq!(asked.len(), 1);
        assert_eq!(asked[0].category, Category::AdminAllowed);
        assert_eq!(asked[0].added, vec!["203.0.113.4".to_string()]);

        let saved = IpRulesRepresentation {
            admin_allowed_ip_rules: vec![rule("203.0.113.4", "")],
            realm_blocked_ip_rules: vec![rule("198.51.100.0/24", "abuse")],
            ..empty.clone()
        };
        let alias_only = changes(
            &saved,
            &[vec![draft("203.0.113.4", "office")], vec![], vec![draft("198.51.100.0/24", "spam")]],
        );
        assert!(!is_empty(&alias_only), "an alias edit is still saved");
        assert!(address_changes(&saved, &alias_only).is_empty(), "an alias edit asks nothing");

        // The public allow list: the change that answers one address only.
        let public = changes(
            &saved,
            &[
                vec![draft("203.0.113.4", "")],
                vec![draft("198.51.100.7", "")],
                vec![draft("198.51.100.0/24", "abuse")],
            ],
        );
        let asked = address_changes(&saved, &public);
        assert_eq!(asked.len(), 1);
        assert_eq!(asked[0].category, Category::RealmAllowed);
        assert_eq!(asked[0].after, vec!["198.51.100.7".to_string()]);

        // Removing asks too, in any list, and says what goes.
        let removed = changes(&saved, &[vec![], vec![], vec![]]);
        let asked = address_changes(&saved, &removed);
        assert_eq!(
            asked.iter().map(|c| c.category).collect::<Vec<_>>(),
            vec![Category::AdminAllowed, Category::RealmBlocked]
        );
        assert_eq!(asked[1].removed, vec!["198.51.100.0/24".to_string()]);
        assert!(asked[1].added.is_empty() && asked[1].after.is_empty());

        // A swap is one added and one removed.
        let swapped = changes(
            &saved,
            &[vec![draft("203.0.113.5", "")], vec![], vec![draft("198.51.100.0/24", "abuse")]],
        );
        let asked = address_changes(&saved, &swapped);
        assert_eq!(
            (asked[0].added.clone(), asked[0].removed.clone()),
            (vec!["203.0.113.5".to_string()], vec!["203.0.113.4".to_string()])
        );
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
        // Starter allows no rule anywhere: never "admin paths only", which reads as a promise.
        assert!(no_rules_at_all(starter) && !no_rules_at_all(premium));
        for category in Category::ALL {
            let said = add_problem(starter, category, 0).unwrap_or_default();
            assert!(!said.contains("admin paths only"), "{category:?}: {said}");
        }
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
