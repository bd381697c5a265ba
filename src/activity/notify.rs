//! "Notify me when this finishes": the drawer's option on an operation still moving, the
//! browser's permission asked from that click (never at page load), and the notification
//! shown when it ends while the tab is hidden, with a count before the tab's title until the
//! person looks again. Only the drawer uses this, so it is compiled into the drawer's chunk;
//! the eager center keeps the asked IDs and calls the [`Notifier`] made here.
//!
//! The browser's `Notification` through a small binding of our own, every call caught: it is
//! missing in some browsers, and its constructor throws where pages may not make one
//! (Chrome on Android wants a service worker's).

use std::cell::Cell;
use std::rc::Rc;

use js_sys::{Object, Promise, Reflect};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::NavigateOptions;
use leptos_router::hooks::use_navigate;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::notify_words as words;
use super::{Activities, Item, Notifier, State};
use crate::kit::page::set_title_prefix;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = Notification)]
    #[derive(Clone)]
    type Notice;
    #[wasm_bindgen(catch, constructor, js_class = "Notification")]
    fn new(title: &str, options: &Object) -> Result<Notice, JsValue>;
    #[wasm_bindgen(catch, static_method_of = Notice, js_class = "Notification", getter)]
    fn permission() -> Result<String, JsValue>;
    #[wasm_bindgen(catch, static_method_of = Notice, js_class = "Notification", js_name = requestPermission)]
    fn request_permission() -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, setter)]
    fn set_onclick(this: &Notice, handler: &JsValue);
    #[wasm_bindgen(catch, method)]
    fn close(this: &Notice) -> Result<(), JsValue>;
}

/// The kinds of operation a person may ask about: those that take a while on the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Cluster,
    Restart,
    Realm,
    Domain,
    Upload,
}

/// The kind of the center's item keyed `key` (the first word of the keys made in `track`,
/// `restart_key` and the uploader's `follow`); `None` for the rest (a queued change).
pub fn kind(key: &str) -> Option<Kind> {
    match key.split(' ').next() {
        Some("cluster") => Some(Kind::Cluster),
        Some("restart") => Some(Kind::Restart),
        Some("realm") => Some(Kind::Realm),
        Some("domain") => Some(Kind::Domain),
        Some("upload") => Some(Kind::Upload),
        _ => None,
    }
}

/// Where the browser's permission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    /// No notifications in this browser (or on this page).
    Unsupported,
    /// Not asked yet, or the question was dismissed: the next click asks.
    Ask,
    Granted,
    Denied,
}

fn parse(value: &str) -> Permission {
    match value {
        "granted" => Permission::Granted,
        "denied" => Permission::Denied,
        _ => Permission::Ask,
    }
}

/// The permission now; reading it never asks.
pub fn permission_now() -> Permission {
    Notice::permission().map(|p| parse(&p)).unwrap_or(Permission::Unsupported)
}

/// Why the option cannot be used, if it cannot.
fn unavailable(permission: Permission) -> Option<&'static str> {
    match permission {
        Permission::Denied => Some(crate::i18n::t(words::BLOCKED)),
        Permission::Unsupported => Some(crate::i18n::t(words::UNSUPPORTED)),
        Permission::Ask | Permission::Granted => None,
    }
}

fn hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

/// Opens a page of the console (the router's navigation).
type Go = Rc<dyn Fn(&str)>;

/// What the drawer's options share: the center, the permission as last read, and how to
/// open a page (the router's navigation, for a click on a notification).
#[derive(Clone, Copy)]
pub struct Asking {
    center: Activities,
    permission: RwSignal<Permission>,
    go: StoredValue<Go, LocalStorage>,
}

impl Asking {
    /// Call in the drawer (inside the router). The permission is read each time it opens:
    /// the person may have changed it in the browser since.
    pub fn new(center: Activities) -> Asking {
        let navigate = use_navigate();
        let go: Go = Rc::new(move |href: &str| navigate(href, NavigateOptions::default()));
        Asking { center, permission: RwSignal::new(permission_now()), go: StoredValue::new_local(go) }
    }

    /// The option for `item`, when it is still moving and of a kind worth waiting for.
    pub fn option(self, item: &Item) -> Option<AnyView> {
        kind(&item.key)?;
        let Asking { center, permission, .. } = self;
        let id = item.id;
        let why_id = format!("notify-why-{id}");
        let described = why_id.clone();
        let reason = move || unavailable(permission.get());
        Some(
            view! {
                <div class="notify-option">
                    <label class="choice">
                        <input
                            type="checkbox"
                            class="notify-me"
                            prop:checked=move || center.notify.with(|n| n.contains(&id))
                            disabled=move || reason().is_some()
                            aria-describedby=move || reason().map(|_| described.clone())
                            // Checked only once the center has it: the permission may be refused.
                            on:change:target=move |ev| {
                                let input = ev.target();
                                let on = input.checked();
                                input.set_checked(false);
                                self.change(id, on);
                            }
                        />
                        {crate::i18n::t(words::OPTION)}
                        <span class="visually-hidden">{words::option_subject(&item.label.read())}</span>
                    </label>
                    {move || {
                        reason()
                            .map(|why| {
                                view! {
                                    <p class="hint notify-why" id=why_id.clone()>
                                        {why}
                                    </p>
                                }
                            })
                    }}
                </div>
            }
            .into_any(),
        )
    }

