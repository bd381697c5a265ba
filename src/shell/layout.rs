use leptos::prelude::*;
use leptos_router::{
    components::{Outlet, A},
    hooks::{use_location, use_navigate},
    NavigateOptions,
};

use crate::directory::Directory;
use crate::navigation::sign_in_url;
use crate::session::Session;

/// The signed-in frame. Anyone not signed in is sent to sign-in, which brings them back here.
#[component]
pub fn Shell() -> impl IntoView {
    let session = expect_context::<Session>();
    let directory = expect_context::<Directory>();
    let location = use_location();
    let navigate = use_navigate();

    Effect::new(move |_| {
        if !session.signed_in.get() {
            let search = location.search.get_untracked();
            let here = if search.is_empty() {
                location.pathname.get_untracked()
            } else {
                format!("{}?{search}", location.pathname.get_untracked())
            };
            navigate(&sign_in_url(&here), NavigateOptions { replace: true, ..Default::default() });
        }
    });

    let orgs_label = move || {
        directory.orgs.with(|r| match r.as_ref().map(|r| r.as_ref()) {
            Some(Ok(orgs)) if orgs.len() == 1 => orgs[0].display_name.clone().unwrap_or_else(|| orgs[0].name.clone()),
            Some(Ok(orgs)) if orgs.is_empty() => "No organization".into(),
            Some(Ok(orgs)) => format!("{} organizations", orgs.len()),
            Some(Err(_)) => "Organizations unavailable".into(),
            None => "…".into(),
        })
    };

    move || {
        session.signed_in.get().then(|| {
            view! {
                <header class="topbar">
                    <A href="/clusters" attr:class="brand">"Cluster console"</A>
                    <span class="env" title="Environment">{session.environment_name()}</span>
                    <span class="org" title="Organization"><A href="/organizations">{orgs_label}</A></span>
                    <span class="spacer"></span>
                    <button class="button subtle" on:click=move |_| session.end(Some("You signed out.".into()))>"Sign out"</button>
                </header>
                <div class="frame">
                    <nav class="sidenav" aria-label="Resources">
                        <A href="/clusters">"Clusters"</A>
                        <A href="/organizations">"Organizations"</A>
                        <A href="/billing">"Billing"</A>
                    </nav>
                    <main class="page">
                        {move || session.flash.get().map(|text| view! {
                            <div class="flash" role="status">
                                <span>{text}</span>
                                <button class="button subtle" aria-label="Dismiss" on:click=move |_| session.flash.set(None)>"×"</button>
                            </div>
                        })}
                        <Outlet/>
                    </main>
                </div>
            }
        })
    }
}
