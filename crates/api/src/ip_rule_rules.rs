//! IP rules as the console and the sandbox both read them (API-NOTES §4.5, §11): the three
//! categories, what an address may look like, and what each tier allows. One definition,
//! so the form's checks and the service's 400s and 409s agree.

use crate::{
    EndpointType, IpRestrictionsRequest, IpRule, IpRuleRepresentation, IpRulesRepresentation, ResourceLimits,
    Tier,
};
use std::net::IpAddr;

/// The three categories, in the contract's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    AdminAllowed,
    RealmAllowed,
    RealmBlocked,
}

impl Category {
    pub const ALL: [Category; 3] = [Category::AdminAllowed, Category::RealmAllowed, Category::RealmBlocked];

    /// The category's wire key (in `IpRulesRepresentation` and `IpRestrictionsRequest`).
    pub fn key(self) -> &'static str {
        match self {
            Category::AdminAllowed => "adminAllowedIpRules",
            Category::RealmAllowed => "realmAllowedIpRules",
            Category::RealmBlocked => "realmBlockedIpRules",
        }
    }

    pub fn from_key(key: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.key() == key)
    }

    pub fn endpoint_type(self) -> EndpointType {
        match self {
            Category::AdminAllowed => EndpointType::Admin,
            _ => EndpointType::Realms,
        }
    }

    /// `allowDeny`: true for the two allow lists.
    pub fn allows(self) -> bool {
        self != Category::RealmBlocked
    }

    /// This category's rules in a listing.
    pub fn of(self, rules: &IpRulesRepresentation) -> &[IpRuleRepresentation] {
        match self {
            Category::AdminAllowed => &rules.admin_allowed_ip_rules,
            Category::RealmAllowed => &rules.realm_allowed_ip_rules,
            Category::RealmBlocked => &rules.realm_blocked_ip_rules,
        }
    }

    /// This category's list in an update (`None`: left as it is).
    pub fn sent(self, request: &IpRestrictionsRequest) -> Option<&Vec<IpRule>> {
        match self {
            Category::AdminAllowed => request.admin_allowed_ip_rules.as_ref(),
            Category::RealmAllowed => request.realm_allowed_ip_rules.as_ref(),
            Category::RealmBlocked => request.realm_blocked_ip_rules.as_ref(),
        }
    }

    pub fn slot(self, request: &mut IpRestrictionsRequest) -> &mut Option<Vec<IpRule>> {
        match self {
            Category::AdminAllowed => &mut request.admin_allowed_ip_rules,
            Category::RealmAllowed => &mut request.realm_allowed_ip_rules,
            Category::RealmBlocked => &mut request.realm_blocked_ip_rules,
        }
    }
}

/// What is wrong with an address; each side words it for its reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressProblem {
    /// Not an IPv4 or IPv6 address.
    NotAnAddress,
    /// The CIDR prefix is not a number from 0 to this.
    BadPrefix(u32),
}

/// Checks an IPv4/IPv6 address with an optional CIDR prefix, as given (no trimming).
pub fn address_problem(address: &str) -> Option<AddressProblem> {
    let (ip, prefix) = match address.split_once('/') {
        Some((ip, prefix)) => (ip, Some(prefix)),
        None => (address, None),
    };
    let Ok(ip) = ip.parse::<IpAddr>() else {
        return Some(AddressProblem::NotAnAddress);
    };
    let max = if ip.is_ipv4() { 32 } else { 128 };
    let prefix_ok = |p: &str| {
        !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u32>().is_ok_and(|n| n <= max)
    };
    match prefix {
        Some(p) if !prefix_ok(p) => Some(AddressProblem::BadPrefix(max)),
        _ => None,
    }
}

/// What a cluster's tier allows: the total (`None`: no cap), and whether public paths may
/// have rules. Starter none; premium two, on admin paths only; enterprise and custom
/// resource limits any number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cap {
    pub total: Option<usize>,
    pub public: bool,
}

pub fn cap(tier: &Tier, limits: &ResourceLimits) -> Cap {
    // Custom resource limits lift the tier's count limits (API-NOTES §11).
    if *limits == ResourceLimits::Custom {
        return Cap { total: None, public: true };
    }
    match tier {
        Tier::Starter => Cap { total: Some(0), public: false },
        Tier::Premium => Cap { total: Some(2), public: false },
        _ => Cap { total: None, public: true },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_ipv4_or_ipv6_with_an_optional_valid_prefix() {
        for ok in [
            "203.0.113.4",
            "203.0.113.0/24",
            "0.0.0.0/0",
            "10.0.0.1/32",
            "2001:db8::1",
            "2001:db8::/32",
            "::/0",
        ] {
            assert_eq!(address_problem(ok), None, "{ok}");
        }
        for bad in ["", "203.0.113", "203.0.113.256", "example.com", " 1.2.3.4"] {
            assert_eq!(address_problem(bad), Some(AddressProblem::NotAnAddress), "{bad}");
        }
        for (bad, max) in [
            ("203.0.113.4/33", 32),
            ("203.0.113.4/", 32),
            ("10.0.0.0/+8", 32),
            ("1.2.3.4/24/1", 32),
            ("2001:db8::/129", 128),
        ] {
            assert_eq!(address_problem(bad), Some(AddressProblem::BadPrefix(max)), "{bad}");
        }
    }

    #[test]
    fn caps_by_tier() {
        assert_eq!(cap(&Tier::Starter, &ResourceLimits::Standard), Cap { total: Some(0), public: false });
        assert_eq!(cap(&Tier::Premium, &ResourceLimits::Standard), Cap { total: Some(2), public: false });
        assert_eq!(cap(&Tier::Enterprise, &ResourceLimits::Standard), Cap { total: None, public: true });
        assert_eq!(cap(&Tier::Starter, &ResourceLimits::Custom), Cap { total: None, public: true });
    }

    #[test]
    fn keys_round_trip() {
        for category in Category::ALL {
            assert_eq!(Category::from_key(category.key()), Some(category));
        }
    }
}
