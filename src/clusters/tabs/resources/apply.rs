//! "Apply to cluster": reconcile, which deploys every enabled resource's approved
//! versions and restarts the cluster. Refused (409) while another restart runs; the
//! restart's progress comes from the app-wide restart watch (never a second poll).

use cluster_api::ops;
use leptos::prelude::*;

use super::ExtCtx;
use crate::api::{self, ApiError};
use crate::clusters::watch::restart_watch;
use crate::i18n::k::resources as w;
use crate::i18n::{Phrase, t, tf};
use crate::kit::ErrorPanel;
use crate::kit::{Button, Confirm, ConfirmDialog, ConfirmStyle, Work, Write};

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

/// What applying does to the running cluster, said before it happens. The service gives
/// no duration; its own guidance is that a restart normally takes well under a minute.
pub fn apply_consequence(cluster: &str) -> String {
    tf(w::APPLY_CONSEQUENCE, &[("cluster", cluster)])
}

#[component]
pub fn ApplyPanel() -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let (cluster, api) = (ctx.cluster.cluster, ctx.cluster.api);
    let restarts = crate::poll::app_wide(restart_watch);
    let feed = restarts.watch(ctx.cluster.id.get_value(), None);
    let in_progress = move || feed.with(|f| f.value.as_ref().map(|s| s.restart_in_progress));
    let checked_at = move || feed.with(|f| f.updated_at);
    let applied_at = RwSignal::new(None::<f64>);
    let armed_at = RwSignal::new(None::<f64>);
    // Asked for and confirmed in the dialog; or queued, and sent when the restart ends.
    let confirm = Confirm::new(t(w::APPLYING));
    let queued = Write::new(t(w::APPLYING));
    let center = crate::activity::center();

    let reconcile = move || -> Work {
        let id = ctx.cluster.id.get_value();
        let op = ops::ClusterExtensionReconcile { id: id.clone() };
        // Read now: the page may be gone when the service answers.
        let name = cluster.with_untracked(|c| c.name.clone());
        Box::pin(async move {
            let result = api::call(api, &op).await;
            if result.is_ok() {
                applied_at.try_set(Some(js_sys::Date::now()));
            }
            // Either way the restart status changed (or was not what this page thought).
            restarts.refresh(id.clone());
            if let (Ok(_), Some(center)) = (&result, center) {
                crate::clusters::track::restart(
                    center,
                    restarts,
                    &id,
                    Phrase::of(w::APPLY_ACTIVITY, [("name", name.into())]),
                );
            }
            result
        })
    };
    Effect::new(move |_| {
        if !queued.busy.get() && retry_due(armed_at.get(), in_progress(), checked_at()) {
            armed_at.set(None);
            queued.start(reconcile(), None);
        }
    });
    let busy = move || confirm.write.busy.get() || queued.busy.get();
    let code = crate::code::live(Box::new(move |t| {
        crate::code::actions::apply(t, &ctx.cluster.id.get_value(), &cluster.with(|c| c.name.clone()))
    }));
    let restart_refused = |e: &Option<ApiError>| matches!(e, Some(ApiError::Conflict { restart: true, .. }));
    // The person already confirmed: applying once the running restart ends needs no second ask.
    let arm = move || {
        armed_at.set(Some(js_sys::Date::now()));
        queued.clear();
        confirm.close();
    };

    let blocked = move || {
        ctx.denied.get().or_else(|| (in_progress() == Some(true)).then(|| t(w::RESTART_RUNNING).into()))
    };
    let status = move || match restart_view(in_progress(), applied_at.get(), checked_at()) {
        RestartView::Unknown => crate::kit::waiting(t(w::CHECKING_RESTARTS)),
        RestartView::Idle => view! { <p class="restart-state">{t(w::NO_RESTART)}</p> }.into_any(),
        RestartView::Restarting => {
            let badge = crate::kit::badge::restart_in_progress();
            view! { <p class="restart-state">{badge} {t(w::RESTARTING)}</p> }.into_any()
        }
        RestartView::Finished => {
            view! { <p class="restart-state flash">{t(w::RESTART_COMPLETE)}</p> }.into_any()
        }
    };
    let when_done = move || {
        Button::new("button", t(w::APPLY_WHEN_DONE))
            .id("apply-when-done")
            .disabled(move || ctx.denied.get().is_some())
            .on_click(arm)
            .view()
    };
    let queue = move || {
        if armed_at.get().is_some() {
            return Some(
                view! {
                    <p class="hint" id="apply-queued">
                        {t(w::QUEUED)}
                        <button class="button subtle" on:click=move |_| armed_at.set(None)>
                            {t(w::DONT)}
                        </button>
                    </p>
                }
                .into_any(),
            );
        }
        let e = queued.error.get()?;
        let restart = restart_refused(&Some(e.clone()));
        Some(
            view! {
                <div id="apply-error">
                    <ErrorPanel action=t(w::APPLYING) error=e />
                    {restart.then(when_done)}
                </div>
            }
            .into_any(),
        )
    };

    view! {
        <section class="card" id="apply">
            <h2>{t(w::APPLY_HEADING)}</h2>
            <p class="hint">{t(w::APPLY_HINT)}</p>
            <p class="hint" id="apply-skips-blocked">
                {t(w::APPLY_SKIPS_BLOCKED)}
            </p>
            <div class="row-actions">
                <button
                    class="button primary"
                    id="apply-to-cluster"
                    disabled=move || blocked().is_some() || busy() || armed_at.get().is_some()
                    on:click=move |_| {
                        queued.clear();
                        confirm.open();
                    }
                >
                    {move || if busy() { t(w::APPLYING_BUSY) } else { t(w::APPLY_BUTTON) }}
                </button>
                {move || {
                    blocked()
                        .map(|why| {
                            view! {
                                <span class="hint reason" id="apply-blocked">
                                    {why}
                                </span>
                            }
                        })
                }}
            </div>
            {status}
            {queue}
            <ConfirmDialog
                confirm=confirm
                style=ConfirmStyle::Normal
                title=Signal::derive(move || tf(
                    w::APPLY_TITLE,
                    &[("name", &cluster.with(|c| c.name.clone()))],
                ))
                body=move || {
                    view! {
                        <p>{move || cluster.with(|c| apply_consequence(&c.name))}</p>
                        <p class="hint">{t(w::APPLY_DIALOG_SKIPS)}</p>
                        <crate::kit::code::CodePanel curl=code />
                        {move || {
                            restart_refused(&confirm.write.error.get())
                                .then(|| view! { <p class="hint">{t(w::ANOTHER_RESTART)} {when_done()}</p> })
                        }}
                    }
                }
                work=Callback::new(move |()| reconcile())
                confirm_label=t(w::APPLY_CONFIRM)
                busy_label=t(w::APPLYING_BUSY)
                confirm_id="confirm-apply"
            />
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
    fn apply_says_the_cluster_restarts() {
        let text = apply_consequence("acme-prod");
        assert!(text.starts_with("Keycloak on acme-prod restarts"), "{text}");
        assert!(text.contains("well under a minute") && text.contains("may fail"), "{text}");
    }

    #[test]
    fn queued_retries_wait_for_a_fresh_idle_reading() {
        assert!(!retry_due(None, Some(false), 10.0));
        assert!(!retry_due(Some(5.0), Some(false), 4.0));
        assert!(!retry_due(Some(5.0), Some(true), 10.0));
        assert!(retry_due(Some(5.0), Some(false), 10.0));
    }
}
