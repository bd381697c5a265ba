//! What a cluster reports about itself: `cluster.metrics.detail`,
//! `cluster.restartStatus.detail` and `cluster.systemInfo.detail`.

use super::{Ctx, Outcome, ok};
use crate::engine;
use crate::engine::realms::DEFAULT_CLIENTS;
use crate::error::ApiError;
use crate::store::Store;
use cluster_api::{DeploymentState, RestartStatus};

pub fn metrics(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let mut realms = Vec::new();
    for realm in store.realms_of(&cluster.id)? {
        // Settled to now, as every read of a realm is: a realm turns Active by time, not
        // only when someone lists the realms.
        let realm = super::realms::settled(ctx, store, realm)?;
        let clients = DEFAULT_CLIENTS.len() + realm.clients.len() + store.credentials_of(&realm.id)?.len();
        realms.push(engine::RealmCount { active: realm.state == DeploymentState::Active, clients });
    }
    ok(&engine::metrics(&cluster, &realms, ctx.now))
}

pub fn restart_status(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    ok(&RestartStatus { restart_in_progress: engine::restart_in_progress(&cluster, ctx.now) })
}

pub fn system_info(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    engine::system_info_available(&cluster).map_err(ApiError::conflict)?;
    ok(&engine::system_info(&cluster, &store.restarts_of(&cluster.id)?, ctx.now))
}
