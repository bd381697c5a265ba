//! A cluster's log file as read from the store: what `engine::logs` makes of (cluster,
//! hour) plus what the store holds about the cluster (its realms, its restarts, appended
//! lines). The
//! API's listing and detail (`handlers::logs`) and the storage download
//! (`storage::endpoint`) all read a file here, so they agree on its size and bytes.

use crate::engine::log_lines::Realm;
use crate::engine::logs as files;
use crate::error::ApiError;
use crate::records::{ClusterRow, Millis};
use crate::state::Settings;
use crate::store::Store;

/// The realms a cluster's log names: each with Keycloak's default clients plus its
/// imported clients and realm credentials.
fn realms(store: &Store, cluster_id: &str) -> Result<Vec<Realm>, ApiError> {
    let mut out = Vec::new();
    for realm in store.realms_of(cluster_id)? {
        let mut clients = realm.clients.clone();
        clients.extend(store.credentials_of(&realm.id)?.into_iter().map(|c| c.client_id));
        out.push(Realm { name: realm.name, since: realm.created_at, clients });
    }
    Ok(out)
}

/// One file of `cluster` as it reads at `now` (the listing, the detail and the download
/// all read it here, so they agree on size and bytes).
pub fn read(
    store: &Store,
    settings: &Settings,
    cluster: &ClusterRow,
    hour: Millis,
    now: Millis,
) -> Result<files::File, ApiError> {
    let inputs = files::Inputs {
        realms: realms(store, &cluster.id)?,
        starts: crate::engine::starts(cluster, &store.restarts_of(&cluster.id)?),
        appended: store.log_lines(&cluster.id, hour, hour + files::HOUR)?,
        options: settings.logs,
    };
    Ok(files::file(&cluster.id, hour, &inputs, now))
}
