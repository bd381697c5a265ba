//! The realm's admin credentials (service-account clients): the list, create (name,
//! description, roles; the secret shown once with copy buttons and a ready-to-paste token
//! request), reveal a secret on demand, and revoke with a dialog.

use cluster_api::realms::{DEFAULT_CREDENTIAL_ROLE, REALM_MANAGEMENT_ROLES};
use cluster_api::{DeploymentCredential, DeploymentCredentialRequest, catalogue, ops};
use leptos::prelude::*;

use super::RealmCtx;
use super::reveal::Reveal;
use crate::api::{self, use_api};
use crate::i18n::{k, t, tf};
use crate::kit::code::CodePanel;
use crate::kit::copy::CopyButton;
use crate::kit::table::{Cell, Column, ResourceTable, Row, Rows, SortKey};
use crate::kit::{Button, Confirm, ConfirmDialog, ConfirmStyle, TextField, Work, Write};

const COLUMNS: &[Column] = &[
    Column::sortable(k::realms::CLIENT_ID),
    Column::sortable(k::realms::NAME),
    Column::new(k::realms::DESCRIPTION),
    Column::new(k::realms::COL_ROLES),
    Column::new(k::realms::COL_SECRET),
    Column::new(k::realms::COL_ACTIONS),
];

/// The token request a holder of the credential runs, ready to paste.
pub fn token_request(c: &DeploymentCredential, secret: &str) -> String {
    format!(
        "curl -s -X POST '{}/realms/{}/protocol/openid-connect/token' \\\n  -d grant_type=client_credentials \
         \\\n  -d client_id='{}' \\\n  -d client_secret='{}'",
        c.server_url.trim_end_matches('/'),
        c.realm,
        c.client_id,
        secret
    )
}

/// The section: the list for those who may read it (the manage role, and staff), and for a
/// viewer the reason instead, without asking the service for what it would refuse.
#[component]
pub fn Credentials() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let directory = expect_context::<crate::directory::Directory>();
    let op = &catalogue::DEPLOYMENT_CREDENTIAL_LIST;
    // The Directory's refusal names the role and the organization, as the flows check.
    let verdict =
        Memo::new(move |_| directory.permit(&ctx.realm.with(|r| r.org_id.clone().unwrap_or_default()), op));
    view! {
        <section class="card" id="credentials">
            <h2>{t(k::realms::CREDENTIALS)}</h2>
            {crate::kit::permitted(
                move || verdict.get(),
                crate::directory::checking(),
                "credentials-refused",
                ViewFn::from(|| view! { <CredentialList /> }),
            )}
        </section>
    }
}

