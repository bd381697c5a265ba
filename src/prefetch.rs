//! Fetching a route group's code before the click that needs it, once the page is idle.
//!
//! The build packs each route group's modules into a few files (scripts/pack-modules.mjs),
//! and its loader offers `__consolePrefetch(group)`: it fetches those files at low priority
//! and keeps their bytes, instantiating nothing. The click then loads the group from memory
//! (or the HTTP cache: the files are immutable). Screens ask for the group a person is
//! likely to open next once their own reads have answered; the request waits for the
//! browser to be idle, so it never delays a screen's own reads. Nothing is fetched ahead
//! when config.json turns it off (`"prefetch": false`), when the person asked the browser to
//! save data, or on a 2G connection. A failed prefetch is silent: the click fetches again.

use std::cell::{Cell, RefCell};

use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    /// Groups already asked for in this page: each is fetched ahead at most once.
    static ASKED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// The route groups worth fetching ahead (the split modules' names, from the route table).
pub mod group {
    use crate::routes;

    /// Signing in: leaving for the identity server, the code's redemption, an API secret's
    /// exchange (`account::later`; a code group of its own, not a route's).
    pub const SIGNING_IN: &str = "signing_in";
    /// The signed-in console: the shell, the clusters list, the kit and the API client.
    pub const CONSOLE: &str = routes::SHELL.group;
    /// The cluster page, its overview and billing tab.
    pub const CLUSTER: &str = routes::CLUSTER.group;
    /// The cluster page's other tabs.
    pub const CLUSTER_TABS: &str = routes::CLUSTER_ACCESS.group;
    /// The cluster's Resources tab.
    pub const CLUSTER_RESOURCES: &str = routes::CLUSTER_RESOURCES.group;
    /// The create-cluster wizard.
    pub const CREATE_CLUSTER: &str = routes::NEW_CLUSTER.group;
}

/// Sets whether prefetching is on (config.json's `prefetch`).
pub fn configure(enabled: bool) {
    ENABLED.set(enabled);
}

/// Fetches `group`'s code when the browser is next idle, unless it was asked for before or
/// prefetching is off.
pub fn when_idle(group: &'static str) {
    if !ENABLED.get() || saving_data() {
        return;
    }
    let first = ASKED.with_borrow_mut(|asked| {
        let first = !asked.contains(&group);
        if first {
            asked.push(group);
        }
        first
    });
    if !first {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    let start = Closure::once_into_js(move || start(group));
    let Ok(start) = start.dyn_into::<Function>() else { return };
    // requestIdleCallback is missing in Safari; a short delay stands in for it there.
    let idle = Reflect::get(&window, &JsValue::from_str("requestIdleCallback"))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    match idle {
        Some(idle) => {
            let options = js_sys::Object::new();
            let _ = Reflect::set(&options, &JsValue::from_str("timeout"), &JsValue::from_f64(3000.0));
            let _ = idle.call2(&window, &start, &options);
        }
        None => {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&start, 500);
        }
    }
}

fn start(group: &str) {
    let Some(window) = web_sys::window() else { return };
    // Absent in a build whose loader has no packs; then there is nothing to fetch ahead.
    let Ok(prefetch) = Reflect::get(&window, &JsValue::from_str("__consolePrefetch")) else { return };
    if let Ok(prefetch) = prefetch.dyn_into::<Function>() {
        let _ = prefetch.call1(&JsValue::NULL, &JsValue::from_str(group));
    }
}

/// `navigator.connection.saveData`, or a connection the browser rates 2G (Network
/// Information API, Chromium only: web-sys has no binding for it).
fn saving_data() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let Ok(connection) = Reflect::get(&window.navigator(), &JsValue::from_str("connection")) else {
        return false;
    };
    if connection.is_undefined() || connection.is_null() {
        return false;
    }
    let save = Reflect::get(&connection, &JsValue::from_str("saveData")).ok().and_then(|v| v.as_bool());
    let kind =
        Reflect::get(&connection, &JsValue::from_str("effectiveType")).ok().and_then(|v| v.as_string());
    save == Some(true) || matches!(kind.as_deref(), Some("2g" | "slow-2g"))
}
