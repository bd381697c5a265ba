//! The route table: every address the console answers, declared once. Each entry says its
//! path, the screen it shows (loaded on demand, in which code group), its label and page
//! title, the operation whose role gates it and, where screens link to it, its typed link
//! builder. Everything else reads it: the router (`app.rs` lists each entry's `path()` and
//! `view` under the nesting it needs), `links` (its constants and builders are the ones made
//! here), the cluster tab bar (`ClusterTab`, made from the entries marked `tab`), the
//! palette's and the side navigation's pages, page titles and `prefetch`'s groups.
//!
//! `routes!` (in `macros.rs`) turns each entry into a `Route` constant (the data), a module
//! of the same name holding the router's items (`path()`, `view`, and the split point of a
//! lazy screen, whose name is the screen's split function), a link builder in [`link`], and
//! a `ClusterTab` variant. `path!` wants the literal, so the segment is spelled in the entry
//! and handed to it.

use cluster_api::catalogue;
use cluster_api::request::{Operation, encode_segment};
use leptos::prelude::*;

use crate::i18n::{Msg, t};
use crate::kit::lazy::Screen;

#[macro_use]
mod macros;

/// The code group of the screens compiled into the main module (not split off).
pub const MAIN: &str = "main";

/// One address the console answers. Type-erased: every route is the same plain data.
pub struct Route {
    /// The path below the parent: `/resources` under `/clusters/:id`; the whole path at the
    /// top. `:name` is an ID, `*name` the rest of the path.
    pub segment: &'static str,
    /// The route this one is nested in (the cluster page for its tabs).
    pub parent: Option<&'static Route>,
    /// What a link to it says (the tab bar, the side navigation, the palette): its key in
    /// the catalogues (`locales/*/routes.json`), shown through [`Route::label()`].
    label_words: Msg,
    /// The page title's own part (`Resources` in `Resources · acme-prod · Clusters ·
    /// Cluster console`), empty where what the page shows names it (a cluster, a realm):
    /// its key in the catalogues. Shown through [`Route::title()`].
    title_words: Msg,
    /// The operation whose role gates the page: the read that fills it.
    pub gate: Option<&'static Operation>,
    /// The code group: the split wasm module its screen is in (`scripts/pack-modules.mjs`
    /// packs by it, `prefetch` fetches by it), [`MAIN`] for the eager ones.
    pub group: &'static str,
    /// Its lazily loaded screen; `None` when the screen is eager or the route redirects.
    /// (The router shows it through the route's module; the table's tests read it here.)
    #[cfg_attr(not(test), allow(dead_code))]
    pub screen: Option<&'static Screen>,
}

impl Route {
    /// What a link to it says, in the person's language.
    pub fn label(&self) -> &'static str {
        t(self.label_words)
    }

    /// The page title's own part, in the person's language (empty for none).
    pub fn title(&self) -> &'static str {
        t(self.title_words)
    }

    /// The whole pattern: `/clusters/:id/resources`.
    pub fn pattern(&self) -> String {
        let mut pattern = self.parent.map(Route::pattern).unwrap_or_default();
        pattern.push_str(self.segment);
        pattern
    }

    /// The address of a top-level route without IDs (`/clusters`).
    pub fn href(&self) -> &'static str {
        debug_assert!(self.parent.is_none() && !self.segment.contains([':', '*']), "{}", self.segment);
        self.segment
    }

    /// The `:name` segments of the whole pattern, in order.
    pub fn params(&self) -> Vec<String> {
        let pattern = self.pattern();
        pattern.split('/').filter_map(|s| s.strip_prefix(':')).map(str::to_string).collect()
    }

    /// The address with `ids` in place of the `:name` segments, in order, each
    /// percent-encoded as one segment.
    pub fn link(&self, ids: &[&str]) -> String {
        self.fill(ids, true)
    }

    /// As [`Route::link`], the IDs percent-encoded or as they are.
    pub fn fill(&self, ids: &[&str], encode: bool) -> String {
        debug_assert_eq!(ids.len(), self.params().len(), "{}", self.pattern());
        let pattern = self.pattern();
        let mut ids = ids.iter();
        let mut out = String::new();
        for part in pattern.split('/').filter(|s| !s.is_empty()) {
            out.push('/');
            match part.strip_prefix(':') {
                Some(_) => {
                    let id = ids.next().copied().unwrap_or_default();
                    out.push_str(&if encode { encode_segment(id) } else { id.to_string() });
                }
                None => out.push_str(part),
            }
        }
        if out.is_empty() {
            out.push('/');
        }
        out
    }
}

