//! Deleting the realm: a real dialog, the name typed to confirm, and a plain statement
//! that it is permanent. Afterwards the person lands on the cluster's Realms tab.

use cluster_api::ops;
use leptos::prelude::*;
use leptos_router::{NavigateOptions, hooks::use_navigate};

use super::RealmCtx;
use crate::api::{self, use_api};
use crate::i18n::{k, t, tf};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work};
use crate::links::{self, ClusterTab};
use crate::session::Session;

#[component]
pub fn DeleteRealm() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let session = expect_context::<Session>();
    let api = use_api();
    let navigate = use_navigate();
    let confirm = Confirm::new(t(k::realms::DELETING_REALM));
    let name = Signal::derive(move || ctx.realm.with(|r| r.name.clone()));
    let code = crate::code::live(Box::new(move |t| {
        ctx.realm.with(|r| crate::code::actions::realm_delete(t, &r.id, &r.name))
    }));
    let work = Callback::new(move |()| -> Work {
        let (id, name, cluster) = ctx
            .realm
            .with_untracked(|r| (r.id.clone(), r.name.clone(), r.cluster.as_ref().map(|c| c.id.clone())));
        let navigate = navigate.clone();
        Box::pin(async move {
            api::call(api, &ops::DeploymentDelete { id }).await?;
            let to = cluster
                .map_or_else(|| links::REALMS.to_string(), |c| links::cluster_tab(&c, ClusterTab::Realms));
            session.flash.set(crate::session::Flash::on(
                to.clone(),
                tf(k::realms::REALM_DELETED, &[("realm", &name)]),
            ));
            navigate(&to, NavigateOptions::default());
            Ok(())
        })
    });
    view! {
        <section class="card danger-zone" id="realm-delete">
            <h2>{t(k::realms::DELETE_REALM)}</h2>
            <p class="hint">{t(k::realms::DELETE_HINT)}</p>
            <button
                type="button"
                class="button danger"
                id="delete-realm"
                disabled=move || ctx.denied.get().is_some()
                title=move || ctx.denied.get().unwrap_or_default()
                on:click=move |_| confirm.open()
            >
                {t(k::realms::DELETE_REALM)}
            </button>
            <ConfirmDialog
                confirm=confirm
                style=ConfirmStyle::Danger
                title=Signal::derive(move || tf(k::realms::DELETE_TITLE, &[("realm", &name.get())]))
                body=move || {
                    view! {
                        <p>{move || tf(k::realms::DELETE_BODY, &[("realm", &name.get())])}</p>
                        <p>
                            <strong>{t(k::realms::PERMANENT)}</strong>
                            " "
                            {t(k::realms::SIGNED_OUT)}
                        </p>
                        <crate::kit::code::CodePanel curl=code />
                    }
                }
                type_name=name
                work=work
                confirm_label=t(k::realms::DELETE_PERMANENTLY)
                busy_label=t(k::realms::DELETING)
                confirm_id="confirm-delete-realm"
            />
        </section>
    }
}
