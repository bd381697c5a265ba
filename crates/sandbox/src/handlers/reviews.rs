//! The staff operations (openapi-v2-next.yaml): `cluster.extension.version.report` and
//! `cluster.extension.version.adminBlock`. `Ctx::authorize` lets only the staff client
//! role through (API-NOTES §2.3); customers, owners included, get 403.

use super::uploads::{extension, version};
use super::{Ctx, Outcome, ok};
use crate::engine::extensions::{self as rules, Flow};
use crate::error::ApiError;
use crate::records::{ExtensionRow, ExtensionVersionRow};
use crate::store::Store;
use cluster_api::{AdminBlockExtensionVersionRequest, ScanState};

/// The version of the path, on a cluster of any organization (staff see them all). A
/// block may be set in any cluster state: it only stops future deployments.
fn target(ctx: &Ctx, store: &Store) -> Result<(ExtensionRow, ExtensionVersionRow), ApiError> {
    let cluster = ctx.cluster(store)?;
    let record = extension(ctx, store, &cluster)?;
    if rules::flow(&record.resource_type) == Flow::WellKnown {
        return Err(ApiError::not_found(format!(
            "{} is a WELL_KNOWN resource: its files have no versions to review.",
            record.name
        )));
    }
    let version = version(ctx, store, &record)?;
    Ok((record, version))
}

pub fn report(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (record, version) = target(ctx, store)?;
    let why = match version.scan_state {
        _ if version.resource_key.is_none() => Some("has no uploaded file yet, so it has not been scanned"),
        ScanState::Unscanned => Some("was not scanned (scanning is off for this cluster)"),
        ScanState::Scanning => Some("is still being scanned; its report appears when the scan finishes"),
        _ => None,
    };
    if let Some(why) = why {
        return Err(ApiError::not_found(format!("Version {} of {} {why}.", version.id, record.name)));
    }
    match store.report(&version.id)? {
        Some(report) => ok(&report),
        None => Err(ApiError::not_found(format!(
            "Version {} of {} has no stored scan report.",
            version.id, record.name
        ))),
    }
}

pub fn admin_block(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (_, mut version) = target(ctx, store)?;
    let request: AdminBlockExtensionVersionRequest = ctx.json_body()?;
    let by = super::actor(ctx, store)?;
    rules::admin_block(&mut version, request.blocked, request.reason.as_deref(), &by, ctx.now)
        .map_err(ApiError::bad_request)?;
    store.set_block(&version.id, version.block.as_ref())?;
    ok(&version.to_wire())
}
