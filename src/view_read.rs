//! Reads that a view shows: the latest answer, kept while a newer one loads, re-run when a
//! signal the fetch reads changes or on `refetch()`. Leptos' `LocalResource` does the same
//! but its async machinery is instantiated per response type and weighed ~4 KB of wasm
//! each; this is a signal, an effect and a task.

use std::future::Future;

use leptos::prelude::*;
use leptos::task::spawn_local;

pub struct Load<T: Send + Sync + 'static> {
    value: RwSignal<Option<T>>,
    trigger: RwSignal<u32>,
    /// `Date.now()` when `value` was last answered; 0 before.
    answered_at: RwSignal<f64>,
}

impl<T: Send + Sync + 'static> Clone for Load<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Send + Sync + 'static> Copy for Load<T> {}

/// Starts loading with `fetch`; signals read by `fetch` itself (not inside its future)
/// make it load again when they change. An answer that arrives after a newer request was
/// made is dropped.
pub fn load<T, Fut>(fetch: impl Fn() -> Fut + 'static) -> Load<T>
where
    T: Send + Sync + 'static,
    Fut: Future<Output = T> + 'static,
{
    let value = RwSignal::new(None);
    let trigger = RwSignal::new(0u32);
    let answered_at = RwSignal::new(0.0);
    let latest = StoredValue::new(0u32);
    Effect::new(move |_| {
        trigger.track();
        let pending = fetch();
        latest.update_value(|n| *n = n.wrapping_add(1));
        let mine = latest.get_value();
        spawn_local(async move {
            let answer = pending.await;
            if latest.try_get_value() == Some(mine) {
                // Before the answer: what the answer redraws reads the new time.
                answered_at.try_set(js_sys::Date::now());
                value.try_set(Some(answer));
            }
        });
    });
    Load { value, trigger, answered_at }
}

impl<T: Send + Sync + 'static> Load<T> {
    /// A read that already answered (or is still loading, `None`) and reads nothing: for
    /// tests of what is built over a read.
    #[cfg(test)]
    pub fn holding(value: Option<T>) -> Load<T> {
        Load { value: RwSignal::new(value), trigger: RwSignal::new(0), answered_at: RwSignal::new(0.0) }
    }

    /// `None` until the first answer.
    pub fn get(&self) -> Option<T>
    where
        T: Clone,
    {
        self.value.get()
    }

    pub fn with<U>(&self, f: impl FnOnce(&Option<T>) -> U) -> U {
        self.value.with(f)
    }

    /// Drops the answer (the view shows loading until the next one): for an answer that
    /// no longer applies, such as one read for another sign-in.
    pub fn forget(&self) {
        self.value.set(None);
    }

    /// `Date.now()` of the last answer (0 before the first): when a list was read, for a
    /// watch that must not overwrite something newer with it, and for "Last updated".
    pub fn answered_at(&self) -> Signal<f64> {
        self.answered_at.into()
    }

    pub fn refetch(&self) {
        self.trigger.update(|n| *n = n.wrapping_add(1));
    }
}

impl<T: Send + Sync + 'static, E: Send + Sync + 'static> Load<Result<T, E>> {
    /// Reads again after a failure, visibly: the failure is dropped at once, so the view
    /// shows the read loading again instead of the old error (unchanged for as long as the
    /// retry takes, as if Retry did nothing). A kept answer that was a success stays while
    /// it reloads, as with `refetch`.
    pub fn retry(&self) {
        if self.value.with_untracked(|v| matches!(v, Some(Err(_)))) {
            self.value.set(None);
        }
        self.refetch();
    }
}
