//! The root: load the configuration, then the router with one route per resource group.

use leptos::prelude::*;
use leptos_router::{
    components::{ParentRoute, Redirect, Route, Router, Routes},
    path,
};

use crate::clusters::{ClusterList, provide_watchers};
use crate::config::{self, Config};
use crate::directory::Directory;
use crate::kit::lazy::{Lazy, split_screen};
use crate::links::{self, ClusterTab};
use crate::poll::AppOwner;
use crate::session::Session;
use crate::shell::{ConfigError, NotFound, NotFoundAlone, Shell, SignIn};

// Every screen but sign-in, the shell and the clusters list is lazy (see `kit::lazy`), in a
// few route groups, a module each (the second argument): the cluster page with its overview
// and billing tab; its other tabs; its Resources tab (the largest); the create wizard;
// organizations with their secrets and billing; realms; the review desk; the overview.
// Each group's code travels in one pack plus a few shared ones (scripts/pack-modules.mjs).
split_screen!(
    CREATE_CLUSTER,
    create_cluster,
    "the create-cluster wizard",
    view! { <crate::clusters::CreateCluster/> }
);
split_screen!(CLUSTER_PAGE, cluster, "the cluster", view! { <crate::clusters::ClusterLayout/> });
split_screen!(
    CLUSTER_OVERVIEW,
    cluster,
    "the cluster overview",
    view! { <crate::clusters::tabs::ClusterOverview/> }
);
split_screen!(
    CLUSTER_BILLING,
    cluster,
    "the cluster's billing",
    view! { <crate::clusters::tabs::ClusterBilling/> }
);
split_screen!(
    CLUSTER_RESOURCES,
    cluster_resources,
    "the cluster's resources",
    view! { <crate::clusters::tabs::resources::ClusterResources/> }
);
split_screen!(
    CLUSTER_ACCESS,
    cluster_tabs,
    "the cluster's IP rules",
    view! { <crate::clusters::tabs::access::ClusterAccess/> }
);
split_screen!(
    CLUSTER_IP_RULE,
    cluster_tabs,
    "an IP rule",
    view! { <crate::clusters::tabs::access::ClusterIpRule/> }
);
split_screen!(
    CLUSTER_LOGS,
    cluster_tabs,
    "the cluster's logs",
    view! { <crate::clusters::tabs::logs::ClusterLogs/> }
);
split_screen!(
    CLUSTER_DOMAINS,
    cluster_tabs,
    "the cluster's custom domains",
    view! { <crate::clusters::tabs::domains::ClusterDomains/> }
);
split_screen!(
    CLUSTER_ENV_VARS,
    cluster_tabs,
    "the cluster's environment variables",
    view! { <crate::clusters::tabs::env_vars::ClusterEnvVars/> }
);
split_screen!(
    ORGANIZATIONS,
    organizations,
    "organizations",
    view! { <crate::organizations::Organizations/> }
);
split_screen!(
    API_SECRETS,
    organizations,
    "the organization's API secrets",
    view! { <crate::organizations::secrets::ApiSecrets/> }
);
split_screen!(
    API_SECRET,
    organizations,
    "the API secret",
    view! { <crate::organizations::secrets::ApiSecret/> }
);
split_screen!(BILLING, organizations, "billing", view! { <crate::billing::Billing/> });
split_screen!(
    CLUSTER_REALMS,
    cluster_tabs,
    "the cluster's realms",
    view! { <crate::clusters::tabs::realms::ClusterRealms/> }
);
split_screen!(REALMS, realms, "realms", view! { <crate::realms::AllRealms/> });
split_screen!(REALM_PAGE, realms, "the realm", view! { <crate::realms::RealmPage/> });
split_screen!(REVIEW_DESK, review, "the review desk", view! { <crate::review::ReviewDesk/> });
split_screen!(OVERVIEW, overview, "the overview", view! { <crate::overview::Overview/> });
split_screen!(
    REVIEW_VERSION,
    review,
    "an extension version's review",
    view! { <crate::review::VersionReview/> }
);

/// A tab's former address: replaced (not pushed, so Back skips it) by the tab's address,
/// query string kept.
#[component]
fn TabMoved(tab: ClusterTab) -> impl IntoView {
    let params = leptos_router::hooks::use_params_map();
    let location = leptos_router::hooks::use_location();
    let navigate = leptos_router::hooks::use_navigate();
    Effect::new(move |_| {
        let Some(id) = params.with(|p| p.get("id")) else { return };
        let search = location.search.get();
        let query =
            if search.is_empty() { String::new() } else { format!("?{}", search.trim_start_matches('?')) };
        let to = format!("{}{query}", links::cluster_tab(&id, tab));
        navigate(&to, leptos_router::NavigateOptions { replace: true, ..Default::default() });
    });
}

