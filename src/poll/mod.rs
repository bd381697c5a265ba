//! Live status: one poll per watched thing, however many views show it. Polls back off,
//! stop once the thing settles or nobody watches, and wait while the tab is hidden (unless
//! the person asked to be notified when something ends: `poll_while_hidden`).

mod app_wide;
mod backoff;
mod timer;

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use leptos::task::spawn_local;

pub use app_wide::{AppOwner, app_wide};
pub use backoff::Backoff;
pub use timer::{poll_while_hidden, sleep_ms, until_visible};

use crate::api::{Api, ApiError};
use crate::session::Session;

/// The latest known value of a watched thing.
#[derive(Debug, Clone, PartialEq)]
pub struct Feed<T> {
    pub value: Option<T>,
    pub error: Option<ApiError>,
    /// `Date.now()` of the last update; 0 when never, or once `refresh` marked it stale.
    pub updated_at: f64,
}

impl<T> Default for Feed<T> {
    fn default() -> Self {
        Feed { value: None, error: None, updated_at: 0.0 }
    }
}

impl<T> Feed<T> {
    /// As a read (`crate::kit::Loaded`): the value when there is one (a failure to
    /// refresh it is told beside it), else the failure, else `None` until the first answer.
    pub fn read(self) -> Option<Result<T, ApiError>> {
        match (self.value, self.error) {
            (Some(value), _) => Some(Ok(value)),
            (None, Some(error)) => Some(Err(error)),
            (None, None) => None,
        }
    }

    /// The value, unless `refresh` marked it stale (the thing was just changed) and no
    /// answer came since.
    pub fn fresh(&self) -> Option<&T> {
        self.value.as_ref().filter(|_| self.updated_at > 0.0)
    }
}

/// What one poll watches: a cluster, or one thing inside it (an extension, a realm, a
/// domain). Structured so no kind of thing has to pack two IDs into one string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PollKey {
    pub cluster: String,
    pub item: Option<String>,
}

impl PollKey {
    pub fn cluster(id: impl Into<String>) -> PollKey {
        PollKey { cluster: id.into(), item: None }
    }

    pub fn item(cluster: impl Into<String>, item: impl Into<String>) -> PollKey {
        PollKey { cluster: cluster.into(), item: Some(item.into()) }
    }
}

/// A cluster's ID is the key of the cluster-level polls.
impl From<String> for PollKey {
    fn from(cluster: String) -> PollKey {
        PollKey::cluster(cluster)
    }
}

/// Called with the handle of the moment: a poll made before sign-in never calls without one.
pub type Fetch<T> = fn(Api, PollKey) -> Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

struct Entry<T: Send + Sync + 'static> {
    feed: RwSignal<Feed<T>>,
    watchers: usize,
    running: bool,
}

/// A registry of polls for one kind of thing, keyed by [`PollKey`]. Provide one per kind in context.
pub struct Poller<T: Send + Sync + 'static> {
    entries: StoredValue<HashMap<PollKey, Entry<T>>, LocalStorage>,
    /// Feeds belong to the app, not to the view that first asked, so they outlive it.
    owner: StoredValue<Owner, LocalStorage>,
    session: Session,
    fetch: Fetch<T>,
    settled: fn(&T) -> bool,
    backoff: Backoff,
}

impl<T: Send + Sync + 'static> Clone for Poller<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Send + Sync + 'static> Copy for Poller<T> {}

/// A value this fresh (ms) is not fetched again when a new view starts watching.
const FRESH_MS: f64 = 1_500.0;

