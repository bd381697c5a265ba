//! `/sign-in`: signing in with the person's account (the identity server) or with an API
//! secret, and what a failed sign-in says.

use leptos::prelude::*;
use leptos_router::{
    NavigateOptions,
    hooks::{use_navigate, use_query_map},
};

use crate::api::ApiError;
use crate::i18n::k::sign_in as w;
use crate::i18n::{t, tf};
use crate::kit::Write;
use crate::kit::page::{title, use_title};
use crate::navigation::safe_next;
use crate::session::{Credentials, Session};

/// What a failed sign-in says. A refused client ID or secret is not an ended session: there
/// was none yet ("Your session has ended" was untrue there).
fn failure_words(e: &ApiError) -> (String, String) {
    match e {
        ApiError::SignedOut(_) => (t(w::REFUSED_TITLE).into(), t(w::REFUSED_DETAIL).into()),
        other => (tf(w::FAILED_TITLE, &[("title", &other.title())]), other.detail()),
    }
}

/// One of the form's two required fields, its label and input. A local function, not the
/// kit's `TextField`: this page is in the boot module, and its two inputs need `name` and
/// `required`, which no other form does.
fn field(
    (id, name): (&'static str, &'static str),
    label: &'static str,
    kind: Option<&'static str>,
    autocomplete: &'static str,
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label for=id>{label}</label>
        <input
            id=id
            name=name
            type=kind
            autocomplete=autocomplete
            required
            prop:value=value
            on:input:target=move |ev| value.set(ev.target().value())
        />
    }
}

/// Sign-in: with the person's account first (the identity server), or with an API secret,
/// which stays in memory for this tab only.
#[component]
pub fn SignIn() -> impl IntoView {
    let session = expect_context::<Session>();
    use_title(Signal::stored(title(&[crate::routes::SIGN_IN.title()])));
    // What signing in runs, then what it leads to, fetched once the form is drawn and the
    // browser idle (a likely session fetched both at once: public/prefs.js).
    crate::prefetch::when_idle(crate::prefetch::group::SIGNING_IN);
    crate::prefetch::when_idle(crate::prefetch::group::CONSOLE);
    let environments = session.config.with_value(|c| c.environments.clone());
    let query = use_query_map();
    let navigate = use_navigate();

    let client_id = RwSignal::new(String::new());
    let client_secret = RwSignal::new(String::new());
    let env_index = RwSignal::new(0usize);
    let sign_in = Write::new(t(w::WRITING));
    let error = sign_in.error;

    let envs = environments.clone();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if sign_in.busy.get_untracked() {
            return;
        }
        error.set(None);
        let creds = Credentials {
            client_id: client_id.get_untracked().trim().to_string(),
            client_secret: client_secret.get_untracked(),
        };
        if creds.client_id.is_empty() || creds.client_secret.is_empty() {
            error.set(Some(ApiError::BadRequest(t(w::BOTH_NEEDED).into())));
            return;
        }
        let env = envs.get(env_index.get_untracked()).cloned();
        // Read now: the page (and its query) may be gone when the sign-in answers.
        let next = safe_next(query.get_untracked().get("next").as_deref());
        let navigate = navigate.clone();
        sign_in.start(
            Box::pin(async move {
                let Some(env) = env else {
                    return Err(ApiError::BadRequest(t(w::CHOOSE_ENVIRONMENT).into()));
                };
                crate::account::sign_in_with_secret(session, env, creds).await
            }),
            Some(Box::new(move || navigate(&next, NavigateOptions { replace: true, ..Default::default() }))),
        );
    };
    let pending = sign_in.busy;

    // The account's way in: off to the identity server, back to `next` signed in.
    let leaving = RwSignal::new(false);
    let account_error = RwSignal::new(None::<String>);
    let account_envs = environments.clone();
    let with_account = move |_| {
        if leaving.get_untracked() {
            return;
        }
        let Some(env) = account_envs.get(env_index.get_untracked()).cloned() else { return };
        let index = env_index.get_untracked();
        let next = safe_next(query.get_untracked().get("next").as_deref());
        leaving.set(true);
        account_error.set(None);
        leptos::task::spawn_local(async move {
            let why = match crate::account::start(index, &env, &next, false).await {
                Ok(()) => return,
                Err(not_left) => not_left.words(),
            };
            // The page may be gone by now (the person went elsewhere).
            leaving.try_set(false);
            account_error.try_set(Some(why));
        });
    };

    let single_env = environments.len() == 1;
    let env_picker = if single_env {
        view! { <p class="hint">{t(w::ENVIRONMENT_ONE)} <strong>{environments[0].name.clone()}</strong></p> }
            .into_any()
    } else {
        view! {
            <label for="environment">{t(w::ENVIRONMENT)}</label>
            <select
                id="environment"
                on:change:target=move |ev| { env_index.set(ev.target().value().parse().unwrap_or(0)) }
            >
                {environments
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        view! {
                            <option value=i.to_string() selected=move || env_index.get() == i>
                                {e.name.clone()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        }
        .into_any()
    };

    view! {
        <main class="page sign-in">
            <section class="card">
                <h1>{t(w::HEADING)}</h1>
                // Read in the language of the moment: one chosen here re-reads it.
                {move || {
                    crate::i18n::track_changes();
                    session
                        .notice
                        .get()
                        .map(|n| {
                            view! {
                                <p class="notice" role="status">
                                    {n.read()}
                                </p>
                            }
                        })
                }}
                {env_picker}
                <button
                    class="button primary"
                    id="sign-in-account"
                    type="button"
                    on:click=with_account.clone()
                    disabled=move || leaving.get()
                >
                    {move || if leaving.get() { t(w::LEAVING) } else { t(w::WITH_ACCOUNT) }}
                </button>
                {move || {
                    account_error
                        .get()
                        .map(|e| {
                            let retry = with_account.clone();
                            view! {
                                <div class="error-panel" role="alert">
                                    <p class="error-detail" id="sign-in-account-error">
                                        {e}
                                    </p>
                                    <button
                                        class="button"
                                        id="sign-in-account-retry"
                                        type="button"
                                        on:click=retry
                                        disabled=move || leaving.get()
                                    >
                                        {t(w::RETRY)}
                                    </button>
                                </div>
                            }
                        })
                }}
            </section>
            <form class="card" on:submit=submit aria-labelledby="secret-heading">
                <h2 id="secret-heading">{t(w::SECRET_HEADING)}</h2>
                <p class="hint">{t(w::SECRET_HINT)}</p>
                {field(("client-id", "client_id"), t(w::CLIENT_ID), None, "username", client_id)}
                {field(
                    ("client-secret", "client_secret"),
                    t(w::CLIENT_SECRET),
                    Some("password"),
                    "current-password",
                    client_secret,
                )}
                {move || {
                    error
                        .get()
                        .map(|e| {
                            let (title, detail) = failure_words(&e);
                            view! {
                                <div class="error-panel" role="alert">
                                    <p class="error-title">{title}</p>
                                    <p class="error-detail">{detail}</p>
                                </div>
                            }
                        })
                }}
                <button class="button" type="submit" disabled=move || pending.get()>
                    {sign_in.label(t(w::SUBMIT), t(w::SUBMITTING))}
                </button>
            </form>
            // The theme too: a person choosing Dark before signing in keeps it (prefs.js
            // applies it before the first paint of every later visit).
            <section class="card sign-in-prefs">
                <super::language_picker::LanguagePicker id="sign-in-language" />
                <super::theme_picker::ThemePicker id="sign-in-theme" />
            </section>
        </main>
    }
}
