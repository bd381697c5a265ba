//! `/clusters/:id/env-vars`: the restart status, adding a variable, the list (secrets
//! masked) with edit and delete, the staged changes applied in one run (`pending`), and
//! the restart status. The queue itself is app-wide (`queue`).

use cluster_api::{
    ClusterState, EnvironmentVariableRepresentation as Var, EnvironmentVariableType, catalogue, ops,
};
use leptos::prelude::*;

use super::form::{EditVar, NewVar};
use super::pending::PendingPanel;
use super::queue::{EnvQueue, env_queue};
use super::run::StagedState;
use super::staged::{Op, Staged};
use super::type_label;
use crate::api::{self, ApiError};
use crate::clusters::ClusterCtx;
use crate::clusters::watch::{RestartWatch, restart_watch};
use crate::i18n::k::env_vars as w;
use crate::i18n::{t, tf};
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, empty_note};
use crate::kit::{Tone, Writable};
use crate::view_read::{Load, load};

/// What the forms of the tab share.
#[derive(Clone, Copy)]
pub struct EnvVarsCtx {
    pub cluster: ClusterCtx,
    pub cluster_name: Memo<String>,
    pub list: Load<Result<Vec<Var>, ApiError>>,
    /// Why changes are off now (role, state), or `None`. A restart does not stop staging.
    pub blocked: Memo<Option<String>>,
    pub queue: EnvQueue,
    pub restarts: RestartWatch,
    /// The variable being edited.
    pub editing: RwSignal<Option<Var>>,
}

impl EnvVarsCtx {
    /// Stages a change of this cluster; nothing is sent until the pending changes are applied.
    pub fn stage(self, op: Op, name: String, value: String, secret: bool) {
        let cluster = self.cluster.id.get_value();
        self.queue.stage(Staged { id: 0, cluster, op, name, value, secret });
    }
}

const COLUMNS: &[Column] = &[
    Column::sortable(w::COL_NAME),
    Column::sortable(w::COL_TYPE),
    Column::new(w::COL_VALUE),
    Column::new(w::COL_PENDING),
    Column::new(w::COL_ACTIONS),
];

#[component]
pub fn ClusterEnvVars() -> impl IntoView {
    let cluster_ctx = expect_context::<ClusterCtx>();
    let (cluster, cluster_id) = (cluster_ctx.cluster, cluster_ctx.id);
    let api = cluster_ctx.api;
    let queue = env_queue();
    let list = load(move || {
        // A queued change applied later makes the list load again.
        queue.applied.track();
        let op = ops::ClusterEnvVarList { id: cluster_id.get_value() };
        async move { api::call(api, &op).await }
    });
    let restarts = crate::poll::app_wide(restart_watch);
    let feed = restarts.watch(cluster_id.get_value(), None);
    // A reading taken before a change was sent is stale: the change's own restart may be
    // starting, so until the next reading the tab says it is checking, never "no restart".
    let in_progress = Memo::new(move |_| feed.with(|f| f.fresh().map(|s| s.restart_in_progress)));
    let refused = Memo::new(move |_| cluster_ctx.denied(&catalogue::CLUSTER_ENVVAR_CREATE));
    let blocked = Memo::new(move |_| {
        let (name, status) = cluster.with(|c| (c.name.clone(), c.status.clone()));
        refused.get().or_else(|| {
            (status != ClusterState::Active).then(|| {
                let words = crate::clusters::status_badge::words(&status).to_lowercase();
                tf(w::NOT_ACTIVE, &[("name", &name), ("state", &words)])
            })
        })
    });
    let cluster_name = Memo::new(move |_| cluster.with(|c| c.name.clone()));
    let ctx = EnvVarsCtx {
        cluster: cluster_ctx,
        cluster_name,
        list,
        blocked,
        queue,
        restarts,
        editing: RwSignal::new(None),
    };
    provide_context(ctx);

    let rows = list.table(t(w::LOADING), move |vars| {
        let off = blocked.get().is_some();
        let read_only = refused.get().is_some();
        vars.iter().map(|v| row(v.clone(), off, read_only, ctx)).collect()
    });
    // The run exists from the moment Apply is confirmed, before the service's first restart
    // shows: the tab says so then, as the activity center does.
    let run_active = Memo::new(move |_| queue.run_of(&cluster_id.get_value()).is_some_and(|r| r.running()));
    let restart_line = move || match (in_progress.get(), run_active.get()) {
        (Some(false) | None, true) => view! {
            <p class="restart-state" id="env-run-started">
                {crate::kit::badge::restart_in_progress()}
                {format!(" {}", t(w::BEING_APPLIED))}
            </p>
        }
        .into_any(),
        (None, false) => view! { <p class="loading restart-state">{t(w::CHECKING_RESTARTS)}</p> }.into_any(),
        (Some(true), _) => view! {
            <p class="restart-state">
                {crate::kit::badge::restart_in_progress()} {format!(" {}", t(w::RESTARTING))}
            </p>
        }
        .into_any(),
        (Some(false), false) => view! { <p class="restart-state">{t(w::NO_RESTART)}</p> }.into_any(),
    };

    view! {
        <section class="card" id="env-vars">
            <h2>{t(w::HEADING)}</h2>
            <p class="hint">{t(w::INTRO)}</p>
            <div id="env-restart" aria-live="polite">
                {restart_line}
            </div>
            // A read-only caller gets one line instead of the forms; others are told why
            // changes are off for now (the cluster's state) above forms they will use later.
            <Writable refused=refused id="env-read-only">
                {move || {
                    blocked
                        .get()
                        .map(|why| {
                            view! {
                                <p class="hint reason" id="env-blocked">
                                    {why}
                                </p>
                            }
                        })
                }}
                <PendingPanel />
                <NewVar />
            </Writable>
        </section>
        {move || ctx.editing.get().map(|v| view! { <EditVar var=v /> })}
        <section class="card">
            <ResourceTable
                columns=COLUMNS
                rows=rows
                id="env-table"
                label=t(w::HEADING)
                empty=ViewFn::from(|| empty_note(t(w::EMPTY), Some("no-env-vars")))
            />
        </section>
    }
}

