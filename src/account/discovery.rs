//! Where people sign in: realm `self` on the console host at Keycloak's fixed paths, or,
//! when config.json names an `issuer`, the endpoints its discovery document gives (read once
//! per page load, kept in memory; a failed read is tried again the next time). Also RFC
//! 9207's check of `iss` in the authorization response.

use std::cell::RefCell;
use std::collections::HashMap;

use cluster_api::identity::{AUTH_PATH, LOGOUT_PATH, REALM_PATH};
use gloo_net::http::{Method, RequestBuilder};
use serde::Deserialize;

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

#[derive(Deserialize)]
struct Document {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    #[serde(default)]
    end_session_endpoint: Option<String>,
}

/// OpenID Connect Discovery §4: the document's address, a trailing slash removed first.
pub fn discovery_url(issuer: &str) -> String {
    format!("{}/.well-known/openid-configuration", issuer.trim_end_matches('/'))
}

/// The browser is sent to these: the console's rule for any address it follows
/// (`redirect::safe_external`), and taken as the document spells them, so no whitespace.
fn is_http(url: &str) -> bool {
    crate::redirect::safe_external(url).is_some() && !url.contains(char::is_whitespace)
}

/// The endpoints of `issuer`'s discovery document; Err says why in words. The document
/// must name `issuer` exactly (Discovery §4.3), or it may be another server's.
pub fn parse(text: &str, issuer: &str) -> Result<Endpoints, String> {
    let doc: Document =
        serde_json::from_str(text).map_err(|e| tf(w::DISCOVERY_INVALID, &[("why", &e.to_string())]))?;
    if doc.issuer != issuer {
        return Err(tf(w::DISCOVERY_OTHER_ISSUER, &[("found", &doc.issuer)]));
    }
    let named = [
        ("authorization_endpoint", Some(&doc.authorization_endpoint)),
        ("token_endpoint", Some(&doc.token_endpoint)),
        ("end_session_endpoint", doc.end_session_endpoint.as_ref()),
    ];
    if let Some((name, _)) = named.iter().find(|(_, url)| url.is_some_and(|u| !is_http(u))) {
        return Err(tf(w::DISCOVERY_BAD_ENDPOINT, &[("name", name)]));
    }
    Ok(Endpoints {
        issuer: doc.issuer,
        authorization: doc.authorization_endpoint,
        token: doc.token_endpoint,
        end_session: doc.end_session_endpoint,
    })
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
    match fetch(&issuer).await.and_then(|text| parse(&text, &issuer)) {
        Ok(endpoints) => {
            READ.with_borrow_mut(|read| read.insert(issuer, endpoints.clone()));
            Ok(endpoints)
        }
        Err(why) => Err(tf(w::DISCOVERY_FAILED, &[("issuer", &issuer), ("why", &why)])),
    }
}

async fn fetch(issuer: &str) -> Result<String, String> {
    let unreachable = |e: gloo_net::Error| tf(w::DISCOVERY_UNREACHABLE, &[("why", &e.to_string())]);
    let response =
        RequestBuilder::new(&discovery_url(issuer)).method(Method::GET).send().await.map_err(unreachable)?;
    if response.status() != 200 {
        return Err(tf(w::DISCOVERY_STATUS, &[("status", &response.status().to_string())]));
    }
    response.text().await.map_err(unreachable)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ISSUER: &str = "https://sso.example.com/realms/acme";

    fn document(issuer: &str, end_session: &str) -> String {
        format!(
            r#"{{"issuer":"{issuer}","authorization_endpoint":"{ISSUER}/protocol/openid-connect/auth",
            "token_endpoint":"{ISSUER}/protocol/openid-connect/token",{end_session}
            "jwks_uri":"{ISSUER}/protocol/openid-connect/certs"}}"#
        )
    }

    #[test]
    fn a_document_gives_the_endpoints() {
        let end = format!(r#""end_session_endpoint":"{ISSUER}/protocol/openid-connect/logout","#);
        let Ok(read) = parse(&document(ISSUER, &end), ISSUER) else { panic!("a good document refused") };
        assert_eq!(read.issuer, ISSUER);
        assert_eq!(read.authorization, format!("{ISSUER}/protocol/openid-connect/auth"));
        assert_eq!(read.token, format!("{ISSUER}/protocol/openid-connect/token"));
        assert_eq!(read.end_session, Some(format!("{ISSUER}/protocol/openid-connect/logout")));
        let Ok(without) = parse(&document(ISSUER, ""), ISSUER) else { panic!("no logout is allowed") };
        assert_eq!(without.end_session, None);
        assert_eq!(
            discovery_url(&format!("{ISSUER}/")),
            format!("{ISSUER}/.well-known/openid-configuration")
        );
    }

    #[test]
    fn a_document_for_another_issuer_or_with_odd_endpoints_is_refused() {
        let other = parse(&document("https://evil.example/realms/acme", ""), ISSUER).unwrap_err();
        assert!(other.contains("another issuer, https://evil.example/realms/acme"), "{other}");
        // Exact, as Discovery §4.3 asks: not even a trailing slash.
        assert!(parse(&document(&format!("{ISSUER}/"), ""), ISSUER).is_err());
        let script = document(ISSUER, r#""end_session_endpoint":"javascript:alert(1)","#);
        assert!(parse(&script, ISSUER).unwrap_err().contains("end_session_endpoint"));
        assert!(parse("<html>", ISSUER).unwrap_err().contains("could not be read"));
        assert!(parse(r#"{"issuer":"x"}"#, ISSUER).unwrap_err().contains("could not be read"));
    }

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