async fn load_config() -> Result<Config, String> {
    let url = format!("{}/config.json", crate::api::page_origin());
    // No cache mode of our own: the file is served `no-cache` (so it is always revalidated),
    // and index.html preloads it, which a `no-store` request would not take up.
    let response = gloo_net::http::Request::get(&url)
        .send()
        .await
        .map_err(|e| format!("{url} could not be fetched ({e})."))?;
    if !response.ok() {
        return Err(format!(
            "{url} answered HTTP {}: the file is missing from the deployment.",
            response.status()
        ));
    }
    let text = response.text().await.map_err(|e| format!("{url} could not be read ({e})."))?;
    config::parse(&text)
}

#[component]
pub fn App() -> impl IntoView {
    let config = crate::load::load(load_config);
    move || match config.get() {
        None => view! { <p class="boot">"Loading the console…"</p> }.into_any(),
        Some(Err(message)) => view! { <ConfigError message=message/> }.into_any(),
        Some(Ok(config)) => view! { <Console config=config/> }.into_any(),
    }
}

#[component]
fn Console(config: Config) -> impl IntoView {
    crate::prefetch::configure(config.prefetch);
    let session = Session::new(config);
    provide_context(session);
    provide_context(Directory::new(session));
    provide_watchers(session);
    // Screens loaded on demand make their app-wide polls under this owner (`poll::app_wide`).
    provide_context(AppOwner(Owner::current().unwrap_or_default()));
    // Long operations, watched until they settle whatever page is open (`activity`).
    crate::activity::provide();

    // Start-up finishes (or silently tries) a sign-in with the person's account first.
    view! {
        <crate::account::Boot>
        <Router>
            <Routes fallback=NotFoundAlone>
                <Route path=path!("/sign-in") view=SignIn/>
                <ParentRoute path=path!("") view=Shell>
                    <Route path=path!("/") view=|| view! { <Redirect path="/clusters"/> }/>
                    <Route path=path!("/clusters") view=ClusterList/>
                    <Route path=path!("/clusters/new") view=|| view! { <Lazy screen=&CREATE_CLUSTER/> }/>
                    <ParentRoute path=path!("/clusters/:id") view=|| view! { <Lazy screen=&CLUSTER_PAGE/> }>
                        <Route path=path!("") view=|| view! { <Lazy screen=&CLUSTER_OVERVIEW/> }/>
                        <Route path=path!("billing") view=|| view! { <Lazy screen=&CLUSTER_BILLING/> }/>
                        <Route path=path!("resources") view=|| view! { <Lazy screen=&CLUSTER_RESOURCES/> }/>
                        <Route path=path!("realms") view=|| view! { <Lazy screen=&CLUSTER_REALMS/> }/>
                        <Route path=path!("access") view=|| view! { <Lazy screen=&CLUSTER_ACCESS/> }/>
                        <Route path=path!("access/:rule") view=|| view! { <Lazy screen=&CLUSTER_IP_RULE/> }/>
                        <Route path=path!("logs") view=|| view! { <Lazy screen=&CLUSTER_LOGS/> }/>
                        <Route path=path!("domains") view=|| view! { <Lazy screen=&CLUSTER_DOMAINS/> }/>
                        <Route path=path!("env-vars") view=|| view! { <Lazy screen=&CLUSTER_ENV_VARS/> }/>
                        // The tabs' former addresses, kept for bookmarks and shared links.
                        <Route path=path!("extensions") view=|| view! { <TabMoved tab=ClusterTab::Resources/> }/>
                        <Route path=path!("settings") view=|| view! { <TabMoved tab=ClusterTab::EnvVars/> }/>
                    </ParentRoute>
                    <Route path=path!("/organizations") view=|| view! { <Lazy screen=&ORGANIZATIONS/> }/>
                    <Route path=path!("/billing") view=|| view! { <Lazy screen=&BILLING/> }/>
                    <Route path=path!("/realms") view=|| view! { <Lazy screen=&REALMS/> }/>
                    <Route path=path!("/realms/:id") view=|| view! { <Lazy screen=&REALM_PAGE/> }/>
                    <Route path=path!("/organizations/:org/secrets") view=|| view! { <Lazy screen=&API_SECRETS/> }/>
                    <Route path=path!("/organizations/:org/secrets/:secret") view=|| view! { <Lazy screen=&API_SECRET/> }/>
                    <Route path=path!("/review") view=|| view! { <Lazy screen=&REVIEW_DESK/> }/>
                    <Route path=path!("/overview") view=|| view! { <Lazy screen=&OVERVIEW/> }/>
                    <Route path=path!("/review/:cluster/:extension/:version") view=|| view! { <Lazy screen=&REVIEW_VERSION/> }/>
                </ParentRoute>
                // Any other address, inside the shell (header and navigation kept). A block of
                // its own after the screens, so routes added to the block above stay first.
                <ParentRoute path=path!("") view=Shell>
                    <Route path=path!("/*any") view=NotFound/>
                </ParentRoute>
            </Routes>
        </Router>
        </crate::account::Boot>
    }
}
