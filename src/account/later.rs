//! What only some visits run, in a module of its own (`account_tokens`): redeeming the code
//! the identity server sent back, and renewing a person's token. A first visit, a reload
//! and a sign-in with an API secret never do either, so their code (the token grant, the
//! decoders of its answer) is not in the download every visit pays for.

use std::future::Future;
use std::pin::Pin;

use super::pending::Pending;
use crate::api::ApiError;
use crate::chunk::ChunkError;
use crate::config::Environment;
use crate::session::{Api, Session, Token};

type Finish = fn(Session, Pending, String) -> Pin<Box<dyn Future<Output = Result<(), String>>>>;
type Refresh = fn(Api, Environment, String) -> Pin<Box<dyn Future<Output = Result<Token, ApiError>>>>;

#[leptos::wasm_split::wasm_split(account_tokens, fallible, wasm_split_path = ::leptos::wasm_split)]
fn finisher() -> Result<Finish, ChunkError> {
    Ok(|session, pending, code| Box::pin(async move { super::boot::finish(session, &pending, &code).await }))
}

#[leptos::wasm_split::wasm_split(account_tokens, fallible, wasm_split_path = ::leptos::wasm_split)]
fn refresher() -> Result<Refresh, ChunkError> {
    Ok(|api, env, refresh_token| {
        Box::pin(async move { super::tokens::refresh(api, &env, &refresh_token).await })
    })
}

/// Redeems `code` and begins the session (see `boot::finish`).
pub async fn finish(session: Session, pending: Pending, code: String) -> Result<(), String> {
    match finisher().await {
        Ok(finish) => finish(session, pending, code).await,
        Err(ChunkError) => Err(crate::i18n::t(crate::i18n::k::account::CODE_NOT_LOADED).into()),
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
