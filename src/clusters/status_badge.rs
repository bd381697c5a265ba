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

/// The Status filter's value for a state: states that read the same (waiting for payment:
/// checkout not completed, or 3-D Secure abandoned) are one option, spelled as the first of
/// them in the contract's order, so the filter offers each wording once and that one option
/// (or a bookmark of either code) finds them all.
pub fn filter_value(status: &ClusterState) -> &str {
    let english = message(status).0.english();
    ClusterState::KNOWN
        .iter()
        .find(|known| !matches!(status, ClusterState::Unknown(_)) && message(known).0.english() == english)
        .map_or(status.as_str(), ClusterState::as_str)
}

/// The Status filter's options (wire value, words): one per distinct wording.
pub fn filter_options() -> Vec<(String, String)> {
    ClusterState::KNOWN
        .iter()
        .filter(|s| filter_value(s) == s.as_str())
        .map(|s| (s.as_str().to_string(), describe(s).0.to_string()))
        .collect()
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

    #[test]
    fn the_status_filter_offers_each_wording_once() {
        let options = filter_options();
        let mut seen: Vec<&str> = options.iter().map(|(_, words)| words.as_str()).collect();
        let count = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), count, "an option is offered twice: {options:?}");
        assert_eq!(options.iter().filter(|(_, w)| w == "Waiting for payment").count(), 1);
        // The one option finds both states, whichever code a bookmark holds.
        assert_eq!(filter_value(&ClusterState::PendingPayment), "BILLING_SETUP");
        assert_eq!(filter_value(&ClusterState::BillingSetup), "BILLING_SETUP");
        assert_eq!(filter_value(&ClusterState::Active), "ACTIVE");
        assert_eq!(filter_value(&ClusterState::Unknown("NEW".into())), "NEW");
        assert_eq!(options.len(), ClusterState::KNOWN.len() - 1);
    }
}
