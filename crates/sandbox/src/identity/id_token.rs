//! ID tokens, as Keycloak issues them with `scope=openid`: a JWT naming the issuer, the
//! person (`sub`, `email`, `name`), the client (`aud`, `azp`), the session (`sid`) and the
//! `nonce` the authorization request sent. Signed with the access tokens' key; the console
//! never verifies it, it hands it back as sign-out's `id_token_hint`, which is checked here.

use crate::error::ApiError;
use crate::state::AppState;
use cluster_api::identity::CONSOLE_CLIENT_ID;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::{Value, json};

/// An ID token for `person_id` in `session_id`, valid as long as an access token.
pub fn issue(
    app: &AppState,
    issuer: &str,
    person_id: &str,
    session_id: &str,
    nonce: Option<&str>,
) -> Result<String, ApiError> {
    let person = app.lock_store()?.person(person_id)?;
    let now = chrono::Utc::now().timestamp();
    let ttl = i64::try_from(app.settings.token_ttl.as_secs()).unwrap_or(i64::MAX / 2);
    let mut claims = json!({
        "iss": issuer,
        "sub": person_id,
        "aud": CONSOLE_CLIENT_ID,
        "azp": CONSOLE_CLIENT_ID,
        "typ": "ID",
        "iat": now,
        "exp": now.saturating_add(ttl),
        "sid": session_id,
        "jti": uuid::Uuid::new_v4().to_string(),
    });
    if let Some(person) = person {
        claims["email"] = json!(person.email);
        claims["preferred_username"] = json!(person.email);
        claims["name"] = json!(person.name);
    }
    if let Some(nonce) = nonce {
        claims["nonce"] = json!(nonce);
    }
    Ok(crate::jwt::sign(app.tokens.signing_key(), &claims))
}

/// Whether an `id_token_hint` is an ID token this identity server issued to the console.
/// Expired hints count, as Keycloak's do: a person may sign out long after the token was
/// issued. (The session that ends is the browser's, named by its cookie.)
pub fn is_our_hint(app: &AppState, issuer: &str, hint: &str) -> bool {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    validation.required_spec_claims.clear();
    validation.set_audience(&[CONSOLE_CLIENT_ID]);
    validation.set_issuer(&[issuer]);
    let key = DecodingKey::from_secret(app.tokens.signing_key());
    // An access token is signed with the same key: only an ID token is a hint.
    jsonwebtoken::decode::<Value>(hint, &key, &validation)
        .is_ok_and(|token| token.claims.get("typ").and_then(Value::as_str) == Some("ID"))
}
