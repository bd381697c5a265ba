//! Access tokens and who they stand for. Tokens are opaque random strings kept in
//! memory: a restart of the sandbox invalidates them, and clients re-exchange on 401
//! as they must against the real service anyway.

use crate::error::ApiError;
use crate::records::{Grant, SecretRecord};
use axum::http::HeaderValue;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The API secret behind a token, with the organization roles it held when the token
/// was issued (like a real JWT's claims: later role changes need a new token).
#[derive(Debug, Clone, PartialEq)]
pub struct Caller {
    pub secret_id: String,
    pub client_id: String,
    roles: BTreeMap<String, BTreeSet<String>>,
    /// Set when a person signed in through the identity server (then `secret_id` is empty
    /// and `client_id` is the console's client).
    pub person_id: Option<String>,
}

fn role_map(grants: &[Grant]) -> BTreeMap<String, BTreeSet<String>> {
    let mut roles: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for grant in grants {
        roles.entry(grant.org_id.clone()).or_default().insert(grant.role.clone());
    }
    roles
}

impl Caller {
    pub fn new(secret: &SecretRecord, grants: &[Grant]) -> Caller {
        Caller { secret_id: secret.id.clone(), client_id: secret.client_id.clone(), roles: role_map(grants), person_id: None }
    }

    /// A person signed in through the console: authorized by their organization roles
    /// exactly as an API secret is by its own.
    pub fn person(person_id: &str, grants: &[Grant]) -> Caller {
        Caller {
            secret_id: String::new(),
            client_id: cluster_api::identity::CONSOLE_CLIENT_ID.to_string(),
            roles: role_map(grants),
            person_id: Some(person_id.to_string()),
        }
    }

    /// Holding any role in an organization is what makes its resources visible.
    pub fn member_of(&self, org_id: &str) -> bool {
        self.roles.get(org_id).is_some_and(|roles| !roles.is_empty())
    }

    pub fn has(&self, org_id: &str, role: &str) -> bool {
        self.roles.get(org_id).is_some_and(|roles| roles.contains(role))
    }

    /// The caller's roles in an organization, sorted.
    pub fn roles_in(&self, org_id: &str) -> Vec<String> {
        self.roles.get(org_id).map(|roles| roles.iter().cloned().collect()).unwrap_or_default()
    }

    /// Organizations where the caller holds `role`.
    pub fn orgs_with<'a>(&'a self, role: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.roles.iter().filter(move |(_, roles)| roles.contains(role)).map(|(org, _)| org.as_str())
    }
}

struct Issued {
    caller: Caller,
    expires: Instant,
}

#[derive(Default)]
pub struct TokenStore {
    tokens: Mutex<HashMap<String, Issued>>,
}

fn lock_failed() -> ApiError {
    ApiError::internal("The sandbox's token store failed after an earlier error; restart the sandbox.")
}

impl TokenStore {
    /// Issues a new token for `caller`, valid for `ttl`.
    pub fn issue(&self, caller: Caller, ttl: Duration) -> Result<String, ApiError> {
        let token = format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple());
        let now = Instant::now();
        let mut tokens = self.tokens.lock().map_err(|_| lock_failed())?;
        // Forget expired tokens here so the map cannot grow without bound.
        tokens.retain(|_, issued| issued.expires > now);
        tokens.insert(token.clone(), Issued { caller, expires: now + ttl });
        Ok(token)
    }

    /// Who is calling, from the `Authorization` header; 401 saying what is wrong otherwise.
    pub fn authenticate(&self, header: Option<&HeaderValue>) -> Result<Caller, ApiError> {
        let Some(header) = header else {
            return Err(ApiError::unauthorized(
                "This call needs an access token: send 'Authorization: Bearer <access_token>', with a token from \
                 the token endpoint /auth/realms/self/protocol/openid-connect/token.",
            ));
        };
        let token = header
            .to_str()
            .ok()
            .and_then(|value| value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")))
            .map(str::trim)
            .filter(|token| !token.is_empty() && !token.contains(' '))
            .ok_or_else(|| {
                ApiError::unauthorized(
                    "The Authorization header is malformed: expected 'Bearer <access_token>'.",
                )
            })?;
        let tokens = self.tokens.lock().map_err(|_| lock_failed())?;
        match tokens.get(token) {
            None => Err(ApiError::unauthorized(
                "The access token is not valid (unknown, or issued before the sandbox restarted); exchange the \
                 client credentials for a new one.",
            )),
            Some(issued) if issued.expires <= Instant::now() => Err(ApiError::unauthorized(
                "The access token has expired; exchange the client credentials for a new one.",
            )),
            Some(issued) => Ok(issued.caller.clone()),
        }
    }
}
