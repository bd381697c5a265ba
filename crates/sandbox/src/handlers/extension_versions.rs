//! The files of THEME/EXTENSION (`cluster.extension.version.*`, one jar per Keycloak
//! major) and PASSWORD_BLACKLIST (`cluster.extension.standalone.*`, one file) resources.

use super::uploads::{
    changeable_cluster, clean_label, confirm as confirm_upload, extension, issue, lenient_body,
};
use super::uploads::{require_flow, version, versions};
use super::{Ctx, Outcome, no_content, ok};
use crate::engine::extensions::{self as rules, Flow};
use crate::error::ApiError;
use crate::records::{ExtensionVersionRow, UploadSlotRow};
use crate::storage;
use crate::store::Store;
use cluster_api::{
    ExtensionVersionLocationValidationRequest, ExtensionVersionRequest, ExtensionVersionUploadUrlRequest,
    ToggleExtensionVersionValidRequest,
};

fn new_version_id() -> String {
    format!("ver-{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    require_flow(&record, Flow::Versioned)?;
    let request: ExtensionVersionRequest = ctx.json_body()?;
    let major = request.keycloak_major_version;
    if let Some(why) = rules::major_problem(major) {
        return Err(ApiError::bad_request(why));
    }
    if let Some(existing) = versions(ctx, store, &record.id)?.iter().find(|v| v.keycloak_major == Some(major))
    {
        return Err(ApiError::conflict(format!(
            "{} already has a version for Keycloak {major} ({}); upload to it, or delete it first.",
            record.name, existing.id
        )));
    }
    let version = ExtensionVersionRow::new(new_version_id(), &record.id, Some(major), ctx.now);
    store.save_version(&version)?;
    ok(&version.to_wire())
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    require_flow(&record, Flow::Versioned)?;
    let version = version(ctx, store, &record)?;
    // Its upload slots and their objects go by cascade.
    store.delete_version(&version.id)?;
    no_content()
}

pub fn upload_url(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    require_flow(&record, Flow::Versioned)?;
    let version = version(ctx, store, &record)?;
    let request: ExtensionVersionUploadUrlRequest = lenient_body(ctx)?;
    let prefix = format!("clusters/{}/extensions/{}/versions/{}", cluster.id, record.id, version.id);
    issue_for(ctx, store, &prefix, "jar", &version, request.label)
}

/// An upload URL for `version`'s file, with a fresh key under `prefix`.
fn issue_for(
    ctx: &Ctx,
    store: &mut Store,
    prefix: &str,
    ext: &str,
    version: &ExtensionVersionRow,
    label: Option<String>,
) -> Outcome {
    let slot = UploadSlotRow {
        key: storage::new_key(prefix, ext),
        extension_id: version.extension_id.clone(),
        version_id: Some(version.id.clone()),
        file: None,
        label: clean_label(label),
        created_at: ctx.now,
    };
    ok(&issue(ctx, store, slot)?)
}

pub fn confirm(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    require_flow(&record, Flow::Versioned)?;
    let version = version(ctx, store, &record)?;
    let request: ExtensionVersionLocationValidationRequest = ctx.json_body()?;
    let version = confirm_upload(ctx, store, &cluster, &record, version, &request.resource_key)?;
    ok(&version.to_wire())
}

/// Approves (`valid: true`) or withdraws approval. Over a scan that is not PASS the
/// approval needs a reason, recorded with the approving API secret's client ID.
/// Standalone versions are approved here too: the contract has no other operation.
pub fn validate(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    if rules::flow(&record.resource_type) == Flow::WellKnown {
        require_flow(&record, Flow::Versioned)?;
    }
    let mut version = version(ctx, store, &record)?;
    let request: ToggleExtensionVersionValidRequest = ctx.json_body()?;
    rules::validate(&mut version, request.valid, request.reason.as_deref(), &ctx.caller.client_id).map_err(
        |(conflict, why)| if conflict { ApiError::conflict(why) } else { ApiError::bad_request(why) },
    )?;
    store.save_version(&version)?;
    ok(&version.to_wire())
}

/// The single version of a standalone extension, created by the first upload URL.
fn standalone_version(
    ctx: &Ctx,
    store: &Store,
    extension_id: &str,
) -> Result<Option<ExtensionVersionRow>, ApiError> {
    Ok(versions(ctx, store, extension_id)?.into_iter().next())
}

pub fn standalone_upload_url(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    require_flow(&record, Flow::Standalone)?;
    let request: ExtensionVersionUploadUrlRequest = lenient_body(ctx)?;
    let version = match standalone_version(ctx, store, &record.id)? {
        Some(version) => version,
        None => {
            let version = ExtensionVersionRow::new(new_version_id(), &record.id, None, ctx.now);
            store.save_version(&version)?;
            version
        }
    };
    let prefix = format!("clusters/{}/extensions/{}/standalone/{}", cluster.id, record.id, version.id);
    issue_for(ctx, store, &prefix, "txt", &version, request.label)
}

pub fn standalone_confirm(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = extension(ctx, store, &cluster)?;
    require_flow(&record, Flow::Standalone)?;
    let request: ExtensionVersionLocationValidationRequest = ctx.json_body()?;
    let Some(version) = standalone_version(ctx, store, &record.id)? else {
        return Err(ApiError::conflict(format!(
            "{} has no upload yet; request an upload URL (POST …/extensions/{}/standalone) and PUT the file \
             first.",
            record.name, record.id
        )));
    };
    let version = confirm_upload(ctx, store, &cluster, &record, version, &request.resource_key)?;
    ok(&version.to_wire())
}
