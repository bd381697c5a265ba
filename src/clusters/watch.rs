//! The app-wide polls for cluster status and restart status (one per cluster, keyed by
//! `PollKey::cluster`). Status is watched from the eager clusters list, so its poll is
//! made at the root; restarts only by screens loaded on demand (see `poll::app_wide`).

use cluster_api::{Cluster, RestartStatus, ops};
use leptos::prelude::*;

use crate::api;
use crate::clusters::status_badge::is_transitional;
use crate::poll::{Backoff, Poller};
use crate::session::Session;

pub type ClusterWatch = Poller<Cluster>;
pub type RestartWatch = Poller<RestartStatus>;

pub fn provide_watchers(session: Session) {
    let clusters: ClusterWatch = Poller::new(
        session,
        |api, key| Box::pin(async move { api::call(api, &ops::ClusterDetail { id: key.cluster }).await }),
        |cluster| !is_transitional(&cluster.status),
        Backoff::STATUS,
    );
    provide_context(clusters);
}

/// The restart watch; get it with `poll::app_wide(restart_watch)`.
pub fn restart_watch(session: Session) -> RestartWatch {
    Poller::new(
        session,
        |api, key| {
            Box::pin(
                async move { api::call(api, &ops::ClusterRestartStatusDetail { id: key.cluster }).await },
            )
        },
        |status| !status.restart_in_progress,
        Backoff::STATUS,
    )
}
