//! `cluster.extension.list`, `.create`, `.detail`, `.update`, `.delete`,
//! `.keycloakVersion.list` and `.reconcile`: the extension slots of a cluster.

use super::uploads::{changeable_cluster, extension, versions};
use super::{Ctx, Outcome, created, no_content, ok};
use crate::engine::{self, extensions as rules};
use crate::error::ApiError;
use crate::records::ExtensionRow;
use crate::store::Store;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use cluster_api::{Extension, ExtensionRequest, ResourceType, ToggleExtensionRequest, catalogue};

fn to_wire(ctx: &Ctx, store: &Store, record: &ExtensionRow) -> Result<Extension, ApiError> {
    Ok(record.to_wire(&versions(ctx, store, &record.id)?))
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let wanted = match ctx.query_param("type").map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some(text) => match ResourceType::from_wire(text) {
            ResourceType::Unknown(_) => {
                return Err(ApiError::bad_request(format!(
                    "type must be THEME, EXTENSION, PASSWORD_BLACKLIST or WELL_KNOWN; got {text:?}."
                )));
            }
            known => Some(known),
        },
    };
    let mut out = Vec::new();
    for record in store.extensions_of(&cluster.id)? {
        if wanted.as_ref().is_none_or(|t| *t == record.resource_type) {
            out.push(to_wire(ctx, store, &record)?);
        }
    }
    ok(&out)
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let request: ExtensionRequest = ctx.json_body()?;
    let name = request.name.trim().to_string();
    if let Some(why) = rules::name_problem(&name).or_else(|| rules::type_problem(&request.resource_type)) {
        return Err(ApiError::bad_request(why));
    }
    let existing = store.extensions_of(&cluster.id)?;
    if existing.iter().any(|e| e.name == name) {
        return Err(ApiError::conflict(format!("{} already has an extension named {name}.", cluster.name)));
    }
    let types: Vec<ResourceType> = existing.iter().map(|e| e.resource_type.clone()).collect();
    if let Some(why) = rules::cap_problem(&cluster, &request.resource_type, &types) {
        return Err(ApiError::conflict(why));
    }
    let record = ExtensionRow {
        id: format!("ext-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]),
        cluster_id: cluster.id.clone(),
        name,
        resource_type: request.resource_type,
        // Extensions start enabled (API-NOTES §4.4).
        enabled: true,
        created_at: ctx.now,
        change_password_url: None,
    };
    store.insert_extension(&record)?;
    created(ctx, &catalogue::CLUSTER_EXTENSION_DETAIL, &[("id", &cluster.id), ("extension_id", &record.id)])
}

pub fn keycloak_versions(ctx: &Ctx, store: &mut Store) -> Outcome {
    ctx.cluster(store)?;
    ok(&rules::KEYCLOAK_MAJORS)
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let record = extension(ctx, store, &cluster)?;
    ok(&to_wire(ctx, store, &record)?)
}

pub fn update(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let mut record = extension(ctx, store, &cluster)?;
    let request: ToggleExtensionRequest = ctx.json_body()?;
    record.enabled = request.enabled;
    store.update_extension(&record)?;
    ok(&to_wire(ctx, store, &record)?)
}

/// Removes the extension with every version, upload and published file (by cascade).
pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    store.delete_extension(&record.id)?;
    no_content()
}

/// Applies what is enabled, approved and not blocked by staff, which restarts the
/// cluster; everything else leaves it (a version blocked since the last reconcile is
/// removed). 409 while a restart is already running, refused before anything changes so
/// it is safe to retry.
pub fn reconcile(ctx: &Ctx, store: &mut Store) -> Outcome {
    let mut cluster = changeable_cluster(ctx, store)?;
    engine::begin_restart(&mut cluster, ctx.now, ctx.settings.restart_ms).map_err(ApiError::conflict)?;
    let mut applied = Vec::new();
    for record in store.extensions_of(&cluster.id)? {
        for mut version in versions(ctx, store, &record.id)? {
            if rules::reconcile(&record, &mut version, ctx.now) {
                applied.push(version);
            }
        }
    }
    store.transaction(|s| {
        for version in &applied {
            s.save_version(version)?;
        }
        s.update_cluster(&cluster)
    })?;
    Ok(StatusCode::ACCEPTED.into_response())
}
