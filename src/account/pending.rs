//! What a sign-in must remember across the trip to the identity server and back: the
//! PKCE verifier, the state, where to return and which environment. Kept in this tab's
//! sessionStorage only until the answer comes back (it is no token: the verifier is
//! useless without the single-use code the browser has not yet received).

use crate::i18n::k::account as w;
use crate::i18n::t;
use crate::json::{self, quote};

const KEY: &str = "console.sign-in";
/// The environment last signed in to, so a silent sign-in after a reload asks the same one.
const ENVIRONMENT_KEY: &str = "console.environment";
/// The environment this browser last signed a person in to (localStorage, every tab). A
/// start without a token tries a silent sign-in only when it is there: a first visit, or
/// one after signing out, shows the sign-in page at once instead of a round trip through
/// the identity server that can only answer `login_required`. An index, not a token.
const ACCOUNT_KEY: &str = "console.account-environment";

#[derive(Debug, Clone, PartialEq)]
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

impl Pending {
    /// As kept in sessionStorage: a JSON object of its fields (the form it has had since
    /// serde wrote it, so a sign-in under way across an update still finishes).
    fn to_json(&self) -> String {
        let Pending { state, verifier, next, environment, silent } = self;
        let (state, verifier, next) = (quote(state), quote(verifier), quote(next));
        let strings = format!(r#""state":{state},"verifier":{verifier},"next":{next}"#);
        format!(r#"{{{strings},"environment":{environment},"silent":{silent}}}"#)
    }

    /// What [`Pending::to_json`] wrote; `None` for anything else (every field must be there).
    fn from_json(text: &str) -> Option<Pending> {
        let value = json::parse(text).ok()?;
        Some(Pending {
            state: json::text(&value, "state").ok()?,
            verifier: json::text(&value, "verifier").ok()?,
            next: json::text(&value, "next").ok()?,
            environment: usize::try_from(json::whole(&value, "environment").ok()?).ok()?,
            silent: json::maybe_bool(&value, "silent").ok()??,
        })
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// Err when the tab cannot keep it (storage disabled): the sign-in could not be finished.
pub fn save(pending: &Pending) -> Result<(), String> {
    let text = pending.to_json();
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
    Pending::from_json(&text)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pending(next: &str, environment: usize, silent: bool) -> Pending {
        Pending { state: "s-1".into(), verifier: "v_2-~.".into(), next: next.into(), environment, silent }
    }

    #[test]
    fn what_is_kept_reads_back_exactly() {
        for next in ["/", "/clusters/c-1?tab=logs&q=\"a b\"#x", "/x\\y\n\t\u{0}", "/ünï/💡"] {
            for (environment, silent) in [(0, false), (3, true)] {
                let kept = pending(next, environment, silent);
                assert_eq!(Pending::from_json(&kept.to_json()), Some(kept.clone()), "{next:?}");
            }
        }
    }

    #[test]
    fn the_form_serde_wrote_still_reads() {
        // As the derived Serialize wrote it before this reader (a sign-in under way then).
        let next = "/a?b=\"c\"&d=\\e\n\t\u{0}ü";
        let text = serde_json::json!({
            "state": "s-1", "verifier": "v_2-~.", "next": next, "environment": 2, "silent": false
        })
        .to_string();
        assert_eq!(Pending::from_json(&text), Some(pending(next, 2, false)));
    }

    #[test]
    fn anything_else_reads_as_none() {
        for bad in [
            "",
            "not json",
            "[]",
            r#"{"state":"s","verifier":"v","next":"/","environment":0}"#,
            r#"{"state":"s","verifier":"v","next":"/","environment":-1,"silent":false}"#,
            r#"{"state":"s","verifier":"v","next":"/","environment":1.5,"silent":false}"#,
            r#"{"state":"s","verifier":"v","next":"/","environment":"0","silent":false}"#,
            r#"{"state":"s","verifier":"v","next":7,"environment":0,"silent":false}"#,
            r#"{"state":"s","verifier":"v","next":"/","environment":0,"silent":"no"}"#,
        ] {
            assert_eq!(Pending::from_json(bad), None, "{bad}");
        }
    }
}
