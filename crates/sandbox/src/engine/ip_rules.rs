//! IP rules as pure rules: what an address may look like, how an update replaces
//! categories, and what each tier allows (API-NOTES §4.5, §11).

use crate::records::{ClusterRow, IpRuleRow, Millis};
use cluster_api::IpRule;

pub use cluster_api::ip_rule_rules::Category;
use cluster_api::ip_rule_rules::{AddressProblem, cap};

/// Why `address` is not an IPv4/IPv6 address with an optional valid CIDR prefix.
pub fn address_problem(address: &str) -> Option<String> {
    cluster_api::ip_rule_rules::address_problem(address).map(|problem| match problem {
        AddressProblem::NotAnAddress => {
            format!("{address:?} is not an IPv4 or IPv6 address (for example 203.0.113.4 or 203.0.113.0/24).")
        }
        AddressProblem::BadPrefix(max) => {
            format!("{address:?} has an invalid CIDR prefix: it must be a number from 0 to {max}.")
        }
    })
}

/// The first problem with the rules sent for one category: bad addresses, aliases
/// that are too long, or an address listed twice.
pub fn category_problem(category: Category, rules: &[IpRule]) -> Option<String> {
    for (i, rule) in rules.iter().enumerate() {
        if let Some(why) = address_problem(rule.address.trim()) {
            return Some(format!("{}[{i}]: {why}", category.key()));
        }
        if rule.alias.chars().count() > 255 {
            return Some(format!("{}[{i}]: the alias is longer than 255 characters.", category.key()));
        }
        if rules[..i].iter().any(|r| r.address.trim() == rule.address.trim()) {
            return Some(format!("{}: {} is listed twice.", category.key(), rule.address.trim()));
        }
    }
    None
}

/// 409's message when the rules a cluster would hold after an update exceed its
/// tier: starter none, premium two on admin paths only, enterprise unlimited.
pub fn cap_problem(
    cluster: &ClusterRow,
    admin: usize,
    realm_allowed: usize,
    realm_blocked: usize,
) -> Option<String> {
    let allowed = cap(&cluster.tier, &cluster.resource_limits);
    let total = admin + realm_allowed + realm_blocked;
    match allowed.total {
        Some(0) if total > 0 => Some(format!(
            "The starter tier allows no IP rules (cap: 0); upgrade {} to premium to add them.",
            cluster.name
        )),
        Some(_) if !allowed.public && realm_allowed + realm_blocked > 0 => Some(format!(
            "The premium tier allows 2 IP rules, on admin paths only; {} cannot have public path rules. \
             Upgrade to enterprise for public path rules.",
            cluster.name
        )),
        Some(n) if total > n => Some(format!(
            "The premium tier allows {n} IP rules (cap: {n}, admin paths only); this update would give {} \
             {total}.",
            cluster.name
        )),
        _ => None,
    }
}

/// The records of a category after an update: a rule whose address was already in
/// the category keeps its ID and creation time, so links to it stay valid.
pub fn replace(
    cluster_id: &str,
    category: Category,
    old: &[IpRuleRow],
    sent: &[IpRule],
    now: Millis,
    new_id: &mut dyn FnMut() -> String,
) -> Vec<IpRuleRow> {
    sent.iter()
        .enumerate()
        .map(|(i, rule)| {
            let address = rule.address.trim().to_string();
            let kept = old.iter().find(|r| r.category == category && r.address == address);
            IpRuleRow {
                id: kept.map_or_else(&mut *new_id, |r| r.id.clone()),
                cluster_id: cluster_id.to_string(),
                category,
                position: i32::try_from(i).unwrap_or(i32::MAX),
                alias: rule.alias.trim().to_string(),
                address,
                created_at: kept.map_or(now, |r| r.created_at),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_address_and_the_prefix_range() {
        // Which addresses pass is `cluster_api::ip_rule_rules`' to test; here, the 400's words.
        assert_eq!(address_problem("203.0.113.0/24"), None);
        assert!(
            address_problem("example.com")
                .is_some_and(|m| m.contains("\"example.com\" is not an IPv4 or IPv6 address"))
        );
        assert!(address_problem("2001:db8::/129").is_some_and(|m| m.contains("from 0 to 128")));
    }

    #[test]
    fn a_repeated_address_is_refused() {
        let rule = |a: &str| IpRule { alias: String::new(), address: a.to_string() };
        let problem = category_problem(Category::RealmBlocked, &[rule("1.2.3.4"), rule("1.2.3.4")]);
        assert!(problem.is_some_and(|p| p.contains("listed twice")));
    }
}
