//! The activity center: every long operation started in this tab, and every cluster or
//! realm seen still moving, in one place that outlives the page that started it.
//!
//! The registry is type-erased: a screen hands it plain data (a label, a link) and a
//! closure that opens the screen's own watch and turns it into a [`Progress`]. That closure
//! runs under an owner the center keeps until the operation settles, so the watch outlives
//! the page; since it goes through the screen's shared poller, under the poller's own key,
//! the thing is still polled once per interval.
//! The shell makes the registry and draws the badge and the toasts; the code that tracks
//! and settles an operation comes with the first one. Screens loaded on demand carry it in
//! their own modules; the clusters list, which is in the first visit's download, hands its
//! moving clusters over through the `activity` group (`clusters::track::from_list`), which
//! also holds the drawer (`drawer`). What the drawer's "notify me" option needs (`notify`)
//! is its own chunk too: the registry only keeps which operations the person asked about
//! and the function the drawer handed it.

mod badge;
pub mod drawer;
pub mod notify;
pub mod notify_words;
pub mod track;

use std::rc::Rc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::Phrase;

pub use badge::{ActivityBadge, ActivityToasts};

/// Where an operation stands, in words a person reads.
#[derive(Debug, Clone, PartialEq)]
pub enum Progress {
    /// Still moving: what it is doing, how far (0 to 1) when that is known, and whether
    /// Cancel can still stop it.
    Running { note: Phrase, fraction: Option<f64>, cancellable: bool },
    /// Settled, for better (`ok`) or worse, with the outcome. A phrase, not text: the
    /// center keeps it after the watch has gone, and it must follow a language switch.
    Done { ok: bool, note: Phrase },
}

impl Progress {
    pub fn running(note: impl Into<Phrase>) -> Progress {
        Progress::Running { note: note.into(), fraction: None, cancellable: false }
    }

    pub fn done(ok: bool, note: impl Into<Phrase>) -> Progress {
        Progress::Done { ok, note: note.into() }
    }

    /// What it says, in the current language (the tests' view of it; screens read the
    /// phrase where they show it).
    #[cfg(test)]
    pub fn note(&self) -> String {
        match self {
            Progress::Running { note, .. } | Progress::Done { note, .. } => note.read(),
        }
    }
}

/// What a screen's start closure hands back: the live progress and, where cancelling
/// exists, how to cancel.
pub struct Started {
    pub progress: Signal<Progress>,
    pub cancel: Option<Callback<()>>,
}

#[derive(Clone)]
pub enum State {
    Live { progress: Signal<Progress>, cancel: Option<Callback<()>> },
    Settled { ok: bool, note: Phrase },
}

/// One operation in the center.
#[derive(Clone)]
pub struct Item {
    pub id: u64,
    /// The thing watched (`restart <cluster ID>`, `realm <ID>`, …): what a page asks the
    /// center about, e.g. the restarts of one cluster.
    pub key: String,
    /// What it is ("Cluster acme-prod"), read in the current language when shown.
    pub label: Phrase,
    /// Its page.
    pub href: String,
    pub state: State,
    /// `Date.now()` when it was added, and when it settled.
    pub started: f64,
    pub ended: Option<f64>,
}

impl Item {
    pub fn live(&self) -> bool {
        matches!(self.state, State::Live { .. })
    }
}

/// What the center keeps per operation still moving.
struct Held {
    id: u64,
    key: String,
    /// The path of the page that started it.
    origin: String,
    owner: Owner,
}

/// Finished operations kept for the drawer; older ones leave.
const KEEP_SETTLED: usize = 30;
/// How long a toast stays.
const TOAST_MS: u32 = 8_000;

/// Tells the person an operation they asked about has ended (given it, settled); made by
/// the drawer's chunk (`notify::notifier`) the first time someone asks.
pub type Notifier = Rc<dyn Fn(&Item)>;

/// The center. Copy; provided once at the root.
#[derive(Clone, Copy)]
pub struct Activities {
    pub items: RwSignal<Vec<Item>>,
    /// Polite notes about operations that settled while the person was elsewhere.
    pub toasts: RwSignal<Vec<(u64, String)>>,
    /// Whether the drawer is open.
    pub open: RwSignal<bool>,
    /// The operations (IDs) the person asked to be notified about when they end.
    pub notify: RwSignal<Vec<u64>>,
    notifier: StoredValue<Option<Notifier>, LocalStorage>,
    held: StoredValue<Vec<Held>, LocalStorage>,
    next: StoredValue<u64>,
    root: StoredValue<Owner, LocalStorage>,
}

/// Makes the center; call once under the app's root owner.
pub fn provide() {
    provide_context(Activities {
        items: RwSignal::new(Vec::new()),
        toasts: RwSignal::new(Vec::new()),
        open: RwSignal::new(false),
        notify: RwSignal::new(Vec::new()),
        notifier: StoredValue::new_local(None),
        held: StoredValue::new_local(Vec::new()),
        next: StoredValue::new(1),
        root: StoredValue::new_local(Owner::current().unwrap_or_default()),
    });
}

/// The center, when the app has one (a component rendered on its own has none).
pub fn center() -> Option<Activities> {
    use_context::<Activities>()
}

fn pathname() -> String {
    web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default()
}

/// The center's key of a cluster's restart: one at a time per cluster.
pub fn restart_key(cluster: &str) -> String {
    format!("restart {cluster}")
}

