//! Signing people in with their account: OpenID Connect's authorization code flow with
//! PKCE (S256) against the identity server of realm `self` on the environment's console
//! host. The tokens stay in memory; coming back to the console (a reload, a return from a
//! hosted payment page) signs in again silently with `prompt=none` (see [`boot`]) when this
//! browser has signed a person in before.

mod boot;
mod later;
mod pending;
mod pkce;
mod tokens;

pub use boot::Boot;
pub use later::refresh;
pub use tokens::who;

use cluster_api::identity::{AUTH_PATH, CONSOLE_CLIENT_ID, LOGOUT_PATH};
use cluster_api::request::encode_segment;

use crate::api::page_origin;
use crate::config::Environment;
use crate::i18n::k::account as w;
use crate::i18n::t;
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

/// The authorization request; `silent` asks for `prompt=none` (answer at once, never a form).
pub fn auth_url(
    identity_origin: &str,
    console_origin: &str,
    challenge: &str,
    state: &str,
    silent: bool,
) -> String {
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
    format!("{identity_origin}{AUTH_PATH}?{}", query(&pairs))
}

/// Ends the identity server's session, then comes back to `back` on the console.
pub fn logout_url(identity_origin: &str, back: &str) -> String {
    format!(
        "{identity_origin}{LOGOUT_PATH}?{}",
        query(&[("client_id", CONSOLE_CLIENT_ID), ("post_logout_redirect_uri", back)])
    )
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

/// Leaves for the identity server; `next` is the console path to come back to. Err (with
/// the reason, for the sign-in page) when the browser cannot do its part.
pub async fn start(environment: usize, env: &Environment, next: &str, silent: bool) -> Result<(), String> {
    let verifier = pkce::random(32)?;
    let state = pkce::random(16)?;
    let challenge = pkce::challenge(&verifier).await?;
    pending::save(&Pending { state: state.clone(), verifier, next: next.to_string(), environment, silent })?;
    let origin = page_origin();
    assign(&auth_url(&env.origin(&origin), &origin, &challenge, &state, silent))
}

/// Signs out of the console and of the identity server, coming back to the sign-in page.
pub fn sign_out(session: Session, back_to: &str) {
    let env = session.environment.get_untracked();
    pending::forget_account();
    let origin = page_origin();
    // Leaving first, so the router sees it when the session's end reaches it.
    if let Some(env) = env {
        let back = format!("{}{back_to}", origin.trim_end_matches('/'));
        // Should the browser refuse, the person is still signed out of the console.
        let _ = assign(&logout_url(&env.origin(&origin), &back));
    }
    session.end(Some(w::SIGNED_OUT.into()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_authorization_request_carries_pkce_and_state() {
        let url = auth_url("https://app.example", "https://console.example/", "CH", "st/1", true);
        assert!(url.starts_with(
            "https://app.example/auth/realms/self/protocol/openid-connect/auth?client_id=console&"
        ));
        assert!(url.contains("redirect_uri=https%3A%2F%2Fconsole.example%2F&"), "{url}");
        assert!(url.contains("code_challenge=CH&code_challenge_method=S256"));
        assert!(url.contains("state=st%2F1"));
        assert!(url.ends_with("&prompt=none"));
        assert!(!auth_url("h", "c", "x", "s", false).contains("prompt"));
    }

    #[test]
    fn sign_out_returns_to_the_console() {
        assert_eq!(
            logout_url("http://h", "http://h/sign-in?signed-out=1"),
            "http://h/auth/realms/self/protocol/openid-connect/logout?client_id=console&post_logout_redirect_uri=http%3A%2F%2Fh%2Fsign-in%3Fsigned-out%3D1"
        );
    }
}
