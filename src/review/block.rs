//! Block and Unblock, each behind a real dialog. Blocking asks for the reason the customer
//! will read; the service refuses a blank one as well.

use cluster_api::{AdminBlockExtensionVersionRequest, ops};
use leptos::prelude::*;

use crate::api::{self, use_api};
use crate::i18n::{k, t, tf};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, TextField, Work};

/// Which version: (cluster, extension, version) IDs.
pub type Target = (String, String, String);

fn request(target: &Target, blocked: bool, reason: Option<String>) -> ops::ClusterExtensionVersionAdminBlock {
    ops::ClusterExtensionVersionAdminBlock {
        id: target.0.clone(),
        extension_id: target.1.clone(),
        version_id: target.2.clone(),
        body: AdminBlockExtensionVersionRequest { blocked, reason },
    }
}

#[component]
pub fn BlockControls(target: Target, blocked: bool, name: String, done: Callback<()>) -> impl IntoView {
    let api = use_api();
    let target = StoredValue::new(target);
    let reason = RwSignal::new(String::new());
    let block = Confirm::new(t(k::review::BLOCKING_VERSION));
    let unblock = Confirm::new(t(k::review::UNBLOCKING_VERSION));
    let work = move |blocked: bool| -> Work {
        let op =
            request(&target.get_value(), blocked, blocked.then(|| reason.get_untracked().trim().to_string()));
        Box::pin(async move {
            api::call(api, &op).await?;
            // The page that gave `done` may be gone by now.
            done.try_run(());
            Ok(())
        })
    };
    let title_block = tf(k::review::BLOCK_TITLE, &[("name", &name)]);
    let title_unblock = tf(k::review::UNBLOCK_TITLE, &[("name", &name)]);
    view! {
        {if blocked {
            view! {
                <button type="button" class="button" id="unblock-version" on:click=move |_| unblock.open()>
                    {t(k::review::UNBLOCK)}
                </button>
            }
                .into_any()
        } else {
            view! {
                <button
                    type="button"
                    class="button danger"
                    id="block-version"
                    on:click=move |_| {
                        reason.set(String::new());
                        block.open()
                    }
                >
                    {t(k::review::BLOCK)}
                </button>
            }
                .into_any()
        }}
        <ConfirmDialog
            confirm=block
            style=ConfirmStyle::Danger
            title=title_block
            body=move || {
                view! {
                    <p>{t(k::review::BLOCK_BODY)}</p>
                    <p>{t(k::review::BLOCK_CUSTOMER_SEES)}</p>
                    {TextField::new("block-reason", t(k::review::REASON_LABEL), reason)
                        .lines("3")
                        .required()
                        .view()}
                }
            }
            ready=Signal::derive(move || !reason.with(|r| r.trim().is_empty()))
            work=Callback::new(move |()| work(true))
            confirm_label=t(k::review::BLOCK_VERSION)
            busy_label=t(k::review::BLOCKING)
            confirm_id="confirm-block"
        />
        <ConfirmDialog
            confirm=unblock
            style=ConfirmStyle::Normal
            title=title_unblock
            body=move || view! { <p>{t(k::review::UNBLOCK_BODY)}</p> }
            work=Callback::new(move |()| work(false))
            confirm_label=t(k::review::UNBLOCK_VERSION)
            busy_label=t(k::review::UNBLOCKING)
            confirm_id="confirm-unblock"
        />
    }
}
