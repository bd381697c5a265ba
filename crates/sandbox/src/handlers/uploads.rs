//! What the extension handlers share: finding a cluster that accepts changes and an
//! extension of it, settling scans, handing out presigned URLs, and confirming that
//! an upload arrived and is what it claims to be.

use super::Ctx;
use crate::engine::extensions::{self, Flow};
use crate::engine::{report, scan};
use crate::error::ApiError;
use crate::records::{BlobRow, ClusterRow, ExtensionRow, ExtensionVersionRow, UploadSlotRow};
use crate::storage;
use crate::store::Store;
use cluster_api::{PresignedUrl, ResourceType};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The cluster of the call, visible and authorized, in a state that accepts
/// extension changes (409 naming the state otherwise).
pub fn changeable_cluster(ctx: &Ctx, store: &Store) -> Result<ClusterRow, ApiError> {
    let cluster = ctx.cluster(store)?;
    match extensions::change_problem(&cluster) {
        Some(why) => Err(ApiError::conflict(why)),
        None => Ok(cluster),
    }
}

/// The extension named by the second path parameter, on `cluster`.
pub fn extension(ctx: &Ctx, store: &Store, cluster: &ClusterRow) -> Result<ExtensionRow, ApiError> {
    let id = ctx.param(1)?;
    store
        .extension(&cluster.id, id)?
        .ok_or_else(|| ApiError::not_found(format!("{} has no extension with ID {id}.", cluster.name)))
}

/// 400 saying which operations to use when `extension` does not use `flow`.
pub fn require_flow(extension: &ExtensionRow, flow: Flow) -> Result<(), ApiError> {
    match extensions::wrong_flow(extension, flow) {
        Some(why) => Err(ApiError::bad_request(why)),
        None => Ok(()),
    }
}

/// The extension's versions with due scans revealed (and written back).
pub fn versions(ctx: &Ctx, store: &Store, extension_id: &str) -> Result<Vec<ExtensionVersionRow>, ApiError> {
    let mut versions = store.versions_of(extension_id)?;
    for version in &mut versions {
        if scan::settle(version, ctx.now) {
            store.save_version(version)?;
        }
    }
    Ok(versions)
}

/// The version named by the third path parameter.
pub fn version(ctx: &Ctx, store: &Store, extension: &ExtensionRow) -> Result<ExtensionVersionRow, ApiError> {
    let id = ctx.param(2)?;
    versions(ctx, store, &extension.id)?.into_iter().find(|v| v.id == id).ok_or_else(|| {
        ApiError::not_found(format!("Extension {} has no version with ID {id}.", extension.name))
    })
}

/// A JSON body whose fields are all optional: an empty body reads as `{}` where the contract
/// lets the body be left out (`crate::strict` refuses a missing required body before this).
pub fn lenient_body<T: DeserializeOwned + Serialize + Default>(ctx: &Ctx) -> Result<T, ApiError> {
    if ctx.body.iter().all(u8::is_ascii_whitespace) { Ok(T::default()) } else { ctx.json_body() }
}

/// A label as stored: trimmed, blank meaning none.
pub fn clean_label(label: Option<String>) -> Option<String> {
    label.map(|l| l.trim().to_string()).filter(|l| !l.is_empty())
}

/// Records a new key for `slot` and presigns a PUT to it.
pub fn issue(ctx: &Ctx, store: &Store, slot: UploadSlotRow) -> Result<PresignedUrl, ApiError> {
    store.insert_slot(&slot)?;
    let origin = storage::origin(ctx.settings, ctx.headers);
    let settings = ctx.settings;
    Ok(storage::presign(&settings.storage_secret, &origin, &slot.key, ctx.now, settings.upload_url_secs))
}

/// The object behind a key, or 409 saying nothing arrived there yet.
pub fn uploaded(store: &Store, key: &str) -> Result<BlobRow, ApiError> {
    store.blob(key)?.ok_or_else(|| {
        ApiError::conflict(format!(
            "Nothing has been uploaded to {key} yet; PUT the file to its upload URL first, then confirm."
        ))
    })
}

/// Confirms that the object at `key` is this version's upload, records it, and
/// queues a scan when the cluster scans extensions. A new file needs a new approval.
pub fn confirm(
    ctx: &Ctx,
    store: &Store,
    cluster: &ClusterRow,
    extension: &ExtensionRow,
    mut version: ExtensionVersionRow,
    key: &str,
) -> Result<ExtensionVersionRow, ApiError> {
    let key = key.trim();
    if key.is_empty() {
        return Err(ApiError::bad_request(
            "resource_key is required: pass the resourceKey of the upload-URL call.",
        ));
    }
    let slot = store.slot(key)?.ok_or_else(|| {
        ApiError::bad_request(format!(
            "No upload URL was issued for resource_key {key}; request one and pass back its resourceKey."
        ))
    })?;
    if slot.extension_id != extension.id {
        return Err(ApiError::bad_request(format!(
            "resource_key {key} belongs to another extension, not {}; confirm it there, or upload this \
             extension's file to a URL issued for it.",
            extension.name
        )));
    }
    if slot.version_id.as_deref() != Some(version.id.as_str()) {
        let other = slot.version_id.as_deref().unwrap_or("none");
        return Err(ApiError::bad_request(format!(
            "resource_key {key} belongs to another version ({other}), not {}; confirm it on that version, or \
             request an upload URL for this one.",
            version.id
        )));
    }
    let blob = uploaded(store, key)?;
    if blob.bytes.is_empty() {
        return Err(ApiError::bad_request(format!("The file uploaded to {key} is empty; upload it again.")));
    }
    // The console checks the same rule before uploading; a client that does not is told here.
    if extensions::flow(&extension.resource_type) == Flow::Versioned
        && let Some(problem) = cluster_api::jar_rules::jar_problem(&blob.bytes)
    {
        return Err(ApiError::bad_request(format!(
            "The file uploaded to {key} was refused. {}",
            problem.words("It")
        )));
    }
    version.resource_key = Some(key.to_string());
    version.label = slot.label;
    version.valid = false;
    version.override_by = None;
    version.override_reason = None;
    // The report is written with the verdict and shown once the scan has finished. A theme
    // that is not a theme jar fails even where scanning is off (see `scan`).
    let not_a_theme = extension.resource_type == ResourceType::Theme && scan::not_a_theme_jar(&blob.bytes);
    let report = if not_a_theme || store.scanning_enabled(&cluster.id)? {
        let (verdict, examined) = if not_a_theme {
            (scan::NOT_A_THEME_JAR, report::examine_not_a_theme(&blob.bytes))
        } else {
            (scan::verdict(&blob.bytes), report::examine(&blob.bytes))
        };
        let report = crate::engine::report::report(&verdict, &examined, ctx.now + ctx.settings.scan_ms);
        scan::queue(&mut version, verdict, ctx.now, ctx.settings.scan_ms);
        scan::settle(&mut version, ctx.now);
        Some(report)
    } else {
        scan::reset(&mut version);
        None
    };
    version.has_report = report.is_some();
    store.save_version(&version)?;
    store.set_report(&version.id, report.as_ref())?;
    Ok(version)
}
