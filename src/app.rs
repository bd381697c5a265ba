//! The root: load the configuration, then the router's assembly. Every route is an entry of
//! the route table (`routes`), matched there from the address; here, and only here, a route
//! meets its screen ([`show`]), and the lazy screens are declared as split points in the
//! code group the table names.

use leptos::prelude::*;
use leptos_router::components::Router;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::location::{BrowserUrl, LocationProvider};

use crate::config::{self, Config};
use crate::i18n::k::config as w;
use crate::i18n::tf;
use crate::kit::Slot;
use crate::kit::lazy::{Lazy, Screen};
use crate::poll::AppOwner;
use crate::routes::{self, Key, Match, Route, Shows};
use crate::session::Session;
use crate::shell::ConfigError;

async fn load_config() -> Result<Config, String> {
    let url = format!("{}/config.json", crate::api::page_origin());
    // No cache mode of our own: the file is served `no-cache` (so it is always revalidated),
    // and index.html preloads it, which a `no-store` request would not take up.
    let response = gloo_net::http::Request::get(&url)
        .send()
        .await
        .map_err(|e| tf(w::NOT_FETCHED, &[("url", &url), ("why", &e.to_string())]))?;
    if !response.ok() {
        return Err(tf(w::MISSING, &[("url", &url), ("status", &response.status().to_string())]));
    }
    let text =
        response.text().await.map_err(|e| tf(w::NOT_READ, &[("url", &url), ("why", &e.to_string())]))?;
    config::parse(&text)
}

#[component]
pub fn App() -> impl IntoView {
    // The person's language first (its catalogue is preloaded by index.html's head script,
    // so this rarely waits): every screen, the first included, is in that language.
    // Read once (a plain signal and task, not `view_read::load`, whose refetching this read
    // has no use for: its instance would be in the main module, which every visit fetches).
    let config = RwSignal::new(None::<Result<Config, String>>);
    leptos::task::spawn_local(async move {
        crate::i18n::start().await;
        let read = load_config().await;
        config.try_set(Some(read));
    });
    move || match config.get() {
        // index.html's loading state stays on screen (in the person's language, which the
        // catalogue being fetched here is not yet): style/console.css keeps it shown while
        // this empty marker is all the app has rendered.
        None => view! { <div class="boot-wait" hidden></div> }.into_any(),
        Some(Err(message)) => view! { <ConfigError message=message /> }.into_any(),
        Some(Ok(config)) => view! { <Console config=config /> }.into_any(),
    }
}

#[component]
fn Console(config: Config) -> impl IntoView {
    crate::prefetch::configure(config.prefetch);
    let session = Session::new(config);
    provide_context(session);
    // Screens loaded on demand make their app-wide state under this owner (`poll::app_wide`;
    // the shell's services, `shell::services`), so it outlives them like root state would.
    provide_context(AppOwner(Owner::current().unwrap_or_default()));
    // A sign-in coming back from the identity server: the console's code is instantiated
    // while the code is redeemed and the person read, not after (the head script has
    // fetched its bytes already).
    if crate::account::returning() {
        crate::kit::lazy::preload(&screen::SHELL);
    }

    // Start-up finishes (or silently tries) a sign-in with the person's account first.
    view! {
        <crate::shell::Boot>
            // Re-rendered when the person picks another language (the account menu, the sign-in
            // page): every screen is built from the new catalogue, at the same address; the
            // session and the watched operations live above and stay.
            {move || {
                crate::i18n::track_changes();
                view! {
                    <Router>
                        <Pages />
                    </Router>
                }
            }}
        </crate::shell::Boot>
    }
}

/// The page for the address: sign-in alone, or the shell around the page (and the cluster
/// page around its tab, through the kit's `Outlet`). The route is matched once per address
/// (`routes::find`) and handed to every level and screen through context.
#[component]
fn Pages() -> impl IntoView {
    let location = use_location();
    let here = Memo::new(move |_| routes::find(&location.pathname.get()));
    provide_context(here);
    // leptos_router writes a new address into the address bar only once its route view says
    // the page is drawn (its `Routes` do this); here the page is drawn when the match is.
    let browser = use_context::<BrowserUrl>();
    Effect::new(move |_| {
        location.pathname.track();
        if let Some(browser) = &browser {
            browser.ready_to_complete();
        }
    });
    let signing_in = Memo::new(move |_| here.with(|m| m.route.key == Key::SIGN_IN));
    let session = expect_context::<Session>();
    // Anyone not signed in is sent to sign-in, which brings them back here. Decided here,
    // not by the shell, so a signed-out visit to any address never fetches the shell's code.
    let navigate = use_navigate();
    Effect::new(move |_| {
        if !session.signed_in.get() && !signing_in.get() && !crate::account::leaving() {
            let search = location.search.get_untracked();
            let path = location.pathname.get_untracked();
            let here = if search.is_empty() { path } else { format!("{path}?{search}") };
            navigate(
                &crate::links::sign_in(&here),
                leptos_router::NavigateOptions { replace: true, ..Default::default() },
            );
        }
    });
    move || {
        if signing_in.get() {
            show(&routes::SIGN_IN)
        } else if !session.signed_in.get() {
            // On its way to sign-in (the effect above).
            ().into_any()
        } else {
            // The shell stays while the page inside it changes.
            provide_context(Slot { depth: 0, show });
            show(&routes::SHELL)
        }
    }
}

