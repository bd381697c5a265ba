//! A cluster's operations in the activity center (its creation, a restart, a custom
//! domain's certificate): how each watched value reads as progress, and starting to track it.
//! The clusters list hands its moving clusters over through [`from_list`], so the center's
//! tracking code is not in the list's download.

use cluster_api::{Cluster, ClusterState, CustomerDomainValidation, RestartStatus};
use leptos::prelude::*;

use super::status_badge::{is_transitional, message};
use super::watch::{ClusterWatch, RestartWatch};
use crate::activity::track::{hold, unreadable};
use crate::activity::{Activities, Progress, Started};
use crate::chunk::ChunkError;
use crate::i18n::Phrase;
use crate::i18n::k::activity as w;
use crate::links::{self, ClusterTab};
use crate::poll::{Feed, PollKey, Poller};

pub fn cluster_progress(feed: &Feed<Cluster>) -> Progress {
    if let Some(done) = unreadable(feed, w::CLUSTER_STATE) {
        return done;
    }
    match feed.value.as_ref().map(|c| &c.status) {
        None => Progress::running(w::CHECKING_STATE),
        Some(status) if is_transitional(status) => Progress::running(message(status).0),
        Some(status) => Progress::done(*status == ClusterState::Active, message(status).0),
    }
}

/// A cluster created in this tab or seen still moving (PROVISIONING).
pub fn cluster(center: Activities, watch: ClusterWatch, id: &str, name: &str) {
    let label = Phrase::of(w::CLUSTER_LABEL, [("name", name.to_string().into())]);
    center.track(
        format!("cluster {id}"),
        label,
        links::cluster(id),
        hold(watch, PollKey::cluster(id), cluster_progress),
    );
}

type Track = fn(Activities, ClusterWatch, String, String);

/// The center's tracking, as the `activity` group (with the drawer) holds it.
#[leptos::wasm_split::wasm_split(activity, fallible, wasm_split_path = ::leptos::wasm_split)]
fn tracker() -> Result<Track, ChunkError> {
    Ok(|center, watch, id, name| cluster(center, watch, &id, &name))
}

/// A cluster the clusters list shows still moving, tracked once the center's code is here.
/// The list is in the first visit's download and the center's tracking is not: a list with
/// nothing moving never fetches it. The row shows the live state either way (the list's own
/// watch); a module that cannot be had leaves the center without this cluster until its
/// row is drawn again, and every later operation tries the fetch again.
pub fn from_list(center: Activities, watch: ClusterWatch, id: String, name: String) {
    leptos::task::spawn_local(async move {
        if let Ok(track) = tracker().await {
            track(center, watch, id, name);
        }
    });
}

/// A restart is over only by a reading taken after it began (`since`): the last one
/// before it may still say "no restart".
pub fn restart_progress(feed: &Feed<RestartStatus>, since: f64) -> Progress {
    if let Some(done) = unreadable(feed, w::RESTART_PROGRESS) {
        return done;
    }
    match &feed.value {
        Some(s) if !s.restart_in_progress && feed.updated_at > since => {
            Progress::done(true, w::RESTART_FINISHED)
        }
        _ => Progress::running(w::RESTARTING),
    }
}

/// A restart (after an environment change or a reconcile, or seen in progress).
pub fn restart(center: Activities, watch: RestartWatch, id: &str, label: Phrase) {
    let since = js_sys::Date::now();
    let key = PollKey::cluster(id);
    center.track(
        crate::activity::restart_key(id),
        label,
        links::cluster(id),
        Box::new(move || {
            let feed = watch.watch(key, None);
            Started {
                progress: Signal::derive(move || feed.with(|f| restart_progress(f, since))),
                cancel: None,
            }
        }),
    );
}

pub fn domain_progress(feed: &Feed<CustomerDomainValidation>) -> Progress {
    use cluster_api::CertificateStatusMapping as C;
    if let Some(done) = unreadable(feed, w::DOMAIN_STATUS) {
        return done;
    }
    match feed.value.as_ref().map(|v| &v.certificate_status) {
        None | Some(C::PendingValidation) => Progress::running(w::DOMAIN_WAITING),
        Some(C::Issued) => Progress::done(true, w::CERTIFICATE_ISSUED),
        Some(C::ValidationTimedOut) => Progress::done(false, w::CERTIFICATE_TIMED_OUT),
        Some(_) => Progress::done(false, w::CERTIFICATE_FAILED),
    }
}

/// A custom domain added in this tab, until its certificate is issued (or not).
pub fn domain(
    center: Activities,
    watch: Poller<CustomerDomainValidation>,
    cluster: &str,
    domain_id: &str,
    host: &str,
) {
    let href = links::cluster_tab(cluster, ClusterTab::Domains);
    let key = PollKey::item(cluster, domain_id);
    center.track(
        format!("domain {cluster} {domain_id}"),
        Phrase::of(w::DOMAIN_LABEL, [("host", host.to_string().into())]),
        href,
        hold(watch, key, domain_progress),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activity::track::testing::{feed, settled};

    #[test]
    fn restarts_and_clusters() {
        assert!(matches!(
            restart_progress(&feed(Some(RestartStatus { restart_in_progress: true }), None), 0.0),
            Progress::Running { .. }
        ));
        let idle = feed(Some(RestartStatus { restart_in_progress: false }), None);
        assert_eq!(settled(restart_progress(&idle, 0.5)), Some((true, "Restart finished".into())));
        assert!(
            matches!(restart_progress(&idle, 2.0), Progress::Running { .. }),
            "a reading from before the restart began"
        );
        let mut c = Cluster { status: ClusterState::Provisioning, ..Cluster::default() };
        let provisioning = cluster_progress(&feed(Some(c.clone()), None));
        assert!(matches!(provisioning, Progress::Running { .. }) && provisioning.note() == "Provisioning");
        c.status = ClusterState::Active;
        assert_eq!(settled(cluster_progress(&feed(Some(c.clone()), None))), Some((true, "Active".into())));
        c.status = ClusterState::SetupException;
        assert_eq!(settled(cluster_progress(&feed(Some(c), None))), Some((false, "Setup failed".into())));
    }
}
