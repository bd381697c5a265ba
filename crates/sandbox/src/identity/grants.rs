//! The token endpoint's grants for people: `authorization_code` (with PKCE S256) and
//! `refresh_token`. The access tokens come from the same `TokenStore` as API secrets',
//! for a `Caller` holding the person's organization roles.

use crate::caller::Caller;
use crate::error::ApiError;
use crate::identity_sessions::Refused;
use crate::oauth_form::{form_value, oauth_error};
use crate::state::AppState;
use axum::Json;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use cluster_api::identity::{AccountTokens, CONSOLE_CLIENT_ID, base64url, valid_verifier};
use sha2::{Digest, Sha256};
use std::time::Instant;

type Form = [(String, String)];

fn invalid_grant(description: &str) -> Response {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", description)
}

/// RFC 7636 S256: the challenge is base64url(SHA-256(verifier)).
pub fn s256(verifier: &str) -> String {
    base64url(&Sha256::digest(verifier.as_bytes()))
}

// The error is the finished answer; it is returned at once, never carried around.
fn public_client(form: &Form) -> Result<(), Response> {
    match form_value(form, "client_id") {
        Some(CONSOLE_CLIENT_ID) => Ok(()),
        None | Some("") => {
            Err(oauth_error(StatusCode::BAD_REQUEST, "invalid_request", "Missing parameter: client_id"))
        }
        Some(_) => Err(oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Invalid client or Invalid client credentials",
        )),
    }
}

pub fn authorization_code(app: &AppState, form: &Form, headers: &HeaderMap) -> Response {
    if let Err(response) = public_client(form) {
        return response;
    }
    let Some(code) = form_value(form, "code").filter(|c| !c.is_empty()) else {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", "Missing parameter: code");
    };
    let now = Instant::now();
    // Taken whatever follows: a code is good for one attempt only.
    let Some(grant) = app.identity.take_code(code, now) else {
        return invalid_grant("Code not valid");
    };
    if form_value(form, "redirect_uri") != Some(grant.redirect_uri.as_str()) {
        return invalid_grant("Incorrect redirect_uri");
    }
    match form_value(form, "code_verifier") {
        None | Some("") => return invalid_grant("PKCE code verifier not specified"),
        Some(verifier) if !valid_verifier(verifier) || s256(verifier) != grant.challenge => {
            return invalid_grant("PKCE verification failed: Invalid code verifier");
        }
        Some(_) => {}
    }
    if app.identity.person(&grant.session_id, now).is_none() {
        return invalid_grant("Session not active");
    }
    let refresh = Some(app.identity.issue_refresh(&grant.session_id));
    respond(app, headers, &grant.person_id, &grant.session_id, refresh, grant.nonce.as_deref())
}

pub fn refresh_token(app: &AppState, form: &Form, headers: &HeaderMap) -> Response {
    if let Err(response) = public_client(form) {
        return response;
    }
    let Some(token) = form_value(form, "refresh_token").filter(|t| !t.is_empty()) else {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", "Missing parameter: refresh_token");
    };
    match app.identity.rotate(token, Instant::now()) {
        // A new refresh token in place of the one used, and a new ID token, as Keycloak
        // sends on refresh; no nonce (OpenID Connect §12.2: the nonce belongs to the
        // authentication, which a refresh is not).
        Ok(rotated) => {
            respond(app, headers, &rotated.person_id, &rotated.session_id, Some(rotated.refresh_token), None)
        }
        // Keycloak's words for a refresh token used once too often.
        Err(Refused::Replayed) => invalid_grant("Maximum allowed refresh token reuse exceeded"),
        Err(Refused::Unknown) => invalid_grant("Session not active"),
    }
}

/// Fresh tokens for a person, with the roles they hold now, and an ID token.
fn respond(
    app: &AppState,
    headers: &HeaderMap,
    person_id: &str,
    session_id: &str,
    refresh: Option<String>,
    nonce: Option<&str>,
) -> Response {
    let issued = (|| -> Result<AccountTokens, ApiError> {
        let caller = {
            let store = app.lock_store()?;
            if store.is_staff_person(person_id)? {
                Caller::staff(person_id, cluster_api::identity::CONSOLE_CLIENT_ID).signed_in_as(person_id)
            } else {
                Caller::person(person_id, &store.person_grants(person_id)?)
            }
        };
        let ttl = app.settings.token_ttl;
        let access_token = app.tokens.issue(caller, ttl)?;
        let remaining = app.identity.remaining(session_id, Instant::now()).as_secs();
        let issuer = super::issuer(app, headers);
        let id_token = super::id_token::issue(app, &issuer, person_id, session_id, nonce)?;
        Ok(AccountTokens {
            access_token,
            token_type: "Bearer".to_string(),
            expires_in: i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX),
            refresh_token: refresh,
            refresh_expires_in: Some(i64::try_from(remaining).unwrap_or(i64::MAX)),
            id_token: Some(id_token),
        })
    })();
    match issued {
        Ok(tokens) => (StatusCode::OK, Json(tokens)).into_response(),
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s256_matches_rfc_7636_appendix_b() {
        assert_eq!(
            s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }
}
