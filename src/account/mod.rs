//! Signing people in with their account: OpenID Connect's authorization code flow with
//! PKCE (S256) against the identity server of realm `self` on the environment's console
//! host. The tokens stay in memory; coming back to the console (a reload, a return from a
//! hosted payment page) signs in again silently with `prompt=none` (see [`boot`]) when this
//! browser has signed a person in before.

mod boot;
pub mod discovery;
mod discovery_document;
mod pending;
mod pkce;
mod secret;
mod signing_in;
mod tokens;

pub use boot::{decide, returning};
pub use signing_in::{refresh, sign_in_with_secret, start};

use cluster_api::identity::CONSOLE_CLIENT_ID;
use cluster_api::request::encode_segment;

use crate::api::page_origin;
use crate::config::Environment;
use crate::i18n::k::account as w;
use crate::i18n::{t, tf};
use crate::session::Session;
use leptos::prelude::GetUntracked;
use pending::Pending;

/// Where the identity server sends the browser back: the console's root, where [`boot`]
/// reads the answer before anything else runs.
pub fn redirect_uri(origin: &str) -> String {
    format!("{}/", origin.trim_end_matches('/'))
}

fn query(pairs: &[(&str, &str)]) -> String {
    pairs.iter().map(|(k, v)| format!("{k}={}", encode_segment(v))).collect::<Vec<_>>().join("&")
}

/// The authorization request to `endpoint`; `silent` asks for `prompt=none` (answer at
/// once, never a form).
pub fn auth_url(endpoint: &str, console_origin: &str, challenge: &str, state: &str, silent: bool) -> String {
    let redirect = redirect_uri(console_origin);
    let mut pairs = vec![
        ("client_id", CONSOLE_CLIENT_ID),
        ("redirect_uri", redirect.as_str()),
        ("response_type", "code"),
        ("scope", "openid"),
        ("state", state),
        ("code_challenge", challenge),
        ("code_challenge_method", "S256"),
    ];
    if silent {
        pairs.push(("prompt", "none"));
    }
    at(endpoint, &pairs)
}

/// `endpoint` with `pairs` added to its query (a discovery document's endpoint may have one).
fn at(endpoint: &str, pairs: &[(&str, &str)]) -> String {
    let joiner = if endpoint.contains('?') { '&' } else { '?' };
    format!("{endpoint}{joiner}{}", query(pairs))
}

/// RP-initiated logout at `endpoint`, then back to `back` on the console. With the ID
/// token as `id_token_hint` Keycloak (and any certified provider) signs out without asking.
pub fn logout_url(endpoint: &str, back: &str, id_token: Option<&str>) -> String {
    let mut pairs = vec![("client_id", CONSOLE_CLIENT_ID)];
    if let Some(hint) = id_token {
        pairs.push(("id_token_hint", hint));
    }
    pairs.push(("post_logout_redirect_uri", back));
    at(endpoint, &pairs)
}