#[component]
fn CredentialList() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let api = use_api();
    let list = crate::view_read::load(move || {
        let op = ops::DeploymentCredentialList { id: ctx.id() };
        async move { api::call(api, &op).await }
    });
    let revoking = RwSignal::new(String::new());
    let confirm = Confirm::new(t(k::realms::REVOKING_CREDENTIAL));
    let rows = Callback::new(move |()| -> Rows {
        list.with(|answer| {
            answer.as_ref().map(|result| match result {
                Ok(all) => Ok(all
                    .iter()
                    .map(|c| {
                        let client = c.client_id.clone();
                        let revoke = view! {
                            <button
                                type="button"
                                class="button subtle danger revoke-credential"
                                disabled=move || ctx.denied.get().is_some()
                                title=move || ctx.denied.get().unwrap_or_default()
                                on:click=move |_| {
                                    revoking.set(client.clone());
                                    confirm.open();
                                }
                            >
                                {t(k::realms::REVOKE)}
                            </button>
                        };
                        Row::new(
                            "data-credential",
                            c.client_id.clone(),
                            vec![
                                Cell::copy(c.client_id.clone(), t(k::realms::CLIENT_ID_WHAT)),
                                Cell::text(c.name.clone().unwrap_or_default()),
                                Cell::text(c.description.clone().unwrap_or_default()),
                                Cell::text(c.roles.join(", ")),
                                Cell::view(
                                    view! { <Reveal api=api client_id=c.client_id.clone()/> }.into_any(),
                                    SortKey::None,
                                ),
                                Cell::view(revoke.into_any(), SortKey::None),
                            ],
                        )
                    })
                    .collect()),
                Err(e) => Err(e.clone()),
            })
        })
    });
    let revoke_code = crate::code::live(Box::new(move |t| {
        crate::code::actions::credential_revoke(t, &ctx.id(), &revoking.get())
    }));
    let work = Callback::new(move |()| -> Work {
        let op = ops::DeploymentCredentialDelete { id: ctx.id(), client_id: revoking.get_untracked() };
        Box::pin(async move {
            api::call(api, &op).await?;
            list.refetch();
            Ok(())
        })
    });
    view! {
        <p class="hint">{t(k::realms::CREDENTIALS_HINT)}</p>
        {move || {
            ctx.not_now
                .get()
                .map(|why| {
                    view! {
                        <p class="hint reason" id="credentials-off">
                            {why}
                        </p>
                    }
                })
        }}
        {move || {
            ctx.not_now
                .get()
                .is_none()
                .then(|| view! { <CreateCredential on_created=Callback::new(move |_| list.refetch()) /> })
        }}
        <ResourceTable
            columns=COLUMNS
            rows=rows
            class="credentials"
            label=t(k::realms::CREDENTIALS)
            loading_what=t(k::realms::LOADING_CREDENTIALS)
            retry=Callback::new(move |_| list.refetch())
            empty=ViewFn::from(|| {
                view! {
                    <p class="empty" id="no-credentials">
                        {t(k::realms::NO_CREDENTIALS)}
                    </p>
                }
            })
        />
        <ConfirmDialog
            confirm=confirm
            style=ConfirmStyle::Danger
            title=Signal::derive(move || tf(k::realms::REVOKE_TITLE, &[("client", &revoking.get())]))
            body=move || {
                view! {
                    <p>{move || tf(k::realms::REVOKE_BODY, &[("client", &revoking.get())])}</p>
                    <p>
                        <strong>{t(k::realms::CANNOT_BE_UNDONE)}</strong>
                        " "
                        {t(k::realms::CREATE_NEW_CREDENTIAL)}
                    </p>
                    <CodePanel curl=revoke_code />
                }
            }
            work=work
            confirm_label=t(k::realms::REVOKE)
            busy_label=t(k::realms::REVOKING)
            confirm_id="confirm-revoke"
        />
    }
}

