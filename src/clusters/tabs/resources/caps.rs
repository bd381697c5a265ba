//! The tier caps on a cluster's resources (API-NOTES §11) and how much of them is used:
//! themes 1 / 1 / unlimited; extensions and password denylists, together, 0 / 1 /
//! unlimited; app-association (WELL_KNOWN) resources are not capped. Custom resource
//! limits lift the tier's counts. The service has the last word (409); this lets the
//! console say so before anyone tries.

use cluster_api::{Extension, ResourceLimits, ResourceType, Tier};

use crate::i18n::k::resources as w;
use crate::i18n::{tf, tp};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Themes,
    /// Extensions and password denylists share one cap.
    Extensions,
}

pub fn group(resource_type: &ResourceType) -> Option<Group> {
    match resource_type {
        ResourceType::Theme => Some(Group::Themes),
        ResourceType::Extension | ResourceType::PasswordBlacklist => Some(Group::Extensions),
        _ => None,
    }
}

/// The tier as the contract spells it, whatever the case the service used.
fn known_tier(tier: &Tier) -> Tier {
    Tier::from_wire(&tier.as_str().to_ascii_lowercase())
}

/// How many of `group` the cluster may have; `None` is no limit (or none the console knows).
pub fn limit(tier: &Tier, limits: &ResourceLimits, group: Group) -> Option<u32> {
    if *limits == ResourceLimits::Custom {
        return None;
    }
    match (known_tier(tier), group) {
        (Tier::Starter, Group::Themes) | (Tier::Premium, _) => Some(1),
        (Tier::Starter, Group::Extensions) => Some(0),
        _ => None,
    }
}

/// How many resources of each capped group the cluster has.
pub fn used(extensions: &[Extension], group: Group) -> u32 {
    let n = extensions.iter().filter(|e| self::group(&e.resource_type) == Some(group)).count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// "Themes 1/1", "Extensions and denylists 0/1", "Themes 3 (no limit)".
pub fn usage_label(group: Group, used: u32, limit: Option<u32>) -> String {
    let used = used.to_string();
    match (group, limit) {
        (Group::Themes, Some(limit)) => {
            tf(w::USAGE_THEMES_CAPPED, &[("used", &used), ("limit", &limit.to_string())])
        }
        (Group::Extensions, Some(limit)) => {
            tf(w::USAGE_EXTENSIONS_CAPPED, &[("used", &used), ("limit", &limit.to_string())])
        }
        (Group::Themes, None) => tf(w::USAGE_THEMES_UNLIMITED, &[("used", &used)]),
        (Group::Extensions, None) => tf(w::USAGE_EXTENSIONS_UNLIMITED, &[("used", &used)]),
    }
}

/// Why the cluster cannot get another resource of `resource_type`, or `None` when it can.
pub fn refusal(
    tier: &Tier,
    limits: &ResourceLimits,
    extensions: &[Extension],
    resource_type: &ResourceType,
) -> Option<String> {
    let group = group(resource_type)?;
    let limit = limit(tier, limits, group)?;
    let have = used(extensions, group);
    if have < limit {
        return None;
    }
    let tier = known_tier(tier).to_string();
    let have = have.to_string();
    let args = [("tier", tier.as_str()), ("have", have.as_str())];
    Some(match (group, limit) {
        (Group::Themes, 0) => tf(w::REFUSAL_NO_THEMES, &args),
        (Group::Extensions, 0) => tf(w::REFUSAL_NO_EXTENSIONS, &args),
        (Group::Themes, _) => tp(w::REFUSAL_THEMES, f64::from(limit), &args),
        (Group::Extensions, _) => tp(w::REFUSAL_EXTENSIONS, f64::from(limit), &args),
    })
}

/// The words for a resource type.
pub fn type_label(resource_type: &ResourceType) -> String {
    crate::words::resource_type_text(resource_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ext(t: ResourceType) -> Extension {
        Extension { resource_type: t, ..Extension::default() }
    }

    #[test]
    fn caps_per_tier() {
        let std = ResourceLimits::Standard;
        assert_eq!(limit(&Tier::Starter, &std, Group::Themes), Some(1));
        assert_eq!(limit(&Tier::Starter, &std, Group::Extensions), Some(0));
        assert_eq!(limit(&Tier::Premium, &std, Group::Themes), Some(1));
        assert_eq!(limit(&Tier::Premium, &std, Group::Extensions), Some(1));
        assert_eq!(limit(&Tier::Enterprise, &std, Group::Themes), None);
        assert_eq!(limit(&Tier::Premium, &ResourceLimits::Custom, Group::Extensions), None);
        assert_eq!(limit(&Tier::Unknown("Premium".into()), &std, Group::Themes), Some(1));
        assert_eq!(limit(&Tier::Unknown("platinum".into()), &std, Group::Themes), None);
    }

    #[test]
    fn usage_counts_denylists_with_extensions() {
        let all = vec![
            ext(ResourceType::Theme),
            ext(ResourceType::Extension),
            ext(ResourceType::PasswordBlacklist),
            ext(ResourceType::WellKnown),
        ];
        assert_eq!(used(&all, Group::Themes), 1);
        assert_eq!(used(&all, Group::Extensions), 2);
        assert_eq!(usage_label(Group::Themes, 1, Some(1)), "Themes 1/1");
        assert_eq!(usage_label(Group::Extensions, 2, None), "Extensions and denylists 2 (no limit)");
    }

    #[test]
    fn refusals_name_the_cap() {
        let std = ResourceLimits::Standard;
        let why = refusal(&Tier::Starter, &std, &[], &ResourceType::Extension).unwrap_or_default();
        assert!(why.contains("starter tier allows no extensions"), "{why}");
        assert_eq!(refusal(&Tier::Starter, &std, &[], &ResourceType::Theme), None);
        let one_theme = vec![ext(ResourceType::Theme)];
        let why = refusal(&Tier::Starter, &std, &one_theme, &ResourceType::Theme).unwrap_or_default();
        assert!(why.contains("allows 1 theme; this cluster has 1"), "{why}");
        let denylist = vec![ext(ResourceType::PasswordBlacklist)];
        assert!(refusal(&Tier::Premium, &std, &denylist, &ResourceType::Extension).is_some());
        assert_eq!(refusal(&Tier::Premium, &std, &denylist, &ResourceType::WellKnown), None);
        assert_eq!(refusal(&Tier::Enterprise, &std, &denylist, &ResourceType::Extension), None);
    }
}
