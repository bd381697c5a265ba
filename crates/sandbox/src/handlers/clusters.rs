//! `cluster.list`, `cluster.detail`, `cluster.delete`, `cluster.region.list` and
//! `cluster.nameAvailability.check`, and the wire form of a stored cluster.

use super::{Ctx, Outcome, no_content, ok, settle};
use crate::engine::{self, names};
use crate::error::ApiError;
use crate::records::ClusterRow;
use crate::store::{Store, StoreResult};
use cluster_api::{Cluster, Region};
use std::collections::{HashMap, HashSet};

/// A region the store no longer knows still renders, derived from its name.
fn region_of(regions: &HashMap<String, Region>, name: &str) -> Region {
    regions.get(name).cloned().unwrap_or_else(|| Region {
        name: name.to_string(),
        provider: "aws".to_string(),
        region: name.to_lowercase().replace('_', "-"),
    })
}

fn region_map(store: &Store) -> StoreResult<HashMap<String, Region>> {
    Ok(store.regions()?.into_iter().map(|region| (region.name.clone(), region)).collect())
}

pub fn to_wire(store: &Store, cluster: &ClusterRow) -> Result<Cluster, ApiError> {
    with_primary_host(store, cluster.to_wire(region_of(&region_map(store)?, &cluster.region)))
}

/// `host` is the live hostname: a custom domain once `cluster.host.update` chose one.
fn with_primary_host(store: &Store, mut wire: Cluster) -> Result<Cluster, ApiError> {
    if let Some(host) = store.primary_host(&wire.id)? {
        wire.host = format!("https://{host}");
    }
    Ok(wire)
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    ctx.authorize_somewhere()?;
    let regions = region_map(store)?;
    let mut out = Vec::new();
    for org_id in ctx.listable_orgs(store)? {
        for mut cluster in store.clusters_of(&org_id)? {
            settle(store, &mut cluster, ctx.now)?;
            if engine::listed(&cluster.status) {
                out.push(with_primary_host(store, cluster.to_wire(region_of(&regions, &cluster.region)))?);
            }
        }
    }
    ok(&out)
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    ok(&to_wire(store, &cluster)?)
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let mut cluster = ctx.cluster(store)?;
    match engine::delete(&mut cluster) {
        Ok(true) => store.delete_cluster(&cluster.id)?,
        Ok(false) => store.update_cluster(&cluster)?,
        Err(why) => return Err(ApiError::conflict(why)),
    }
    no_content()
}

pub fn regions(ctx: &Ctx, store: &mut Store) -> Outcome {
    ctx.authorize_somewhere()?;
    ok(&store.regions()?)
}

pub fn name_availability(ctx: &Ctx, store: &mut Store) -> Outcome {
    ctx.authorize_somewhere()?;
    let name = ctx.required_query("name")?;
    // Names are global: every cluster of every organization, whatever its state.
    let taken: HashSet<String> = store.cluster_names()?.into_iter().collect();
    ok(&names::check(name, &|candidate| taken.contains(candidate)))
}
