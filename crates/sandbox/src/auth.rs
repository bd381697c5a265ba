//! Who a call's access token stands for: the sandbox's own tokens (`token_store`), then,
//! with `--issuer`, an outside issuer's.

use crate::caller::Caller;
use crate::error::ApiError;
use crate::issuer::Holder;
use crate::state::AppState;
use axum::http::HeaderValue;

/// The 401 for a token the service cannot use: unknown to it, or, with `--issuer`, the
/// token of a person it does not know (the service tells the two apart to no one).
fn not_valid() -> ApiError {
    ApiError::unauthorized(
        "The access token is not valid (unknown, or issued before the sandbox restarted); exchange the \
         client credentials for a new one.",
    )
}

/// The token of a `Bearer` Authorization header.
fn bearer(header: Option<&HeaderValue>) -> Result<&str, ApiError> {
    let Some(header) = header else {
        return Err(ApiError::unauthorized(
            "This call needs an access token: send 'Authorization: Bearer <access_token>', with a token from \
             the token endpoint /auth/realms/self/protocol/openid-connect/token.",
        ));
    };
    header
        .to_str()
        .ok()
        .and_then(|value| value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")))
        .map(str::trim)
        .filter(|token| !token.is_empty() && !token.contains(' '))
        .ok_or_else(|| {
            ApiError::unauthorized("The Authorization header is malformed: expected 'Bearer <access_token>'.")
        })
}

/// Who is calling: the sandbox's own tokens first (API secrets, and people signed in at its
/// identity server), then, with `--issuer`, the outside issuer's (`crate::issuer`).
pub async fn authenticate(app: &AppState, header: Option<&HeaderValue>) -> Result<Caller, ApiError> {
    let token = bearer(header)?;
    if let Some(own) = app.tokens.own(token) {
        return own;
    }
    match &app.issuer {
        Some(issuer) if crate::issuer::is_issuer_token(token) => {
            let holder = issuer.verify(token).await?;
            person(app, holder)
        }
        _ => Err(not_valid()),
    }
}

/// The demo world's person an issuer's token stands for, matched by email as its own
/// sign-in page matches them; an unknown person gets the answer the service gives any
/// token it cannot use.
fn person(app: &AppState, holder: Holder) -> Result<Caller, ApiError> {
    let store = app.lock_store()?;
    let person = if holder.email.is_empty() { None } else { store.person_by_username(&holder.email)? };
    let Some(person) = person else {
        return Err(not_valid());
    };
    let grants = store.person_grants(&person.id)?;
    Ok(Caller::person(&person.id, &grants).with_client_roles(holder.client_roles))
}
