//! Getting into the realm: its admin console (a fresh single-use link opened in a new tab,
//! never kept) and app links (a client and redirect URI → a single-use link, shown once
//! with a copy button and its expiry), plus the admin token.

use cluster_api::{AppLinkRequest, ConsoleLink, ops};
use leptos::prelude::*;

use super::RealmCtx;
use super::token::{AdminToken, Countdown};
use crate::api::{self, ApiError, use_api};
use crate::i18n::{k, t, tf};
use crate::kit::code::CodePanel;
use crate::kit::copy::CopyButton;
use crate::kit::{TextField, Write};
use crate::realms::console::open_console;
use crate::redirect::safe_external;

#[component]
pub fn Access() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let api = use_api();
    let opening = Write::new(t(k::realms::OPENING_CONSOLE));
    let code = crate::code::live(Box::new(move |t| {
        ctx.realm.with(|r| crate::code::actions::console_link(t, &r.id, &r.name))
    }));
    view! {
        <section class="card" id="realm-access">
            <h2>{t(k::realms::ACCESS)}</h2>
            {move || {
                ctx.not_now
                    .get()
                    .map(|why| {
                        view! {
                            <p class="hint reason" id="access-off">
                                {why}
                            </p>
                        }
                    })
            }}
            <div class="access-item">
                <h3>{t(k::realms::ADMIN_CONSOLE)}</h3>
                <p class="hint">{t(k::realms::ADMIN_CONSOLE_HINT)}</p>
                <button
                    type="button"
                    class="button primary"
                    id="open-admin-console"
                    disabled=move || opening.busy.get() || ctx.not_now.get().is_some()
                    on:click=move |_| open_console(api, ctx.id(), opening)
                >
                    {opening.label(t(k::realms::OPEN_ADMIN_CONSOLE), t(k::realms::OPENING))}
                </button>
                {opening.failure()}
                {move || ctx.denied.get().is_none().then(|| view! { <CodePanel curl=code /> })}
            </div>
            <AppLink />
            <AdminToken />
        </section>
    }
}

/// Why an app link request would be refused before it is sent.
pub fn app_link_problem(client_id: &str, redirect_uri: &str) -> Option<&'static str> {
    if client_id.trim().is_empty() {
        return Some(t(k::realms::APP_LINK_NEEDS_CLIENT));
    }
    if safe_external(redirect_uri).is_none() {
        return Some(t(k::realms::APP_LINK_NEEDS_REDIRECT));
    }
    None
}

#[component]
fn AppLink() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let api = use_api();
    let client_id = RwSignal::new(String::new());
    let redirect_uri = RwSignal::new(String::new());
    let making = Write::new(t(k::realms::CREATING_APP_LINK));
    let shown = RwSignal::new(None::<(ConsoleLink, f64)>);
    let code = crate::code::live(Box::new(move |t| {
        let (client, redirect) = (client_id.get().trim().to_string(), redirect_uri.get().trim().to_string());
        ctx.realm.with(|r| crate::code::actions::app_link(t, &r.id, &r.name, &client, &redirect))
    }));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        shown.set(None);
        let (client, redirect) =
            (client_id.get_untracked().trim().to_string(), redirect_uri.get_untracked().trim().to_string());
        if let Some(why) = app_link_problem(&client, &redirect) {
            return making.error.set(Some(ApiError::BadRequest(why.into())));
        }
        let op = ops::DeploymentAppLinkCreate {
            id: ctx.id(),
            body: AppLinkRequest { client_id: client, redirect_uri: redirect },
        };
        making.run(async move { api::call(api, &op).await }, move |link| {
            let until = js_sys::Date::now() + f64::from(link.expiration_seconds.max(0)) * 1000.0;
            shown.try_set(Some((link, until)));
        });
    };
    view! {
        <div class="access-item">
            <h3>{t(k::realms::APP_LINK)}</h3>
            <p class="hint">{t(k::realms::APP_LINK_HINT)}</p>
            <form class="inline-form app-link" on:submit=submit>
                {TextField::new("app-link-client", t(k::realms::CLIENT_ID), client_id)
                    .autocomplete("off")
                    .view()}
                {TextField::new("app-link-redirect", t(k::realms::REDIRECT_URI), redirect_uri)
                    .kind("url")
                    .autocomplete("off")
                    .placeholder("https://")
                    .view()}
                <button
                    type="submit"
                    class="button"
                    id="create-app-link"
                    disabled=move || making.busy.get() || ctx.not_now.get().is_some()
                >
                    {making.label(t(k::realms::CREATE_APP_LINK), t(k::realms::CREATING))}
                </button>
            </form>
            {making.failure()}
            {move || ctx.denied.get().is_none().then(|| view! { <CodePanel curl=code /> })}
            {move || {
                shown
                    .get()
                    .map(|(link, until)| {
                        let url = link.link.clone();
                        let follow = safe_external(&url)
                            .is_some()
                            .then(|| {
                                // Only an http(s) link is offered as a link; anything else is text.
                                view! {
                                    " "
                                    <a
                                        href=url.clone()
                                        target="_blank"
                                        rel="noopener noreferrer"
                                        id="app-link-open"
                                    >
                                        {t(k::realms::OPEN_LINK)}
                                    </a>
                                }
                            });
                        view! {
                            <div class="secret-box" id="app-link">
                                <p>
                                    <strong>{t(k::realms::SINGLE_USE_LINK)}</strong>
                                </p>
                                <p class="mono secret" id="app-link-value">
                                    {url.clone()}
                                </p>
                                <p>
                                    <CopyButton text=url what=t(k::realms::APP_LINK_WHAT) />
                                    {follow}
                                    " "
                                    <Countdown until=until id="app-link-expiry" />
                                </p>
                                <p class="hint">{tf(k::realms::SIGNS_IN_AS, &[("user", &link.user_id)])}</p>
                            </div>
                        }
                    })
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn app_links_need_a_client_and_a_web_redirect() {
        assert!(app_link_problem("", "https://x.example").is_some());
        assert!(app_link_problem("web", "javascript:alert(1)").is_some());
        assert!(app_link_problem("web", "x.example").is_some());
        assert_eq!(app_link_problem("web", "https://x.example/cb"), None);
    }
}
