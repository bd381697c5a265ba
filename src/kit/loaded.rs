//! What a screen shows of a read: loading, the failure with Retry, an optional empty
//! state, or the answer. Every screen's read goes through here, so the words and the
//! markup of those states (`p.loading`, the error panel) are the same everywhere.
//!
//! Modelled on Leptos' `Transition` + `ErrorBoundary`: an answer already shown stays while
//! the read runs again (`crate::view_read` keeps it), and a failure is shown in place of the
//! answer. Unlike them it costs no resource machinery per response type: the part that
//! knows `T` is one small closure turning the read into a [`Phase`]; the view over the
//! phase ([`show`]) is compiled once.

use leptos::prelude::*;

use super::error_panel::{ErrorPanel, ErrorPanelProps};
use crate::api::ApiError;
use crate::view_read::Load;

/// Where a read stands, with the answer already turned into its view.
pub enum Phase {
    Loading,
    Failed(ApiError),
    Empty,
    Ready(AnyView),
}

/// The type-free part of a [`Loaded`]: its words, Retry and the empty state.
struct Frame {
    /// What the read does, for the failure: "Loading domains" ("Loading domains failed. …").
    what: String,
    /// The loading paragraph, when it is not `what` followed by "…"; `Some("")` when the
    /// page tells it elsewhere (a progress bar) and nothing is shown here.
    loading: Option<String>,
    retry: Option<Callback<()>>,
    empty: Option<ViewFn>,
    /// A failure's words in a hint instead of the error panel, when the page offers Retry
    /// for the same read elsewhere.
    failed_hint: Option<String>,
    /// Shown above the failure: the page's head, for a page whose answer draws its own.
    head: Option<ViewFn>,
}

/// A read as a screen shows it. Built with [`Loaded::new`] (a `Load`) or
/// [`Loaded::from_fn`] (any reading, such as a watched feed), adjusted with the builder
/// methods, and turned into a view by [`Loaded::ready`].
pub struct Loaded<T: 'static> {
    frame: Frame,
    read: Box<dyn Fn() -> Option<Result<T, ApiError>> + Send>,
    is_empty: Option<fn(&T) -> bool>,
}

impl<T: Clone + Send + Sync + 'static> Loaded<T> {
    /// `what` words the read for its failure and loading ("Loading domains" shows
    /// "Loading domains…" while it loads); Retry reads again.
    pub fn new(what: impl Into<String>, load: Load<Result<T, ApiError>>) -> Loaded<T> {
        Loaded::from_fn(what, move || load.get(), Some(Callback::new(move |()| load.refetch())))
    }
}

