//! A part of a screen whose code is a split-off wasm module of its own ([`SplitPart`]): fetched
//! when its caller says, kept once loaded if the caller gives it a place to keep it, and drawn
//! as its loading words (or nothing), its view once the module is here, or the failure with
//! Retry, which fetches it again. The Overview's "What the logs say" (`clusters/tabs/trouble/`)
//! and the Logs tab's late parts (`clusters/tabs/logs/later.rs`) are drawn by it.
//!
//! Only the module's state is generic, in the split point's small `Copy` answer; the drawing
//! ([`draw`]) takes plain views and callbacks, so its reactive closure is in the wasm once,
//! not once per part or per frame. Not the lazy screens' loader (`kit::lazy::Lazy`): sharing
//! its state type with parts put their instances in the main module.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::thread::LocalKey;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chunk::ChunkError;
use crate::i18n::{Msg, t};
use crate::kit::lazy::chunk_failed;
use crate::kit::loaded::{waiting, waiting_status};

/// Loading a part's module: what its split point hands back, or why it could not be had.
pub type Load<T> = Pin<Box<dyn Future<Output = Result<T, ChunkError>>>>;

/// Where a module once loaded is kept (a thread-local of the caller's): the screen's later
/// visits draw the part at once.
pub type Kept<T> = LocalKey<Cell<Option<T>>>;

/// A split point's module, as its parts see it.
#[derive(Clone, Copy)]
pub struct SplitPart<T: 'static> {
    /// `None` while it is fetched (or fetched again).
    module: RwSignal<Option<Result<T, ChunkError>>>,
    load: fn() -> Load<T>,
    kept: Option<&'static Kept<T>>,
}

impl<T: Copy + Send + Sync + 'static> SplitPart<T> {
    /// The part: here at once if `kept` holds its module from an earlier load, else waiting
    /// for [`fetch`](Self::fetch) (nothing is fetched yet).
    pub fn new(load: fn() -> Load<T>, kept: Option<&'static Kept<T>>) -> Self {
        let module = RwSignal::new(kept.and_then(LocalKey::get).map(Ok));
        SplitPart { module, load, kept }
    }

    /// The part, wanted as soon as its screen is drawn: here at once if `kept` holds its
    /// module from an earlier load, else fetched from now.
    pub fn fetching(load: fn() -> Load<T>, kept: Option<&'static Kept<T>>) -> Self {
        let part = Self::new(load, kept);
        if part.module_untracked().is_none() {
            part.fetch();
        }
        part
    }

    /// Fetches the module (again, after a failure: the loader never keeps one).
    pub fn fetch(self) {
        self.module.set(None);
        spawn_local(async move {
            let answer = (self.load)().await;
            if let (Ok(module), Some(kept)) = (&answer, self.kept) {
                kept.set(Some(*module));
            }
            self.module.try_set(Some(answer));
        });
    }

    /// Fetches the module when `when` first holds (the screen's own reads answered first).
    pub fn fetch_when(self, when: Signal<bool>) {
        let started = StoredValue::new(false);
        Effect::new(move |_| {
            if when.get() && !started.get_value() {
                started.set_value(true);
                self.fetch();
            }
        });
    }

    /// The module's state, tracked: `None` while it is fetched.
    pub fn module(self) -> Option<Result<T, ChunkError>> {
        self.module.get()
    }

    /// The module's state, untracked (read from a click).
    pub fn module_untracked(self) -> Option<Result<T, ChunkError>> {
        self.module.get_untracked()
    }

    /// The part: `meanwhile` until its module is here, then `ready` given the module
    /// (built untracked, as a component is).
    pub fn view(self, meanwhile: Meanwhile, ready: impl Fn(T) -> AnyView + Send + Sync + 'static) -> AnyView {
        let ready = ViewFn::from(move || match self.module.get_untracked() {
            Some(Ok(module)) => ready(module),
            _ => ().into_any(),
        });
        self.drawn(meanwhile, ready)
    }

    // Apart from `view`, whose closure is one per frame: these closures are one per module.
    #[inline(never)]
    fn drawn(self, meanwhile: Meanwhile, ready: ViewFn) -> AnyView {
        let stage = Signal::derive(move || {
            self.module.with(|m| match m {
                None => Stage::Loading,
                Some(Ok(_)) => Stage::Ready,
                Some(Err(ChunkError)) => Stage::Failed,
            })
        });
        draw(stage, meanwhile, ready, Callback::new(move |()| self.fetch()))
    }
}

/// Where a module stands, whatever it hands back.
#[derive(Clone, Copy, PartialEq)]
enum Stage {
    Loading,
    Ready,
    Failed,
}

