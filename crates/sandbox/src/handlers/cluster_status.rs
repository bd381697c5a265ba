//! What a cluster reports about itself: `cluster.metrics.detail`,
//! `cluster.restartStatus.detail` and `cluster.systemInfo.detail`.

use super::{Ctx, Outcome, ok};
use crate::engine;
use crate::error::ApiError;
use crate::store::Store;
use cluster_api::RestartStatus;

pub fn metrics(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let mut metrics = engine::metrics(&cluster);
    // The realm count is the realms the cluster really holds (the realm operations add them).
    if let Some(counts) = metrics.counts.as_mut() {
        let realms = store.realms_of(&cluster.id)?.len();
        counts.insert("realms".to_string(), i64::try_from(realms).unwrap_or(i64::MAX));
    }
    ok(&metrics)
}

pub fn restart_status(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    ok(&RestartStatus { restart_in_progress: engine::restart_in_progress(&cluster, ctx.now) })
}

pub fn system_info(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    engine::system_info_available(&cluster).map_err(ApiError::conflict)?;
    ok(&engine::system_info(&cluster, ctx.now))
}
