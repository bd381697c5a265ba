//! Every in-app address, built in one place: no screen formats a URL by hand, so an ID
//! with a `/` or a space is always escaped. The paths and their typed builders are the route
//! table's (`routes`); this adds the query strings and the navigation's "you are here".

use cluster_api::request::{Query, encode_segment};

use crate::navigation::safe_next;

pub use crate::routes::ClusterTab;
// The addresses and typed builders of the route table: `CLUSTERS`, `cluster(id)`, `realm(id)`,
// `ip_rule(cluster, rule)`, `org_secrets(org)`, `org_secret(org, secret)`, `review_version(..)`…
pub use crate::routes::link::*;

/// `/clusters/{id}/{tab}`: a tab of cluster `id`.
pub fn cluster_tab(id: &str, tab: ClusterTab) -> String {
    tab.route().link(&[id])
}

/// `/clusters/{id}/domains?domain={domain_id}`: one domain's DNS records, a page to hand to
/// whoever manages the DNS.
pub fn cluster_domain(id: &str, domain_id: &str) -> String {
    with_query(&cluster_tab(id, ClusterTab::Domains), &[("domain", domain_id)])
}

/// `/clusters/new?pending={id}`: the wizard, remembering a created cluster that waits for
/// its payment (3-D Secure), so a reload shows it instead of a blank form. Never the
/// payment's client secret: that stays in memory.
pub fn new_cluster_pending(cluster_id: &str) -> String {
    with_query(NEW_CLUSTER, &[("pending", cluster_id)])
}

/// `/billing?org={id}`: one organization's billing.
pub fn billing_for(org_id: &str) -> String {
    with_query(BILLING, &[("org", org_id)])
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
