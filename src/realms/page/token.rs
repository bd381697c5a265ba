//! The admin token: exchanged on request, shown once with its `base_url` and a live
//! expiry countdown, kept only in this view (gone when the page is left, never stored).
//! The countdown is shared with the app link's expiry.

use cluster_api::{TokenResponse, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::RealmCtx;
use crate::api::{self, use_api};
use crate::i18n::{k, t, tf};
use crate::kit::copy::CopyButton;
use crate::kit::{Button, Write};
use crate::poll::sleep_ms;

/// `4:05` left, or `None` once `until` (ms) has passed.
pub fn remaining(now_ms: f64, until_ms: f64) -> Option<String> {
    let left = ((until_ms - now_ms) / 1000.0).ceil();
    (left > 0.0).then(|| {
        let s = left as u64;
        format!("{}:{:02}", s / 60, s % 60)
    })
}

/// "Expires in 4:05", ticking each second; "Expired" after. `gone` runs once it expires.
#[component]
pub fn Countdown(
    until: f64,
    id: &'static str,
    #[prop(optional)] gone: Option<Callback<()>>,
) -> impl IntoView {
    let now = RwSignal::new(js_sys::Date::now());
    spawn_local(async move {
        loop {
            sleep_ms(1_000).await;
            let t = js_sys::Date::now();
            // The view is gone: stop ticking.
            if now.try_set(t).is_some() {
                break;
            }
            if t >= until {
                if let Some(gone) = gone {
                    gone.try_run(());
                }
                break;
            }
        }
    });
    view! {
        <span class="countdown" id=id role="timer">
            {move || match remaining(now.get(), until) {
                Some(left) => tf(k::realms::EXPIRES_IN, &[("left", &left)]),
                None => t(k::realms::EXPIRED).to_string(),
            }}
        </span>
    }
}

#[component]
pub fn AdminToken() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let api = use_api();
    let making = Write::new(t(k::realms::CREATING_TOKEN));
    // (token, when it expires) while shown.
    let shown = RwSignal::new(None::<(TokenResponse, f64)>);
    let create = move |_| {
        shown.set(None);
        let op = ops::DeploymentTokenCreate { id: ctx.id() };
        making.run(async move { api::call(api, &op).await }, move |token| {
            let until = js_sys::Date::now() + token.expires_in.unwrap_or(60) as f64 * 1000.0;
            shown.try_set(Some((token, until)));
        });
    };
    let code = crate::code::live(Box::new(move |t| {
        ctx.realm.with(|r| crate::code::actions::admin_token(t, &r.id, &r.name))
    }));
    view! {
        <div class="access-item">
            <h3>{t(k::realms::ADMIN_TOKEN)}</h3>
            <p class="hint">{t(k::realms::ADMIN_TOKEN_HINT)}</p>
            <button
                type="button"
                class="button"
                id="create-token"
                disabled=move || making.busy.get() || ctx.not_now.get().is_some()
                title=move || ctx.not_now.get().unwrap_or_default()
                on:click=create
            >
                {making.label(t(k::realms::CREATE_ADMIN_TOKEN), t(k::realms::CREATING))}
            </button>
            {making.failure()}
            {move || ctx.denied.get().is_none().then(|| view! { <crate::kit::code::CodePanel curl=code /> })}
            {move || {
                shown
                    .get()
                    .map(|(token, until)| {
                        let secret = token.access_token.clone();
                        view! {
                            <div class="secret-box" id="admin-token">
                                <p>
                                    <strong>{t(k::realms::COPY_TOKEN_NOW)}</strong>
                                </p>
                                <dl class="fields">
                                    <dt>{t(k::realms::TOKEN)}</dt>
                                    <dd class="mono secret" id="admin-token-value">
                                        {secret.clone()}
                                        " "
                                        <CopyButton text=secret what=t(k::realms::ADMIN_TOKEN_WHAT) />
                                    </dd>
                                    <dt>{t(k::realms::TYPE)}</dt>
                                    <dd>{token.token_type.clone()}</dd>
                                    <dt>{t(k::realms::BASE_URL)}</dt>
                                    <dd class="mono" id="admin-token-base">
                                        {token.base_url.clone()}
                                        " "
                                        <CopyButton
                                            text=token.base_url.clone()
                                            what=t(k::realms::BASE_URL_WHAT)
                                        />
                                    </dd>
                                    <dt>{t(k::realms::SCOPE)}</dt>
                                    <dd>{token.scope.clone().unwrap_or_else(|| "—".into())}</dd>
                                    <dt>{t(k::realms::EXPIRY)}</dt>
                                    <dd>
                                        <Countdown
                                            until=until
                                            id="token-expiry"
                                            gone=Callback::new(move |_| {
                                                shown.try_set(None);
                                            })
                                        />
                                    </dd>
                                </dl>
                                {Button::new("button subtle", t(k::realms::HIDE_TOKEN))
                                    .id("hide-token")
                                    .on_click(move || shown.set(None))
                                    .view()}
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
    fn countdown_words() {
        assert_eq!(remaining(0.0, 245_000.0).as_deref(), Some("4:05"));
        assert_eq!(remaining(0.0, 500.0).as_deref(), Some("0:01"));
        assert_eq!(remaining(1_000.0, 1_000.0), None);
        assert_eq!(remaining(2_000.0, 1_000.0), None);
    }
}
