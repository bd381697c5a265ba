//! Signing in with an API secret: the client-credentials grant, and the name the header
//! gives the secret. Loaded on demand with the rest of signing in (`signing_in`), so the
//! sign-in page's own module holds only its form.

use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::config::Environment;
use crate::i18n::k::sign_in as w;
use crate::i18n::tf;
use crate::session::{Credentials, Renewal, Session};

/// Exchanges the secret for a token and begins the session with it. The header names the
/// secret by its client ID at once, and by its name too once the identity server's userinfo
/// tells it: the console does not wait a round trip more for that.
pub(super) async fn sign_in(session: Session, env: Environment, creds: Credentials) -> Result<(), ApiError> {
    let token = api::exchange(&env, &creds).await?;
    let access_token = token.access_token.clone();
    let client_id = creds.client_id.clone();
    session.begin(
        env.clone(),
        Renewal::Secret(creds),
        token,
        tf(w::SECRET_UNNAMED, &[("client_id", &client_id)]),
    );
    let subject = session.user_id.get_untracked();
    leptos::task::spawn_local(async move {
        let Some(name) = super::tokens::who(&env, &access_token).await.and_then(|info| info.name) else {
            return;
        };
        // Only for the sign-in it was asked for: the session may have ended meanwhile.
        if session.still(&subject) {
            session.who.try_set(tf(w::SECRET_NAMED, &[("name", &name), ("client_id", &client_id)]));
        }
    });
    Ok(())
}
