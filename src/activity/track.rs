//! What each kind of operation looks like in the activity center: the watch it holds
//! (always the screen's shared poller, under the poller's own key, so nothing is polled
//! twice) and how the watched value reads as [`Progress`]. Each function is compiled into
//! the chunk of the screen that calls it, not into the eager badge.

use crate::i18n::k::activity as w;
use crate::i18n::{Msg, Phrase};
use cluster_api::{
    Cluster, ClusterState, CustomerDomainValidation, Deployment, DeploymentState, RestartStatus,
};
use leptos::prelude::*;

use super::{Activities, Progress, Started};
use crate::clusters::status_badge::{is_transitional, message};
use crate::clusters::watch::{ClusterWatch, RestartWatch};
use crate::links::{self, ClusterTab};
use crate::poll::{Feed, PollKey, Poller};

/// A read that will not mend by asking again settles the item as failed, with why.
fn unreadable<T>(feed: &Feed<T>, what: Msg) -> Option<Progress> {
    let error = feed.error.as_ref().filter(|e| !e.retryable() && feed.value.is_none())?;
    // The reason is the console's wording of the error as it was then: kept as text.
    let reason = Phrase::Verbatim(error.detail());
    Some(Progress::done(false, Phrase::of(w::UNREADABLE, [("what", what.into()), ("reason", reason)])))
}

/// Holds a watch on `key` in `poller` and reads it with `read`.
fn hold<T: Clone + Send + Sync + 'static>(
    poller: Poller<T>,
    key: PollKey,
    read: fn(&Feed<T>) -> Progress,
) -> Box<dyn FnOnce() -> Started> {
    Box::new(move || {
        let feed = poller.watch(key, None);
        Started { progress: Signal::derive(move || feed.with(read)), cancel: None }
    })
}

pub fn realm_progress(feed: &Feed<Deployment>) -> Progress {
    if let Some(done) = unreadable(feed, w::REALM_STATE) {
        return done;
    }
    match feed.value.as_ref().map(|r| (&r.state, r)) {
        None | Some((DeploymentState::Pending, _)) => Progress::running(w::REALM_PENDING),
        Some((DeploymentState::Active, _)) => Progress::done(true, w::ACTIVE),
        Some((DeploymentState::Failed, r)) => {
            // The service's own words when it gave them, else ours.
            let reason = r.state_error.clone().map_or(w::NO_REASON.into(), Phrase::Verbatim);
            Progress::done(false, Phrase::of(w::FAILED_REASON, [("reason", reason)]))
        }
        // A state this console does not know, as the service sent it.
        Some((DeploymentState::Unknown(raw), _)) => Progress::done(true, raw.clone()),
        Some((state, _)) => Progress::done(true, crate::realms::message(state).0),
    }
}

/// A realm being imported or created, or seen PENDING, on its own page.
pub fn realm(center: Activities, watch: Poller<Deployment>, id: &str, label: Phrase) {
    let href = links::realm(id);
    center.track(format!("realm {id}"), label, href, hold(watch, crate::realms::key(id), realm_progress));
}

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
        super::restart_key(id),
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
    use crate::api::ApiError;

    fn feed<T>(value: Option<T>, error: Option<ApiError>) -> Feed<T> {
        Feed { value, error, updated_at: 1.0 }
    }

    /// How it settled, in words; `None` while it runs.
    fn settled(p: Progress) -> Option<(bool, String)> {
        match p {
            Progress::Done { ok, ref note } => Some((ok, note.read())),
            Progress::Running { .. } => None,
        }
    }

    #[test]
    fn realms_settle_when_they_leave_pending() {
        let mut r = Deployment { state: DeploymentState::Pending, ..Deployment::default() };
        assert!(matches!(realm_progress(&feed(Some(r.clone()), None)), Progress::Running { .. }));
        r.state = DeploymentState::Active;
        assert_eq!(settled(realm_progress(&feed(Some(r.clone()), None))), Some((true, "Active".into())));
        r.state = DeploymentState::Failed;
        r.state_error = Some("client #2 has no clientId".into());
        assert_eq!(
            settled(realm_progress(&feed(Some(r), None))),
            Some((false, "Failed: client #2 has no clientId".into()))
        );
    }

    #[test]
    fn a_read_that_cannot_mend_settles_as_failed_and_a_passing_one_does_not() {
        let gone = realm_progress(&feed(None, Some(ApiError::NotFound("gone".into()))));
        assert!(
            matches!(settled(gone.clone()), Some((false, note)) if note.contains("could not be read")),
            "{gone:?}"
        );
        let blip = realm_progress(&feed(None, Some(ApiError::Network("offline".into()))));
        assert!(matches!(blip, Progress::Running { .. }), "{blip:?}");
    }

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