thread_local! {
    /// The page is on its way to the identity server (sign-in or sign-out).
    static LEAVING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the page is leaving for the identity server: the router then moves nowhere
/// itself, since a navigation of its own may cancel the browser's (WebKit does).
pub fn leaving() -> bool {
    LEAVING.get()
}

fn assign(url: &str) -> Result<(), String> {
    web_sys::window()
        .ok_or(t(w::NO_WINDOW))?
        .location()
        .assign(url)
        .map_err(|_| t(w::OPEN_REFUSED).to_string())?;
    LEAVING.set(true);
    Ok(())
}

/// Why the browser did not leave for the identity server.
#[derive(Debug, Clone, PartialEq)]
pub enum NotLeft {
    /// The issuer's discovery document could not be read: the words name the issuer and why.
    Issuer(String),
    /// The browser could not do its part (no Web Crypto, no storage, no window): the reason.
    Browser(String),
    /// The code that starts a sign-in could not be downloaded (`later`).
    NotLoaded,
}

impl NotLeft {
    /// What the sign-in page says.
    pub fn words(&self) -> String {
        match self {
            NotLeft::Issuer(why) => why.clone(),
            NotLeft::Browser(reason) => tf(crate::i18n::k::sign_in::LEAVE_FAILED, &[("reason", reason)]),
            NotLeft::NotLoaded => t(w::START_NOT_LOADED).into(),
        }
    }
}

/// Leaves for the identity server; `next` is the console path to come back to (loaded on
/// demand: `signing_in::start`).
async fn leave(environment: usize, env: &Environment, next: &str, silent: bool) -> Result<(), NotLeft> {
    let endpoints = discovery::endpoints(env).await.map_err(NotLeft::Issuer)?;
    let verifier = pkce::random(32).map_err(NotLeft::Browser)?;
    let state = pkce::random(16).map_err(NotLeft::Browser)?;
    let challenge = pkce::challenge(&verifier).await.map_err(NotLeft::Browser)?;
    let pending = Pending { state: state.clone(), verifier, next: next.to_string(), environment, silent };
    pending::save(&pending).map_err(NotLeft::Browser)?;
    assign(&auth_url(&endpoints.authorization, &page_origin(), &challenge, &state, silent))
        .map_err(NotLeft::Browser)
}

/// Signs out of the console and of the identity server, coming back to the sign-in page.
pub fn sign_out(session: Session, back_to: &str) {
    let env = session.environment.get_untracked();
    let id_token = session.id_token();
    pending::forget_account();
    // Leaving first, so the router sees it when the session's end reaches it. A person's
    // sign-in read the issuer's document on this page load, so its logout is known.
    if let Some(end) = env.as_ref().and_then(discovery::known).and_then(|e| e.end_session) {
        let back = format!("{}{back_to}", page_origin().trim_end_matches('/'));
        // Should the browser refuse, the person is still signed out of the console.
        let _ = assign(&logout_url(&end, &back, id_token.as_deref()));
    }
    session.end(Some(w::SIGNED_OUT.into()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_authorization_request_carries_pkce_and_state() {
        let endpoint = "https://app.example/auth/realms/self/protocol/openid-connect/auth";
        let url = auth_url(endpoint, "https://console.example/", "CH", "st/1", true);
        assert!(url.starts_with(
            "https://app.example/auth/realms/self/protocol/openid-connect/auth?client_id=console&"
        ));
        assert!(url.contains("redirect_uri=https%3A%2F%2Fconsole.example%2F&"), "{url}");
        assert!(url.contains("code_challenge=CH&code_challenge_method=S256"));
        assert!(url.contains("state=st%2F1"));
        assert!(url.ends_with("&prompt=none"));
        assert!(!auth_url("h", "c", "x", "s", false).contains("prompt"));
        // An issuer's endpoint is used as its document gives it, query and all.
        let theirs = auth_url("https://sso.example.com/realms/acme/auth?kc_idp_hint=x", "c", "x", "s", false);
        assert!(
            theirs.starts_with("https://sso.example.com/realms/acme/auth?kc_idp_hint=x&client_id=console&")
        );
    }

    #[test]
    fn a_sign_in_that_did_not_leave_says_why() {
        let issuer = "The console could not read the sign-in settings of the identity server x: y.";
        assert_eq!(NotLeft::Issuer(issuer.into()).words(), issuer, "the issuer's words as they are");
        let browser = NotLeft::Browser("this browser offers no Web Crypto".into()).words();
        assert!(browser.starts_with("Could not go to the sign-in page: this browser offers no Web Crypto."));
        let not_loaded = NotLeft::NotLoaded.words();
        assert!(not_loaded.contains("could not download"), "{not_loaded}");
        assert!(not_loaded.contains("try again"), "{not_loaded}");
    }

    #[test]
    fn sign_out_returns_to_the_console() {
        let end = "http://h/auth/realms/self/protocol/openid-connect/logout";
        assert_eq!(
            logout_url(end, "http://h/sign-in?signed-out=1", None),
            "http://h/auth/realms/self/protocol/openid-connect/logout?client_id=console&\
             post_logout_redirect_uri=http%3A%2F%2Fh%2Fsign-in%3Fsigned-out%3D1"
        );
        assert_eq!(
            logout_url(
                "https://sso.example.com/realms/acme/logout",
                "http://h/sign-in?signed-out=1",
                Some("a.b+c")
            ),
            "https://sso.example.com/realms/acme/logout?client_id=console&id_token_hint=a.b%2Bc&\
             post_logout_redirect_uri=http%3A%2F%2Fh%2Fsign-in%3Fsigned-out%3D1"
        );
    }
}
