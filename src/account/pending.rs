//! What a sign-in must remember across the trip to the identity server and back: the
//! PKCE verifier, the state, where to return and which environment. Kept in this tab's
//! sessionStorage only until the answer comes back (it is no token: the verifier is
//! useless without the single-use code the browser has not yet received).

use serde::{Deserialize, Serialize};

use crate::i18n::k::account as w;
use crate::i18n::t;

const KEY: &str = "console.sign-in";
/// The environment last signed in to, so a silent sign-in after a reload asks the same one.
const ENVIRONMENT_KEY: &str = "console.environment";
/// The environment this browser last signed a person in to (localStorage, every tab). A
/// start without a token tries a silent sign-in only when it is there: a first visit, or
/// one after signing out, shows the sign-in page at once instead of a round trip through
/// the identity server that can only answer `login_required`. An index, not a token.
const ACCOUNT_KEY: &str = "console.account-environment";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub state: String,
    pub verifier: String,
    /// The console path to land on.
    pub next: String,
    /// Index into the configuration's environments.
    pub environment: usize,
    /// A `prompt=none` attempt: `login_required` then just means "show the sign-in page".
    pub silent: bool,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// Err when the tab cannot keep it (storage disabled): the sign-in could not be finished.
pub fn save(pending: &Pending) -> Result<(), String> {
    let text = serde_json::to_string(pending).map_err(|e| e.to_string())?;
    let storage = storage().ok_or(t(w::NO_STORAGE))?;
    storage.set_item(KEY, &text).map_err(|_| t(w::STORAGE_REFUSED).to_string())?;
    let _ = storage.set_item(ENVIRONMENT_KEY, &pending.environment.to_string());
    Ok(())
}

/// The pending sign-in, removed as it is read: an answer is accepted once.
pub fn take() -> Option<Pending> {
    let storage = storage()?;
    let text = storage.get_item(KEY).ok().flatten()?;
    let _ = storage.remove_item(KEY);
    serde_json::from_str(&text).ok()
}

/// The number kept under `key` in `storage`, if any.
fn index_in(storage: Option<web_sys::Storage>, key: &str) -> Option<usize> {
    storage.and_then(|s| s.get_item(key).ok().flatten()).and_then(|t| t.parse().ok())
}

/// The environment a sign-in in this tab last went to.
pub fn remembered_environment() -> Option<usize> {
    index_in(storage(), ENVIRONMENT_KEY)
}

fn browser_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// A person signed in to `environment`: later starts may sign them in silently.
pub fn remember_account(environment: usize) {
    if let Some(storage) = browser_storage() {
        let _ = storage.set_item(ACCOUNT_KEY, &environment.to_string());
    }
}

/// The identity server's session is over (signed out, or it said `login_required`).
pub fn forget_account() {
    if let Some(storage) = browser_storage() {
        let _ = storage.remove_item(ACCOUNT_KEY);
    }
}

/// Where this browser last signed a person in, if it did and they have not signed out.
pub fn account_environment() -> Option<usize> {
    index_in(browser_storage(), ACCOUNT_KEY)
}
