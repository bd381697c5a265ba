//! One way to run a write (save, delete, approve, open a hosted page…): busy while it
//! runs, a second click meanwhile ignored, its failure kept as an `ApiError` for a panel
//! that says what failed, and a callback once it succeeded.
//!
//! The runner is not generic: the work is a boxed future and the follow-up a boxed
//! closure, so its machinery (the task, the busy flag, the error) compiles once however
//! many screens use it. `Action` plus an `Effect` reading its value cost a few KB of wasm
//! per use; this costs the caller's own future and nothing more.

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::ErrorPanel;
use crate::api::ApiError;

/// The work of one write, type-erased. Values the call returns are put where they are
/// shown by the future itself (with `try_set`: the view may be gone when it finishes).
pub type Work = Pin<Box<dyn Future<Output = Result<(), ApiError>>>>;

/// What runs after a write succeeded. A plain boxed closure, not a `Callback`: a
/// `Callback` lives with its view and panics when run after the view is gone, and a write
/// may well finish after the person left the page.
pub type Done = Box<dyn FnOnce()>;

/// One write a screen offers, or a group of buttons that must not run at the same time.
#[derive(Clone, Copy)]
pub struct Write {
    /// True from the moment the work starts until it finishes.
    pub busy: RwSignal<bool>,
    /// Why the last run failed; cleared when the next one starts. Screens may set it too
    /// (a check made before anything is sent), so one panel tells both.
    pub error: RwSignal<Option<ApiError>>,
    /// What the write does, in words, for its error panel: "Deleting the cluster".
    pub action: &'static str,
}

impl Write {
    pub fn new(action: &'static str) -> Write {
        Write { busy: RwSignal::new(false), error: RwSignal::new(None), action }
    }

    /// Starts `work` unless this write is already running (then the call is ignored, as a
    /// second click on a busy button must be). On success `done` runs; on failure the
    /// error is kept in `error`. Safe to finish after the view is gone: every write to a
    /// signal is then a no-op.
    pub fn start(self, work: Work, done: Option<Done>) {
        if self.busy.try_get_untracked() != Some(false) {
            return;
        }
        self.busy.set(true);
        self.error.set(None);
        spawn_local(async move {
            let result = work.await;
            self.busy.try_set(false);
            match result {
                Ok(()) => {
                    if let Some(done) = done {
                        done();
                    }
                }
                Err(e) => {
                    self.error.try_set(Some(e));
                }
            }
        });
    }

    /// The typed door to `start`: runs `work` and hands what it returns to `ok`.
    pub fn run<T: 'static>(
        self,
        work: impl Future<Output = Result<T, ApiError>> + 'static,
        ok: impl FnOnce(T) + 'static,
    ) {
        self.start(Box::pin(async move { work.await.map(ok) }), None);
    }

    /// `idle` normally, `busy` ("Deleting…") while the write runs: a button's label.
    pub fn label(
        self,
        idle: &'static str,
        busy: &'static str,
    ) -> impl Fn() -> &'static str + Copy + Send + Sync {
        move || if self.busy.get() { busy } else { idle }
    }

    pub fn clear(self) {
        self.error.set(None);
    }

    /// The last failure as a panel ("Deleting the cluster failed. …"), or nothing.
    pub fn failure(self) -> impl IntoView {
        move || self.error.get().map(|e| view! { <ErrorPanel action=self.action error=e /> })
    }
}

/// Write controls for a caller who may change this, or for one who may not, the one line
/// that says so and why (the role, or support staff's read-only view), in place of the
/// controls: a read-only view is not every form drawn again, greyed out.
#[component]
pub fn Writable(
    /// Why this caller may not change it (a role), `None` when they may.
    #[prop(into)]
    refused: Signal<Option<String>>,
    /// The line's id (flows and bookmarks rely on it).
    id: &'static str,
    children: ChildrenFn,
) -> impl IntoView {
    move || match refused.get() {
        Some(why) => view! {
            <p class="hint reason read-only" id=id>
                {why}
            </p>
        }
        .into_any(),
        None => children().into_any(),
    }
}
