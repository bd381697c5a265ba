//! Realms (the service calls them deployments): the shared pieces of the cluster's Realms
//! tab, the top-level Realms page and a realm's own page: the live state watch, the state
//! badge, table rows and opening the admin console.

pub mod console;
mod list;
pub mod page;
pub mod rows;
pub mod track;

use cluster_api::{Deployment, DeploymentState, ops};
use leptos::prelude::*;

use crate::api;
use crate::i18n::{k, t};
use crate::kit::{Badge, Tone};
use crate::poll::{Backoff, Feed, PollKey, Poller};
use crate::session::Session;

pub use list::AllRealms;
pub use page::RealmPage;

/// One poll per realm while it is PENDING; app-wide, so an import still being watched
/// after the person left the tab keeps its answer for when they come back.
pub type RealmWatch = Poller<Deployment>;

/// A new realm takes seconds: look again soon, then less often.
const REALM_BACKOFF: Backoff = Backoff { initial_ms: 1_000, factor: 1.5, max_ms: 10_000 };

/// Realms are keyed by their own ID (the realm page does not know its cluster yet).
pub fn key(realm_id: &str) -> PollKey {
    PollKey::item("deployment", realm_id)
}

/// The realm watch; get it with `poll::app_wide(realm_watch)`.
pub fn realm_watch(session: Session) -> RealmWatch {
    Poller::new(
        session,
        |api, key| {
            Box::pin(async move {
                api::call(api, &ops::DeploymentDetail { id: key.item.unwrap_or_default() }).await
            })
        },
        |realm| realm.state != DeploymentState::Pending,
        REALM_BACKOFF,
    )
}

/// Words and a colour for a realm state; PENDING (busy) is still changing.
pub fn describe(state: &DeploymentState) -> (&'static str, Tone) {
    let (words, tone) = message(state);
    (t(words), tone)
}

/// [`describe`]'s message, for words kept to be read later (the activity center).
pub fn message(state: &DeploymentState) -> (crate::i18n::Msg, Tone) {
    match state {
        DeploymentState::Active => (k::realms::STATE_ACTIVE, Tone::Ok),
        DeploymentState::Pending => (k::realms::STATE_PENDING, Tone::Busy),
        DeploymentState::Failed => (k::realms::STATE_FAILED, Tone::Bad),
        DeploymentState::Disabled => (k::realms::STATE_DISABLED, Tone::Muted),
        // Shown by its code (`badge`), neither good nor bad: API-NOTES §5.3 documents no transitions.
        DeploymentState::Unknown(_) => (k::realms::STATE_UNKNOWN, Tone::Neutral),
    }
}

/// The badge of a state.
pub fn badge(state: &DeploymentState) -> AnyView {
    let (label, tone) = describe(state);
    let label = match state {
        DeploymentState::Unknown(raw) => raw.clone(),
        _ => label.to_string(),
    };
    Badge::new(label, tone).spinner(tone == Tone::Busy).code("data-state", state.as_str()).view()
}

/// Starts watching a listed realm that is still PENDING (nothing to watch otherwise) and
/// returns its live value. `listed_at` is when the list was read: a watch that knows
/// something newer is not overwritten.
pub fn live(watch: RealmWatch, seed: &Deployment, listed_at: f64) -> Signal<Deployment> {
    if seed.state != DeploymentState::Pending {
        let fixed = seed.clone();
        return Signal::derive(move || fixed.clone());
    }
    let k = key(&seed.id);
    let feed: Signal<Feed<Deployment>> = watch.watch(k.clone(), None);
    if feed.with_untracked(|f| f.value.is_none() || f.updated_at < listed_at) {
        watch.publish(k, seed.clone());
    }
    // Seen still moving: the activity center follows it until it settles.
    if let Some(center) = crate::activity::center() {
        self::track::realm(
            center,
            watch,
            &seed.id,
            crate::i18n::Phrase::of(k::realms::REALM_NAMED, [("realm", label(seed).into())]),
        );
    }
    let initial = seed.clone();
    Signal::derive(move || feed.with(|f| f.value.clone()).unwrap_or_else(|| initial.clone()))
}

/// What the realm is called on screen: its display name, or its name.
pub fn label(realm: &Deployment) -> String {
    realm.display_name.clone().filter(|d| !d.trim().is_empty()).unwrap_or_else(|| realm.name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_in_words() {
        assert_eq!(describe(&DeploymentState::Pending), ("Pending", Tone::Busy));
        assert_eq!(describe(&DeploymentState::Failed).1, Tone::Bad);
        let r = Deployment { name: "tenant".into(), display_name: Some(" ".into()), ..Deployment::default() };
        assert_eq!(label(&r), "tenant");
        assert_ne!(key("a"), PollKey::cluster("a"));
    }
}