routes! {
    /// Sign in with an account or an API secret.
    SIGN_IN: "/sign-in" => eager(view! { <crate::shell::SignIn/> }),
        label SIGN_IN, title SIGN_IN, const SIGN_IN;
    /// The header and navigation around every page (no path of its own).
    SHELL: "" => eager(view! { <crate::shell::Shell/> }),
        label -, title -;
    HOME: "/" => redirect(CLUSTERS),
        label -, title -;
    CLUSTERS: "/clusters" => eager(view! { <crate::clusters::ClusterList/> }),
        label CLUSTERS, title CLUSTERS, gate CLUSTER_LIST, const CLUSTERS;
    NEW_CLUSTER: "/clusters/new" => lazy(create_cluster, SCREEN_CREATE_CLUSTER, view! { <crate::clusters::CreateCluster/> }),
        label CREATE_CLUSTER, title NEW_CLUSTER, gate CLUSTER_CREATE, const NEW_CLUSTER;
    /// The cluster's header and tab bar; its tabs are nested in it.
    CLUSTER: "/clusters/:id" => lazy(cluster, SCREEN_CLUSTER, view! { <crate::clusters::ClusterLayout/> }),
        label CLUSTER, title -, gate CLUSTER_DETAIL, link cluster(id);
    // The cluster's tabs, in the order the tab bar shows them. The overview's title is the
    // cluster's name alone.
    CLUSTER_OVERVIEW: "" under CLUSTER => lazy(cluster, SCREEN_CLUSTER_OVERVIEW, view! { <crate::clusters::tabs::ClusterOverview/> }),
        label OVERVIEW, title -, gate CLUSTER_DETAIL, tab Overview;
    CLUSTER_REALMS: "/realms" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_REALMS, view! { <crate::clusters::tabs::realms::ClusterRealms/> }),
        label REALMS, title REALMS, gate CLUSTER_DEPLOYMENT_LIST, tab Realms;
    CLUSTER_DOMAINS: "/domains" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_DOMAINS, view! { <crate::clusters::tabs::domains::ClusterDomains/> }),
        label DOMAINS, title DOMAINS, gate CLUSTER_DOMAIN_LIST, tab Domains;
    CLUSTER_ENV_VARS: "/env-vars" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_ENV_VARS, view! { <crate::clusters::tabs::env_vars::ClusterEnvVars/> }),
        label ENV_VARS, title ENV_VARS, gate CLUSTER_ENVVAR_LIST, tab EnvVars;
    CLUSTER_ACCESS: "/access" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_ACCESS, view! { <crate::clusters::tabs::access::ClusterAccess/> }),
        label ACCESS, title ACCESS, gate CLUSTER_IPRULE_LIST, tab Access;
    /// One IP rule: a page inside the Access tab.
    CLUSTER_IP_RULE: "/access/:rule" under CLUSTER => lazy(cluster_tabs, SCREEN_IP_RULE, view! { <crate::clusters::tabs::access::ClusterIpRule/> }),
        label IP_RULE, title ACCESS, gate CLUSTER_IPRULE_DETAIL, link ip_rule(cluster_id, rule_id);
    CLUSTER_RESOURCES: "/resources" under CLUSTER => lazy(cluster_resources, SCREEN_CLUSTER_RESOURCES, view! { <crate::clusters::tabs::resources::ClusterResources/> }),
        label RESOURCES, title RESOURCES, gate CLUSTER_EXTENSION_LIST, tab Resources;
    CLUSTER_LOGS: "/logs" under CLUSTER => lazy(cluster_logs, SCREEN_CLUSTER_LOGS, view! { <crate::clusters::tabs::logs::ClusterLogs/> }),
        label LOGS, title LOGS, gate CLUSTER_LOG_LIST, tab Logs;
    CLUSTER_BILLING: "/billing" under CLUSTER => lazy(cluster, SCREEN_CLUSTER_BILLING, view! { <crate::clusters::tabs::ClusterBilling/> }),
        label BILLING, title BILLING, gate CLUSTER_SUBSCRIPTION_DETAIL, tab Billing;
    // The tabs' former addresses, kept for bookmarks and shared links.
    CLUSTER_EXTENSIONS_MOVED: "/extensions" under CLUSTER => moved(CLUSTER_RESOURCES),
        label -, title -;
    CLUSTER_SETTINGS_MOVED: "/settings" under CLUSTER => moved(CLUSTER_ENV_VARS),
        label -, title -;
    ORGANIZATIONS: "/organizations" => lazy(organizations, SCREEN_ORGANIZATIONS, view! { <crate::organizations::Organizations/> }),
        label ORGANIZATIONS, title ORGANIZATIONS, gate ORG_LIST, const ORGANIZATIONS;
    BILLING: "/billing" => lazy(organizations, SCREEN_BILLING, view! { <crate::billing::Billing/> }),
        label BILLING, title BILLING, gate ORG_SUBSCRIPTION_LIST, const BILLING;
    REALMS: "/realms" => lazy(realms, SCREEN_REALMS, view! { <crate::realms::AllRealms/> }),
        label REALMS, title REALMS, gate CLUSTER_DEPLOYMENT_LIST, const REALMS;
    REALM: "/realms/:id" => lazy(realms, SCREEN_REALM, view! { <crate::realms::RealmPage/> }),
        label REALM, title -, gate DEPLOYMENT_DETAIL, link realm(id);
    /// The organization's API secrets.
    API_SECRETS: "/organizations/:org/secrets" => lazy(organizations, SCREEN_API_SECRETS, view! { <crate::organizations::secrets::ApiSecrets/> }),
        label API_SECRETS, title API_SECRETS, gate ORG_APISECRET_LIST, link org_secrets(org_id);
    API_SECRET: "/organizations/:org/secrets/:secret" => lazy(organizations, SCREEN_API_SECRET, view! { <crate::organizations::secrets::ApiSecret/> }),
        label API_SECRET, title -, gate ORG_APISECRET_DETAIL, link org_secret(org_id, secret_id);
    /// Support staff's review desk.
    REVIEW: "/review" => lazy(review, SCREEN_REVIEW, view! { <crate::review::ReviewDesk/> }),
        label REVIEW, title EXTENSION_REVIEW, gate CLUSTER_EXTENSION_VERSION_REPORT, const REVIEW;
    /// Per organization: clusters by status, realms, invoices and what needs attention.
    OVERVIEW: "/overview" => lazy(overview, SCREEN_OVERVIEW, view! { <crate::overview::Overview/> }),
        label OVERVIEW, title OVERVIEW, const OVERVIEW;
    /// One extension version's review.
    REVIEW_VERSION: "/review/:cluster/:extension/:version" => lazy(review, SCREEN_REVIEW_VERSION, view! { <crate::review::VersionReview/> }),
        label VERSION_REVIEW, title REVIEW, gate CLUSTER_EXTENSION_VERSION_REPORT, link review_version(cluster, extension, version);
    /// Any other address, inside the shell (header and navigation kept).
    NOT_FOUND: "/*any" => eager(view! { <crate::shell::NotFound/> }),
        label PAGE_NOT_FOUND, title PAGE_NOT_FOUND;
}

