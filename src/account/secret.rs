//! Signing in with an API secret: the client-credentials grant, and the name the header
//! gives the secret. Loaded on demand with the rest of signing in (`later`), so the sign-in
//! page's own module holds only its form.

use crate::api::{self, ApiError};
use crate::config::Environment;
use crate::i18n::k::sign_in as w;
use crate::i18n::tf;
use crate::session::{Credentials, Renewal, Session};

/// The header's name for an API secret: its name when the identity server tells it.
async fn label(env: &Environment, creds: &Credentials, access_token: &str) -> String {
    match super::tokens::who(env, access_token).await.and_then(|info| info.name) {
        Some(name) => tf(w::SECRET_NAMED, &[("name", &name), ("client_id", &creds.client_id)]),
        None => tf(w::SECRET_UNNAMED, &[("client_id", &creds.client_id)]),
    }
}

/// Exchanges the secret for a token and begins the session with it.
pub(super) async fn sign_in(session: Session, env: Environment, creds: Credentials) -> Result<(), ApiError> {
    let token = api::exchange(&env, &creds).await?;
    let who = label(&env, &creds, &token.access_token).await;
    session.begin(env, Renewal::Secret(creds), token, who);
    Ok(())
}
