//! Where people sign in: realm `self` on the console host at Keycloak's fixed paths, or,
//! when config.json names an `issuer`, the endpoints its discovery document gives (read once
//! per page load, kept in memory; a failed read is tried again the next time). Also RFC
//! 9207's check of `iss` in the authorization response. Reading a document is code most
//! environments never run, so it is a module of its own (`discovery_document`), fetched
//! only when an environment names an issuer.

use std::cell::RefCell;
use std::collections::HashMap;

use cluster_api::identity::{AUTH_PATH, LOGOUT_PATH, REALM_PATH};

use crate::api::page_origin;
use crate::config::Environment;
use crate::i18n::k::account as w;
use crate::i18n::tf;

/// The endpoints the console uses (the JWKS is the API's business: the console never
/// verifies a token).
#[derive(Debug, Clone, PartialEq)]
pub struct Endpoints {
    pub issuer: String,
    pub authorization: String,
    pub token: String,
    /// `None` when the issuer offers no RP-initiated logout: signing out then ends the
    /// console's session only.
    pub end_session: Option<String>,
}

impl Endpoints {
    /// Realm `self` on the console host at `origin`, as the service serves it.
    pub fn of_console_host(origin: &str) -> Endpoints {
        let origin = origin.trim_end_matches('/');
        Endpoints {
            issuer: format!("{origin}{REALM_PATH}"),
            authorization: format!("{origin}{AUTH_PATH}"),
            token: format!("{origin}{}", cluster_api::TOKEN_PATH),
            end_session: Some(format!("{origin}{LOGOUT_PATH}")),
        }
    }
}

/// RFC 9207: an `iss` in the authorization response must be the issuer the request went
/// to (a mix-up otherwise); an answer without one is accepted, as older servers send none.
pub fn iss_refused(received: Option<&str>, expected: &str) -> bool {
    received.is_some_and(|iss| iss != expected)
}

thread_local! {
    /// Documents read on this page load, by issuer.
    static READ: RefCell<HashMap<String, Endpoints>> = RefCell::new(HashMap::new());
}

/// The endpoints of `env` known now: always without an issuer; with one, once its
/// document was read on this page load.
pub fn known(env: &Environment) -> Option<Endpoints> {
    match env.own_issuer() {
        None => Some(Endpoints::of_console_host(&env.origin(&page_origin()))),
        Some(issuer) => READ.with_borrow(|read| read.get(issuer).cloned()),
    }
}

/// The endpoints of `env`, reading the issuer's discovery document the first time. Err
/// names the issuer and why, for the sign-in page.
pub async fn endpoints(env: &Environment) -> Result<Endpoints, String> {
    if let Some(known) = known(env) {
        return Ok(known);
    }
    let issuer = env.own_issuer().unwrap_or_default().to_string();
    match super::discovery_document::read(&issuer).await {
        Ok(endpoints) => {
            READ.with_borrow_mut(|read| read.insert(issuer, endpoints.clone()));
            Ok(endpoints)
        }
        Err(why) => Err(tf(w::DISCOVERY_FAILED, &[("issuer", &issuer), ("why", &why)])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ISSUER: &str = "https://sso.example.com/realms/acme";

    #[test]
    fn the_console_host_serves_realm_self() {
        let own = Endpoints::of_console_host("http://127.0.0.1:8080/");
        assert_eq!(own.issuer, "http://127.0.0.1:8080/auth/realms/self");
        assert_eq!(own.authorization, "http://127.0.0.1:8080/auth/realms/self/protocol/openid-connect/auth");
        assert_eq!(own.token, "http://127.0.0.1:8080/auth/realms/self/protocol/openid-connect/token");
        assert_eq!(
            own.end_session.as_deref(),
            Some("http://127.0.0.1:8080/auth/realms/self/protocol/openid-connect/logout")
        );
    }

    #[test]
    fn iss_must_name_the_issuer_when_present() {
        assert!(!iss_refused(None, ISSUER), "servers before RFC 9207 send none");
        assert!(!iss_refused(Some(ISSUER), ISSUER));
        assert!(iss_refused(Some("https://evil.example/realms/acme"), ISSUER));
        assert!(iss_refused(Some(&format!("{ISSUER}/")), ISSUER));
        assert!(iss_refused(Some(""), ISSUER));
    }
}
