//! A cluster's Resources tab: themes, provider jars, password denylists and
//! app-association files. Files go from the browser straight to object storage through
//! presigned URLs, are scanned, approved, and applied to the cluster with a restart.

mod add;
mod apply;
mod approve;
mod caps;
mod checks;
mod code;
mod follow;
mod item;
mod page;
mod run;
mod steps;
mod upload;
mod versions;
mod well_known;
mod xhr;

use cluster_api::{Extension, ExtensionVersion, ScanState, ops};
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::clusters::ClusterCtx;
use crate::i18n::k::resources as w;
use crate::i18n::t;
use crate::poll::{Backoff, Feed, PollKey, Poller};
use crate::session::Session;
use crate::view_read::Load;

pub use page::ClusterResources;

/// One poll per extension (`PollKey::item(cluster, extension)`) while a scan runs. App-wide,
/// like the other watches, so an upload that finishes after the tab closed is still recorded.
pub type ExtensionWatch = Poller<Extension>;

/// Scans take seconds: look again soon, then less often.
const SCAN_BACKOFF: Backoff = Backoff { initial_ms: 1_000, factor: 1.5, max_ms: 15_000 };

/// A scan still running: the only state that changes by itself.
pub fn scanning(extension: &Extension) -> bool {
    extension.versions.iter().flatten().any(|v| v.scan_state == ScanState::Scanning)
}

/// The extension watch; get it with `poll::app_wide(extension_watch)`.
pub fn extension_watch(session: Session) -> ExtensionWatch {
    Poller::new(
        session,
        |api, key| {
            Box::pin(async move {
                let Some(extension_id) = key.item else {
                    return Err(ApiError::NotFound(t(w::NOT_KNOWN).into()));
                };
                api::call(api, &ops::ClusterExtensionDetail { id: key.cluster, extension_id }).await
            })
        },
        |extension| !scanning(extension),
        SCAN_BACKOFF,
    )
}

/// `extension` with `version` in place of the version of the same ID (or added).
pub fn with_version(mut extension: Extension, version: ExtensionVersion) -> Extension {
    let versions = extension.versions.get_or_insert_with(Vec::new);
    match versions.iter_mut().find(|v| v.id == version.id) {
        Some(slot) => *slot = version,
        None => versions.push(version),
    }
    extension
}

/// What the screens of the tab share.
#[derive(Clone, Copy)]
pub struct ExtCtx {
    pub cluster: ClusterCtx,
    /// Why writes are off (role or cluster state), or `None` when they are allowed.
    pub denied: Memo<Option<String>>,
    pub watch: ExtensionWatch,
    pub list: Load<Result<Vec<Extension>, ApiError>>,
    pub majors: Load<Result<Vec<i32>, ApiError>>,
}

/// One extension on screen: its live value, and how to change what everyone sees.
#[derive(Clone, Copy)]
pub struct Item {
    key: StoredValue<PollKey>,
    pub id: StoredValue<String>,
    feed: Signal<Feed<Extension>>,
    watch: ExtensionWatch,
}

impl Item {
    /// Starts watching the extension for as long as the calling view lives. `seed` (from
    /// the list) is shown unless the watch knows something newer: a card shown again after
    /// a search must not go back to what the list said before an upload.
    pub fn watch(ctx: &ExtCtx, seed: Extension) -> Item {
        let key = PollKey::item(ctx.cluster.id.get_value(), seed.id.clone());
        let id = StoredValue::new(seed.id.clone());
        let feed = ctx.watch.watch(key.clone(), None);
        let listed_at = ctx.list.answered_at().get_untracked();
        if feed.with_untracked(|f| f.value.is_none() || f.updated_at < listed_at) {
            ctx.watch.publish(key.clone(), seed);
        }
        Item { key: StoredValue::new(key), id, feed, watch: ctx.watch }
    }

    /// Reads the live extension, tracking it. (The feed starts with the listed value, so
    /// the empty fallback is never seen in practice.)
    pub fn with<R>(&self, f: impl FnOnce(&Extension) -> R) -> R {
        self.feed.with(|feed| match &feed.value {
            Some(extension) => f(extension),
            None => f(&Extension::default()),
        })
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&Extension) -> R) -> R {
        self.feed.with_untracked(|feed| match &feed.value {
            Some(extension) => f(extension),
            None => f(&Extension::default()),
        })
    }

    /// Why the last read of it failed, if it did.
    pub fn error(&self) -> Option<ApiError> {
        self.feed.with(|f| f.error.clone())
    }

    pub fn id(&self) -> String {
        self.id.get_value()
    }

    /// Shows a value an action returned, and keeps polling while it scans. (Safe to call
    /// after the view is gone: an upload may finish after the person left the tab.)
    pub fn publish(&self, extension: Extension) {
        if let Some(key) = self.key.try_get_value() {
            self.watch.publish(key, extension);
        }
    }

    pub fn patch(&self, version: ExtensionVersion) {
        if let Some(current) = self.feed.try_with_untracked(|f| f.value.clone()).flatten() {
            self.publish(with_version(current, version));
        }
    }

    /// Reads the extension again (e.g. after a version was deleted).
    pub fn refresh(&self) {
        if let Some(key) = self.key.try_get_value() {
            self.watch.refresh(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(id: &str, scan: ScanState) -> ExtensionVersion {
        ExtensionVersion { id: id.into(), scan_state: scan, ..ExtensionVersion::default() }
    }

    #[test]
    fn patches_versions_in_place() {
        let e = Extension { versions: Some(vec![version("a", ScanState::Scanning)]), ..Extension::default() };
        assert!(scanning(&e));
        let e = with_version(e, version("a", ScanState::Pass));
        assert!(!scanning(&e));
        let e = with_version(e, version("b", ScanState::Unscanned));
        assert_eq!(e.versions.map(|v| v.len()), Some(2));
        let e = with_version(Extension::default(), version("c", ScanState::Warn));
        assert_eq!(e.versions.map(|v| v.len()), Some(1));
    }
}