/// Whether a settled operation deserves a toast: only when the person is on neither the
/// page that started it nor its own page (there they see it settle).
pub fn toast_due(here: &str, origin: &str, href: &str) -> bool {
    let page = href.split(['?', '#']).next().unwrap_or(href);
    here != origin && here != page
}

impl Activities {
    /// Tracks an operation until it settles. `key` names the thing watched: while one
    /// operation on it is moving, another with the same key is not added twice.
    pub fn track(self, key: String, label: Phrase, href: String, start: Box<dyn FnOnce() -> Started>) {
        if self.held.with_value(|held| held.iter().any(|h| h.key == key)) {
            return;
        }
        let id = self.next.get_value();
        self.next.set_value(id + 1);
        let owner = self.root.get_value().child();
        let Started { progress, cancel } = owner.with(start);
        let (started, state) = (js_sys::Date::now(), State::Live { progress, cancel });
        let item = Item { id, key: key.clone(), label, href, state, started, ended: None };
        self.items.update(|items| items.push(item));
        self.held.update_value(|held| held.push(Held { id, key, origin: pathname(), owner: owner.clone() }));
        owner.with(|| {
            Effect::new(move |_| {
                if let Some(Progress::Done { ok, note }) = progress.try_get() {
                    self.settle(id, ok, note);
                }
            })
        });
    }

    fn settle(self, id: u64, ok: bool, note: Phrase) {
        let held =
            self.held.try_update_value(|held| held.iter().position(|h| h.id == id).map(|i| held.remove(i)));
        let Some(Some(held)) = held else { return };
        let mut toast = None;
        let mut ended = None;
        let here = pathname();
        self.items.update(|items| {
            if let Some(item) = items.iter_mut().find(|i| i.id == id) {
                if toast_due(&here, &held.origin, &item.href) {
                    toast = Some(crate::i18n::tf(
                        crate::i18n::k::activity::TOAST,
                        &[("label", &item.label.read()), ("note", &note.read())],
                    ));
                }
                item.state = State::Settled { ok, note };
                item.ended = Some(js_sys::Date::now());
                ended = Some(item.clone());
            }
            // The oldest finished ones leave first; what is moving always stays.
            let settled = items.iter().filter(|i| !i.live()).count();
            let mut drop = settled.saturating_sub(KEEP_SETTLED);
            items.retain(|i| {
                let gone = drop > 0 && !i.live();
                drop -= gone as usize;
                !gone
            });
        });
        if let Some(text) = toast {
            self.toast(text);
        }
        if self.notify.with_untracked(|n| n.contains(&id)) {
            self.set_notify(id, false);
            if let (Some(item), Some(Some(notifier))) = (ended, self.notifier.try_get_value()) {
                notifier(&item);
            }
        }
        // After the effect that noticed has finished: its owner (and the watch) goes.
        spawn_local(async move { held.owner.cleanup() });
    }

    fn toast(self, text: String) {
        let id = self.next.get_value();
        self.next.set_value(id + 1);
        self.toasts.update(|t| t.push((id, text)));
        spawn_local(async move {
            crate::poll::sleep_ms(TOAST_MS).await;
            self.toasts.try_update(|t| t.retain(|(i, _)| *i != id));
        });
    }

    /// The restarts of `cluster` seen in this tab (its visit), oldest first: each with
    /// what caused it (its label), when it started and when it ended.
    pub fn restarts(self, cluster: &str) -> Vec<Item> {
        let key = restart_key(cluster);
        self.items.with(|items| items.iter().filter(|i| i.key == key).cloned().collect())
    }

    /// Asks (`on`) or stops asking to be notified when operation `id` ends. While anything
    /// is asked about, status polls go on in a hidden tab: it must see the end to tell it.
    pub fn set_notify(self, id: u64, on: bool) {
        // Ended while the browser asked the person: nothing left to wait for.
        let on = on && self.held.with_value(|held| held.iter().any(|h| h.id == id));
        self.notify.update(|n| {
            n.retain(|i| *i != id);
            if on {
                n.push(id);
            }
        });
        crate::poll::poll_while_hidden(self.notify.with_untracked(|n| !n.is_empty()));
    }

    /// Keeps `make()`'s notifier, unless one is kept already.
    pub fn ensure_notifier(self, make: impl FnOnce() -> Notifier) {
        if self.notifier.with_value(Option::is_none) {
            self.notifier.set_value(Some(make()));
        }
    }

    /// How many are in flight.
    pub fn in_flight(self) -> usize {
        self.items.with(|items| items.iter().filter(|i| i.live()).count())
    }

    /// The drawer closed: give the focus back to the badge that opened it.
    pub fn closed(self) {
        self.open.set(false);
        let badge =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("activity-badge"));
        if let Some(badge) =
            badge.and_then(|b| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(b).ok())
        {
            let _ = badge.focus();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toasts_only_away_from_its_pages() {
        assert!(
            !toast_due("/clusters/c/realms", "/clusters/c/realms", "/realms/r"),
            "on the page that started it"
        );
        assert!(!toast_due("/realms/r", "/clusters/c/realms", "/realms/r"), "on its own page");
        assert!(
            !toast_due("/clusters/c/domains", "/x", "/clusters/c/domains?domain=d"),
            "the query is not the page"
        );
        assert!(toast_due("/billing", "/clusters/c/realms", "/realms/r"));
    }
}
