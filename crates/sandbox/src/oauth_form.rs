//! The token endpoint's form and OAuth's error answer (`error`/`error_description`, not the
//! API's shape), shared by the client-credentials grant (`token`) and the identity
//! server's grants (`identity::grants`), so neither imports the other.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

#[derive(Serialize)]
struct OAuthError {
    error: &'static str,
    error_description: String,
}

pub fn oauth_error(status: StatusCode, error: &'static str, description: &str) -> Response {
    (status, Json(OAuthError { error, error_description: description.to_string() })).into_response()
}

pub fn form_value<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
}
