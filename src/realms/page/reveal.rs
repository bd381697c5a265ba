//! A credential's secret, read live from the realm on request and shown in its row with a
//! copy button until hidden. Nothing is kept once hidden or once the page is left.

use cluster_api::ops;
use leptos::prelude::*;

use super::RealmCtx;
use crate::api::{self, Api};
use crate::i18n::{k, t};
use crate::kit::copy::CopyButton;
use crate::kit::{Button, Write};

#[component]
pub fn Reveal(api: Api, client_id: String) -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let reading = Write::new(t(k::realms::READING_SECRET));
    let secret = RwSignal::new(None::<String>);
    let reveal = {
        let client_id = client_id.clone();
        move |_| {
            let op = ops::DeploymentCredentialSecretRead { id: ctx.id(), client_id: client_id.clone() };
            reading.run(async move { api::call(api, &op).await }, move |c| {
                secret.try_set(Some(c.client_secret.unwrap_or_default()));
            });
        }
    };
    view! {
        {move || match secret.get() {
            Some(s) => {
                view! {
                    <span class="mono secret revealed-secret">{s.clone()}</span>
                    " "
                    <CopyButton text=s what=t(k::realms::CLIENT_SECRET_WHAT) />
                    {Button::new("button subtle hide-secret", t(k::realms::HIDE))
                        .on_click(move || secret.set(None))
                        .view()}
                }
                    .into_any()
            }
            None => {
                let reveal = reveal.clone();
                view! {
                    <button
                        type="button"
                        class="button subtle reveal-secret"
                        disabled=move || reading.busy.get() || ctx.denied.get().is_some()
                        title=move || ctx.denied.get().unwrap_or_default()
                        on:click=reveal
                    >
                        {reading.label(t(k::realms::REVEAL_SECRET), t(k::realms::READING))}
                    </button>
                }
                    .into_any()
            }
        }}
        {reading.failure()}
    }
}
