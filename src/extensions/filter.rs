//! The Resources tab's search and type filter, kept in the URL query
//! (`?name=login&type=THEME`) so a filtered view survives a reload and can be shared.

use cluster_api::{Extension, ResourceType};

#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExtensionFilter {
    pub name: String,
    pub resource_type: Option<ResourceType>,
}

impl ExtensionFilter {
    pub fn from_query(name: Option<String>, resource_type: Option<String>) -> ExtensionFilter {
        ExtensionFilter {
            name: name.unwrap_or_default(),
            resource_type: resource_type.filter(|t| !t.trim().is_empty()).map(|t| ResourceType::from_wire(t.trim())),
        }
    }

    pub fn matches(&self, extension: &Extension) -> bool {
        let needle = self.name.trim().to_lowercase();
        (needle.is_empty() || extension.name.to_lowercase().contains(&needle))
            && self.resource_type.as_ref().is_none_or(|t| *t == extension.resource_type)
    }

    pub fn is_active(&self) -> bool {
        !self.name.trim().is_empty() || self.resource_type.is_some()
    }

    /// The tab's URL for this filter; `base` is `/clusters/<id>/extensions`.
    pub fn to_href(&self, base: &str) -> String {
        let mut query = cluster_api::request::Query::default();
        if !self.name.trim().is_empty() {
            query.push("name", &self.name.trim());
        }
        if let Some(t) = &self.resource_type {
            query.push("type", t);
        }
        format!("{base}{}", query.to_query_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ext(name: &str, t: ResourceType) -> Extension {
        Extension { name: name.into(), resource_type: t, ..Extension::default() }
    }

    #[test]
    fn filters_by_name_and_type() {
        let f = ExtensionFilter::from_query(Some("LOGIN".into()), Some("THEME".into()));
        assert!(f.matches(&ext("acme-login", ResourceType::Theme)));
        assert!(!f.matches(&ext("acme-login", ResourceType::Extension)));
        assert!(!f.matches(&ext("acme-mail", ResourceType::Theme)));
        assert!(ExtensionFilter::default().matches(&ext("x", ResourceType::WellKnown)));
    }

    #[test]
    fn round_trips_through_the_url() {
        let f = ExtensionFilter { name: " login ".into(), resource_type: Some(ResourceType::PasswordBlacklist) };
        assert_eq!(f.to_href("/clusters/c1/extensions"), "/clusters/c1/extensions?name=login&type=PASSWORD_BLACKLIST");
        let back = ExtensionFilter::from_query(Some("login".into()), Some("PASSWORD_BLACKLIST".into()));
        assert_eq!(back.resource_type, Some(ResourceType::PasswordBlacklist));
        assert_eq!(ExtensionFilter::default().to_href("/b"), "/b");
        assert!(!ExtensionFilter::from_query(Some("  ".into()), Some(String::new())).is_active());
    }
}
