//! Access tokens and who they stand for. Tokens are JWTs shaped like Keycloak's (see
//! `jwt.rs`), signed with a key made at start and remembered in memory: a restart of the
//! sandbox invalidates them, and clients re-exchange on 401 as they must anyway.

use crate::error::ApiError;
use crate::records::{Grant, SecretRow};
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
    /// Client roles by Keycloak client (`resource_access` in the token): support staff
    /// hold `manage-clusters` on `cluster-management`.
    client_roles: BTreeMap<String, BTreeSet<String>>,
}

fn role_map(grants: &[Grant]) -> BTreeMap<String, BTreeSet<String>> {
    let mut roles: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for grant in grants {
        roles.entry(grant.org_id.clone()).or_default().insert(grant.role.clone());
    }
    roles
}

impl Caller {
    pub fn new(secret: &SecretRow, grants: &[Grant]) -> Caller {
        Caller {
            secret_id: secret.id.clone(),
            client_id: secret.client_id.clone(),
            roles: role_map(grants),
            person_id: None,
            client_roles: BTreeMap::new(),
        }
    }

    /// A person signed in through the console: authorized by their organization roles
    /// exactly as an API secret is by its own.
    pub fn person(person_id: &str, grants: &[Grant]) -> Caller {
        Caller {
            secret_id: String::new(),
            client_id: cluster_api::identity::CONSOLE_CLIENT_ID.to_string(),
            roles: role_map(grants),
            person_id: Some(person_id.to_string()),
            client_roles: BTreeMap::new(),
        }
    }

    /// Support staff: no organization role, the staff client role (API-NOTES §2.3).
    pub fn staff(subject: &str, client_id: &str) -> Caller {
        let role = BTreeSet::from([cluster_api::roles::STAFF_ROLE.to_string()]);
        Caller {
            secret_id: subject.to_string(),
            client_id: client_id.to_string(),
            roles: BTreeMap::new(),
            person_id: None,
            client_roles: BTreeMap::from([(cluster_api::roles::STAFF_CLIENT.to_string(), role)]),
        }
    }

    /// The same caller, signed in as a person (`sam@staff.example` is staff).
    pub fn signed_in_as(mut self, person_id: &str) -> Caller {
        self.person_id = Some(person_id.to_string());
        self
    }

    pub fn has_client_role(&self, client: &str, role: &str) -> bool {
        self.client_roles.get(client).is_some_and(|roles| roles.contains(role))
    }

    /// Holds the staff client role: may read every organization (never change it).
    pub fn is_staff(&self) -> bool {
        self.has_client_role(cluster_api::roles::STAFF_CLIENT, cluster_api::roles::STAFF_ROLE)
    }

    /// The token's `resource_access` claim.
    pub fn client_roles(&self) -> &BTreeMap<String, BTreeSet<String>> {
        &self.client_roles
    }

    /// Holding any role in an organization is what makes its resources visible; staff
    /// count every organization as one they can access.
    pub fn member_of(&self, org_id: &str) -> bool {
        self.is_staff() || self.roles.get(org_id).is_some_and(|roles| !roles.is_empty())
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
        match tokens.get(token).filter(|_| crate::jwt::verify(&self.key, token)) {
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