/// `off`: changes are refused for now (disabled, said above the table); `read_only`: never
/// for this caller (no buttons at all).
fn row(v: Var, off: bool, read_only: bool, ctx: EnvVarsCtx) -> Row {
    let secret = v.r#type == EnvironmentVariableType::Secret;
    let value =
        if secret { Cell::text(t(w::HIDDEN_SECRET)).class("masked") } else { Cell::mono(v.value.clone()) };
    // A staged change of this variable, as the row shows it.
    let pending = ctx.queue.staged.with(|list| {
        list.iter()
            .find(|s| s.var_id() == Some(v.id.as_str()))
            .map(|s| (matches!(s.op, Op::Delete { .. }), s.id))
    });
    let pending_cell = match pending {
        None => Cell::text(""),
        Some((delete, id)) => {
            let what = if delete { t(w::DELETE_PENDING) } else { t(w::CHANGE_PENDING) };
            let busy = ctx.queue.state(id) == StagedState::Sending;
            Cell::badge(what, Tone::Warn, busy)
        }
    };
    let (edit, delete) = (v.clone(), v.clone());
    let actions = (!read_only).then(|| {
        view! {
            <button
                class="button subtle edit-env"
                disabled=off
                on:click=move |_| ctx.editing.set(Some(edit.clone()))
                aria-label=tf(w::EDIT_NAMED, &[("name", &v.name)])
            >
                {t(w::EDIT)}
            </button>
            <button
                class="button subtle danger delete-env"
                disabled=off
                aria-label=tf(w::DELETE_NAMED, &[("name", &v.name)])
                on:click=move |_| {
                    ctx.stage(
                        Op::Delete {
                            var_id: delete.id.clone(),
                        },
                        delete.name.clone(),
                        String::new(),
                        delete.r#type == EnvironmentVariableType::Secret,
                    )
                }
            >
                {t(w::DELETE)}
            </button>
        }
    });
    Row::new(
        "data-env",
        v.name.clone(),
        vec![
            Cell::mono(v.name.clone()),
            Cell::badge(type_label(&v.r#type), if secret { Tone::Warn } else { Tone::Muted }, false),
            value,
            pending_cell,
            Cell::view(actions.into_any(), SortKey::None),
        ],
    )
}
