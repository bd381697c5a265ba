//! A realm in the activity center: how its watched state reads as progress, until it
//! leaves PENDING (created, imported, or seen pending on its own page).

use cluster_api::{Deployment, DeploymentState};

use crate::activity::track::{hold, unreadable};
use crate::activity::{Activities, Progress};
use crate::i18n::Phrase;
use crate::i18n::k::activity as w;
use crate::links;
use crate::poll::{Feed, Poller};

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
        Some((state, _)) => Progress::done(true, super::message(state).0),
    }
}

/// A realm being imported or created, or seen PENDING, on its own page.
pub fn realm(center: Activities, watch: Poller<Deployment>, id: &str, label: Phrase) {
    let href = links::realm(id);
    center.track(format!("realm {id}"), label, href, hold(watch, super::key(id), realm_progress));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activity::Progress;
    use crate::activity::track::testing::{feed, settled};
    use crate::api::ApiError;

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
}
