//! The client-credentials token endpoint, answering the way Keycloak's does (errors
//! use OAuth's `error`/`error_description` pair rather than the API's shape).

use crate::caller::Caller;
use crate::error::ApiError;
use crate::oauth_form::{form_value, oauth_error};
use crate::state::AppState;
use crate::strict::ApiCall;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cluster_api::{AccessToken, ErrorBody};
use std::sync::Arc;

/// The realm that issues API tokens; every other realm "does not exist".
const REALM: &str = "self";

/// Also mounted with a `{realm}` placeholder, so other realms can get Keycloak's 404.
pub const ANY_REALM_PATH: &str = "/auth/realms/{realm}/protocol/openid-connect/token";

pub async fn endpoint(
    State(app): State<Arc<AppState>>,
    ApiCall { method, uri, headers, body }: ApiCall,
) -> Response {
    let realm = uri.path().trim_start_matches("/auth/realms/").split('/').next().unwrap_or_default();
    if realm != REALM {
        return (StatusCode::NOT_FOUND, Json(ErrorBody { error: "Realm does not exist".to_string() }))
            .into_response();
    }
    if method != Method::POST {
        let message = "The token endpoint accepts only POST with a form body.".to_string();
        let mut response =
            (StatusCode::METHOD_NOT_ALLOWED, Json(ErrorBody { error: message })).into_response();
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("POST"));
        return response;
    }
    let Ok(mut form) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body) else {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", "The form body could not be read");
    };
    if let Err(why) = crate::client_auth::merge_basic(&headers, &mut form) {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", &why);
    }
    match form_value(&form, "grant_type") {
        None | Some("") => {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                "Missing form parameter: grant_type",
            );
        }
        Some("client_credentials") => {}
        // People signing in through the console (`crate::identity`).
        Some("authorization_code") => {
            return crate::identity::grants::authorization_code(&app, &form, &headers);
        }
        Some("refresh_token") => return crate::identity::grants::refresh_token(&app, &form, &headers),
        Some(_) => {
            return oauth_error(StatusCode::BAD_REQUEST, "unsupported_grant_type", "Unsupported grant_type");
        }
    }
    let client_id = form_value(&form, "client_id").unwrap_or_default();
    let client_secret = form_value(&form, "client_secret").unwrap_or_default();
    match exchange(&app, client_id, client_secret) {
        Ok(Some(token)) => (StatusCode::OK, Json(token)).into_response(),
        Ok(None) => oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Invalid client or Invalid client credentials",
        ),
        Err(error) => error.into_response(),
    }
}

/// A token for valid credentials, `None` for invalid ones.
fn exchange(app: &AppState, client_id: &str, client_secret: &str) -> Result<Option<AccessToken>, ApiError> {
    let caller = {
        let store = app.lock_store()?;
        let secret = match store.secret_by_client_id(client_id)? {
            Some(secret) if !client_secret.is_empty() && secret.client_secret == client_secret => secret,
            Some(_) => return Ok(None),
            // Support staff's secrets hold the staff client role, no organization role.
            None => match store.staff_client_secret(client_id)? {
                Some(staff) if !client_secret.is_empty() && staff == client_secret => {
                    drop(store);
                    return issue(app, Caller::staff(&format!("service-account-{client_id}"), client_id));
                }
                _ => return Ok(None),
            },
        };
        Caller::new(&secret, &store.grants(&secret.id)?)
    };
    issue(app, caller)
}

fn issue(app: &AppState, caller: Caller) -> Result<Option<AccessToken>, ApiError> {
    let ttl = app.settings.token_ttl;
    let access_token = app.tokens.issue(caller, ttl)?;
    let expires_in = i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX);
    Ok(Some(AccessToken { access_token, token_type: "Bearer".to_string(), expires_in }))
}
