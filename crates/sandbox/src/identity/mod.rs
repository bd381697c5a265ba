//! The identity server of realm `self`, as Keycloak answers at its paths: discovery, the
//! authorization endpoint with its login page, the end-session and userinfo endpoints.
//! The token endpoint (`crate::token`) hands the code and refresh grants to [`grants`].
//! One public client, `console`, whose redirect URIs are the console host's own origin.

pub mod grants;
mod id_token;
mod login;
mod logout;

use crate::hosted::html;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use cluster_api::identity::{AUTH_PATH, DISCOVERY_PATH, LOGOUT_PATH, REALM_PATH, USERINFO_PATH};
use std::sync::Arc;

/// The single sign-on cookie, Keycloak's name for it.
pub const SSO_COOKIE: &str = "KEYCLOAK_IDENTITY";

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(DISCOVERY_PATH, get(discovery))
        .route(AUTH_PATH, get(login::show).post(login::submit))
        .route(LOGOUT_PATH, get(logout::end_session).post(logout::end_session))
}

/// The userinfo endpoint: called by the console's code, not navigated to, so it is served
/// with the API's headers and CORS (`server::api_routes`), as Keycloak serves it to a
/// client's web origins.
pub fn userinfo_route() -> Router<Arc<AppState>> {
    Router::new().route(USERINFO_PATH, get(logout::userinfo).post(logout::userinfo))
}

/// The console host's origin as the browser reached it (`crate::public`: `--public-url`,
/// or a trusted proxy's forwarded headers): the identity server and the console share it,
/// so it is the issuer's base.
pub fn origin(app: &AppState, headers: &HeaderMap) -> String {
    app.settings.public.origin(headers)
}

/// The issuer's identifier, as its tokens, its discovery document and its authorization
/// responses (`iss`, RFC 9207) name it.
pub fn issuer(app: &AppState, headers: &HeaderMap) -> String {
    format!("{}{REALM_PATH}", origin(app, headers))
}

/// A redirect URI the console client may use: an absolute URL on the console's origin (or
/// on a `--redirect-origin`), without a fragment (OAuth forbids one).
pub fn allowed_redirect(app: &AppState, uri: &str, headers: &HeaderMap) -> bool {
    app.settings.public.allowed_redirect(uri, headers)
}

/// `uri` with `params` added to its query.
pub fn with_query(uri: &str, params: &[(&str, &str)]) -> String {
    let encoded = serde_urlencoded::to_string(params).unwrap_or_default();
    let joiner = if uri.contains('?') { '&' } else { '?' };
    format!("{uri}{joiner}{encoded}")
}

/// 302 Found to `location`, as Keycloak redirects.
pub fn found(location: &str, cookie: Option<String>) -> Response {
    let mut response = StatusCode::FOUND.into_response();
    let headers = response.headers_mut();
    match HeaderValue::from_str(location) {
        Ok(value) => headers.insert(header::LOCATION, value),
        Err(_) => return error_page(StatusCode::BAD_REQUEST, "The redirect address is not valid."),
    };
    if let Some(value) = cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        headers.insert(header::SET_COOKIE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The session cookie: HttpOnly, SameSite=Lax, scoped to the realm. `None` clears it.
pub fn sso_cookie(session_id: Option<&str>) -> String {
    match session_id {
        Some(id) => format!(
            "{SSO_COOKIE}={id}; Path={REALM_PATH}/; HttpOnly; SameSite=Lax; Max-Age={}",
            crate::identity_sessions::SESSION_TTL.as_secs()
        ),
        None => format!("{SSO_COOKIE}=; Path={REALM_PATH}/; HttpOnly; SameSite=Lax; Max-Age=0"),
    }
}

/// The session ID the browser's cookie carries.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == SSO_COOKIE && !value.is_empty())
        .map(|(_, value)| value.to_string())
}

/// An identity-server page (the login form, errors that must not redirect).
pub fn page(status: StatusCode, title: &str, body: &str) -> Response {
    html::framed(status, title, "Sandbox stand-in for the identity server (realm self).", body)
}

/// An error shown in place, never redirected: the redirect target itself is in doubt.
pub fn error_page(status: StatusCode, text: &str) -> Response {
    page(
        status,
        "We are sorry…",
        &format!("<h1>We are sorry…</h1><p id=\"kc-error-message\">{}</p>", html::esc(text)),
    )
}

async fn discovery(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let base = origin(&app, &headers);
    let issuer = issuer(&app, &headers);
    Json(serde_json::json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{base}{AUTH_PATH}"),
        "token_endpoint": format!("{base}{}", cluster_api::TOKEN_PATH),
        "end_session_endpoint": format!("{base}{LOGOUT_PATH}"),
        "userinfo_endpoint": format!("{base}{USERINFO_PATH}"),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
        "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": true,
        "id_token_signing_alg_values_supported": ["HS256"],
        "subject_types_supported": ["public"],
        "scopes_supported": ["openid", "profile", "email"],
        "token_endpoint_auth_methods_supported": ["none", "client_secret_post"],
    }))
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_str(host).unwrap_or(HeaderValue::from_static("x")));
        headers
    }

    #[test]
    fn reads_the_session_cookie_among_others() {
        let mut h = headers("x");
        h.insert(header::COOKIE, HeaderValue::from_static("a=1; KEYCLOAK_IDENTITY=abc; b=2"));
        assert_eq!(session_cookie(&h).as_deref(), Some("abc"));
        assert_eq!(with_query("http://x/cb?a=1", &[("code", "c d")]), "http://x/cb?a=1&code=c+d");
    }
}
