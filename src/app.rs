//! The root: load the configuration, then the router. Every route is an entry of the route
//! table (`routes`); here they are only arranged: the nesting, and the order they match in.

use leptos::prelude::*;
use leptos_router::components::{ParentRoute, Route, Router, Routes};

use crate::clusters::provide_watchers;
use crate::config::{self, Config};
use crate::directory::Directory;
use crate::i18n::k::config as w;
use crate::i18n::tf;
use crate::poll::AppOwner;
use crate::routes::*;
use crate::session::Session;
use crate::shell::{ConfigError, NotFoundAlone};

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
    let config = crate::load::load(|| async {
        crate::i18n::start().await;
        load_config().await
    });
    move || match config.get() {
        // index.html's loading state stays on screen (in the person's language, which the
        // catalogue being fetched here is not yet): style/console.css keeps it shown while
        // this empty marker is all the app has rendered.
        None => view! { <div class="boot-wait" hidden></div> }.into_any(),
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
        // Re-rendered when the person picks another language (the account menu, the sign-in
        // page): every screen is built from the new catalogue, at the same address; the
        // session and the watched operations live above and stay.
        {move || { crate::i18n::track_changes(); view! {
        <Router>
            <Routes fallback=NotFoundAlone>
                <Route path=SIGN_IN::path() view=SIGN_IN::view/>
                <ParentRoute path=SHELL::path() view=SHELL::view>
                    <Route path=HOME::path() view=HOME::view/>
                    <Route path=CLUSTERS::path() view=CLUSTERS::view/>
                    <Route path=NEW_CLUSTER::path() view=NEW_CLUSTER::view/>
                    <ParentRoute path=CLUSTER::path() view=CLUSTER::view>
                        <Route path=CLUSTER_OVERVIEW::path() view=CLUSTER_OVERVIEW::view/>
                        <Route path=CLUSTER_BILLING::path() view=CLUSTER_BILLING::view/>
                        <Route path=CLUSTER_RESOURCES::path() view=CLUSTER_RESOURCES::view/>
                        <Route path=CLUSTER_REALMS::path() view=CLUSTER_REALMS::view/>
                        <Route path=CLUSTER_ACCESS::path() view=CLUSTER_ACCESS::view/>
                        <Route path=CLUSTER_IP_RULE::path() view=CLUSTER_IP_RULE::view/>
                        <Route path=CLUSTER_LOGS::path() view=CLUSTER_LOGS::view/>
                        <Route path=CLUSTER_DOMAINS::path() view=CLUSTER_DOMAINS::view/>
                        <Route path=CLUSTER_ENV_VARS::path() view=CLUSTER_ENV_VARS::view/>
                        <Route path=CLUSTER_EXTENSIONS_MOVED::path() view=CLUSTER_EXTENSIONS_MOVED::view/>
                        <Route path=CLUSTER_SETTINGS_MOVED::path() view=CLUSTER_SETTINGS_MOVED::view/>
                    </ParentRoute>
                    <Route path=ORGANIZATIONS::path() view=ORGANIZATIONS::view/>
                    <Route path=BILLING::path() view=BILLING::view/>
                    <Route path=REALMS::path() view=REALMS::view/>
                    <Route path=REALM::path() view=REALM::view/>
                    <Route path=API_SECRETS::path() view=API_SECRETS::view/>
                    <Route path=API_SECRET::path() view=API_SECRET::view/>
                    <Route path=REVIEW::path() view=REVIEW::view/>
                    <Route path=OVERVIEW::path() view=OVERVIEW::view/>
                    <Route path=REVIEW_VERSION::path() view=REVIEW_VERSION::view/>
                </ParentRoute>
                // Any other address, inside the shell (header and navigation kept). A block of
                // its own after the screens, so routes added to the block above stay first.
                <ParentRoute path=SHELL::path() view=SHELL::view>
                    <Route path=NOT_FOUND::path() view=NOT_FOUND::view/>
                </ParentRoute>
            </Routes>
        </Router>
        } }}
        </crate::account::Boot>
    }
}