impl ClusterTab {
    /// Which tab of cluster `id` a path shows (`/clusters/x/billing` → Billing). The path
    /// may carry the ID escaped or not.
    pub fn of_path(path: &str, id: &str) -> ClusterTab {
        let path = path.trim_end_matches('/');
        let bases = [CLUSTER.fill(&[id], false), CLUSTER.link(&[id])];
        ClusterTab::ALL
            .iter()
            .copied()
            .find(|t| {
                path.strip_suffix(t.route().segment).is_some_and(|base| bases.iter().any(|b| b == base))
            })
            // A page inside a tab (`/clusters/x/access/rule-1`) belongs to that tab.
            .or_else(|| {
                ClusterTab::ALL.iter().copied().filter(|t| !t.route().segment.is_empty()).find(|t| {
                    bases.iter().any(|base| path.starts_with(&format!("{base}{}/", t.route().segment)))
                })
            })
            .unwrap_or(ClusterTab::Overview)
    }
}

/// A page's former address: replaced (not pushed, so Back skips it) by the page at `to`,
/// with the same IDs and the query string kept.
#[component]
pub fn Moved(to: &'static Route) -> impl IntoView {
    let params = leptos_router::hooks::use_params_map();
    let location = leptos_router::hooks::use_location();
    let navigate = leptos_router::hooks::use_navigate();
    Effect::new(move |_| {
        let Some(ids) =
            params.with(|p| to.params().iter().map(|name| p.get(name)).collect::<Option<Vec<_>>>())
        else {
            return;
        };
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let search = location.search.get();
        let query =
            if search.is_empty() { String::new() } else { format!("?{}", search.trim_start_matches('?')) };
        let to = format!("{}{query}", to.link(&ids));
        navigate(&to, leptos_router::NavigateOptions { replace: true, ..Default::default() });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_is_unique() {
        // A parent shares its address with its index child (the cluster page and its overview).
        let key = |r: &Route| (r.parent.map(Route::pattern), r.segment);
        let parents: Vec<_> = ALL.iter().filter_map(|r| r.parent.map(key)).collect();
        let mut patterns: Vec<String> =
            ALL.iter().filter(|r| !parents.contains(&key(r))).map(|r| r.pattern()).collect();
        assert_eq!(patterns.len() + 1, ALL.len(), "only the cluster page has children");
        let all = patterns.len();
        patterns.sort();
        patterns.dedup();
        assert_eq!(patterns.len(), all, "a path is declared twice: {patterns:?}");
    }

    #[test]
    fn every_cluster_tab_has_a_label_and_a_title() {
        assert_eq!(ClusterTab::ALL.len(), 8);
        for tab in ClusterTab::ALL {
            let route = tab.route();
            assert!(!route.label().is_empty(), "{tab:?}");
            // The overview is titled by the cluster's name alone.
            assert!(!route.title().is_empty() || *tab == ClusterTab::Overview, "{tab:?}");
            assert!(route.parent.is_some_and(|p| p.pattern() == CLUSTER.pattern()), "{tab:?}");
            assert!(route.screen.is_some(), "{tab:?}");
        }
    }

    #[test]
    fn tabs_round_trip_through_their_links() {
        for id in ["cl-1", "a/b c", "billing", "access"] {
            for tab in ClusterTab::ALL {
                let link = tab.route().link(&[id]);
                assert_eq!(ClusterTab::of_path(&link, id), *tab, "{link}");
                assert_eq!(ClusterTab::of_path(&format!("{link}/"), id), *tab, "{link}/");
                assert_eq!(ClusterTab::of_path(&tab.route().fill(&[id], false), id), *tab);
            }
        }
    }

    #[test]
    fn lazy_screens_name_their_group() {
        for route in ALL {
            assert_eq!(route.screen.is_some(), route.group != MAIN, "{}", route.pattern());
            assert!(route.label().is_empty() || !route.group.is_empty());
        }
        // Groups the build and the browser flows know by name.
        for group in
            ["cluster", "cluster_tabs", "cluster_resources", "create_cluster", "organizations", "realms"]
        {
            assert!(ALL.iter().any(|r| r.group == group), "{group}");
        }
    }

    #[test]
    fn natively_the_words_are_english() {
        // Natively no catalogue is loaded: `label()`/`title()` answer English.
        for route in ALL {
            assert_eq!(route.label_words.english(), route.label(), "{}", route.pattern());
            assert_eq!(route.title_words.english(), route.title(), "{}", route.pattern());
        }
        assert_eq!(NEW_CLUSTER.label(), "Create cluster");
        assert_eq!(NEW_CLUSTER.title(), "New cluster");
        assert_eq!(HOME.label(), "");
    }

    #[test]
    fn links_fill_the_ids_in_order() {
        assert_eq!(link::ip_rule("a/b", "r 1"), "/clusters/a%2Fb/access/r%201");
        assert_eq!(link::review_version("c", "e/x", "1"), "/review/c/e%2Fx/1");
        assert_eq!(HOME.link(&[]), "/");
        assert_eq!(CLUSTER_OVERVIEW.pattern(), "/clusters/:id");
        assert_eq!(API_SECRET.params(), ["org", "secret"]);
        // The redirect's target needs no ID.
        assert!(CLUSTERS.parent.is_none() && CLUSTERS.params().is_empty());
    }

    #[test]
    fn pages_are_gated_by_catalogue_reads() {
        for route in ALL {
            if let Some(op) = route.gate {
                assert!(
                    catalogue::ALL.contains(op) || cluster_api::roles::staff_role(op).is_some(),
                    "{}",
                    route.pattern()
                );
            }
        }
        assert!(REVIEW.gate.is_some_and(|op| cluster_api::roles::staff_role(op).is_some()));
    }
}