impl<T: 'static> Loaded<T> {
    /// Over any reading: `None` while it loads. `retry` is offered with a failure (when
    /// the failure is one worth retrying).
    pub fn from_fn(
        what: impl Into<String>,
        read: impl Fn() -> Option<Result<T, ApiError>> + Send + 'static,
        retry: Option<Callback<()>>,
    ) -> Loaded<T> {
        Loaded {
            frame: Frame {
                what: what.into(),
                loading: None,
                retry,
                empty: None,
                failed_hint: None,
                head: None,
            },
            read: Box::new(read),
            is_empty: None,
        }
    }

    /// The loading paragraph's words when they are not `what…` (e.g. a plain "Loading…").
    pub fn loading(mut self, words: impl Into<String>) -> Loaded<T> {
        self.frame.loading = Some(words.into());
        self
    }

    /// Shows nothing while loading: the page tells it elsewhere (e.g. a progress bar).
    pub fn quiet(self) -> Loaded<T> {
        self.loading("")
    }

    /// Retry runs `retry` instead of reading again (e.g. refreshing a watched feed).
    pub fn retry(mut self, retry: Callback<()>) -> Loaded<T> {
        self.frame.retry = Some(retry);
        self
    }

    /// An answer for which `is_empty` holds shows `empty` instead.
    pub fn empty(mut self, is_empty: fn(&T) -> bool, empty: impl Into<ViewFn>) -> Loaded<T> {
        self.is_empty = Some(is_empty);
        self.frame.empty = Some(empty.into());
        self
    }

    /// A failure shows `words` as a hint, not the error panel: for a side part of a screen
    /// (the account menu's organizations) whose read the page itself offers Retry for.
    pub fn failed_hint(mut self, words: impl Into<String>) -> Loaded<T> {
        self.frame.failed_hint = Some(words.into());
        self
    }

    /// A failure comes under `head` (breadcrumbs and heading): the answer draws the page's
    /// head itself, so without it a failed page would have none.
    pub fn failed_head(mut self, head: impl Into<ViewFn>) -> Loaded<T> {
        self.frame.head = Some(head.into());
        self
    }

    /// The view: `ready` draws the answer. It runs inside a reactive closure, so the
    /// view is drawn again when the read (or a signal `ready` reads) changes.
    pub fn ready(self, ready: impl Fn(T) -> AnyView + Send + 'static) -> AnyView {
        let Loaded { frame, read, is_empty } = self;
        show(
            frame,
            Box::new(move || match read() {
                None => Phase::Loading,
                Some(Err(e)) => Phase::Failed(e),
                Some(Ok(t)) if is_empty.is_some_and(|empty| empty(&t)) => Phase::Empty,
                Some(Ok(t)) => Phase::Ready(ready(t)),
            }),
        )
    }
}

/// The one view of a read's phases.
fn show(frame: Frame, phase: Box<dyn Fn() -> Phase + Send>) -> AnyView {
    let Frame { what, loading, retry, empty, failed_hint, head } = frame;
    let loading = loading.unwrap_or_else(|| format!("{what}…"));
    (move || match phase() {
        Phase::Loading if loading.is_empty() => ().into_any(),
        Phase::Loading => waiting(loading.clone()),
        Phase::Failed(_) if failed_hint.is_some() => {
            view! { <p class="hint">{failed_hint.clone()}</p> }.into_any()
        }
        Phase::Failed(error) => {
            let panel = ErrorPanel(ErrorPanelProps { action: what.clone(), error, retry });
            view! {
                {head.as_ref().map(ViewFn::run)}
                {panel}
            }
            .into_any()
        }
        Phase::Empty => empty.as_ref().map(ViewFn::run).unwrap_or_else(|| ().into_any()),
        Phase::Ready(view) => view,
    })
    .into_any()
}

/// An access decision before a part of a screen: `checking` words while it is made (the
/// organizations still load), the reason as a hint (`refused_id`) when the caller may not,
/// else `allowed`. For a read the caller's role would be refused, so it is never asked for.
pub fn permitted(
    verdict: impl Fn() -> Option<Result<(), String>> + Send + 'static,
    checking: &'static str,
    refused_id: &'static str,
    allowed: ViewFn,
) -> AnyView {
    (move || match verdict() {
        None => waiting(checking),
        Some(Err(why)) => view! {
            <p class="hint reason" id=refused_id>
                {why}
            </p>
        }
        .into_any(),
        Some(Ok(())) => allowed.run(),
    })
    .into_any()
}

/// "Loading …" words where something is still being read or waited for outside a
/// [`Loaded`] (a step of a flow, a check under way): the one `p.loading` of the screens.
pub fn waiting(words: impl Into<String>) -> AnyView {
    view! { <p class="loading">{words.into()}</p> }.into_any()
}

/// [`waiting`] as a live status (read out when it appears), with an `id` when the page
/// names it: a screen or a part of one whose code or whose reading is on its way.
pub fn waiting_status(words: impl Into<String>, id: Option<&'static str>) -> AnyView {
    view! {
        <p class="loading" role="status" id=id>
            {words.into()}
        </p>
    }
    .into_any()
}

/// [`waiting`] inside a line of text (a table cell, a definition).
pub fn waiting_inline(words: impl Into<String>) -> AnyView {
    view! { <span class="loading">{words.into()}</span> }.into_any()
}