#[component]
fn CreateCredential(on_created: Callback<()>) -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let api = use_api();
    let name = RwSignal::new(String::new());
    let description = RwSignal::new(String::new());
    let roles = RwSignal::new(vec![DEFAULT_CREDENTIAL_ROLE.to_string()]);
    let creating = Write::new(t(k::realms::CREATING_CREDENTIAL));
    let made = RwSignal::new(None::<DeploymentCredential>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        made.set(None);
        let text = |s: RwSignal<String>| Some(s.get_untracked().trim().to_string()).filter(|t| !t.is_empty());
        let body = DeploymentCredentialRequest {
            name: text(name),
            description: text(description),
            roles: Some(roles.get_untracked()),
        };
        let op = ops::DeploymentCredentialCreate { id: ctx.id(), body: Some(body) };
        creating.run(async move { api::call(api, &op).await }, move |c| {
            made.try_set(Some(c));
            name.try_set(String::new());
            description.try_set(String::new());
            // The page that gave `on_created` may be gone by now.
            on_created.try_run(());
        });
    };
    let realm_id = ctx.id();
    let hcl_realm = realm_id.clone();
    let hcl = crate::code::live(Box::new(move |t| {
        let text = |s: RwSignal<String>| Some(s.get().trim().to_string()).filter(|t| !t.is_empty());
        let (n, d) = (text(name), text(description));
        roles.with(|r| crate::code::hcl::realm_credential(t, &hcl_realm, n.as_deref(), d.as_deref(), r))
    }));
    let code = crate::code::live(Box::new(move |t| {
        let text = |s: RwSignal<String>| Some(s.get().trim().to_string()).filter(|t| !t.is_empty());
        let body = DeploymentCredentialRequest {
            name: text(name),
            description: text(description),
            roles: Some(roles.get()),
        };
        let what = crate::code::named("Create the realm credential", body.name.as_deref().unwrap_or(""));
        let op = ops::DeploymentCredentialCreate { id: realm_id.clone(), body: Some(body) };
        crate::code::single(t, &what, &cluster_api::Call::request(&op))
    }));
    let toggle = move |role: &'static str, on: bool| {
        roles.update(|r| {
            r.retain(|x| x != role);
            if on {
                r.push(role.to_string());
            }
        })
    };
    view! {
        <form class="credential-form" on:submit=submit>
            {TextField::new("credential-name", t(k::realms::NAME), name)
                .autocomplete("off")
                .maxlength("48")
                .placeholder(t(k::realms::NAME_PLACEHOLDER))
                .view()}
            {TextField::new("credential-description", t(k::realms::DESCRIPTION), description)
                .autocomplete("off")
                .placeholder(t(k::realms::DESCRIPTION_PLACEHOLDER))
                .view()}
            <details class="roles-pick">
                <summary>
                    {move || tf(
                        k::realms::ROLES_SUMMARY,
                        &[
                            (
                                "roles",
                                &roles
                                    .with(|r| {
                                        if r.is_empty() {
                                            DEFAULT_CREDENTIAL_ROLE.to_string()
                                        } else {
                                            r.join(", ")
                                        }
                                    }),
                            ),
                        ],
                    )}
                </summary>
                <fieldset>
                    <legend>{t(k::realms::ROLES_LEGEND)}</legend>
                    {REALM_MANAGEMENT_ROLES
                        .iter()
                        .map(|&role| {
                            view! {
                                <label class="choice">
                                    <input
                                        type="checkbox"
                                        value=role
                                        prop:checked=move || roles.with(|r| r.iter().any(|x| x == role))
                                        on:change:target=move |ev| toggle(role, ev.target().checked())
                                    />
                                    " "
                                    {role}
                                </label>
                            }
                        })
                        .collect_view()}
                </fieldset>
            </details>
            <button
                type="submit"
                class="button primary"
                id="create-credential"
                disabled=move || creating.busy.get()
            >
                {creating.label(t(k::realms::CREATE_CREDENTIAL), t(k::realms::CREATING))}
            </button>
        </form>
        {creating.failure()}
        <CodePanel curl=code hcl=hcl />
        {move || {
            made.get()
                .map(|c| {
                    let secret = c.client_secret.clone().unwrap_or_default();
                    let request = token_request(&c, &secret);
                    view! {
                        <div class="secret-box" id="credential-secret">
                            <p>
                                <strong>{t(k::realms::COPY_SECRET_NOW)}</strong>
                                " "
                                {t(k::realms::NOT_SHOWN_AGAIN)}
                            </p>
                            <dl class="fields">
                                <dt>{t(k::realms::CLIENT_ID)}</dt>
                                <dd class="mono" id="new-credential-id">
                                    {c.client_id.clone()}
                                    " "
                                    <CopyButton text=c.client_id.clone() what=t(k::realms::CLIENT_ID_WHAT) />
                                </dd>
                                <dt>{t(k::realms::CLIENT_SECRET)}</dt>
                                <dd class="mono secret" id="new-credential-secret">
                                    {secret.clone()}
                                    " "
                                    <CopyButton text=secret what=t(k::realms::CLIENT_SECRET_WHAT) />
                                </dd>
                                <dt>{t(k::realms::SERVER_URL)}</dt>
                                <dd class="mono">
                                    {c.server_url.clone()}" "
                                    <CopyButton
                                        text=c.server_url.clone()
                                        what=t(k::realms::SERVER_URL_WHAT)
                                    />
                                </dd>
                                <dt>{t(k::realms::REALM)}</dt>
                                <dd class="mono">{c.realm.clone()}</dd>
                                <dt>{t(k::realms::ROLES_GRANTED)}</dt>
                                <dd id="new-credential-roles">{c.roles.join(", ")}</dd>
                            </dl>
                            <p>{t(k::realms::TOKEN_REQUEST_READY)}</p>
                            <pre class="mono" id="credential-token-request">
                                {request.clone()}
                            </pre>
                            <CopyButton text=request what=t(k::realms::TOKEN_REQUEST_WHAT) />
                            {Button::new("button subtle", t(k::realms::SAVED_IT))
                                .id("dismiss-credential-secret")
                                .on_click(move || made.set(None))
                                .view()}
                        </div>
                    }
                })
        }}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_request_names_the_realm_and_the_client() {
        let c = DeploymentCredential {
            client_id: "api-ci-1a2b3c4d".into(),
            server_url: "https://acme.global.auth.ac/".into(),
            realm: "shop".into(),
            ..DeploymentCredential::default()
        };
        let r = token_request(&c, "s3cret");
        assert!(r.contains("'https://acme.global.auth.ac/realms/shop/protocol/openid-connect/token'"), "{r}");
        assert!(r.contains("client_id='api-ci-1a2b3c4d'") && r.contains("client_secret='s3cret'"));
    }
}
