//! Block and Unblock, each behind a real dialog. Blocking asks for the reason the customer
//! will read; the service refuses a blank one as well.

use cluster_api::{AdminBlockExtensionVersionRequest, ops};
use leptos::prelude::*;

use crate::api::{self, use_api};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work};

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
    let block = Confirm::new("Blocking the version");
    let unblock = Confirm::new("Unblocking the version");
    let work = move |blocked: bool| -> Work {
        let op =
            request(&target.get_value(), blocked, blocked.then(|| reason.get_untracked().trim().to_string()));
        Box::pin(async move {
            api::call(api, &op).await?;
            done.run(());
            Ok(())
        })
    };
    let title_block = format!("Block {name}?");
    let title_unblock = format!("Unblock {name}?");
    view! {
        {if blocked {
            view! { <button type="button" class="button" id="unblock-version" on:click=move |_| unblock.open()>"Unblock"</button> }.into_any()
        } else {
            view! { <button type="button" class="button danger" id="block-version" on:click=move |_| { reason.set(String::new()); block.open() }>"Block"</button> }.into_any()
        }}
        <ConfirmDialog confirm=block style=ConfirmStyle::Danger title=title_block
            body=move || view! {
                <p>"A blocked version is never deployed to any cluster: every reconcile skips it, whatever its approval or scan says, and a cluster already running it loses it at its next reconcile. It stays blocked until support unblocks it."</p>
                <p>"The customer sees that support blocked it, with this reason, on every view of the version."</p>
                <label for="block-reason">"Reason (shown to the customer)"</label>
                <textarea id="block-reason" rows="3" required prop:value=reason
                    on:input:target=move |ev| reason.set(ev.target().value())></textarea>
            }
            ready=Signal::derive(move || !reason.with(|r| r.trim().is_empty()))
            work=Callback::new(move |()| work(true)) confirm_label="Block version" busy_label="Blocking…" confirm_id="confirm-block"/>
        <ConfirmDialog confirm=unblock style=ConfirmStyle::Normal title=title_unblock
            body=move || view! {
                <p>"The block and its reason are removed. If the customer has approved the version, their next reconcile deploys it."</p>
            }
            work=Callback::new(move |()| work(false)) confirm_label="Unblock version" busy_label="Unblocking…" confirm_id="confirm-unblock"/>
    }
}