/// Declares the lazy screens: each a split point (`kit::lazy`) in the code group given
/// here, named by the route's `screen_name`. The table says the same group (for prefetch and
/// the packer), and a test checks that the two agree.
macro_rules! lazy_screens {
    ($($name:ident: $group:ident => $view:expr;)*) => {
        mod screen {
            use leptos::prelude::*;
            $(
                $crate::kit::lazy::split_screen!(
                    pub $name, $group, $crate::routes::$name.screen_name(), $view
                );
            )*
        }

        /// The lazy screen of `key`, with its group's name.
        fn lazy_screen(key: Key) -> Option<(&'static Screen, &'static str)> {
            match key {
                $(Key::$name => Some((&screen::$name, stringify!($group))),)*
                _ => None,
            }
        }
    };
}

lazy_screens! {
    SHELL: console => view! { <crate::shell::Shell/> };
    CLUSTERS: console => view! { <crate::clusters::ClusterList/> };
    NOT_FOUND: console => view! { <crate::shell::NotFound/> };
    NEW_CLUSTER: create_cluster => view! { <crate::clusters::CreateCluster/> };
    CLUSTER: cluster => view! { <crate::clusters::ClusterLayout/> };
    CLUSTER_OVERVIEW: cluster => view! { <crate::clusters::tabs::ClusterOverview/> };
    CLUSTER_REALMS: cluster_tabs => view! { <crate::clusters::tabs::realms::ClusterRealms/> };
    CLUSTER_DOMAINS: cluster_tabs => view! { <crate::clusters::tabs::domains::ClusterDomains/> };
    CLUSTER_ENV_VARS: cluster_tabs => view! { <crate::clusters::tabs::env_vars::ClusterEnvVars/> };
    CLUSTER_ACCESS: cluster_tabs => view! { <crate::clusters::tabs::access::ClusterAccess/> };
    CLUSTER_IP_RULE: cluster_tabs => view! { <crate::clusters::tabs::access::ClusterIpRule/> };
    CLUSTER_RESOURCES: cluster_resources => view! { <crate::clusters::tabs::resources::ClusterResources/> };
    CLUSTER_LOGS: cluster_logs => view! { <crate::clusters::tabs::logs::ClusterLogs/> };
    CLUSTER_BILLING: cluster => view! { <crate::clusters::tabs::ClusterBilling/> };
    ORGANIZATIONS: organizations => view! { <crate::organizations::Organizations/> };
    BILLING: organizations => view! { <crate::billing::Billing/> };
    REALMS: realms => view! { <crate::realms::AllRealms/> };
    REALM: realms => view! { <crate::realms::RealmPage/> };
    API_SECRETS: organizations => view! { <crate::organizations::secrets::ApiSecrets/> };
    API_SECRET: organizations => view! { <crate::organizations::secrets::ApiSecret/> };
    REVIEW: review => view! { <crate::review::ReviewDesk/> };
    OVERVIEW: overview => view! { <crate::overview::Overview/> };
    REVIEW_VERSION: review => view! { <crate::review::VersionReview/> };
}

/// What `route` shows: its eager screen, its lazy one, or the move to its new address.
fn show(route: &'static Route) -> AnyView {
    if let Shows::Moved(to) = route.shows {
        return view! { <Moved to=to /> }.into_any();
    }
    if let Some((screen, _)) = lazy_screen(route.key) {
        return view! { <Lazy screen=screen /> }.into_any();
    }
    // Sign-in is the one eager screen; every other route is lazy or moved (a test checks
    // that the table says so).
    view! { <crate::shell::SignIn /> }.into_any()
}

/// A page's former address: replaced (not pushed, so Back skips it) by the page at `to`,
/// with the same IDs and the query string kept.
#[component]
fn Moved(to: &'static Route) -> impl IntoView {
    let here = expect_context::<Memo<Match>>();
    let location = use_location();
    let navigate = use_navigate();
    Effect::new(move |_| {
        let names = to.params();
        let ids: Vec<String> = here.with(|m| names.iter().map(|name| m.id(name).to_string()).collect());
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
    fn each_route_shows_what_the_table_says() {
        for route in routes::ALL {
            let lazy = lazy_screen(route.key);
            match route.shows {
                Shows::Lazy(_) => {
                    let (_, group) = lazy.unwrap_or_else(|| panic!("{:?} has no lazy screen", route.key));
                    assert_eq!(group, route.group, "{:?}: the split point's group", route.key);
                }
                Shows::Eager => {
                    assert!(lazy.is_none(), "{:?}", route.key);
                    assert_eq!(route.key, Key::SIGN_IN, "only sign-in is eager");
                }
                Shows::Moved(_) => assert!(lazy.is_none(), "{:?}", route.key),
            }
        }
    }
}