/// What is said while a module is fetched.
pub enum Loading {
    /// Nothing (what is around the part says what is read).
    Nothing,
    /// The words, as a plain paragraph.
    Words(String),
    /// The words as a live status (read out when they appear), in a paragraph with this id.
    Status(String, &'static str),
}

/// What a part shows until its module is here, and when it did not download.
pub struct Meanwhile {
    loading: Loading,
    failed: Msg,
    failed_id: &'static str,
    failed_when: Option<Signal<bool>>,
    card: Option<(&'static str, Msg)>,
}

impl Meanwhile {
    /// Nothing while the module is fetched; if it does not download, `failed` (the panel's
    /// title), why, and Retry, in a panel with id `failed_id`.
    pub fn new(failed: Msg, failed_id: &'static str) -> Self {
        Meanwhile { loading: Loading::Nothing, failed, failed_id, failed_when: None, card: None }
    }

    /// Says `loading` while the module is fetched.
    pub fn loading(self, loading: Loading) -> Self {
        Meanwhile { loading, ..self }
    }

    /// Says the failure only while `when` holds (a line's detail: once a line is opened).
    pub fn failed_when(self, when: Signal<bool>) -> Self {
        Meanwhile { failed_when: Some(when), ..self }
    }

    /// Draws the loading words and the failure in a card (id `id`) with its `heading`: the
    /// section that the module draws in full once here.
    pub fn card(self, id: &'static str, heading: Msg) -> Self {
        Meanwhile { card: Some((id, heading)), ..self }
    }
}

/// The one drawing of every split part (not generic: see the file's comment).
fn draw(stage: Signal<Stage>, meanwhile: Meanwhile, ready: ViewFn, retry: Callback<()>) -> AnyView {
    let Meanwhile { loading, failed, failed_id, failed_when, card } = meanwhile;
    let drawn = move || {
        let inside = match stage.get() {
            Stage::Ready => return untrack(|| ready.run()),
            Stage::Loading => match &loading {
                Loading::Nothing => return ().into_any(),
                Loading::Words(words) => waiting(words.clone()),
                Loading::Status(words, id) => waiting_status(words.clone(), Some(*id)),
            },
            Stage::Failed if failed_when.is_some_and(|when| !when.get()) => return ().into_any(),
            Stage::Failed => {
                chunk_failed(t(failed).to_string(), ChunkError::likely().to_string(), failed_id, retry)
            }
        };
        match card {
            None => inside,
            Some((id, heading)) => view! {
                <section class="card" id=id>
                    <h2>{t(heading)}</h2>
                    {inside}
                </section>
            }
            .into_any(),
        }
    };
    drawn.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::sync::Once;
    use std::task::{Context, Waker};

    use any_spawner::{CustomExecutor, Executor, PinnedFuture, PinnedLocalFuture};

    thread_local! {
        static KEPT: Cell<Option<u8>> = const { Cell::new(None) };
        static LOADS: Cell<u32> = const { Cell::new(0) };
    }

    fn never() -> Load<u8> {
        Box::pin(async { Err(ChunkError) })
    }

    /// A load that is counted (on this test's thread) and answers at once.
    fn counted() -> Load<u8> {
        LOADS.set(LOADS.get() + 1);
        Box::pin(async { Ok(9) })
    }

    /// Runs a spawned task as far as it goes without waiting: a part's load answers at once.
    struct AtOnce;

    impl CustomExecutor for AtOnce {
        fn spawn(&self, mut task: PinnedFuture<()>) {
            let _ = task.as_mut().poll(&mut Context::from_waker(Waker::noop()));
        }
        fn spawn_local(&self, mut task: PinnedLocalFuture<()>) {
            let _ = task.as_mut().poll(&mut Context::from_waker(Waker::noop()));
        }
        fn poll_local(&self) {}
    }

    fn at_once() {
        static INIT: Once = Once::new();
        INIT.call_once(|| {
            let _ = Executor::init_custom_executor(AtOnce);
        });
    }

    #[test]
    fn a_part_is_here_at_once_only_once_its_module_was_kept() {
        assert!(SplitPart::new(never, Some(&KEPT)).module_untracked().is_none());
        KEPT.set(Some(7));
        let again = SplitPart::new(never, Some(&KEPT)).module_untracked();
        assert!(matches!(again, Some(Ok(7))), "the kept module is drawn at once");
        assert!(SplitPart::new(never, None).module_untracked().is_none(), "kept only where asked");
    }

    #[test]
    fn a_fetching_part_loads_at_once_unless_its_module_was_kept() {
        at_once();
        thread_local! {
            static HELD: Cell<Option<u8>> = const { Cell::new(None) };
        }
        let before = LOADS.get();
        let part = SplitPart::fetching(counted, Some(&HELD));
        assert_eq!(LOADS.get(), before + 1, "nothing kept: fetched from now");
        assert!(matches!(part.module_untracked(), Some(Ok(9))));
        assert_eq!(HELD.get(), Some(9), "and kept");
        let again = SplitPart::fetching(counted, Some(&HELD));
        assert_eq!(LOADS.get(), before + 1, "kept: not fetched again");
        assert!(matches!(again.module_untracked(), Some(Ok(9))));
        let _ = SplitPart::fetching(counted, None);
        assert_eq!(LOADS.get(), before + 2, "nowhere to keep it: fetched each time");
    }
}
