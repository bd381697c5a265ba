use leptos::prelude::*;
use leptos_router::{hooks::{use_navigate, use_query_map}, NavigateOptions};

use crate::api::{self, ApiError};
use crate::kit::page::{title, use_title};
use crate::navigation::safe_next;
use crate::session::{Credentials, Session};

/// Sign-in with an API secret. The secret stays in memory for this tab only.
#[component]
pub fn SignIn() -> impl IntoView {
    let session = expect_context::<Session>();
    use_title(Signal::stored(title(&["Sign in"])));
    let environments = session.config.with_value(|c| c.environments.clone());
    let query = use_query_map();
    let navigate = use_navigate();

    let client_id = RwSignal::new(String::new());
    let client_secret = RwSignal::new(String::new());
    let env_index = RwSignal::new(0usize);
    let error = RwSignal::new(None::<ApiError>);

    let envs = environments.clone();
    let sign_in = Action::new_local(move |_: &()| {
        let creds = Credentials { client_id: client_id.get_untracked().trim().to_string(), client_secret: client_secret.get_untracked() };
        let env = envs.get(env_index.get_untracked()).cloned();
        async move {
            let Some(env) = env else { return Err(ApiError::BadRequest("Choose an environment".into())) };
            let token = api::exchange(&env, &creds).await?;
            session.begin(env, creds, token);
            Ok(())
        }
    });

    Effect::new(move |_| match sign_in.value().get() {
        Some(Ok(())) => {
            let next = safe_next(query.get_untracked().get("next").as_deref());
            navigate(&next, NavigateOptions { replace: true, ..Default::default() });
        }
        Some(Err(e)) => error.set(Some(e)),
        None => {}
    });

    let pending = sign_in.pending();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        if client_id.get_untracked().trim().is_empty() || client_secret.get_untracked().is_empty() {
            error.set(Some(ApiError::BadRequest("Enter both the client ID and the client secret".into())));
            return;
        }
        if !pending.get_untracked() {
            sign_in.dispatch(());
        }
    };

    let single_env = environments.len() == 1;
    let env_picker = if single_env {
        view! { <p class="hint">"Environment: " <strong>{environments[0].name.clone()}</strong></p> }.into_any()
    } else {
        view! {
            <label for="environment">"Environment"</label>
            <select id="environment" on:change:target=move |ev| {
                env_index.set(ev.target().value().parse().unwrap_or(0))
            }>
                {environments.iter().enumerate().map(|(i, e)| view! {
                    <option value=i.to_string() selected=move || env_index.get() == i>{e.name.clone()}</option>
                }).collect_view()}
            </select>
        }
        .into_any()
    };

    view! {
        <main class="page sign-in">
            <form class="card" on:submit=submit>
                <h1>"Sign in to the cluster console"</h1>
                <p class="hint">
                    "Use an API secret of your organization (Team → API Credentials). "
                    "It is kept in this tab's memory only: reloading signs you out."
                </p>
                {move || session.notice.get().map(|n| view! { <p class="notice" role="status">{n}</p> })}
                {env_picker}
                <label for="client-id">"Client ID"</label>
                <input id="client-id" name="client_id" autocomplete="username" required
                    prop:value=client_id on:input:target=move |ev| client_id.set(ev.target().value())/>
                <label for="client-secret">"Client secret"</label>
                <input id="client-secret" name="client_secret" type="password" autocomplete="current-password" required
                    prop:value=client_secret on:input:target=move |ev| client_secret.set(ev.target().value())/>
                {move || error.get().map(|e| view! {
                    <div class="error-panel" role="alert">
                        <p class="error-title">"Sign-in failed. " {e.title()}</p>
                        <p class="error-detail">{e.detail()}</p>
                    </div>
                })}
                <button class="button primary" type="submit" disabled=move || pending.get()>
                    {move || if pending.get() { "Signing in…" } else { "Sign in" }}
                </button>
            </form>
        </main>
    }
}