impl<T: Clone + Send + Sync + 'static> Poller<T> {
    pub fn new(session: Session, fetch: Fetch<T>, settled: fn(&T) -> bool, backoff: Backoff) -> Poller<T> {
        Poller {
            entries: StoredValue::new_local(HashMap::new()),
            owner: StoredValue::new_local(Owner::current().unwrap_or_default()),
            session,
            fetch,
            settled,
            backoff,
        }
    }

    /// Watches `id` for as long as the calling view lives. `seed` is a value the caller
    /// just read (e.g. from a list), which saves a request.
    pub fn watch(&self, key: impl Into<PollKey>, seed: Option<T>) -> Signal<Feed<T>> {
        self.watch_key(key.into(), seed)
    }

    fn watch_key(&self, id: PollKey, seed: Option<T>) -> Signal<Feed<T>> {
        let owner = self.owner.get_value();
        let feed = self.entries.try_update_value(|entries| {
            let entry = entries.entry(id.clone()).or_insert_with(|| Entry {
                feed: owner.with(|| RwSignal::new(Feed::default())),
                watchers: 0,
                running: false,
            });
            entry.watchers += 1;
            if let Some(seed) = seed {
                entry.feed.set(Feed { value: Some(seed), error: None, updated_at: js_sys::Date::now() });
            }
            entry.feed
        });
        // Only fails once the app itself is gone.
        let Some(feed) = feed else { return Signal::derive(Feed::default) };
        let this = *self;
        let key = id.clone();
        on_cleanup(move || {
            this.entries.update_value(|entries| {
                if let Some(entry) = entries.get_mut(&key) {
                    entry.watchers = entry.watchers.saturating_sub(1);
                }
            })
        });
        self.ensure_running(id);
        feed.into()
    }

    /// Fetches now, e.g. after an action changed the thing, and polls again if it is unsettled.
    pub fn refresh(&self, key: impl Into<PollKey>) {
        self.refresh_key(key.into())
    }

    fn refresh_key(&self, id: PollKey) {
        let stale = |entries: &mut HashMap<PollKey, Entry<T>>| {
            if let Some(entry) = entries.get_mut(&id) {
                entry.feed.update(|f| f.updated_at = 0.0);
            }
        };
        self.entries.update_value(stale);
        self.ensure_running(id);
    }

    /// Records a value an action just read, and keeps polling if it is unsettled.
    pub fn publish(&self, key: impl Into<PollKey>, value: T) {
        self.publish_key(key.into(), value)
    }

    fn publish_key(&self, id: PollKey, value: T) {
        let feed = self.feed(&id).map(|(feed, _)| feed);
        if let Some(feed) = feed {
            feed.set(Feed { value: Some(value), error: None, updated_at: js_sys::Date::now() });
        }
        self.ensure_running(id);
    }

    fn ensure_running(&self, id: PollKey) {
        let start = self.entries.try_update_value(|entries| match entries.get_mut(&id) {
            Some(entry) if !entry.running && entry.watchers > 0 => {
                entry.running = true;
                true
            }
            _ => false,
        });
        if start == Some(true) {
            let this = *self;
            spawn_local(async move { this.run(id).await });
        }
    }

    /// The feed of `id` and how many watch it; `None` also once the poller itself is gone
    /// (a poll runs between awaits, and a poller made without the app's owner lives with a view).
    fn feed(&self, id: &PollKey) -> Option<(RwSignal<Feed<T>>, usize)> {
        self.entries.try_with_value(|entries| entries.get(id).map(|e| (e.feed, e.watchers))).flatten()
    }

    async fn run(self, id: PollKey) {
        let mut attempt = 0;
        while let Some((feed, watchers)) = self.feed(&id) {
            if watchers == 0 {
                break;
            }
            let current = feed.get_untracked();
            let fresh = js_sys::Date::now() - current.updated_at < FRESH_MS;
            let settled = current.value.as_ref().is_some_and(self.settled);
            if attempt == 0 && fresh && settled {
                break;
            }
            if attempt > 0 || fresh {
                sleep_ms(self.backoff.delay_ms(attempt)).await;
                timer::until_poll_allowed().await;
                if self.feed(&id).is_none_or(|(_, watchers)| watchers == 0) {
                    break;
                }
            }
            // Signed out: nothing to call with, and nobody left to show the answer to.
            let Some(api) = self.session.api() else { break };
            attempt += 1;
            let result = (self.fetch)(api, id.clone()).await;
            let now = js_sys::Date::now();
            let stop = match result {
                Ok(value) => {
                    let done = (self.settled)(&value);
                    feed.try_set(Feed { value: Some(value), error: None, updated_at: now });
                    done
                }
                Err(error) => {
                    // Gone, forbidden or signed out will not mend by asking again.
                    let fatal = !error.retryable();
                    feed.try_update(|f| {
                        f.error = Some(error);
                        f.updated_at = now;
                    });
                    fatal
                }
            };
            if stop {
                break;
            }
        }
        self.entries.update_value(|entries| {
            if let Some(entry) = entries.get_mut(&id) {
                entry.running = false;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_their_parts_apart() {
        assert_eq!(PollKey::from("cl-1".to_string()), PollKey::cluster("cl-1"));
        // Two-part keys cannot collide with IDs that contain a separator.
        assert_ne!(PollKey::item("a\nb", "c"), PollKey::item("a", "b\nc"));
        assert_ne!(PollKey::cluster("a"), PollKey::item("a", ""));
    }
}
