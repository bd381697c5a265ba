//! Screens loaded on demand. Each screen but sign-in, the shell and the clusters list lives
//! in its own split-off wasm module, fetched the first time the person opens it.
//!
//! Leptos 0.8's `#[lazy_route]` panics when a module fails to load (fixed upstream only on
//! 0.9), and a panic ends the whole app. So the split points here are declared `fallible`:
//! a failed fetch becomes an error on the page with Retry, and the next navigation simply
//! tries again (the loader never caches a failure).
//!
//! A split point returns the screen's constructor, not its view: the view is then built
//! synchronously, under the route's reactive owner, like any eager component.
//!
//! A part of a screen can be a code group of its own too: see `split_part.rs`, which draws
//! its failure with this file's [`chunk_failed`].

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chunk::ChunkError;
use crate::i18n::{Msg, k, t, tf};
use crate::kit::loaded::waiting_status;
use crate::kit::page::{set_title, title};

/// What a split point hands back: the function that builds the screen.
pub type Build = fn() -> AnyView;

/// Loading a screen's module: its builder, or why the module could not be had.
pub type LoadScreen = Pin<Box<dyn Future<Output = Result<Build, ChunkError>>>>;

/// A lazily loaded screen: a name for messages ("Loading {name}…") and the split point
/// that loads it.
pub struct Screen {
    pub name: Msg,
    pub load: fn() -> LoadScreen,
}

/// Declares a split point (one wasm module, `$module`) whose screen is `$view`, named by
/// a catalogue key (`k::area::KEY`).
macro_rules! split_screen {
    ($vis:vis $screen:ident, $module:ident, $name:expr, $view:expr) => {
        $vis static $screen: $crate::kit::lazy::Screen = $crate::kit::lazy::Screen {
            name: $name,
            load: || {
                // Named after the screen: the splitter links split points by function name.
                #[allow(non_snake_case)] // named after the screen (below)
                #[::leptos::wasm_split::wasm_split($module, fallible, wasm_split_path = ::leptos::wasm_split)]
                fn $screen() -> Result<$crate::kit::lazy::Build, $crate::chunk::ChunkError> {
                    Ok(|| ::leptos::prelude::IntoAny::into_any($view))
                }
                Box::pin($screen())
            },
        };
    };
}
pub(crate) use split_screen;

thread_local! {
    /// Screens already loaded, by their `Screen`'s address: shown at once on a later visit.
    static LOADED: RefCell<Vec<(usize, Build)>> = const { RefCell::new(Vec::new()) };
}

fn loaded(screen: &'static Screen) -> Option<Build> {
    let key = screen as *const Screen as usize;
    LOADED.with_borrow(|all| all.iter().find(|(k, _)| *k == key).map(|(_, build)| *build))
}

fn remember(screen: &'static Screen, build: Build) {
    let key = screen as *const Screen as usize;
    LOADED.with_borrow_mut(|all| {
        if !all.iter().any(|(k, _)| *k == key) {
            all.push((key, build));
        }
    });
}

/// Loads `screen`'s code now, without drawing it: for a screen about to be shown. A second
/// load while this one is under way shares it (the split loader keeps one per module); a
/// failure is left for the screen itself to meet, say and offer Retry for.
pub fn preload(screen: &'static Screen) {
    if loaded(screen).is_some() {
        return;
    }
    spawn_local(async move {
        if let Ok(build) = (screen.load)().await {
            remember(screen, build);
        }
    });
}

/// Renders `screen`, loading its module first if this is its first visit.
#[component]
pub fn Lazy(screen: &'static Screen) -> impl IntoView {
    let state = RwSignal::new(loaded(screen).map(Ok::<Build, ChunkError>));
    let fetch = move || {
        state.set(None);
        spawn_local(async move {
            let answer = (screen.load)().await;
            if let Ok(build) = answer {
                remember(screen, build);
            }
            state.try_set(Some(answer));
        });
    };
    if state.get_untracked().is_none() {
        fetch();
    }
    move || match state.get() {
        Some(Ok(build)) => build(),
        None => waiting_status(tf(k::kit::LOADING_SCREEN, &[("screen", t(screen.name))]), None),
        Some(Err(ChunkError)) => {
            // The tab says so too: the title of the page left behind would be untrue.
            set_title(&title(&[t(k::kit::SCREEN_NOT_LOADED)]));
            let failed = tf(k::kit::SCREEN_FAILED, &[("screen", t(screen.name))]);
            let hint = format!("{} {}", ChunkError::likely(), t(k::kit::SCREEN_RETRY_HINT));
            chunk_failed(failed, hint, "chunk-error", Callback::new(move |()| fetch()))
        }
    }
}

/// Why a code group is missing, with Retry: the one view of a failed split point (a screen's
/// split-off parts draw it too, `split_part.rs`).
pub fn chunk_failed(title: String, detail: String, id: &'static str, retry: Callback<()>) -> AnyView {
    view! {
        <div class="error-panel" role="alert" id=id>
            <p class="error-title">{title}</p>
            <p class="error-detail">{detail}</p>
            <button type="button" class="button" on:click=move |_| retry.run(())>
                {t(k::kit::RETRY)}
            </button>
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    static FIRST: Screen = Screen {
        name: crate::i18n::Msg::new(&crate::i18n::text(u16::MAX, b"first")),
        load: || Box::pin(async { Err(ChunkError) }),
    };
    static SECOND: Screen = Screen {
        name: crate::i18n::Msg::new(&crate::i18n::text(u16::MAX, b"second")),
        load: || Box::pin(async { Err(ChunkError) }),
    };

    fn nothing() -> AnyView {
        ().into_any()
    }

    #[test]
    fn a_screen_is_shown_at_once_only_after_it_loaded() {
        assert!(loaded(&FIRST).is_none());
        remember(&FIRST, nothing);
        remember(&FIRST, nothing);
        assert!(loaded(&FIRST).is_some());
        assert!(loaded(&SECOND).is_none(), "each screen is remembered on its own");
        LOADED.with_borrow(|all| assert_eq!(all.len(), 1, "remembered twice"));
    }
}
