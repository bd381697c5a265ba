//! The pieces every tracked operation is built from: a watch held on the screen's shared
//! poller (under the poller's own key, so nothing is polled twice) and a read that cannot
//! mend settling the item as failed. What each kind reads as [`Progress`] lives with its
//! resource (`clusters::track`, `realms::track`), so the activity center imports no screen
//! folder; each is compiled into the chunk of the screen that calls it.

use crate::i18n::k::activity as w;
use crate::i18n::{Msg, Phrase};
use leptos::prelude::*;

use super::{Progress, Started};
use crate::poll::{Feed, PollKey, Poller};

/// A read that will not mend by asking again settles the item as failed, with why.
pub fn unreadable<T>(feed: &Feed<T>, what: Msg) -> Option<Progress> {
    let error = feed.error.as_ref().filter(|e| !e.retryable() && feed.value.is_none())?;
    // The reason is the console's wording of the error as it was then: kept as text.
    let reason = Phrase::Verbatim(error.detail());
    Some(Progress::done(false, Phrase::of(w::UNREADABLE, [("what", what.into()), ("reason", reason)])))
}

/// Holds a watch on `key` in `poller` and reads it with `read`.
pub fn hold<T: Clone + Send + Sync + 'static>(
    poller: Poller<T>,
    key: PollKey,
    read: fn(&Feed<T>) -> Progress,
) -> Box<dyn FnOnce() -> Started> {
    Box::new(move || {
        let feed = poller.watch(key, None);
        Started { progress: Signal::derive(move || feed.with(read)), cancel: None }
    })
}

/// What the trackers' tests share (`clusters::track`, `realms::track`): a poll's feed, and
/// how a progress settled.
#[cfg(test)]
pub mod testing {
    use super::Progress;
    use crate::api::ApiError;
    use crate::poll::Feed;

    pub fn feed<T>(value: Option<T>, error: Option<ApiError>) -> Feed<T> {
        Feed { value, error, updated_at: 1.0 }
    }

    /// How it settled, in words; `None` while it runs.
    pub fn settled(p: Progress) -> Option<(bool, String)> {
        match p {
            Progress::Done { ok, ref note } => Some((ok, note.read())),
            Progress::Running { .. } => None,
        }
    }
}
