//! The route table itself: one `routes!` entry per address the console answers, in the
//! order they match (see the module docs of `routes` for what an entry says, and
//! `macros.rs` for what it turns into). Its items are re-exported by `routes`.

use cluster_api::catalogue;

use super::{Crumb, Route, Shows, Step};

routes! {
    /// Sign in with an account or an API secret.
    SIGN_IN: "/sign-in" => eager(),
        label SIGN_IN, title SIGN_IN, const SIGN_IN;
    /// The header and navigation around every page (no path of its own). Like every signed-in
    /// screen it is in the `console` group: the main module holds what sign-in needs.
    SHELL: "" => lazy(console, SCREEN_CONSOLE),
        label -, title -;
    HOME: "/" => moved(CLUSTERS),
        label -, title -;
    CLUSTERS: "/clusters" => lazy(console, SCREEN_CLUSTERS),
        label CLUSTERS, title CLUSTERS, gate CLUSTER_LIST, const CLUSTERS;
    NEW_CLUSTER: "/clusters/new" => lazy(create_cluster, SCREEN_CREATE_CLUSTER),
        label CREATE_CLUSTER, title NEW_CLUSTER, gate CLUSTER_CREATE, const NEW_CLUSTER,
        up [CLUSTERS], crumb title;
    /// The cluster's header and tab bar; its tabs are nested in it.
    CLUSTER: "/clusters/:id" => lazy(cluster, SCREEN_CLUSTER),
        label CLUSTER, title -, gate CLUSTER_DETAIL, link cluster(id),
        up [CLUSTERS], crumb name(id);
    // The cluster's tabs, in the order the tab bar shows them. The overview's title is the
    // cluster's name alone.
    CLUSTER_OVERVIEW: "" under CLUSTER => lazy(cluster, SCREEN_CLUSTER_OVERVIEW),
        label OVERVIEW, title -, gate CLUSTER_DETAIL, tab Overview;
    CLUSTER_REALMS: "/realms" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_REALMS),
        label REALMS, title REALMS, gate CLUSTER_DEPLOYMENT_LIST, tab Realms;
    CLUSTER_DOMAINS: "/domains" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_DOMAINS),
        label DOMAINS, title DOMAINS, gate CLUSTER_DOMAIN_LIST, tab Domains;
    CLUSTER_ENV_VARS: "/env-vars" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_ENV_VARS),
        label ENV_VARS, title ENV_VARS, gate CLUSTER_ENVVAR_LIST, tab EnvVars;
    CLUSTER_ACCESS: "/access" under CLUSTER => lazy(cluster_tabs, SCREEN_CLUSTER_ACCESS),
        label ACCESS, title ACCESS, gate CLUSTER_IPRULE_LIST, tab Access;
    /// One IP rule: a page inside the Access tab.
    CLUSTER_IP_RULE: "/access/:rule" under CLUSTER => lazy(cluster_tabs, SCREEN_IP_RULE),
        label IP_RULE, title ACCESS, gate CLUSTER_IPRULE_DETAIL, link ip_rule(cluster_id, rule_id);
    CLUSTER_RESOURCES: "/resources" under CLUSTER => lazy(cluster_resources, SCREEN_CLUSTER_RESOURCES),
        label RESOURCES, title RESOURCES, gate CLUSTER_EXTENSION_LIST, tab Resources;
    CLUSTER_LOGS: "/logs" under CLUSTER => lazy(cluster_logs, SCREEN_CLUSTER_LOGS),
        label LOGS, title LOGS, gate CLUSTER_LOG_LIST, tab Logs;
    CLUSTER_BILLING: "/billing" under CLUSTER => lazy(cluster, SCREEN_CLUSTER_BILLING),
        label BILLING, title BILLING, gate CLUSTER_SUBSCRIPTION_DETAIL, tab Billing;
    // The tabs' former addresses, kept for bookmarks and shared links.
    CLUSTER_EXTENSIONS_MOVED: "/extensions" under CLUSTER => moved(CLUSTER_RESOURCES),
        label -, title -;
    CLUSTER_SETTINGS_MOVED: "/settings" under CLUSTER => moved(CLUSTER_ENV_VARS),
        label -, title -;
    ORGANIZATIONS: "/organizations" => lazy(organizations, SCREEN_ORGANIZATIONS),
        label ORGANIZATIONS, title ORGANIZATIONS, gate ORG_LIST, const ORGANIZATIONS;
    BILLING: "/billing" => lazy(organizations, SCREEN_BILLING),
        label BILLING, title BILLING, gate ORG_SUBSCRIPTION_LIST, const BILLING;
    REALMS: "/realms" => lazy(realms, SCREEN_REALMS),
        label REALMS, title REALMS, gate CLUSTER_DEPLOYMENT_LIST, const REALMS;
    REALM: "/realms/:id" => lazy(realms, SCREEN_REALM),
        label REALM, title -, gate DEPLOYMENT_DETAIL, link realm(id),
        up [REALMS, CLUSTER_REALMS(cluster)], crumb name(id);
    /// The organization's API secrets.
    API_SECRETS: "/organizations/:org/secrets" => lazy(organizations, SCREEN_API_SECRETS),
        label API_SECRETS, title API_SECRETS, gate ORG_APISECRET_LIST, link org_secrets(org_id),
        up [ORGANIZATIONS, ORGANIZATIONS(org)];
    API_SECRET: "/organizations/:org/secrets/:secret" => lazy(organizations, SCREEN_API_SECRET),
        label API_SECRET, title -, gate ORG_APISECRET_DETAIL, link org_secret(org_id, secret_id),
        up [ORGANIZATIONS, ORGANIZATIONS(org), API_SECRETS], crumb name(secret);
    /// Support staff's review desk.
    REVIEW: "/review" => lazy(review, SCREEN_REVIEW),
        label REVIEW, title EXTENSION_REVIEW, gate CLUSTER_EXTENSION_VERSION_REPORT, const REVIEW;
    /// Per organization: clusters by status, realms, invoices and what needs attention.
    OVERVIEW: "/overview" => lazy(overview, SCREEN_OVERVIEW),
        label OVERVIEW, title OVERVIEW, const OVERVIEW;
    /// One extension version's review.
    REVIEW_VERSION: "/review/:cluster/:extension/:version" => lazy(review, SCREEN_REVIEW_VERSION),
        label VERSION_REVIEW, title REVIEW, gate CLUSTER_EXTENSION_VERSION_REPORT,
        link review_version(cluster, extension, version),
        up [REVIEW, CLUSTER(cluster)], crumb name(version);
    /// Any other address, inside the shell (header and navigation kept).
    NOT_FOUND: "/*any" => lazy(console, SCREEN_NOT_FOUND),
        label PAGE_NOT_FOUND, title PAGE_NOT_FOUND;
}
