//! OAuth client authentication at the token endpoint: `client_secret_basic` (HTTP Basic,
//! what OAuth libraries send by default) as well as `client_secret_post` (form parameters).
//! RFC 6749 §2.3.1: the ID and secret are form-urlencoded, then joined by `:` and base64'd;
//! a client uses one method per request.

use axum::http::{HeaderMap, header};
use base64::Engine;

/// The client ID and secret of an `Authorization: Basic …` header, if there is one.
pub fn basic(headers: &HeaderMap) -> Result<Option<(String, String)>, String> {
    let Some(value) = headers.get(header::AUTHORIZATION) else { return Ok(None) };
    let text = value.to_str().map_err(|_| "The Authorization header is not readable text".to_string())?;
    let Some((scheme, encoded)) = text.trim().split_once(' ') else { return Ok(None) };
    if !scheme.eq_ignore_ascii_case("basic") {
        return Ok(None);
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .map_err(|_| "The Basic credentials are not valid base64".to_string())?;
    let decoded =
        String::from_utf8(decoded).map_err(|_| "The Basic credentials are not UTF-8".to_string())?;
    let (id, secret) = decoded
        .split_once(':')
        .ok_or_else(|| "The Basic credentials must be client_id:client_secret".to_string())?;
    let unescape = |part: &str| {
        serde_urlencoded::from_str::<Vec<(String, String)>>(&format!("v={part}"))
            .ok()
            .and_then(|mut pairs| pairs.pop())
            .map(|(_, value)| value)
            .ok_or_else(|| "The Basic credentials are not form-urlencoded".to_string())
    };
    Ok(Some((unescape(id)?, unescape(secret)?)))
}

/// Puts Basic credentials into the form as `client_id` / `client_secret`, so every grant reads
/// them the same way. Refuses a request that authenticates twice or names two clients.
pub fn merge_basic(headers: &HeaderMap, form: &mut Vec<(String, String)>) -> Result<(), String> {
    let Some((id, secret)) = basic(headers)? else { return Ok(()) };
    if form.iter().any(|(key, _)| key == "client_secret") {
        return Err(
            "The client authenticated twice (HTTP Basic and client_secret): use one method".to_string()
        );
    }
    match form.iter().find(|(key, _)| key == "client_id") {
        Some((_, form_id)) if *form_id != id => {
            return Err("client_id differs from the client of the Basic credentials".to_string());
        }
        Some(_) => {}
        None => form.push(("client_id".to_string(), id)),
    }
    form.push(("client_secret".to_string(), secret));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn reads_basic_credentials() {
        // "demo-admin:demo-admin-secret"
        let headers = with("Basic ZGVtby1hZG1pbjpkZW1vLWFkbWluLXNlY3JldA==");
        assert_eq!(basic(&headers).unwrap(), Some(("demo-admin".into(), "demo-admin-secret".into())));
        // "a%3Ab:s+1" : the ID holds an escaped colon, the secret a form-encoded space.
        let encoded = base64::engine::general_purpose::STANDARD.encode("a%3Ab:s+1");
        assert_eq!(basic(&with(&format!("Basic {encoded}"))).unwrap(), Some(("a:b".into(), "s 1".into())));
        assert_eq!(basic(&with("Bearer abc")).unwrap(), None);
        assert!(basic(&with("Basic !!!")).is_err());
    }

    #[test]
    fn one_method_per_request() {
        let headers = with("Basic ZGVtby1hZG1pbjpkZW1vLWFkbWluLXNlY3JldA==");
        let mut form = vec![("grant_type".to_string(), "client_credentials".to_string())];
        merge_basic(&headers, &mut form).unwrap();
        assert!(form.contains(&("client_id".into(), "demo-admin".into())));
        let mut twice = vec![("client_secret".to_string(), "x".to_string())];
        assert!(merge_basic(&headers, &mut twice).is_err());
        let mut other = vec![("client_id".to_string(), "someone-else".to_string())];
        assert!(merge_basic(&headers, &mut other).is_err());
    }
}
