//! The signed-in frame around every page (`Shell`): the header (environment, organizations,
//! activity, palette, account menu), the side navigation, the skip link, the flash message
//! and the kit's `Outlet`, where the page of the address is placed. Anyone not signed in is
//! sent to sign-in.

use leptos::prelude::*;
use leptos_router::hooks::use_location;
use wasm_bindgen::JsCast;

use crate::directory::Directory;
use crate::i18n::k::shell as w;
use crate::i18n::{t, tp};
use crate::kit::{ErrorPanel, Outlet};
use crate::links;
use crate::routes;
use crate::session::Session;

/// "Skip to content": moves the focus to the page itself, past the header and navigation.
/// Handled here rather than as a `#main` jump so the router does not treat it as a route.
fn skip_to_main(ev: leptos::ev::MouseEvent) {
    ev.prevent_default();
    let main = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("main"));
    if let Some(main) = main.and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = main.focus();
    }
}

fn focus_by_id(id: &str) {
    let element = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// A person signed in with their account also leaves the identity server's session, so a
/// reload asks again; an API secret's session is only in this tab's memory.
fn sign_out(session: Session) {
    if session.is_account() {
        crate::account::sign_out(session, &format!("{}?signed-out=1", links::SIGN_IN));
    } else {
        session.end(Some(w::SIGNED_OUT.into()));
    }
}

/// The signed-in frame (the router's assembly shows it only to someone signed in).
#[component]
pub fn Shell() -> impl IntoView {
    let session = expect_context::<Session>();
    super::services::provide(session);
    let directory = expect_context::<Directory>();
    let location = use_location();

    // An outcome belongs to the page it was meant for: leaving that page drops it, so it
    // never follows the person onto another page (or another cluster's).
    Effect::new(move |_| {
        let path = location.pathname.get();
        if session.flash.with_untracked(|f| f.as_ref().is_some_and(|f| !f.shown_on(&path))) {
            session.flash.set(None);
        }
    });

    let orgs_label = move || {
        directory.orgs.with(|r| match r.as_ref().map(|r| r.as_ref()) {
            Some(Ok(orgs)) if orgs.len() == 1 => {
                orgs[0].display_name.clone().unwrap_or_else(|| orgs[0].name.clone())
            }
            Some(Ok(orgs)) if orgs.is_empty() => t(w::NO_ORGANIZATION).into(),
            Some(Ok(orgs)) => tp(w::ORGANIZATIONS_COUNT, orgs.len() as f64, &[]),
            Some(Err(_)) => t(w::ORGS_UNAVAILABLE).into(),
            None => "…".into(),
        })
    };

    // The phone's navigation menu: closed again by every move to another page.
    let menu = RwSignal::new(false);
    Effect::new(move |_| {
        location.pathname.track();
        menu.set(false);
    });

    move || {
        session.signed_in.track();
        // Screens call the API with this handle; there is none to give them while signed out.
        session.api().map(|api| {
            provide_context(api);
            view! {
                <a class="skip-link" href="#main" rel="external" on:click=skip_to_main>
                    {t(w::SKIP_TO_CONTENT)}
                </a>
                <header class="topbar">
                    // On a phone the navigation is behind this button (hidden on wider screens).
                    // Written out, not `kit::Button`: the shell is in the first visit's download,
                    // and the piece would bring its code there (+3.6 KB gzip measured).
                    <button
                        type="button"
                        class="button subtle nav-menu"
                        id="nav-menu"
                        aria-controls="sidenav"
                        aria-expanded=move || menu.get().to_string()
                        on:click=move |_| menu.update(|m| *m = !*m)
                    >
                        {t(w::MENU)}
                    </button>
                    <a href=links::CLUSTERS class="brand">
                        {t(crate::kit::page::APP)}
                    </a>
                    <span class="env" title=t(w::ENVIRONMENT)>
                        {session.environment_name()}
                    </span>
                    <span class="org" title=t(w::ORGANIZATION)>
                        <a href=links::ORGANIZATIONS>{orgs_label}</a>
                    </span>
                    <span class="spacer"></span>
                    <crate::activity::ActivityBadge />
                    <crate::palette::PaletteHost />
                    <super::account_menu::AccountMenu sign_out=Callback::new(move |()| sign_out(session)) />
                </header>
                <div class="frame">
                    <nav
                        class="sidenav"
                        id="sidenav"
                        aria-label=t(w::NAVIGATION)
                        class:open=move || menu.get()
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                            if ev.key() == "Escape" && menu.get_untracked() {
                                menu.set(false);
                                focus_by_id("nav-menu");
                            }
                        }
                    >
                        // What the phone's one-line header leaves out.
                        <p class="nav-context">{session.environment_name()}" · "{orgs_label}</p>
                        {routes::SECTIONS
                            .into_iter()
                            .map(|route| (route.href(), route.label()))
                            .map(|(href, label)| {
                                view! {
                                    <a
                                        href=href
                                        class:active=move || {
                                            location.pathname.with(|p| links::in_section(p, href))
                                        }
                                        aria-current=move || {
                                            location
                                                .pathname
                                                .with(|p| links::sidenav_current(p, href))
                                                .then_some("page")
                                        }
                                    >
                                        {label}
                                    </a>
                                }
                            })
                            .collect_view()}
                        // Support staff only (from the token's claim; the service enforces the role).
                        {move || {
                            session
                                .staff
                                .get()
                                .then(|| {
                                    view! {
                                        <a
                                            href=links::REVIEW
                                            id="nav-review"
                                            class:active=move || {
                                                location
                                                    .pathname
                                                    .with(|p| links::in_section(p, links::REVIEW))
                                            }
                                            aria-current=move || {
                                                location
                                                    .pathname
                                                    .with(|p| links::sidenav_current(p, links::REVIEW))
                                                    .then_some("page")
                                            }
                                        >
                                            {routes::REVIEW.label()}
                                        </a>
                                    }
                                })
                        }}
                    </nav>
                    <main class="page" id="main" tabindex="-1">
                        <crate::activity::ActivityToasts />
                        {move || {
                            session
                                .flash
                                .get()
                                .filter(|f| location.pathname.with(|p| f.shown_on(p)))
                                .map(|f| {
                                    view! {
                                        <div class="flash" id="flash" role="status">
                                            <span>{f.text}</span>
                                            <button
                                                class="button subtle"
                                                aria-label=t(w::DISMISS)
                                                on:click=move |_| session.flash.set(None)
                                            >
                                                "×"
                                            </button>
                                        </div>
                                    }
                                })
                        }}
                        // Every page decides what may be changed from these roles: their failure
                        // is shown once, here, with the way forward.
                        {move || {
                            directory
                                .failure()
                                .map(|error| {
                                    view! {
                                        <ErrorPanel
                                            action=t(w::LOADING_ORGS)
                                            error=error
                                            retry=Callback::new(move |_| directory.orgs.retry())
                                        />
                                    }
                                })
                        }}
                        <Outlet />
                    </main>
                </div>
            }
        })
    }
}
