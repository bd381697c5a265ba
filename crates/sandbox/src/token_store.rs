//! The sandbox's own access tokens and who they stand for. Tokens are JWTs shaped like
//! Keycloak's (see `jwt.rs`), signed with a key made at start and remembered in memory: a
//! restart of the sandbox invalidates them, and clients re-exchange on 401 as they must
//! anyway. Held by the app state, below the code that takes the app state (`auth`).

use crate::caller::Caller;
use crate::error::ApiError;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Issued {
    caller: Caller,
    expires: Instant,
}

pub struct TokenStore {
    tokens: Mutex<HashMap<String, Issued>>,
    /// Signs the JWTs; new at every start.
    key: Vec<u8>,
}

impl Default for TokenStore {
    fn default() -> Self {
        let key = [uuid::Uuid::new_v4(), uuid::Uuid::new_v4()].iter().flat_map(|u| *u.as_bytes()).collect();
        TokenStore { tokens: Mutex::default(), key }
    }
}

fn lock_failed() -> ApiError {
    ApiError::internal("The sandbox's token store failed after an earlier error; restart the sandbox.")
}

impl TokenStore {
    /// The key the sandbox signs with: ID tokens (`identity::id_token`) are signed with it too.
    pub fn signing_key(&self) -> &[u8] {
        &self.key
    }

    /// Issues a new token for `caller`, valid for `ttl`.
    pub fn issue(&self, caller: Caller, ttl: Duration) -> Result<String, ApiError> {
        let token = crate::jwt::sign(&self.key, &crate::jwt::claims(&caller, ttl));
        let now = Instant::now();
        let mut tokens = self.tokens.lock().map_err(|_| lock_failed())?;
        // Forget expired tokens here so the map cannot grow without bound.
        tokens.retain(|_, issued| issued.expires > now);
        tokens.insert(token.clone(), Issued { caller, expires: now + ttl });
        Ok(token)
    }

    /// The caller of one of the sandbox's own tokens, or `None` when it did not issue it.
    pub fn own(&self, token: &str) -> Option<Result<Caller, ApiError>> {
        let tokens = match self.tokens.lock() {
            Ok(tokens) => tokens,
            Err(_) => return Some(Err(lock_failed())),
        };
        match tokens.get(token).filter(|_| crate::jwt::verify(&self.key, token)) {
            None => None,
            Some(issued) if issued.expires <= Instant::now() => Some(Err(ApiError::unauthorized(
                "The access token has expired; exchange the client credentials for a new one.",
            ))),
            Some(issued) => Some(Ok(issued.caller.clone())),
        }
    }
}
