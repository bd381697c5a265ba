//! The end-session endpoint (sign out of the identity server) and userinfo (who a token
//! stands for: the console's header names the person or the API secret).

use super::id_token;
use super::{allowed_redirect, error_page, found, page, session_cookie, sso_cookie, with_query};
use crate::hosted::html::esc;
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use cluster_api::identity::{CONSOLE_CLIENT_ID, LOGOUT_PATH, UserInfo};
use std::sync::Arc;

fn param<'a>(query: &'a [(String, String)], name: &str) -> Option<&'a str> {
    query.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str()).filter(|v| !v.is_empty())
}

/// Ends the browser's session (and its refresh tokens), clears the cookie, and goes back
/// to `post_logout_redirect_uri` when it is on the console's origin. Access tokens already
/// issued keep working until they expire, as Keycloak's do.
///
/// As Keycloak (18 and later) does: a valid `id_token_hint` signs out at once; without one
/// the person is asked first (a page whose button posts back here with `confirm`); a hint
/// this server did not issue to the console is refused; and `post_logout_redirect_uri`
/// needs `client_id` or `id_token_hint` to say whose redirect URIs it is checked against.
pub async fn end_session(
    State(app): State<Arc<AppState>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut query =
        serde_urlencoded::from_str::<Vec<(String, String)>>(uri.query().unwrap_or("")).unwrap_or_default();
    // Keycloak takes the parameters by POST too (a form), as the confirmation page sends them.
    query.extend(serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default());
    // For tests: what the console's sign-out carried (the hint's presence, never its value).
    app.identity.note_logout(serde_json::json!({
        "client_id": param(&query, "client_id"),
        "id_token_hint": param(&query, "id_token_hint").is_some(),
        "post_logout_redirect_uri": param(&query, "post_logout_redirect_uri"),
    }));
    let client = param(&query, "client_id");
    if client.is_some_and(|client| client != CONSOLE_CLIENT_ID) {
        return error_page(StatusCode::BAD_REQUEST, "Client not found.");
    }
    let hinted = match param(&query, "id_token_hint") {
        Some(hint) if id_token::is_our_hint(&app, &super::issuer(&app, &headers), hint) => true,
        Some(_) => return error_page(StatusCode::BAD_REQUEST, "Invalid IDToken"),
        None => false,
    };
    let target = param(&query, "post_logout_redirect_uri");
    if target.is_some() && client.is_none() && !hinted {
        return error_page(
            StatusCode::BAD_REQUEST,
            "Either the parameter client_id or the parameter id_token_hint is required when \
             post_logout_redirect_uri is used.",
        );
    }
    if let Some(target) = target
        && !allowed_redirect(&app, target, &headers)
    {
        return error_page(StatusCode::BAD_REQUEST, "Invalid redirect uri");
    }
    if !hinted && param(&query, "confirm").is_none() {
        return confirmation(&query);
    }
    if let Some(session_id) = session_cookie(&headers) {
        app.identity.end(&session_id);
    }
    let cleared = sso_cookie(None);
    match target {
        Some(target) => {
            let location = match param(&query, "state") {
                Some(state) => with_query(target, &[("state", state)]),
                None => target.to_string(),
            };
            found(&location, Some(cleared))
        }
        None => {
            let mut response = page(
                StatusCode::OK,
                "Signed out",
                &format!(
                    "<h1>You are logged out</h1><p id=\"kc-info-message\">{}</p>",
                    esc("Your session has ended.")
                ),
            );
            if let Ok(value) = cleared.parse() {
                response.headers_mut().insert(header::SET_COOKIE, value);
            }
            response
        }
    }
}

/// Keycloak's "Do you want to log out?": nothing ends until the button posts back.
fn confirmation(query: &[(String, String)]) -> Response {
    let hidden: String = ["client_id", "post_logout_redirect_uri", "state"]
        .iter()
        .filter_map(|name| param(query, name).map(|value| (name, value)))
        .map(|(name, value)| format!("<input type=\"hidden\" name=\"{name}\" value=\"{}\">", esc(value)))
        .collect();
    let body = format!(
        "<h1 id=\"kc-page-title\">Logging out</h1><p>Do you want to log out?</p>\
         <form id=\"kc-logout-confirm\" method=\"post\" action=\"{LOGOUT_PATH}\">{hidden}\
         <input type=\"hidden\" name=\"confirm\" value=\"yes\">\
         <div class=\"actions\"><button class=\"primary\" id=\"kc-logout\" type=\"submit\">Logout</button>\
         </div></form>"
    );
    page(StatusCode::OK, "Logging out", &body)
}

pub async fn userinfo(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let caller = match crate::auth::authenticate(&app, headers.get(header::AUTHORIZATION)).await {
        Ok(caller) => caller,
        Err(e) => {
            let body = serde_json::json!({ "error": "invalid_token", "error_description": e.message });
            return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
        }
    };
    let store = match app.lock_store() {
        Ok(store) => store,
        Err(e) => return e.into_response(),
    };
    let info = match &caller.person_id {
        Some(person_id) => match store.person(person_id) {
            Ok(person) => UserInfo {
                sub: person_id.clone(),
                name: person.as_ref().map(|p| p.name.clone()),
                email: person.as_ref().map(|p| p.email.clone()),
                preferred_username: person.map(|p| p.email),
            },
            Err(e) => return crate::error::ApiError::from(e).into_response(),
        },
        // A revoked secret's token still works until it expires; its name is gone with it.
        None => match store.secret_by_client_id(&caller.client_id) {
            Ok(secret) => UserInfo {
                sub: caller.secret_id.clone(),
                name: secret.map(|s| s.name),
                email: None,
                preferred_username: Some(format!("service-account-{}", caller.client_id)),
            },
            Err(e) => return crate::error::ApiError::from(e).into_response(),
        },
    };
    Json(info).into_response()
}
