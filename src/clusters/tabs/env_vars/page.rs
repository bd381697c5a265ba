//! `/clusters/:id/env-vars`: the restart status, adding a variable, the list (secrets
//! masked) with edit and delete, and the queue of changes waiting for a restart to end.

use cluster_api::{
    ClusterState, EnvironmentVariableRepresentation as Var, EnvironmentVariableType, catalogue, ops,
};
use leptos::prelude::*;

use super::form::{EditVar, NewVar};
use super::queue::{self, Change, EnvQueue, env_queue};
use super::type_label;
use crate::api::{self, ApiError};
use crate::clusters::ClusterCtx;
use crate::clusters::watch::{RestartWatch, restart_watch};
use crate::kit::ErrorPanel;
use crate::kit::Tone;
use crate::kit::code::CodePanel;
use crate::kit::table::{Cell, Column, ResourceTable, Row, Rows, SortKey};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work};
use crate::load::{Load, load};

/// What the forms of the tab share.
#[derive(Clone, Copy)]
pub struct EnvVarsCtx {
    pub cluster: ClusterCtx,
    pub cluster_name: Memo<String>,
    pub list: Load<Result<Vec<Var>, ApiError>>,
    /// Why changes are off now (role, state, restart), or `None`.
    pub blocked: Memo<Option<String>>,
    pub queue: EnvQueue,
    pub restarts: RestartWatch,
    /// The variable being edited.
    pub editing: RwSignal<Option<Var>>,
}

impl EnvVarsCtx {
    /// The work of a change: sent now, or queued when a restart began just before (409).
    /// `note` then says which of the two happened.
    pub fn submit(self, label: String, change: Change, note: RwSignal<Option<String>>) -> Work {
        let id = self.cluster.id.get_value();
        let (api, list, restarts, queue) = (self.cluster.api, self.list, self.restarts, self.queue);
        let (center, cluster_name) = (crate::activity::center(), self.cluster_name.get_untracked());
        Box::pin(async move {
            match queue::send(api, id.clone(), change.clone()).await {
                Ok(()) => {
                    // The restart line above says the restart: one change, one banner.
                    note.try_set(Some(format!("{label}: saved.")));
                    list.refetch();
                    restarts.refresh(id.clone());
                    if let Some(center) = center {
                        crate::activity::track::restart(
                            center,
                            restarts,
                            &id,
                            format!("{label} on {cluster_name}"),
                        );
                    }
                    Ok(())
                }
                Err(ApiError::Conflict { restart: true, .. }) => {
                    note.try_set(Some(format!(
                        "{label}: a restart had just begun, so the change is queued (below)."
                    )));
                    queue.push(id, label, change);
                    Ok(())
                }
                Err(e) => Err(e),
            }
        })
    }
}

/// Why nothing can be changed during a restart: said by the restart line itself.
const RESTARTING: &str = "Keycloak is restarting; changes can be made again when the restart ends.";

