//! Every field of the realm's `Deployment`, and its display name, editable: the update
//! sends the whole record back with the new display name, as the service requires.

use cluster_api::{Deployment, EpochMillis, ops};
use leptos::prelude::*;

use super::RealmCtx;
use crate::api::{self, use_api};
use crate::directory::Directory;
use crate::format;
use crate::i18n::{k, t, tf};
use crate::kit::copy::CopyButton;
use crate::kit::{Button, TextField, Write};
use crate::links::{self, ClusterTab};

/// The record to send for a new display name: everything as read, the display name
/// replaced (blank clears it).
pub fn echo(current: &Deployment, display_name: &str) -> Deployment {
    let trimmed = display_name.trim();
    Deployment { display_name: (!trimmed.is_empty()).then(|| trimmed.to_string()), ..current.clone() }
}

fn when(at: Option<EpochMillis>) -> String {
    at.map(|at| format!("{} ({})", format::utc(at), format::relative(js_sys::Date::now() as i64, at)))
        .unwrap_or_else(|| "—".into())
}

#[component]
pub fn Fields() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let directory = expect_context::<Directory>();
    let realm = ctx.realm;
    let text =
        move |f: fn(&Deployment) -> Option<String>| move || realm.with(f).unwrap_or_else(|| "—".into());
    let org = move || {
        realm
            .with(|r| r.org_id.clone())
            .map(|id| format!("{} ({id})", directory.org_label(&id)))
            .unwrap_or_else(|| "—".into())
    };
    let cluster = move || {
        realm.with(|r| r.cluster.clone()).map(|c| {
            let href = links::cluster_tab(&c.id, ClusterTab::Realms);
            view! {
                <a href=href>{c.name.clone()}</a>
                " "
                <span class="sub">{c.host.clone()}</span>
                " "
                <CopyButton text=c.host.clone() what=t(k::realms::HOST_WHAT) />
            }
        })
    };
    let id = ctx.id();
    view! {
        <section class="card" id="realm-fields">
            <h2>{t(k::realms::DETAILS)}</h2>
            <dl class="fields">
                <dt>{t(k::realms::ID)}</dt>
                <dd class="mono" data-field="id">
                    {id.clone()}
                    " "
                    <CopyButton text=id what=t(k::realms::REALM_ID_WHAT) />
                </dd>
                <dt>{t(k::realms::NAME)}</dt>
                <dd class="mono" data-field="name">
                    {text(|r| Some(r.name.clone()))}
                </dd>
                <dt>{t(k::realms::DISPLAY_NAME)}</dt>
                <dd data-field="display_name">
                    <Rename />
                </dd>
                <dt>{t(k::realms::STATE)}</dt>
                <dd data-field="state">{move || realm.with(|r| crate::realms::badge(&r.state))}</dd>
                <dt>{t(k::realms::STATE_ERROR)}</dt>
                <dd data-field="stateError">{text(|r| r.state_error.clone())}</dd>
                <dt>{t(k::realms::ORGANIZATION)}</dt>
                <dd data-field="org_id">{org}</dd>
                <dt>{t(k::realms::CLUSTER)}</dt>
                <dd data-field="cluster">{cluster}</dd>
                <dt>{t(k::realms::REGION)}</dt>
                <dd data-field="region">
                    {move || {
                        realm
                            .with(|r| match r.region.as_deref() {
                                Some(code) => crate::kit::coded::region(code, code),
                                None => "—".into_any(),
                            })
                    }}
                </dd>
                <dt>{t(k::realms::CREATED)}</dt>
                <dd data-field="created_at">{move || when(realm.with(|r| r.created_at))}</dd>
                <dt>{t(k::realms::CREATED_BY)}</dt>
                <dd class="mono" data-field="created_by_user_id">
                    {text(|r| r.created_by_user_id.clone())}
                </dd>
                <dt>{t(k::realms::TAGS)}</dt>
                <dd data-field="tags">
                    {move || {
                        realm
                            .with(|r| r.tags.clone().unwrap_or_default())
                            .into_iter()
                            .map(|t| view! { <span class="chip">{t}</span> })
                            .collect_view()
                    }} {move || realm.with(|r| r.tags.as_ref().is_none_or(Vec::is_empty)).then_some("—")}
                </dd>
            </dl>
        </section>
    }
}

/// The display name, with a form to change it when the person may.
#[component]
fn Rename() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let api = use_api();
    let saving = Write::new(t(k::realms::SAVING_DISPLAY_NAME));
    let typed = RwSignal::new(ctx.realm.with_untracked(|r| r.display_name.clone().unwrap_or_default()));
    let saved = RwSignal::new(None::<String>);
    let code = crate::code::live(Box::new(move |t| {
        ctx.realm.with(|r| crate::code::actions::realm_rename(t, &echo(r, &typed.get())))
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        let body = ctx.realm.with(|r| echo(r, &typed.get()));
        let cluster = body.cluster.as_ref().map(|c| c.id.clone()).unwrap_or_default();
        crate::code::hcl::realm_display_name(t, &cluster, &body.id, &body.name, body.display_name.as_deref())
    }));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        saved.set(None);
        let body = ctx.realm.with_untracked(|r| echo(r, &typed.get_untracked()));
        let op = ops::DeploymentUpdate { id: ctx.id(), body: body.clone() };
        saving.run(async move { api::call(api, &op).await }, move |()| {
            saved.try_set(Some(match &body.display_name {
                Some(d) => tf(k::realms::SAVED_AS, &[("name", d)]),
                None => t(k::realms::SAVED_CLEARED).into(),
            }));
            ctx.publish(body);
        });
    };
    move || match ctx.denied.get() {
        Some(_) => view! {
            <span id="display-name-text">
                {ctx.realm.with(|r| r.display_name.clone().unwrap_or_else(|| "—".into()))}
            </span>
        }
        .into_any(),
        None => view! {
            <form class="inline-form rename" on:submit=submit>
                {TextField::new("display-name", t(k::realms::DISPLAY_NAME), typed)
                    .label_class("visually-hidden")
                    .maxlength("255")
                    .view()}
                {Button::new("button", t(k::realms::SAVE))
                    .submit()
                    .id("save-display-name")
                    .write(saving, t(k::realms::SAVING))
                    .view()}
            </form>
            {move || {
                saved
                    .get()
                    .map(|t| {
                        view! {
                            <p class="flash" id="display-name-saved" role="status">
                                {t}
                            </p>
                        }
                    })
            }}
            {saving.failure()}
            <crate::kit::code::CodePanel curl=code hcl=hcl />
        }
        .into_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::DeploymentState;

    #[test]
    fn the_update_echoes_the_whole_record() {
        let r = Deployment {
            id: "d1".into(),
            name: "shop".into(),
            org_id: Some("org".into()),
            state: DeploymentState::Active,
            display_name: Some("Old".into()),
            ..Deployment::default()
        };
        let sent = echo(&r, "  New name ");
        assert_eq!(sent.display_name.as_deref(), Some("New name"));
        assert_eq!(
            (sent.id.as_str(), sent.name.as_str(), sent.org_id.as_deref()),
            ("d1", "shop", Some("org"))
        );
        assert_eq!(echo(&r, " ").display_name, None);
    }
}
