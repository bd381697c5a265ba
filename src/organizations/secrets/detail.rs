//! `/organizations/{org}/secrets/{secret}`: one secret as `org.apiSecret.detail` reads it
//! (the secret masked), and revoking it.

use cluster_api::{Secret, catalogue, ops};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::use_navigate;

use super::{org_param, role_chips};
use crate::api::{self, Api, use_api};
use crate::directory::Directory;
use crate::format;
use crate::i18n::{k, t, tf};
use crate::kit::Loaded;
use crate::kit::copy::CopyButton;
use crate::kit::page::{PageHead, name_crumb};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work};
use crate::links;
use crate::session::Session;

#[component]
pub fn ApiSecret() -> impl IntoView {
    let org = org_param();
    let secret = crate::kit::use_id("secret");
    move || view! { <SecretPage org_id=org.get() secret_id=secret.get() /> }
}

#[component]
fn SecretPage(org_id: String, secret_id: String) -> impl IntoView {
    let api = use_api();
    let directory = expect_context::<Directory>();
    let ids = StoredValue::new((org_id.clone(), secret_id));
    let secret = crate::view_read::load(move || {
        let (org_id, secret_id) = ids.get_value();
        async move { api::call(api, &ops::OrgApiSecretDetail { org_id, secret_id }).await }
    });
    let label = directory.org_label(&org_id);
    let heading = Signal::derive(move || {
        secret.with(|s| match s {
            Some(Ok(s)) => s.name.clone(),
            _ => ids.get_value().1,
        })
    });
    // The trail names the organization; the secret keeps its ID there (the heading names it).
    name_crumb("org", Signal::stored(label));
    view! {
        <PageHead heading=heading />
        {Loaded::new(t(k::api_secrets::LOADING_ONE), secret)
            .ready(move |s| facts(api, &directory, ids.get_value().0, s))}
    }
}

fn facts(api: Api, directory: &Directory, org_id: String, s: Secret) -> AnyView {
    let created = s.created_at.map(format::utc).unwrap_or_else(|| "—".into());
    let refusal = directory.refusal(&org_id, &catalogue::ORG_APISECRET_DELETE);
    view! {
        <section class="card" id="secret-facts">
            <dl class="facts">
                <dt>{t(k::api_secrets::NAME)}</dt>
                <dd>{s.name.clone()}</dd>
                <dt>{t(k::api_secrets::CLIENT_ID)}</dt>
                <dd>
                    <code id="secret-client-id">{s.client_id.clone()}</code>
                    <CopyButton text=s.client_id.clone() what=t(k::api_secrets::CLIENT_ID_WHAT) />
                </dd>
                <dt>{t(k::api_secrets::CLIENT_SECRET)}</dt>
                <dd>
                    <code id="secret-masked">{s.client_secret.clone()}</code>
                    <span class="sub">" "{t(k::api_secrets::SHOWN_ONLY_AT_CREATION)}</span>
                </dd>
                <dt>{t(k::api_secrets::ROLES)}</dt>
                <dd>{role_chips(&s.roles)}</dd>
                <dt>{t(k::api_secrets::CREATED)}</dt>
                <dd>
                    {match s.created_by.clone() {
                        Some(by) => tf(k::api_secrets::CREATED_BY, &[("when", &created), ("by", &by)]),
                        None => created,
                    }}
                </dd>
            </dl>
        </section>
        {revoke(api, org_id, s, refusal)}
    }
    .into_any()
}

fn revoke(api: Api, org_id: String, s: Secret, refusal: Option<String>) -> AnyView {
    let session = expect_context::<Session>();
    let navigate = use_navigate();
    let confirm = Confirm::new(t(k::api_secrets::REVOKING));
    let target = StoredValue::new((org_id, s.id.clone(), s.name.clone()));
    let work = Callback::new(move |()| -> Work {
        let (org_id, secret_id, name) = target.get_value();
        let navigate = navigate.clone();
        let op = ops::OrgApiSecretDelete { org_id: org_id.clone(), secret_id };
        Box::pin(async move {
            api::call(api, &op).await?;
            session.flash.set(crate::session::Flash::on(
                links::org_secrets(&org_id),
                tf(k::api_secrets::REVOKED, &[("name", &name)]),
            ));
            navigate(&links::org_secrets(&org_id), NavigateOptions::default());
            Ok(())
        })
    });
    let name = s.name.clone();
    let code = crate::code::live(Box::new(move |t| {
        target.with_value(|(org, id, _)| crate::code::actions::api_secret_delete(t, org, id))
    }));
    view! {
        <section class="card">
            <h2>{t(k::api_secrets::REVOKE)}</h2>
            <button
                class="button danger"
                id="revoke-secret"
                disabled=refusal.is_some()
                title=refusal.clone()
                on:click=move |_| confirm.open()
            >
                {t(k::api_secrets::REVOKE_SECRET)}
            </button>
            {refusal.map(|why| view! { <p class="hint">{why}</p> })}
        </section>
        <ConfirmDialog
            confirm=confirm
            style=ConfirmStyle::Danger
            title=tf(k::api_secrets::REVOKE_TITLE, &[("name", &name)])
            body=move || {
                view! {
                    <p>{t(k::api_secrets::REVOKE_BODY)}</p>
                    <p>{t(k::api_secrets::REVOKE_UNDONE)}</p>
                    <crate::kit::code::CodePanel curl=code />
                }
            }
            type_name=Signal::stored(s.name.clone())
            work=work
            confirm_label=t(k::api_secrets::REVOKE)
            busy_label=t(k::api_secrets::REVOKING_SHORT)
            confirm_id="confirm-revoke"
        />
    }
    .into_any()
}