    fn change(self, id: u64, on: bool) {
        if !on {
            self.center.set_notify(id, false);
            return;
        }
        match self.permission.get_untracked() {
            Permission::Granted => self.want(id),
            Permission::Ask => self.ask(id),
            Permission::Denied | Permission::Unsupported => {}
        }
    }

    fn want(self, id: u64) {
        grant(self.center, self.go.get_value(), id);
    }

    /// Asks the browser, from the click itself (browsers ignore a request without one).
    fn ask(self, id: u64) {
        let answer = match Notice::request_permission() {
            Ok(answer) => answer,
            Err(_) => {
                self.permission.set(permission_now());
                return;
            }
        };
        // Taken now: the drawer (and `go` with it) may be closed before the browser answers,
        // and the center, which outlives it, still wants to be told.
        let (center, go) = (self.center, self.go.get_value());
        spawn_local(async move {
            // Old Safari answers through a callback only: then the permission is read again.
            let said = match answer.dyn_into::<Promise>() {
                Ok(promise) => JsFuture::from(promise).await.ok().and_then(|v| v.as_string()),
                Err(_) => None,
            };
            let now = said.map(|s| parse(&s)).unwrap_or_else(permission_now);
            self.permission.try_set(now);
            if now == Permission::Granted {
                grant(center, go, id);
            }
        });
    }
}

/// The center notifies about `id` (with the notifier made from `go` if it has none yet).
fn grant(center: Activities, go: Go, id: u64) {
    center.ensure_notifier(|| notifier(go));
    center.set_notify(id, true);
}

/// The center's notifier: for an operation asked about that ends while the tab is hidden,
/// a notification (a click on it shows its page) and one more in the title's count, which
/// goes when the person looks at the tab again.
pub fn notifier(go: Go) -> Notifier {
    let unseen = Rc::new(Cell::new(0u32));
    clear_when_seen(unseen.clone());
    Rc::new(move |item: &Item| {
        let (Some(kind), State::Settled { ok, note }) = (kind(&item.key), &item.state) else { return };
        // Seen ending in the page itself: nothing to tell.
        if !hidden() {
            return;
        }
        unseen.set(unseen.get() + 1);
        set_title_prefix(&words::title_count(unseen.get()));
        let note = note.read();
        show(&words::title(kind, &item.label.read(), *ok, &note), &words::body(&note), item, go.clone());
    })
}

fn show(title: &str, body: &str, item: &Item, go: Go) {
    let options = Object::new();
    let _ = Reflect::set(&options, &"body".into(), &body.into());
    // A later notice about the same thing replaces this one.
    let _ = Reflect::set(&options, &"tag".into(), &item.key.as_str().into());
    // Refused by the platform: the title's count still tells.
    let Ok(notice) = Notice::new(title, &options) else { return };
    let (href, shown) = (item.href.clone(), notice.clone());
    let click = Closure::once_into_js(move || {
        if let Some(window) = web_sys::window() {
            let _ = window.focus();
        }
        go(&href);
        let _ = shown.close();
    });
    notice.set_onclick(&click);
}

/// Clears the title's count when the tab is visible again; one listener for the app's life.
fn clear_when_seen(unseen: Rc<Cell<u32>>) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let seen = Closure::<dyn Fn()>::new(move || {
        if !hidden() && unseen.get() > 0 {
            unseen.set(0);
            set_title_prefix("");
        }
    });
    let _ = document.add_event_listener_with_callback("visibilitychange", seen.as_ref().unchecked_ref());
    seen.forget();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_the_keys_the_center_is_given() {
        assert_eq!(kind(&crate::activity::restart_key("cl-1")), Some(Kind::Restart));
        assert_eq!(kind("cluster cl-1"), Some(Kind::Cluster));
        assert_eq!(kind("realm r-1"), Some(Kind::Realm));
        assert_eq!(kind("domain cl-1 d-1"), Some(Kind::Domain));
        assert_eq!(kind("upload cl-1 ext-1 17000"), Some(Kind::Upload));
        assert_eq!(kind("queued 3"), None, "a queued change ends in the page that queued it");
    }

    #[test]
    fn blocked_or_missing_says_why() {
        assert_eq!(parse("granted"), Permission::Granted);
        assert_eq!(parse("denied"), Permission::Denied);
        assert_eq!(parse("default"), Permission::Ask);
        assert_eq!(unavailable(Permission::Denied), Some(words::BLOCKED.english()));
        assert_eq!(unavailable(Permission::Unsupported), Some(words::UNSUPPORTED.english()));
        assert_eq!(unavailable(Permission::Ask), None);
    }
}
