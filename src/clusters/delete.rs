use cluster_api::{catalogue, ops, Cluster, ClusterState};
use leptos::prelude::*;
use leptos_router::{hooks::use_navigate, NavigateOptions};

use super::watch::ClusterWatch;
use crate::api::{self, ApiError};
use crate::components::ErrorPanel;
use crate::directory::Directory;
use crate::session::Session;

/// Never billed: deleting removes the cluster at once instead of scheduling it.
pub fn never_billed(status: &ClusterState) -> bool {
    matches!(status, ClusterState::BillingSetup | ClusterState::PendingPayment)
}

/// Why deleting is not offered, if it is not.
fn blocked_reason(cluster: &Cluster, directory: &Directory) -> Option<String> {
    match cluster.status {
        ClusterState::PendingDeletion => return Some("This cluster is already scheduled for deletion.".into()),
        ClusterState::Archived => return Some("Archived clusters cannot be deleted.".into()),
        _ => {}
    }
    directory.denied(cluster.owner.as_deref().unwrap_or_default(), &catalogue::CLUSTER_DELETE)
}

/// The Delete button and its type-the-name confirmation.
#[component]
pub fn DeleteCluster(#[prop(into)] cluster: Signal<Cluster>) -> impl IntoView {
    let session = expect_context::<Session>();
    let directory = expect_context::<Directory>();
    let watch = expect_context::<ClusterWatch>();
    let navigate = use_navigate();
    let open = RwSignal::new(false);
    let typed = RwSignal::new(String::new());
    let error = RwSignal::new(None::<ApiError>);

    let delete = Action::new_local(move |id: &String| {
        let id = id.clone();
        async move {
            api::call(session, &ops::ClusterDelete { id: id.clone() }).await?;
            // A never-billed cluster is gone now; a billed one is pending deletion.
            match api::call(session, &ops::ClusterDetail { id }).await {
                Ok(after) => Ok(Some(after)),
                Err(ApiError::NotFound(_)) => Ok(None),
                Err(other) => Err(other),
            }
        }
    });
    Effect::new(move |_| match delete.value().get() {
        Some(Ok(Some(after))) => {
            open.set(false);
            watch.publish(after.id.clone(), after);
        }
        Some(Ok(None)) => {
            session.flash.set(Some(format!("{} was deleted.", cluster.get_untracked().name)));
            navigate(crate::links::CLUSTERS, NavigateOptions::default());
        }
        Some(Err(e)) => error.set(Some(e)),
        None => {}
    });

    let blocked = Memo::new(move |_| blocked_reason(&cluster.get(), &directory));
    let name_matches = move || typed.get().trim() == cluster.with(|c| c.name.clone());
    let pending = delete.pending();

    view! {
        <div class="delete-zone">
            <button class="button danger" id="delete-cluster"
                disabled=move || blocked.get().is_some()
                title=move || blocked.get().unwrap_or_default()
                on:click=move |_| { typed.set(String::new()); error.set(None); open.set(true); }>
                "Delete cluster"
            </button>
            {move || blocked.get().map(|why| view! { <p class="hint reason" id="delete-blocked">{why}</p> })}
            {move || open.get().then(|| {
                let c = cluster.get();
                let consequence = if never_billed(&c.status) {
                    "This cluster was never paid for, so it is removed immediately and its name is released.".to_string()
                } else {
                    format!(
                        "{} is scheduled for deletion at the end of the current billing cycle and shows as Pending deletion until then. \
                         Billing continues to the end of the cycle, and the name {} stays reserved.",
                        c.name, c.name
                    )
                };
                view! {
                    <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="delete-title">
                        <h2 id="delete-title">{format!("Delete {}?", c.name)}</h2>
                        <p>{consequence}</p>
                        <p><strong>"This cannot be undone."</strong>" Every realm and setting on the cluster is lost."</p>
                        <label for="confirm-name">"Type " <code>{c.name.clone()}</code> " to confirm"</label>
                        <input id="confirm-name" autocomplete="off" prop:value=typed
                            on:input:target=move |ev| typed.set(ev.target().value())/>
                        {move || error.get().map(|e| view! { <ErrorPanel action="Deleting the cluster" error=e/> })}
                        <div class="actions">
                            <button class="button" on:click=move |_| open.set(false)>"Cancel"</button>
                            <button class="button danger" id="confirm-delete"
                                disabled=move || !name_matches() || pending.get()
                                on:click=move |_| { error.set(None); delete.dispatch(cluster.get_untracked().id); }>
                                {move || if pending.get() { "Deleting…" } else { "Delete permanently" }}
                            </button>
                        </div>
                    </div>
                }
            })}
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
