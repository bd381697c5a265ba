//! Every in-app address, built in one place: no screen formats a URL by hand, so an ID
//! with a `/` or a space is always escaped and a renamed route changes here only.

use cluster_api::request::{Query, encode_segment};

use crate::navigation::safe_next;

pub const CLUSTERS: &str = "/clusters";
pub const NEW_CLUSTER: &str = "/clusters/new";
pub const BILLING: &str = "/billing";
pub const ORGANIZATIONS: &str = "/organizations";
pub const SIGN_IN: &str = "/sign-in";
pub const REALMS: &str = "/realms";
/// Support staff's review desk.
pub const REVIEW: &str = "/review";
/// Per organization: clusters by status, realms, invoices and what needs attention.
pub const OVERVIEW: &str = "/overview";

/// The tabs of a cluster's page, in the order they are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClusterTab {
    Overview,
    Billing,
    Resources,
    Realms,
    Domains,
    EnvVars,
    Access,
    Logs,
}

impl ClusterTab {
    pub const ALL: [ClusterTab; 8] = [
        ClusterTab::Overview,
        ClusterTab::Realms,
        ClusterTab::Domains,
        ClusterTab::EnvVars,
        ClusterTab::Access,
        ClusterTab::Resources,
        ClusterTab::Logs,
        ClusterTab::Billing,
    ];

    pub fn label(self) -> &'static str {
        match self {
            ClusterTab::Overview => "Overview",
            ClusterTab::Billing => "Billing",
            ClusterTab::Resources => "Resources",
            ClusterTab::Realms => "Realms",
            ClusterTab::Access => "Access",
            ClusterTab::Logs => "Logs",
            ClusterTab::Domains => "Domains",
            ClusterTab::EnvVars => "Environment variables",
        }
    }

    /// The path segment after `/clusters/{id}`, empty for the overview.
    fn segment(self) -> &'static str {
        match self {
            ClusterTab::Overview => "",
            ClusterTab::Billing => "/billing",
            ClusterTab::Resources => "/resources",
            ClusterTab::Realms => "/realms",
            ClusterTab::Access => "/access",
            ClusterTab::Logs => "/logs",
            ClusterTab::Domains => "/domains",
            ClusterTab::EnvVars => "/env-vars",
        }
    }

    /// Which tab of cluster `id` a path shows (`/clusters/x/billing` → Billing). The path
    /// may carry the ID escaped or not.
    pub fn of_path(path: &str, id: &str) -> ClusterTab {
        let path = path.trim_end_matches('/');
        let plain = format!("{CLUSTERS}/{id}");
        let escaped = cluster(id);
        ClusterTab::ALL
            .into_iter()
            .find(|t| path.strip_suffix(t.segment()).is_some_and(|base| base == plain || base == escaped))
            // A page inside a tab (`/clusters/x/access/rule-1`) belongs to that tab.
            .or_else(|| {
                ClusterTab::ALL.into_iter().filter(|t| !t.segment().is_empty()).find(|t| {
                    [&plain, &escaped].iter().any(|base| path.starts_with(&format!("{base}{}/", t.segment())))
                })
            })
            .unwrap_or(ClusterTab::Overview)
    }
}

/// `/clusters/{id}`, the ID percent-encoded as one segment.
pub fn cluster(id: &str) -> String {
    format!("{CLUSTERS}/{}", encode_segment(id))
}

pub fn cluster_tab(id: &str, tab: ClusterTab) -> String {
    format!("{}{}", cluster(id), tab.segment())
}

/// `/realms/{id}`: one realm's page, the ID percent-encoded as one segment.
pub fn realm(id: &str) -> String {
    format!("{REALMS}/{}", encode_segment(id))
}

/// `/clusters/{id}/access/{rule}`: one IP rule.
pub fn ip_rule(cluster_id: &str, rule_id: &str) -> String {
    format!("{}/{}", cluster_tab(cluster_id, ClusterTab::Access), encode_segment(rule_id))
}

/// `/clusters/{id}/domains?domain={domain_id}`: one domain's DNS records, a page to hand to
/// whoever manages the DNS.
pub fn cluster_domain(id: &str, domain_id: &str) -> String {
    with_query(&cluster_tab(id, ClusterTab::Domains), &[("domain", domain_id)])
}

/// `/review/{cluster}/{extension}/{version}`: one version's review.
pub fn review_version(cluster: &str, extension: &str, version: &str) -> String {
    format!("{REVIEW}/{}/{}/{}", encode_segment(cluster), encode_segment(extension), encode_segment(version))
}

/// `/billing?org={id}`: one organization's billing.
pub fn billing_for(org_id: &str) -> String {
    with_query(BILLING, &[("org", org_id)])
}

/// `/organizations/{org}/secrets`: the organization's API secrets.
pub fn org_secrets(org_id: &str) -> String {
    format!("{ORGANIZATIONS}/{}/secrets", encode_segment(org_id))
}

/// `/organizations/{org}/secrets/{secret}`: one API secret.
pub fn org_secret(org_id: &str, secret_id: &str) -> String {
    format!("{}/{}", org_secrets(org_id), encode_segment(secret_id))
}

