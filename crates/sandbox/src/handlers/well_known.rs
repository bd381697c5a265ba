//! `cluster.wellKnown.*`: the app-association files (`apple-app-site-association`,
//! `assetlinks.json`) and the change-password redirect of a WELL_KNOWN extension.

use super::uploads::{changeable_cluster, extension, issue, require_flow};
use super::{Ctx, Outcome, ok};
use crate::engine::extensions::Flow;
use crate::engine::well_known as rules;
use crate::error::ApiError;
use crate::records::{ClusterRow, ExtensionRow, UploadSlotRow};
use crate::storage;
use crate::store::Store;
use cluster_api::WellKnown;

fn view(store: &Store, cluster: &ClusterRow, record: &ExtensionRow) -> Outcome {
    ok(&rules::view(cluster, record, &store.well_known_files(&record.id)?))
}

/// The WELL_KNOWN extension of the call (400 for another type).
fn well_known_extension(ctx: &Ctx, store: &Store, cluster: &ClusterRow) -> Result<ExtensionRow, ApiError> {
    let record = extension(ctx, store, cluster)?;
    require_flow(&record, Flow::WellKnown)?;
    Ok(record)
}

/// The `{file}` path parameter, which must name one of the two files (404 otherwise).
fn file<'a>(ctx: &'a Ctx) -> Result<&'a str, ApiError> {
    let file = ctx.param(2)?;
    match rules::file_problem(file) {
        Some(why) => Err(ApiError::not_found(why)),
        None => Ok(file),
    }
}

pub fn get(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let record = well_known_extension(ctx, store, &cluster)?;
    view(store, &cluster, &record)
}

/// Sets the `/.well-known/change-password` redirect; an empty or null URL, or no body
/// at all, clears it.
pub fn change_password(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let mut record = well_known_extension(ctx, store, &cluster)?;
    let request: WellKnown =
        if ctx.body.iter().all(u8::is_ascii_whitespace) { WellKnown::default() } else { ctx.json_body()? };
    record.change_password_url =
        rules::change_password_url(request.change_password_url.as_deref()).map_err(ApiError::bad_request)?;
    store.update_extension(&record)?;
    view(store, &cluster, &record)
}

pub fn upload_url(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = well_known_extension(ctx, store, &cluster)?;
    let file = file(ctx)?;
    let prefix = format!("clusters/{}/extensions/{}/well-known/{file}", cluster.id, record.id);
    let slot = UploadSlotRow {
        key: storage::new_key(&prefix, "json"),
        extension_id: record.id.clone(),
        version_id: None,
        file: Some(file.to_string()),
        label: None,
        created_at: ctx.now,
    };
    ok(&issue(ctx, store, slot)?)
}

/// Publishes the newest upload of the file once its JSON has the shape the OS expects.
pub fn confirm(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = well_known_extension(ctx, store, &cluster)?;
    let file = file(ctx)?;
    let Some(blob) = store.latest_well_known_upload(&record.id, file)? else {
        return Err(ApiError::conflict(format!(
            "Nothing has been uploaded for {file} yet; request an upload URL (POST \
             …/well-known/{file}/upload-url), PUT the file to it, then confirm."
        )));
    };
    rules::check_shape(file, &blob.bytes).map_err(ApiError::bad_request)?;
    // The OS insists on JSON: publish it as such whatever the uploader declared.
    store.set_blob_content_type(&blob.key, "application/json")?;
    store.publish_well_known(&record.id, file, &blob.key, ctx.now)?;
    view(store, &cluster, &record)
}

/// Unpublishes the file and forgets its uploads; answers the new state (200, not 204).
pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = changeable_cluster(ctx, store)?;
    let record = well_known_extension(ctx, store, &cluster)?;
    let file = file(ctx)?;
    store.unpublish_well_known(&record.id, file)?;
    store.drop_well_known_uploads(&record.id, file, None)?;
    view(store, &cluster, &record)
}
