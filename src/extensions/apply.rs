//! "Apply to cluster": reconcile, which deploys every enabled resource's approved
//! versions and restarts the cluster. Refused (409) while another restart runs; the
//! restart's progress comes from the app-wide restart watch (never a second poll).

use cluster_api::ops;
use leptos::prelude::*;

use super::{act, ExtCtx};
use crate::api::{self, ApiError};
use crate::clusters::watch::RestartWatch;
use crate::components::ErrorPanel;
use crate::session::Session;

/// What the panel says about the restart, given what is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestartView {
    Unknown,
    Idle,
    Restarting,
    /// The restart this console started has finished.
    Finished,
}

/// `applied_at`: when this console's last apply was accepted; `checked_at`: when the
/// restart status was last read.
pub fn restart_view(in_progress: Option<bool>, applied_at: Option<f64>, checked_at: f64) -> RestartView {
    match (in_progress, applied_at) {
        (None, _) => RestartView::Unknown,
        (Some(true), _) => RestartView::Restarting,
        (Some(false), Some(at)) if checked_at > at => RestartView::Finished,
        // Accepted, and not read since: the restart is starting.
        (Some(false), Some(_)) => RestartView::Restarting,
        (Some(false), None) => RestartView::Idle,
    }
}

/// Whether a retry queued at `armed_at` may go now: a restart status read after it says
/// no restart is running.
pub fn retry_due(armed_at: Option<f64>, in_progress: Option<bool>, checked_at: f64) -> bool {
    armed_at.is_some_and(|at| checked_at > at) && in_progress == Some(false)
}

#[component]
pub fn ApplyPanel() -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let session = expect_context::<Session>();
    let restarts = expect_context::<RestartWatch>();
    let feed = restarts.watch(ctx.cluster_id.get_value(), None);
    let in_progress = move || feed.with(|f| f.value.as_ref().map(|s| s.restart_in_progress));
    let checked_at = move || feed.with(|f| f.updated_at);
    let applied_at = RwSignal::new(None::<f64>);
    let armed_at = RwSignal::new(None::<f64>);
    let error = RwSignal::new(None::<ApiError>);
    let busy = RwSignal::new(false);

    let apply = move || {
        error.set(None);
        let id = ctx.cluster_id.get_value();
        let op = ops::ClusterExtensionReconcile { id: id.clone() };
        act(busy, async move { api::call(session, &op).await }, move |result| {
            match result {
                Ok(()) => applied_at.set(Some(js_sys::Date::now())),
                Err(e) => error.set(Some(e)),
            }
            // Either way the restart status changed (or was not what this page thought).
            restarts.refresh(id);
        });
    };
    Effect::new(move |_| {
        if !busy.get() && retry_due(armed_at.get(), in_progress(), checked_at()) {
            armed_at.set(None);
            apply();
        }
    });

    let blocked = move || {
        ctx.denied.get().or_else(|| (in_progress() == Some(true)).then(|| "A restart is in progress; apply again when it has finished.".into()))
    };
    let status = move || match restart_view(in_progress(), applied_at.get(), checked_at()) {
        RestartView::Unknown => view! { <p class="loading">"Checking for restarts…"</p> }.into_any(),
        RestartView::Idle => view! { <p class="restart-state">"No restart in progress."</p> }.into_any(),
        RestartView::Restarting => view! {
            <p class="restart-state"><span class="badge badge-busy"><span class="spinner" aria-hidden="true"></span>"Restart in progress"</span>
            " The cluster is restarting; this updates by itself."</p>
        }
        .into_any(),
        RestartView::Finished => view! {
            <p class="restart-state flash">"Restart complete: the approved versions of the enabled resources are live."</p>
        }
        .into_any(),
    };
    let refused = move || {
        let e = error.get()?;
        let restart = matches!(e, ApiError::Conflict { restart: true, .. });
        Some(view! {
            <div id="apply-error">
                <ErrorPanel action="Applying to the cluster" error=e/>
                {restart.then(|| move || if armed_at.get().is_some() {
                    view! {
                        <p class="hint" id="apply-queued">"Will apply as soon as the restart ends. "
                            <button class="button subtle" on:click=move |_| armed_at.set(None)>"Don't"</button>
                        </p>
                    }.into_any()
                } else {
                    view! {
                        <button class="button" id="apply-when-done" disabled=move || ctx.denied.get().is_some()
                            on:click=move |_| armed_at.set(Some(js_sys::Date::now()))>"Apply when the restart ends"</button>
                    }.into_any()
                })}
            </div>
        })
    };

    view! {
        <section class="card" id="apply">
            <h2>"Apply to cluster"</h2>
            <p class="hint">"Deploys the approved version of every enabled resource and restarts the cluster. Uploads, approvals and deletions take effect only then."</p>
            <div class="row-actions">
                <button class="button primary" id="apply-to-cluster"
                    disabled=move || blocked().is_some() || busy.get() || armed_at.get().is_some()
                    on:click=move |_| apply()>
                    {move || if busy.get() { "Applying…" } else { "Apply to cluster" }}
                </button>
                {move || blocked().map(|why| view! { <span class="hint reason" id="apply-blocked">{why}</span> })}
            </div>
            {status}
            {refused}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restart_states() {
        assert_eq!(restart_view(None, None, 0.0), RestartView::Unknown);
        assert_eq!(restart_view(Some(true), Some(5.0), 6.0), RestartView::Restarting);
        assert_eq!(restart_view(Some(false), None, 6.0), RestartView::Idle);
        assert_eq!(restart_view(Some(false), Some(5.0), 6.0), RestartView::Finished);
        // A reading from before the apply says nothing about its restart.
        assert_eq!(restart_view(Some(false), Some(5.0), 4.0), RestartView::Restarting);
    }

    #[test]
    fn queued_retries_wait_for_a_fresh_idle_reading() {
        assert!(!retry_due(None, Some(false), 10.0));
        assert!(!retry_due(Some(5.0), Some(false), 4.0));
        assert!(!retry_due(Some(5.0), Some(true), 10.0));
        assert!(retry_due(Some(5.0), Some(false), 10.0));
    }
}
