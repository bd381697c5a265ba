//! A cluster's state in words and a `Tone` (`describe`, `message`, `words`), whether it is
//! still changing by itself (`is_transitional`), and the state badge (`StatusBadge`).

use cluster_api::ClusterState;
use leptos::prelude::*;

use crate::i18n::k::cluster_status as w;
use crate::i18n::{Msg, t};
use crate::kit::{Badge, Tone};

/// Human words and a colour class for each cluster state.
pub fn describe(status: &ClusterState) -> (&'static str, Tone) {
    let (words, tone) = message(status);
    (t(words), tone)
}

/// [`describe`]'s message, for words kept to be read later (the activity center).
pub fn message(status: &ClusterState) -> (Msg, Tone) {
    match status {
        ClusterState::Active => (w::ACTIVE, Tone::Ok),
        ClusterState::Provisioning => (w::PROVISIONING, Tone::Busy),
        // Nothing happens until the person pays (checkout not completed, or the card's
        // 3-D Secure check abandoned): the same words for both, neutral, not an alarm and
        // not a spinner, everywhere (list, cluster page, wizard after a reload).
        ClusterState::BillingSetup | ClusterState::PendingPayment => (w::WAITING_FOR_PAYMENT, Tone::Neutral),
        ClusterState::BillingRequired => (w::PAYMENT_REQUIRED, Tone::Bad),
        ClusterState::SetupException => (w::SETUP_FAILED, Tone::Bad),
        ClusterState::Disabled => (w::DISABLED, Tone::Muted),
        ClusterState::PendingDeletion => (w::PENDING_DELETION, Tone::Muted),
        ClusterState::Archived => (w::ARCHIVED, Tone::Muted),
        // A state this console does not know (the lifecycle is only partly documented, API-NOTES
        // §4.1): neither good nor bad, and shown by its code (`words`).
        ClusterState::Unknown(_) => (w::UNKNOWN, Tone::Neutral),
    }
}

/// Still changing by itself, so worth watching (and a spinner). A cluster waiting for
/// payment is not: it waits for the person, who is offered Complete payment. (A payment
/// confirmed in the wizard settles before the console moves on to the cluster.)
pub fn is_transitional(status: &ClusterState) -> bool {
    matches!(status, ClusterState::Provisioning)
}

/// The words of a state, or the code itself for a state this console does not know.
pub fn words(status: &ClusterState) -> String {
    match status {
        ClusterState::Unknown(raw) => raw.clone(),
        known => describe(known).0.to_string(),
    }
}

#[component]
pub fn StatusBadge(#[prop(into)] status: Signal<ClusterState>) -> impl IntoView {
    move || {
        let status = status.get();
        // The code stays available, as the tooltip, for support tickets and the API docs.
        Badge::new(words(&status), describe(&status).1)
            .spinner(is_transitional(&status))
            .code("data-status", status.as_str())
            .view()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_read_as_words() {
        assert_eq!(words(&ClusterState::BillingSetup), "Waiting for payment");
        assert_eq!(describe(&ClusterState::BillingSetup).1, Tone::Neutral);
        assert_eq!(describe(&ClusterState::PendingPayment), describe(&ClusterState::BillingSetup));
        assert!(!is_transitional(&ClusterState::BillingSetup), "an unpaid cluster does not spin forever");
        assert!(
            !is_transitional(&ClusterState::PendingPayment),
            "an abandoned 3-D Secure check does not spin"
        );
        assert!(is_transitional(&ClusterState::Provisioning));
        assert_eq!(words(&ClusterState::Unknown("NEW_THING".into())), "NEW_THING");
        assert_eq!(describe(&ClusterState::Unknown("NEW_THING".into())).1, Tone::Neutral);
        for s in ClusterState::KNOWN {
            assert!(!words(s).contains('_'), "{s:?} reads as a code");
        }
    }
}
