//! The root: load the configuration, then the router with one route per resource group.

use leptos::prelude::*;
use leptos_router::{
    components::{ParentRoute, Redirect, Route, Router, Routes},
    path,
};

use crate::billing::Billing;
use crate::clusters::{provide_watchers, ClusterBilling, ClusterLayout, ClusterList, ClusterOverview, CreateCluster};
use crate::config::{self, Config};
use crate::directory::Directory;
use crate::extensions::{extension_watch, ClusterExtensions};
use crate::organizations::Organizations;
use crate::session::Session;
use crate::shell::{ConfigError, NotFound, Shell, SignIn};

async fn load_config() -> Result<Config, String> {
    let url = format!("{}/config.json", crate::api::page_origin());
    let response = gloo_net::http::Request::get(&url)
        .cache(web_sys::RequestCache::NoStore)
        .send()
        .await
        .map_err(|e| format!("{url} could not be fetched ({e})."))?;
    if !response.ok() {
        return Err(format!("{url} answered HTTP {}: the file is missing from the deployment.", response.status()));
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
    let session = Session::new(config);
    provide_context(session);
    provide_context(Directory::new(session));
    provide_watchers(session);
    provide_context(extension_watch(session));

    view! {
        <Router>
            <Routes fallback=NotFound>
                <Route path=path!("/sign-in") view=SignIn/>
                <ParentRoute path=path!("") view=Shell>
                    <Route path=path!("/") view=|| view! { <Redirect path="/clusters"/> }/>
                    <Route path=path!("/clusters") view=ClusterList/>
                    <Route path=path!("/clusters/new") view=CreateCluster/>
                    <ParentRoute path=path!("/clusters/:id") view=ClusterLayout>
                        <Route path=path!("") view=ClusterOverview/>
                        <Route path=path!("billing") view=ClusterBilling/>
                        <Route path=path!("extensions") view=ClusterExtensions/>
                    </ParentRoute>
                    <Route path=path!("/organizations") view=Organizations/>
                    <Route path=path!("/billing") view=Billing/>
                </ParentRoute>
            </Routes>
        </Router>
    }
}
