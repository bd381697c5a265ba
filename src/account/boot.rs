//! Start-up without a token: finish a sign-in the identity server just answered, or try a
//! silent one (`prompt=none`); the Shell's `Boot` shows the console (or its sign-in page) only then. Coming
//! back from a hosted page or a reload so lands where the person was, with nothing to type.

use cluster_api::identity::{UserInfo, query_pairs};
use leptos::prelude::*;

use super::pending::{self, Pending};
use super::{discovery, redirect_uri, start, tokens};
use crate::api::page_origin;
use crate::claims;
use crate::i18n::k::account as w;
use crate::i18n::{Phrase, t, tf};
use crate::links;
use crate::navigation::safe_next;
use crate::session::{Renewal, Session};

/// Rewrites the address bar without a navigation, before the router reads it.
fn replace_url(path: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(path));
    }
}

/// Whether the address holds the identity server's code: a sign-in is about to finish.
pub fn returning() -> bool {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let params = query_pairs(&search);
    ["code", "state"].iter().all(|name| params.iter().any(|(k, _)| k == name))
}

/// True when the console should render now; false when the browser is leaving for the
/// identity server (a silent sign-in).
pub async fn decide(session: Session) -> bool {
    let Some(location) = web_sys::window().map(|w| w.location()) else { return true };
    let path = location.pathname().unwrap_or_default();
    let params = query_pairs(&location.search().unwrap_or_default());
    let get = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());

    if let Some(state) = get("state").filter(|_| get("code").is_some() || get("error").is_some()) {
        // A pending sign-in is taken once: a reloaded or forged answer finds none and never loops.
        let Some(pending) = pending::take().filter(|p| p.state == state) else {
            session.notice.set(Some(w::FOREIGN_ANSWER.into()));
            replace_url(&links::sign_in("/"));
            return true;
        };
        let next = safe_next(Some(&pending.next));
        // RFC 9207: the answer must come from the issuer the request went to; no code is
        // exchanged otherwise (a mix-up would hand it to another server's token endpoint).
        let expected = session
            .config
            .with_value(|c| c.environments.get(pending.environment).map(|e| e.issuer(&page_origin())));
        if let (Some(got), Some(expected)) = (get("iss"), expected)
            && discovery::iss_refused(Some(&got), &expected)
        {
            session.notice.set(Some(Phrase::of(
                w::WRONG_ISSUER,
                [("got", Phrase::Verbatim(got)), ("expected", Phrase::Verbatim(expected))],
            )));
            replace_url(&links::sign_in(&next));
            return true;
        }
        match (get("code"), get("error")) {
            (Some(code), _) => match super::signing_in::finish(session, pending, code).await {
                Ok(()) => replace_url(&next),
                Err(why) => {
                    session.notice.set(Some(why.into()));
                    replace_url(&links::sign_in(&next));
                }
            },
            (None, error) => {
                let error = error.unwrap_or_default();
                // The identity server's session is over: later starts go straight to the form.
                let login_required = error == "login_required";
                if login_required {
                    pending::forget_account();
                }
                if !(pending.silent && login_required) {
                    let why = get("error_description").unwrap_or(error);
                    session.notice.set(Some(Phrase::of(w::REFUSED, [("why", why.into())])));
                }
                // Back to the page asked for: the router shows it, or sign-in when it needs one
                // (an unknown address still says "Page not found").
                replace_url(&next);
            }
        }
        return true;
    }
    if path == links::SIGN_IN && get("signed-out").is_some() {
        session.notice.set(Some(w::SIGNED_OUT.into()));
        replace_url(&links::sign_in(&get("next").unwrap_or_else(|| "/".into())));
        return true;
    }
    // Nobody is signed in yet: when this browser signed a person in before, ask the identity
    // server whether its session still knows them; otherwise the sign-in page shows at once.
    let Some(known) = pending::account_environment() else { return true };
    let next = if path == links::SIGN_IN {
        get("next").unwrap_or_else(|| "/".into())
    } else {
        format!("{path}{}", location.search().unwrap_or_default())
    };
    let environments = session.config.with_value(|c| c.environments.clone());
    let index = pending::remembered_environment().unwrap_or(known).min(environments.len().saturating_sub(1));
    let Some(env) = environments.get(index) else { return true };
    // Should the browser be unable to start (no Web Crypto, no storage), the sign-in page
    // shows; an issuer whose document cannot be read says so there.
    match start(index, env, &safe_next(Some(&next)), true).await {
        Ok(()) => false,
        Err(not_left) => {
            if env.own_issuer().is_some() {
                session.notice.set(Some(Phrase::Verbatim(not_left.words())));
            }
            true
        }
    }
}

/// Redeems the code and begins the session as the person (loaded on demand: `signing_in`).
pub(super) async fn finish(session: Session, pending: &Pending, code: &str) -> Result<(), String> {
    let environments = session.config.with_value(|c| c.environments.clone());
    let env = environments.get(pending.environment).cloned().ok_or(t(w::ENVIRONMENT_GONE))?;
    let (token, renewal) = tokens::redeem(&env, code, &pending.verifier, &redirect_uri(&page_origin()))
        .await
        .map_err(|e| tf(w::INCOMPLETE, &[("title", &e.title()), ("detail", &e.detail())]))?;
    let id_token = match &renewal {
        Renewal::Account { id_token, .. } => id_token.clone(),
        Renewal::Secret(_) => None,
    };
    // The console shows at once, naming the person as the tokens do (Keycloak's ID token
    // carries the name and email); who the identity server says they are (`tokens::person`:
    // the console host's userinfo, or an outside issuer's tokens first) follows, without a
    // round trip more before the first screen.
    let named =
        id_token.as_deref().and_then(claims::user_info).or_else(|| claims::user_info(&token.access_token));
    let access_token = token.access_token.clone();
    session.email.set(named.as_ref().and_then(|info| info.email.clone()));
    session.begin(env.clone(), renewal, token, shown_name(named));
    let subject = session.user_id.get_untracked();
    pending::remember_account(pending.environment);
    leptos::task::spawn_local(async move {
        let Some(info) = tokens::person(&env, &access_token, id_token.as_deref()).await else { return };
        // Only for the sign-in it was asked for (the person may have signed out meanwhile),
        // and only when it names them: an answer naming nobody leaves the tokens' name.
        if session.still(&subject) && (info.name.is_some() || info.email.is_some()) {
            if let Some(email) = info.email.clone() {
                session.email.try_set(Some(email));
            }
            session.who.try_set(shown_name(Some(info)));
        }
    });
    Ok(())
}

/// How the header names a person: their name, else their email, else "your account".
fn shown_name(info: Option<UserInfo>) -> String {
    info.and_then(|info| info.name.or(info.email)).unwrap_or_else(|| t(w::YOUR_ACCOUNT).into())
}
