//! Deleting a cluster: the Delete button, why it is not offered when it is not, what
//! deleting does to this cluster in words, and the type-the-name confirmation.

use cluster_api::{Cluster, ClusterState, catalogue, ops};
use leptos::prelude::*;

use crate::kit::code::CodePanel;
use leptos_router::{NavigateOptions, hooks::use_navigate};

use super::watch::ClusterWatch;
use crate::api::{self, ApiError, use_api};
use crate::directory::Directory;
use crate::i18n::k::clusters_page as w;
use crate::i18n::{t, tf};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work};
use crate::session::Session;

/// Never billed: deleting removes the cluster at once instead of scheduling it.
pub fn never_billed(status: &ClusterState) -> bool {
    matches!(status, ClusterState::BillingSetup | ClusterState::PendingPayment)
}

/// Why deleting is not offered, if it is not.
fn blocked_reason(cluster: &Cluster, directory: &Directory) -> Option<String> {
    match cluster.status {
        ClusterState::PendingDeletion => {
            return Some(t(w::ALREADY_DELETING).into());
        }
        ClusterState::Archived => return Some(t(w::ARCHIVED_UNDELETABLE).into()),
        _ => {}
    }
    directory.denied(cluster.owner.as_deref().unwrap_or_default(), &catalogue::CLUSTER_DELETE)
}

/// What deleting does to this cluster, in words.
fn consequence(c: &Cluster) -> String {
    if never_billed(&c.status) {
        t(w::DELETE_UNPAID).to_string()
    } else {
        tf(w::DELETE_SCHEDULED, &[("name", &c.name)])
    }
}

/// The Delete button and its type-the-name confirmation.
#[component]
pub fn DeleteCluster(#[prop(into)] cluster: Signal<Cluster>) -> impl IntoView {
    let session = expect_context::<Session>();
    let api = use_api();
    let directory = expect_context::<Directory>();
    let watch = expect_context::<ClusterWatch>();
    let navigate = use_navigate();
    let confirm = Confirm::new(t(w::DELETING_CLUSTER));

    let work = Callback::new(move |()| -> Work {
        let (id, name) = cluster.with_untracked(|c| (c.id.clone(), c.name.clone()));
        let navigate = navigate.clone();
        Box::pin(async move {
            api::call(api, &ops::ClusterDelete { id: id.clone() }).await?;
            // A never-billed cluster is gone now; a billed one is pending deletion.
            match api::call(api, &ops::ClusterDetail { id }).await {
                Ok(after) => watch.publish(after.id.clone(), after),
                Err(ApiError::NotFound(_)) => {
                    session.flash.set(crate::session::Flash::on(
                        crate::links::CLUSTERS,
                        tf(w::DELETED, &[("name", &name)]),
                    ));
                    navigate(crate::links::CLUSTERS, NavigateOptions::default());
                }
                Err(other) => return Err(other),
            }
            Ok(())
        })
    });

    let blocked = Memo::new(move |_| blocked_reason(&cluster.get(), &directory));
    let name = Signal::derive(move || cluster.with(|c| c.name.clone()));
    let code = crate::code::live(Box::new(move |t| {
        let (id, name) = cluster.with(|c| (c.id.clone(), c.name.clone()));
        crate::code::single(
            t,
            &crate::code::named("Delete the cluster", &name),
            &cluster_api::Call::request(&ops::ClusterDelete { id }),
        )
    }));

    view! {
        <div class="delete-zone">
            <button
                class="button danger"
                id="delete-cluster"
                disabled=move || blocked.get().is_some()
                title=move || blocked.get().unwrap_or_default()
                on:click=move |_| confirm.open()
            >
                {t(w::DELETE)}
            </button>
            {move || {
                blocked
                    .get()
                    .map(|why| {
                        view! {
                            <p class="hint reason" id="delete-blocked">
                                {why}
                            </p>
                        }
                    })
            }}
            <ConfirmDialog
                confirm=confirm
                style=ConfirmStyle::Danger
                title=Signal::derive(move || tf(w::DELETE_TITLE, &[("name", &name.get())]))
                body=move || {
                    view! {
                        <p>{move || cluster.with(consequence)}</p>
                        <p>
                            <strong>{t(w::CANNOT_UNDO)}</strong>
                            {t(w::ALL_LOST)}
                        </p>
                        <CodePanel curl=code />
                    }
                }
                type_name=name
                work=work
                confirm_label=t(w::DELETE_PERMANENTLY)
                busy_label=t(w::DELETING)
                confirm_id="confirm-delete"
            />
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unpaid_clusters_vanish_at_once() {
        assert!(never_billed(&ClusterState::BillingSetup));
        assert!(never_billed(&ClusterState::PendingPayment));
        assert!(!never_billed(&ClusterState::Active));
        assert!(!never_billed(&ClusterState::Provisioning));
    }
}
