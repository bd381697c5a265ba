//! The authorization endpoint: checks the client's request, answers at once when the
//! browser has a session (or `prompt=none` asks it to), and otherwise shows the login
//! form, which posts back here.

use super::{allowed_redirect, error_page, found, page, session_cookie, sso_cookie, with_query};
use crate::hosted::html::esc;
use crate::identity_sessions::{CODE_TTL, CodeGrant};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use cluster_api::identity::{AUTH_PATH, CONSOLE_CLIENT_ID, valid_verifier};
use std::sync::Arc;
use std::time::Instant;

/// A checked authorization request.
struct AuthRequest {
    redirect_uri: String,
    state: Option<String>,
    challenge: String,
    prompt_none: bool,
    nonce: Option<String>,
    /// Named in every answer (`iss`, RFC 9207), as Keycloak does since 22.
    issuer: String,
}

impl AuthRequest {
    /// Where to send an outcome: `redirect_uri` with `params` and the unchanged `state`.
    fn back(&self, params: &[(&str, &str)]) -> String {
        let mut all = params.to_vec();
        if let Some(state) = &self.state {
            all.push(("state", state));
        }
        all.push(("iss", &self.issuer));
        with_query(&self.redirect_uri, &all)
    }
}

fn param<'a>(query: &'a [(String, String)], name: &str) -> Option<&'a str> {
    query.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
}

/// Checks the request the way Keycloak does: an unknown client or a foreign redirect URI
/// get an error page (redirecting there would hand codes to a stranger); other faults go
/// back to the client as `error=`.
// The error is the finished answer; it is returned at once, never carried around.
fn check(app: &AppState, uri: &Uri, headers: &HeaderMap) -> Result<AuthRequest, Response> {
    let query = serde_urlencoded::from_str::<Vec<(String, String)>>(uri.query().unwrap_or(""))
        .map_err(|_| error_page(StatusCode::BAD_REQUEST, "The request's query string could not be read."))?;
    if param(&query, "client_id") != Some(CONSOLE_CLIENT_ID) {
        return Err(error_page(StatusCode::BAD_REQUEST, "Client not found."));
    }
    let redirect_uri = param(&query, "redirect_uri").unwrap_or_default();
    if !allowed_redirect(app, redirect_uri, headers) {
        return Err(error_page(StatusCode::BAD_REQUEST, "Invalid parameter: redirect_uri"));
    }
    let request = AuthRequest {
        redirect_uri: redirect_uri.to_string(),
        state: param(&query, "state").map(str::to_string),
        challenge: param(&query, "code_challenge").unwrap_or_default().to_string(),
        prompt_none: param(&query, "prompt") == Some("none"),
        nonce: param(&query, "nonce").filter(|n| !n.is_empty()).map(str::to_string),
        issuer: app.settings.wrong_iss.clone().unwrap_or_else(|| super::issuer(app, headers)),
    };
    let fault = |error: &str, description: &str| {
        Err(found(&request.back(&[("error", error), ("error_description", description)]), None))
    };
    if param(&query, "response_type") != Some("code") {
        return fault(
            "unsupported_response_type",
            "Client is only allowed to use the authorization code flow (response_type=code)",
        );
    }
    match param(&query, "code_challenge_method") {
        None => return fault("invalid_request", "Missing parameter: code_challenge_method"),
        Some("S256") => {}
        Some(_) => {
            return fault(
                "invalid_request",
                "Invalid parameter: code_challenge_method (only S256 is allowed)",
            );
        }
    }
    if request.challenge.is_empty() {
        return fault("invalid_request", "Missing parameter: code_challenge");
    }
    // An S256 challenge is 43 base64url characters, the same alphabet as a verifier.
    if !valid_verifier(&request.challenge) {
        return fault("invalid_request", "Invalid parameter: code_challenge");
    }
    Ok(request)
}

/// Back to the client with a fresh code for `session_id`.
fn redirect_with_code(
    app: &AppState,
    request: &AuthRequest,
    person_id: &str,
    session_id: &str,
    cookie: Option<String>,
) -> Response {
    let code = app.identity.issue_code(CodeGrant {
        person_id: person_id.to_string(),
        session_id: session_id.to_string(),
        redirect_uri: request.redirect_uri.clone(),
        challenge: request.challenge.clone(),
        nonce: request.nonce.clone(),
        expires: Instant::now() + CODE_TTL,
    });
    found(&request.back(&[("code", &code)]), cookie)
}

pub async fn show(State(app): State<Arc<AppState>>, uri: Uri, headers: HeaderMap) -> Response {
    let request = match check(&app, &uri, &headers) {
        Ok(request) => request,
        Err(response) => return response,
    };
    let now = Instant::now();
    let session =
        session_cookie(&headers).and_then(|id| app.identity.person(&id, now).map(|person| (id, person)));
    match session {
        Some((session_id, person_id)) => redirect_with_code(&app, &request, &person_id, &session_id, None),
        None if request.prompt_none => found(&request.back(&[("error", "login_required")]), None),
        None => form(&uri, "", None),
    }
}

pub async fn submit(State(app): State<Arc<AppState>>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let request = match check(&app, &uri, &headers) {
        Ok(request) => request,
        Err(response) => return response,
    };
    let fields = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default();
    let username = param(&fields, "username").unwrap_or_default().trim().to_string();
    let password = param(&fields, "password").unwrap_or_default();
    let person = match app.lock_store().and_then(|store| Ok(store.person_by_username(&username)?)) {
        Ok(person) => person,
        Err(e) => return error_page(StatusCode::INTERNAL_SERVER_ERROR, &e.message),
    };
    match person.filter(|p| !password.is_empty() && p.password == password) {
        Some(person) => {
            let session_id = app.identity.start(&person.id, Instant::now());
            redirect_with_code(&app, &request, &person.id, &session_id, Some(sso_cookie(Some(&session_id))))
        }
        None => form(&uri, &username, Some("Invalid username or password.")),
    }
}

/// The login form. It posts to this same address, so the request's parameters come along.
fn form(uri: &Uri, username: &str, error: Option<&str>) -> Response {
    let action = match uri.query() {
        Some(query) => format!("{AUTH_PATH}?{query}"),
        None => AUTH_PATH.to_string(),
    };
    let error = error
        .map(|e| format!("<p id=\"input-error\" class=\"error\" role=\"alert\">{}</p>", esc(e)))
        .unwrap_or_default();
    let body = format!(
        "<h1 id=\"kc-page-title\">Sign in to your account</h1>{error}\
         <form id=\"kc-form-login\" method=\"post\" action=\"{}\">\
         <label for=\"username\">Email</label>\
         <input id=\"username\" name=\"username\" type=\"text\" autocomplete=\"username\" autofocus \
         value=\"{}\"><label for=\"password\">Password</label>\
         <input id=\"password\" name=\"password\" type=\"password\" autocomplete=\"current-password\">\
         <div class=\"actions\"><button class=\"primary\" id=\"kc-login\" type=\"submit\">Sign in</button>\
         </div></form>\
         <p class=\"sandbox\">Demo people (password <code>demo</code>): alice@acme.example, \
         carol@acme.example, bob@acme.example.</p>",
        esc(&action),
        esc(username)
    );
    page(StatusCode::OK, "Sign in", &body)
}
