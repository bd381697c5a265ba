//! What a visit runs only on its way in, in a module of its own (`signing_in`): leaving
//! for the identity server (PKCE, the issuer's endpoints), redeeming the code it sends back,
//! renewing a person's token, and signing in with an API secret. The sign-in page's form
//! needs none of it to be drawn, so it is not in the download every visit pays for: the page
//! fetches it when idle, and the head script (public/prefs.js) at once when a session is
//! likely.

use std::future::Future;
use std::pin::Pin;

use super::NotLeft;
use super::pending::Pending;
use crate::api::ApiError;
use crate::chunk::ChunkError;
use crate::config::Environment;
use crate::i18n::k::account as w;
use crate::i18n::t;
use crate::session::{Api, Credentials, Session, Token};

type Answer<T, E> = Pin<Box<dyn Future<Output = Result<T, E>>>>;
type Leave = fn(usize, Environment, String, bool) -> Answer<(), NotLeft>;
type Finish = fn(Session, Pending, String) -> Answer<(), String>;
type Refresh = fn(Api, Environment, String) -> Answer<Token, ApiError>;
type WithSecret = fn(Session, Environment, Credentials) -> Answer<(), ApiError>;

#[leptos::wasm_split::wasm_split(signing_in, fallible, wasm_split_path = ::leptos::wasm_split)]
fn leaver() -> Result<Leave, ChunkError> {
    Ok(|environment, env, next, silent| {
        Box::pin(async move { super::leave(environment, &env, &next, silent).await })
    })
}

#[leptos::wasm_split::wasm_split(signing_in, fallible, wasm_split_path = ::leptos::wasm_split)]
fn finisher() -> Result<Finish, ChunkError> {
    Ok(|session, pending, code| Box::pin(async move { super::boot::finish(session, &pending, &code).await }))
}

#[leptos::wasm_split::wasm_split(signing_in, fallible, wasm_split_path = ::leptos::wasm_split)]
fn refresher() -> Result<Refresh, ChunkError> {
    Ok(|api, env, refresh_token| {
        Box::pin(async move { super::tokens::refresh(api, &env, &refresh_token).await })
    })
}

#[leptos::wasm_split::wasm_split(signing_in, fallible, wasm_split_path = ::leptos::wasm_split)]
fn secret_signer() -> Result<WithSecret, ChunkError> {
    Ok(|session, env, creds| Box::pin(super::secret::sign_in(session, env, creds)))
}

/// Leaves for the identity server; `next` is the console path to come back to, `environment`
/// the index of `env` in config.json; `silent` asks for `prompt=none` (see `leave`).
pub async fn start(environment: usize, env: &Environment, next: &str, silent: bool) -> Result<(), NotLeft> {
    match leaver().await {
        Ok(leave) => leave(environment, env.clone(), next.to_string(), silent).await,
        Err(ChunkError) => Err(NotLeft::NotLoaded),
    }
}

/// Redeems `code` and begins the session (see `boot::finish`).
pub async fn finish(session: Session, pending: Pending, code: String) -> Result<(), String> {
    match finisher().await {
        Ok(finish) => finish(session, pending, code).await,
        Err(ChunkError) => Err(t(w::CODE_NOT_LOADED).into()),
    }
}

/// A fresh token through the identity server's session (see `tokens::refresh`).
pub async fn refresh(api: Api, env: &Environment, refresh_token: &str) -> Result<Token, ApiError> {
    match refresher().await {
        Ok(refresh) => refresh(api, env.clone(), refresh_token.to_string()).await,
        Err(ChunkError) => {
            Err(ApiError::Network("the console could not download the code that renews your sign-in".into()))
        }
    }
}

/// Exchanges an API secret for a token and begins the session (see `secret::sign_in`).
pub async fn sign_in_with_secret(
    session: Session,
    env: Environment,
    creds: Credentials,
) -> Result<(), ApiError> {
    match secret_signer().await {
        Ok(sign_in) => sign_in(session, env, creds).await,
        // Said as a network failure (its detail: check the connection, try again); the text
        // is for the log.
        Err(ChunkError) => Err(ApiError::Network(
            "the console could not download the code that signs in with a secret".into(),
        )),
    }
}
