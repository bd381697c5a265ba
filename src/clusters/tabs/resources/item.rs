//! One resource on the Resources tab: its type and state, enable/disable, delete (with
//! every version), and the part that fits its type: the version matrix and uploader for
//! themes and extensions, the single file for a denylist, the app-association files.

use cluster_api::{Extension, ResourceType, ToggleExtensionRequest, ops};
use leptos::prelude::*;

use super::caps::type_label;
use super::checks::FileKind;
use super::upload::Uploader;
use super::versions::VersionTable;
use super::well_known::WellKnownPanel;
use super::{ExtCtx, Item};
use crate::api;
use crate::i18n::k::resources as w;
use crate::i18n::{t, tf, tp};
use crate::kit::ErrorPanel;
use crate::kit::code::CodePanel;
use crate::kit::{Badge, Confirm, ConfirmDialog, ConfirmStyle, Tone, Work, Write};

/// What deleting a resource takes with it.
pub fn delete_consequence(extension: &Extension) -> String {
    let files =
        extension.versions.as_ref().map_or(0, |v| v.iter().filter(|v| v.resource_key.is_some()).count());
    let name = [("name", extension.name.as_str())];
    match extension.resource_type {
        ResourceType::WellKnown => tf(w::DELETE_WELL_KNOWN, &name),
        _ => tp(w::DELETE_VERSIONS, files as f64, &name),
    }
}

#[component]
pub fn ExtensionCard(seed: Extension) -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let api = ctx.cluster.api;
    let resource_type = seed.resource_type.clone();
    let name = seed.name.clone();
    let item = Item::watch(&ctx, seed);

    let toggle = Write::new(t(w::TOGGLING));
    let enabled = Memo::new(move |_| item.with(|e| e.enabled));
    let flip = move |_| {
        let body = ToggleExtensionRequest { enabled: !enabled.get_untracked() };
        let op =
            ops::ClusterExtensionUpdate { id: ctx.cluster.id.get_value(), extension_id: item.id(), body };
        toggle.run(async move { api::call(api, &op).await }, move |e| item.publish(e));
    };
    let delete = Confirm::new(t(w::DELETING_RESOURCE));
    let work = Callback::new(move |()| -> Work {
        let op = ops::ClusterExtensionDelete { id: ctx.cluster.id.get_value(), extension_id: item.id() };
        Box::pin(async move {
            api::call(api, &op).await?;
            ctx.list.refetch();
            Ok(())
        })
    });
    let denied = move || ctx.denied.get().is_some();
    let code_name = StoredValue::new(name.clone());
    let delete_code = crate::code::live(Box::new(move |t| {
        crate::code::actions::extension_delete(
            t,
            &ctx.cluster.id.get_value(),
            &item.id(),
            &code_name.get_value(),
        )
    }));

    let kind = FileKind::of(&resource_type);
    let body = match resource_type.clone() {
        ResourceType::WellKnown => view! { <WellKnownPanel item=item /> }.into_any(),
        ResourceType::PasswordBlacklist => view! {
            <VersionTable item=item versioned=false />
            {move || (!denied()).then(|| view! { <Uploader item=item kind=kind /> })}
        }
        .into_any(),
        _ => view! {
            <VersionTable item=item versioned=true />
            {move || (!denied()).then(|| view! { <Uploader item=item kind=kind /> })}
        }
        .into_any(),
    };

    view! {
        <article class="card extension" data-extension=name.clone()>
            <div class="ext-head">
                <h3>{name.clone()}</h3>
                <span class="chip type">{type_label(&resource_type)}</span>
                {move || {
                    if enabled.get() {
                        Badge::new(t(w::ENABLED), Tone::Ok).class("state").view()
                    } else {
                        Badge::new(t(w::DISABLED), Tone::Muted).class("state").view()
                    }
                }}
                <span class="spacer"></span>
                <button class="button toggle" disabled=move || denied() || toggle.busy.get() on:click=flip>
                    {move || if enabled.get() { t(w::DISABLE) } else { t(w::ENABLE) }}
                </button>
                <button
                    class="button danger delete-extension"
                    disabled=denied
                    on:click=move |_| delete.open()
                >
                    {t(w::DELETE)}
                </button>
            </div>
            <ConfirmDialog
                confirm=delete
                style=ConfirmStyle::Danger
                title=tf(w::DELETE_TITLE, &[("name", &name)])
                body=move || {
                    view! {
                        <p>{move || item.with(delete_consequence)}</p>
                        <CodePanel curl=delete_code />
                    }
                }
                work=work
                confirm_label=t(w::DELETE_CONFIRM)
                busy_label=t(w::DELETING)
                confirm_class="confirm-delete-extension"
            />
            {toggle.failure()}
            {move || item.error().map(|e| view! { <ErrorPanel action=t(w::REFRESHING_SCAN) error=e /> })}
            {body}
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::ExtensionVersion;

    #[test]
    fn delete_says_what_goes() {
        let uploaded = |id: &str| ExtensionVersion {
            id: id.into(),
            resource_key: Some("k".into()),
            ..Default::default()
        };
        let theme = Extension {
            name: "login".into(),
            resource_type: ResourceType::Theme,
            versions: Some(vec![uploaded("a"), uploaded("b"), ExtensionVersion::default()]),
            ..Extension::default()
        };
        let text = delete_consequence(&theme);
        assert!(text.starts_with("login goes with all its versions (2 uploaded files)."), "{text}");
        assert!(text.contains("apply to the cluster"));
        let wk =
            Extension { name: "apps".into(), resource_type: ResourceType::WellKnown, ..Extension::default() };
        assert!(delete_consequence(&wk).contains("app-association files"));
    }
}
