//! What a cluster reports about itself: `cluster.metrics.detail`,
//! `cluster.restartStatus.detail` and `cluster.systemInfo.detail`.

use super::clusters::load;
use super::{Ctx, Outcome, ok};
use crate::engine;
use crate::error::ApiError;
use crate::store::Store;
use cluster_api::RestartStatus;

pub fn metrics(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = load(ctx, store)?;
    ok(&engine::metrics(&cluster))
}

pub fn restart_status(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = load(ctx, store)?;
    ok(&RestartStatus { restart_in_progress: engine::restart_in_progress(&cluster, ctx.now) })
}

pub fn system_info(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = load(ctx, store)?;
    engine::system_info_available(&cluster).map_err(ApiError::conflict)?;
    ok(&engine::system_info(&cluster, ctx.now))
}
