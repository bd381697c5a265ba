//! Reading an issuer's OpenID Connect discovery document: its own code group
//! (`discovery_document`), fetched only when an environment names an issuer, so the sign-in
//! page of every other environment does not carry its fetch, its JSON decoder and its checks.

use std::future::Future;
use std::pin::Pin;

use gloo_net::http::{Method, RequestBuilder};

use super::discovery::Endpoints;
use crate::chunk::ChunkError;
use crate::i18n::k::account as w;
use crate::i18n::{t, tf};

use crate::json;

struct Document {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    end_session_endpoint: Option<String>,
}

/// The document's fields the console uses, read with the browser's parser (`crate::json`):
/// this group may load before the console's, which holds serde_json.
fn read_document(text: &str) -> Result<Document, String> {
    json::read(text, |value| {
        let field = |key| json::text(value, key);
        Ok(Document {
            issuer: field("issuer")?,
            authorization_endpoint: field("authorization_endpoint")?,
            token_endpoint: field("token_endpoint")?,
            end_session_endpoint: json::maybe_text(value, "end_session_endpoint")?,
        })
    })
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
    let doc = read_document(text).map_err(|why| tf(w::DISCOVERY_INVALID, &[("why", &why)]))?;
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

async fn fetch(issuer: &str) -> Result<String, String> {
    let unreachable = |e: gloo_net::Error| tf(w::DISCOVERY_UNREACHABLE, &[("why", &e.to_string())]);
    let response =
        RequestBuilder::new(&discovery_url(issuer)).method(Method::GET).send().await.map_err(unreachable)?;
    if response.status() != 200 {
        return Err(tf(w::DISCOVERY_STATUS, &[("status", &response.status().to_string())]));
    }
    response.text().await.map_err(unreachable)
}

type Read = fn(String) -> Pin<Box<dyn Future<Output = Result<Endpoints, String>>>>;

#[leptos::wasm_split::wasm_split(discovery_document, fallible, wasm_split_path = ::leptos::wasm_split)]
fn reader() -> Result<Read, ChunkError> {
    Ok(|issuer| Box::pin(async move { fetch(&issuer).await.and_then(|text| parse(&text, &issuer)) }))
}

/// The endpoints `issuer`'s document names; Err says why (its part of the sign-in page's
/// sentence), also when this module could not be downloaded.
pub async fn read(issuer: &str) -> Result<Endpoints, String> {
    match reader().await {
        Ok(read) => read(issuer.to_string()).await,
        Err(ChunkError) => Err(t(w::DISCOVERY_NOT_LOADED).into()),
    }
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
        let mistyped =
            format!(r#"{{"issuer":"{ISSUER}","authorization_endpoint":7,"token_endpoint":"{ISSUER}/t"}}"#);
        let why = parse(&mistyped, ISSUER).unwrap_err();
        assert!(why.contains("could not be read") && why.contains("authorization_endpoint"), "{why}");
    }
}