/// `path` with the non-empty parameters of `params`, in order.
pub fn with_query(path: &str, params: &[(&'static str, &str)]) -> String {
    let mut query = Query::default();
    for (name, value) in params.iter().filter(|(_, v)| !v.is_empty()) {
        query.push(name, value);
    }
    format!("{path}{}", query.to_query_string())
}

/// `/sign-in?next=<path>` for the page the person asked for.
pub fn sign_in(path_and_query: &str) -> String {
    format!("{SIGN_IN}?next={}", encode_segment(&safe_next(Some(path_and_query))))
}

/// Whether the side navigation's entry `href` is the page itself (`aria-current="page"`)
/// on `path`. A cluster's own page is marked by its tabs instead, so only one link on the
/// page says "you are here"; the create wizard belongs to Clusters.
pub fn sidenav_current(path: &str, href: &str) -> bool {
    let path = path.trim_end_matches('/');
    if path == href {
        return true;
    }
    href == CLUSTERS && path == NEW_CLUSTER
}

/// Whether `path` is inside the section `href` (for the highlight, not `aria-current`).
pub fn in_section(path: &str, href: &str) -> bool {
    path == href || path.strip_prefix(href).is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_ids_are_one_escaped_segment() {
        assert_eq!(cluster("cl-1"), "/clusters/cl-1");
        assert_eq!(cluster("a/b c"), "/clusters/a%2Fb%20c");
        assert_eq!(cluster_tab("a/b", ClusterTab::Billing), "/clusters/a%2Fb/billing");
        assert_eq!(cluster_tab("x", ClusterTab::Resources), "/clusters/x/resources");
        assert_eq!(cluster_tab("x", ClusterTab::Overview), "/clusters/x");
        assert_eq!(cluster_tab("x", ClusterTab::Realms), "/clusters/x/realms");
        assert_eq!(realm("dep/1 a"), "/realms/dep%2F1%20a");
        assert_eq!(cluster_tab("x", ClusterTab::Domains), "/clusters/x/domains");
        assert_eq!(cluster_domain("x", "dom-1"), "/clusters/x/domains?domain=dom-1");
        assert_eq!(ClusterTab::of_path("/clusters/x/env-vars", "x"), ClusterTab::EnvVars);
    }

    #[test]
    fn tabs_are_read_back_from_paths() {
        assert_eq!(ClusterTab::of_path("/clusters/x", "x"), ClusterTab::Overview);
        assert_eq!(ClusterTab::of_path("/clusters/x/billing/", "x"), ClusterTab::Billing);
        assert_eq!(ClusterTab::of_path("/clusters/x/resources", "x"), ClusterTab::Resources);
        assert_eq!(ClusterTab::of_path("/clusters/x/realms", "x"), ClusterTab::Realms);
        assert_eq!(ClusterTab::of_path("/clusters/a%2Fb/billing", "a/b"), ClusterTab::Billing);
        // A cluster whose ID is "billing" is still its overview.
        assert_eq!(ClusterTab::of_path("/clusters/billing", "billing"), ClusterTab::Overview);
        assert_eq!(ClusterTab::of_path("/clusters/x/access/ipr-1", "x"), ClusterTab::Access);
        assert_eq!(ClusterTab::of_path("/clusters/x/logs", "x"), ClusterTab::Logs);
        assert_eq!(ip_rule("a/b", "r 1"), "/clusters/a%2Fb/access/r%201");
    }

    #[test]
    fn queries_skip_empty_values() {
        assert_eq!(billing_for("org acme"), "/billing?org=org%20acme");
        assert_eq!(with_query(CLUSTERS, &[("name", ""), ("status", "ACTIVE")]), "/clusters?status=ACTIVE");
        assert_eq!(with_query(CLUSTERS, &[]), "/clusters");
    }

    #[test]
    fn secrets_live_under_their_organization() {
        assert_eq!(org_secrets("org-acme"), "/organizations/org-acme/secrets");
        assert_eq!(org_secret("org acme", "sec/1"), "/organizations/org%20acme/secrets/sec%2F1");
    }

    #[test]
    fn sign_in_encodes_the_target() {
        assert_eq!(sign_in("/clusters?status=ACTIVE"), "/sign-in?next=%2Fclusters%3Fstatus%3DACTIVE");
        assert_eq!(sign_in("https://evil.example"), "/sign-in?next=%2Fclusters");
    }

    #[test]
    fn one_current_entry_in_the_side_navigation() {
        assert!(sidenav_current("/clusters", CLUSTERS));
        assert!(sidenav_current("/clusters/new", CLUSTERS));
        assert!(!sidenav_current("/clusters/cl-1", CLUSTERS), "the tabs mark a cluster page");
        assert!(!sidenav_current("/clusters", BILLING));
        assert!(sidenav_current("/billing", BILLING));
        assert!(in_section("/clusters/cl-1/billing", CLUSTERS));
        assert!(!in_section("/clustersx", CLUSTERS));
        assert!(!in_section("/clusters/cl-1/billing", BILLING));
    }
}
