//! `cluster.envVar.list`, `.create`, `.detail`, `.update` and `.delete`. Every write
//! restarts Keycloak (API-NOTES §2.6): it is refused with 409 while a restart runs,
//! before anything changes, so it is safe to retry.

use super::{Ctx, Outcome, no_content, ok};
use crate::engine::{self, env_vars};
use crate::error::ApiError;
use crate::records::{ClusterRow, EnvVarRow};
use crate::store::Store;
use cluster_api::{ClusterState, EnvironmentVariableRequest, EnvironmentVariableType};

/// The cluster of a write: ACTIVE, with no restart running (409 otherwise), the
/// restart begun on the returned record (the caller saves it with the change).
fn restarting_cluster(ctx: &Ctx, store: &Store) -> Result<ClusterRow, ApiError> {
    let mut cluster = ctx.cluster(store)?;
    if cluster.status != ClusterState::Active {
        return Err(ApiError::conflict(format!(
            "{} is {}; its environment variables can be changed only while it is ACTIVE.",
            cluster.name, cluster.status
        )));
    }
    engine::begin_restart(&mut cluster, ctx.now, ctx.settings.restart_ms).map_err(ApiError::conflict)?;
    Ok(cluster)
}

fn variable(ctx: &Ctx, store: &Store, cluster: &ClusterRow) -> Result<EnvVarRow, ApiError> {
    let id = ctx.param(1)?;
    store.env_var(&cluster.id, id)?.ok_or_else(|| {
        ApiError::not_found(format!("{} has no environment variable with ID {id}.", cluster.name))
    })
}

/// The body with its name checked (400), and the name unique on the cluster (409).
fn checked_request(
    ctx: &Ctx,
    store: &Store,
    cluster_id: &str,
    own_id: Option<&str>,
) -> Result<EnvironmentVariableRequest, ApiError> {
    let mut request: EnvironmentVariableRequest = ctx.json_body()?;
    request.name = request.name.trim().to_string();
    let kind_problem = request.r#type.as_ref().and_then(env_vars::type_problem);
    if let Some(why) = env_vars::name_problem(&request.name).or(kind_problem) {
        return Err(ApiError::bad_request(why));
    }
    let clash = store
        .env_vars_of(cluster_id)?
        .into_iter()
        .any(|v| v.name == request.name && Some(v.id.as_str()) != own_id);
    if clash {
        return Err(ApiError::conflict(format!(
            "The cluster already has an environment variable named {}.",
            request.name
        )));
    }
    Ok(request)
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let out: Vec<_> = store.env_vars_of(&cluster.id)?.iter().map(EnvVarRow::to_wire).collect();
    ok(&out)
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    ok(&variable(ctx, store, &cluster)?.to_wire())
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let request = checked_request(ctx, store, &cluster.id, None)?;
    let cluster = restarting_cluster(ctx, store)?;
    let row = EnvVarRow {
        id: format!("env-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]),
        cluster_id: cluster.id.clone(),
        name: request.name,
        value: request.value,
        // The contract leaves the default open; plain text is the natural one (API-NOTES §4.3).
        kind: request.r#type.unwrap_or(EnvironmentVariableType::String),
        created_at: ctx.now,
    };
    store.transaction(|s| {
        s.save_env_var(&row)?;
        s.update_cluster(&cluster)
    })?;
    ok(&row.to_wire())
}

/// Replaces name and value; an omitted type keeps the variable's own, so a secret
/// never turns readable by accident.
pub fn update(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let mut row = variable(ctx, store, &cluster)?;
    let request = checked_request(ctx, store, &cluster.id, Some(&row.id))?;
    let cluster = restarting_cluster(ctx, store)?;
    row.name = request.name;
    row.value = request.value;
    if let Some(kind) = request.r#type {
        row.kind = kind;
    }
    store.transaction(|s| {
        s.save_env_var(&row)?;
        s.update_cluster(&cluster)
    })?;
    ok(&row.to_wire())
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let row = variable(ctx, store, &cluster)?;
    let cluster = restarting_cluster(ctx, store)?;
    store.transaction(|s| {
        s.delete_env_var(&row.id)?;
        s.update_cluster(&cluster)
    })?;
    no_content()
}