const COLUMNS: &[Column] =
    &[Column::sortable("Name"), Column::sortable("Type"), Column::new("Value"), Column::new("Actions")];

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
    let in_progress = Memo::new(move |_| feed.with(|f| f.value.as_ref().map(|s| s.restart_in_progress)));
    let blocked = Memo::new(move |_| {
        let (name, status) = cluster.with(|c| (c.name.clone(), c.status.clone()));
        cluster_ctx
            .denied(&catalogue::CLUSTER_ENVVAR_CREATE)
            .or_else(|| {
                (status != ClusterState::Active).then(|| {
                    let words = crate::clusters::status_badge::words(&status).to_lowercase();
                    format!("{name} is {words}; its settings can be changed only while it is active.")
                })
            })
            .or_else(|| (in_progress.get() == Some(true)).then(|| RESTARTING.to_string()))
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

    let confirm = Confirm::new("Deleting the variable");
    let note = RwSignal::new(None::<String>);
    let target = RwSignal::new(None::<Var>);
    let delete_code = crate::code::live(Box::new(move |t| {
        target.with(|v| {
            v.as_ref()
                .map(|v| crate::code::actions::env_var_delete(t, &cluster_id.get_value(), &v.id, &v.name))
                .unwrap_or_default()
        })
    }));
    let rows = Callback::new(move |()| -> Rows {
        let off = blocked.get().is_some();
        list.get()
            .map(|r| r.map(|vars| vars.into_iter().map(|v| row(v, off, ctx, confirm, target)).collect()))
    });
    let restart_line = move || {
        match in_progress.get() {
        None => view! { <p class="loading restart-state">"Checking for restarts…"</p> }.into_any(),
        Some(true) => view! {
            <p class="restart-state">{crate::kit::badge::restart_in_progress()}
            " Keycloak is restarting to apply a change; changes can be made again when it ends. This updates by itself."</p>
        }
        .into_any(),
        Some(false) => view! { <p class="restart-state">"No restart in progress."</p> }.into_any(),
    }
    };

    view! {
        <section class="card" id="env-vars">
            <h2>"Environment variables"</h2>
            <p class="hint">"Keycloak reads these at start-up, so every change restarts it. Secrets are stored encrypted and \
                are never shown again: they can be replaced or deleted. Names starting with KC_ are reserved, except KC_SPI_."</p>
            <div id="env-restart" aria-live="polite">{restart_line}</div>
            {move || blocked.get().filter(|why| why != RESTARTING).map(|why| view! { <p class="hint reason" id="env-blocked">{why}</p> })}
            <QueuePanel/>
            {move || note.get().map(|text| view! { <p class="flash" id="env-delete-note" role="status">{text}</p> })}
            <NewVar/>
        </section>
        {move || ctx.editing.get().map(|v| view! { <EditVar var=v/> })}
        <section class="card">
            <ResourceTable columns=COLUMNS rows=rows id="env-table" label="Environment variables"
                loading_what="Loading environment variables" retry=Callback::new(move |()| list.refetch())
                empty=ViewFn::from(|| view! { <div class="empty" id="no-env-vars"><p>"No environment variables yet."</p></div> })/>
        </section>
        <ConfirmDialog confirm=confirm style=ConfirmStyle::Danger
            title=Signal::derive(move || format!("Delete {}?", target.with(|t| t.as_ref().map(|v| v.name.clone()).unwrap_or_default())))
            body=move || view! {
                <p>{move || super::restart_notice(&cluster_name.get())}</p>
                <p>"Keycloak no longer sees the variable after the restart. This cannot be undone."</p>
                <CodePanel curl=delete_code/>
            }
            work=Callback::new(move |()| -> Work {
                let Some(var) = target.get_untracked() else { return Box::pin(async { Ok(()) }) };
                ctx.submit(format!("Delete {}", var.name), Change::Delete { var_id: var.id }, note)
            })
            confirm_label="Delete and restart" busy_label="Deleting…" confirm_class="confirm-delete-env"/>
    }
}

fn row(v: Var, off: bool, ctx: EnvVarsCtx, confirm: Confirm, target: RwSignal<Option<Var>>) -> Row {
    let secret = v.r#type == EnvironmentVariableType::Secret;
    let value =
        if secret { Cell::text("Hidden (secret)").class("masked") } else { Cell::mono(v.value.clone()) };
    let (edit, delete) = (v.clone(), v.clone());
    let actions = view! {
        <button class="button subtle edit-env" disabled=off on:click=move |_| ctx.editing.set(Some(edit.clone()))>"Edit"</button>
        <button class="button subtle danger delete-env" disabled=off on:click=move |_| { target.set(Some(delete.clone())); confirm.open(); }>
            "Delete"
        </button>
    };
    Row::new(
        "data-env",
        v.name.clone(),
        vec![
            Cell::mono(v.name.clone()),
            Cell::badge(type_label(&v.r#type), if secret { Tone::Warn } else { Tone::Muted }, false),
            value,
            Cell::view(actions.into_any(), SortKey::None),
        ],
    )
}

/// The changes waiting for the restart to end, each cancellable, and the last one that failed.
#[component]
fn QueuePanel() -> impl IntoView {
    let ctx = expect_context::<EnvVarsCtx>();
    let queue = ctx.queue;
    let id = ctx.cluster.id.get_value();
    let mine = {
        let id = id.clone();
        move || {
            queue.items.with(|items| items.iter().filter(|q| q.cluster == id).cloned().collect::<Vec<_>>())
        }
    };
    let failure = move || queue.failure.get().filter(|(c, _, _)| *c == id);
    view! {
        {move || {
            let items = mine();
            (!items.is_empty()).then(|| view! {
                <div class="queue" id="env-queue" role="status">
                    <p>"Waiting for the restart to end; these are sent one at a time, in order:"</p>
                    <ul>
                        {items.into_iter().map(|q| {
                            let sending = move || queue.sending.get() == Some(q.seq);
                            view! {
                                <li class="queued">
                                    <span class="queued-label">{q.label.clone()}</span>
                                    {move || if sending() { " — sending…" } else { " — queued" }}
                                    " "<button class="button subtle cancel-queued" disabled=sending on:click=move |_| queue.cancel(q.seq)>"Cancel"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </div>
            })
        }}
        {move || failure().map(|(_, label, e)| view! {
            <div id="env-queue-failure"><ErrorPanel action=format!("{label} (queued)") error=e/></div>
        })}
    }
}
