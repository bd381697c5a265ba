//! The token endpoint's code and refresh grants for the console's public client, and
//! userinfo (who the header names).

use cluster_api::AccessToken;
use cluster_api::identity::{AccountTokens, CONSOLE_CLIENT_ID, USERINFO_PATH, UserInfo};
use cluster_api::request::encode_segment;
use gloo_net::http::{Method, RequestBuilder};

use crate::api::ApiError;
use crate::api::client::{page_origin, post_form, read_access_token, token_from};
use crate::config::Environment;
use crate::i18n::k::account as w;
use crate::i18n::{t, tf};
use crate::json::{self, Json, error_message};
use crate::session::{Api, Renewal, Token};

fn form(pairs: &[(&str, &str)]) -> String {
    pairs.iter().map(|(k, v)| format!("{k}={}", encode_segment(v))).collect::<Vec<_>>().join("&")
}

/// The token endpoint's answer to a grant; Err says in words what is wrong with it.
fn answer(text: &str) -> Result<AccountTokens, String> {
    json::read(text, |value| {
        // The common fields first, so a wrong answer names the same field either grant would.
        let AccessToken { access_token, token_type, expires_in } = read_access_token(value)?;
        Ok(AccountTokens {
            access_token,
            token_type,
            expires_in,
            refresh_token: json::maybe_text(value, "refresh_token")?,
            refresh_expires_in: json::maybe_whole(value, "refresh_expires_in")?,
            id_token: json::maybe_text(value, "id_token")?,
        })
    })
}

/// Why the identity server refused a grant (`error_description`), when it says.
fn refusal(text: &str) -> Option<String> {
    json::parse(text).ok()?.field("error_description")?.str()
}

async fn grant(env: &Environment, pairs: &[(&str, &str)]) -> Result<AccountTokens, ApiError> {
    // A person's grants go to the issuer's token endpoint (API secrets never come here).
    let url = super::discovery::endpoints(env).await.map_err(ApiError::Network)?.token;
    let (status, text) = post_form(&url, form(pairs)).await?;
    match status {
        200 => answer(&text).map_err(ApiError::Decode),
        400 | 401 => {
            let why = refusal(&text).unwrap_or_else(|| t(w::IDENTITY_REFUSED).into());
            Err(ApiError::SignedOut(tf(w::SIGN_IN_ENDED, &[("why", &why)])))
        }
        _ => Err(ApiError::Server { status, message: error_message(&text).unwrap_or_default() }),
    }
}

/// Redeems the code the identity server sent back: the token, and how to renew it (the
/// refresh token, with the ID token for sign-out).
pub async fn redeem(
    env: &Environment,
    code: &str,
    verifier: &str,
    redirect_uri: &str,
) -> Result<(Token, Renewal), ApiError> {
    let tokens = grant(
        env,
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", CONSOLE_CLIENT_ID),
            ("code_verifier", verifier),
        ],
    )
    .await?;
    let renewal = Renewal::Account {
        refresh_token: tokens.refresh_token.unwrap_or_default(),
        id_token: tokens.id_token,
    };
    Ok((token_from(tokens.access_token, tokens.expires_in), renewal))
}

/// A fresh token through the identity server's session, with nothing for the person to do.
pub async fn refresh(api: Api, env: &Environment, refresh_token: &str) -> Result<Token, ApiError> {
    let pairs =
        [("grant_type", "refresh_token"), ("refresh_token", refresh_token), ("client_id", CONSOLE_CLIENT_ID)];
    let tokens = grant(env, &pairs).await?;
    // A rotated refresh token replaces the old one (which the server now refuses), and a
    // new ID token the old one; what did not come stays.
    if tokens.refresh_token.as_deref().is_some_and(|t| t != refresh_token) || tokens.id_token.is_some() {
        let held = match api.renewal() {
            Some(Renewal::Account { id_token, .. }) => id_token,
            _ => None,
        };
        let refresh_token = tokens.refresh_token.unwrap_or_else(|| refresh_token.to_string());
        api.replace_renewal(Renewal::Account { refresh_token, id_token: tokens.id_token.or(held) });
    }
    Ok(token_from(tokens.access_token, tokens.expires_in))
}

/// Who a person who just signed in is, as the header shows it. An outside issuer's tokens
/// may name the person themselves (Keycloak puts the name in both) and came straight from
/// its token endpoint, so a name there is taken first; the console host's userinfo (the
/// service's) next, since the issuer's own may refuse an access token bound to the API
/// (RFC 8707, as a certified provider does); a token's email last.
pub async fn person(env: &Environment, access_token: &str, id_token: Option<&str>) -> Option<UserInfo> {
    if env.own_issuer().is_none() {
        return who(env, access_token).await;
    }
    let tokens: Vec<UserInfo> = id_token
        .and_then(crate::claims::user_info)
        .into_iter()
        .chain(crate::claims::user_info(access_token))
        .collect();
    if let Some(named) = tokens.iter().find(|info| info.name.is_some()) {
        return Some(named.clone());
    }
    match who(env, access_token).await {
        Some(info) if info.name.is_some() || info.email.is_some() => Some(info),
        asked => tokens.into_iter().find(|info| info.email.is_some()).or(asked),
    }
}

/// Who `access_token` stands for, as the console host's userinfo tells it (the service's
/// tokens: an API secret's, or a person's without an outside issuer); `None` when it
/// cannot be told.
pub async fn who(env: &Environment, access_token: &str) -> Option<UserInfo> {
    let url = format!("{}{USERINFO_PATH}", env.origin(&page_origin()));
    let response = RequestBuilder::new(&url)
        .method(Method::GET)
        .header("Authorization", &format!("Bearer {access_token}"))
        .send()
        .await
        .ok()?;
    if response.status() != 200 {
        return None;
    }
    let text = response.text().await.ok()?;
    crate::claims::person(&json::parse(&text).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grant_answer_is_read_whole() {
        let text = r#"{"access_token":"a","token_type":"Bearer","expires_in":300,"refresh_token":"r",
            "refresh_expires_in":1800.0,"id_token":"i","scope":"openid","not-before-policy":0}"#;
        let tokens = AccountTokens {
            access_token: "a".into(),
            token_type: "Bearer".into(),
            expires_in: 300,
            refresh_token: Some("r".into()),
            refresh_expires_in: Some(1800),
            id_token: Some("i".into()),
        };
        assert_eq!(answer(text), Ok(tokens));
        let bare = answer(r#"{"access_token":"a","token_type":"Bearer","expires_in":60.0,"id_token":null}"#);
        assert!(bare.is_ok_and(|t| t.expires_in == 60 && t.refresh_token.is_none() && t.id_token.is_none()));
    }

    #[test]
    fn a_wrong_grant_answer_says_what_is_wrong() {
        for (text, field) in [
            (r#"{"token_type":"Bearer","expires_in":300}"#, "access_token"),
            (r#"{"access_token":"a","expires_in":300}"#, "token_type"),
            (r#"{"access_token":"a","token_type":"Bearer"}"#, "expires_in"),
            (r#"{"access_token":"a","token_type":"Bearer","expires_in":"300"}"#, "expires_in"),
            (r#"{"access_token":"a","token_type":"Bearer","expires_in":299.5}"#, "expires_in"),
            (
                r#"{"access_token":"a","token_type":"Bearer","expires_in":1,"refresh_token":1}"#,
                "refresh_token",
            ),
            (
                r#"{"access_token":"a","token_type":"Bearer","expires_in":1,"refresh_expires_in":"1"}"#,
                "refresh_expires_in",
            ),
            (r#"{"access_token":"a","token_type":"Bearer","expires_in":1,"id_token":{}}"#, "id_token"),
            (r#"["access_token"]"#, "access_token"),
        ] {
            assert!(answer(text).is_err_and(|why| why.contains(field)), "{text}");
        }
        // The fields every grant has are read first, as the secret's grant reads them.
        let both_wrong = r#"{"access_token":7,"token_type":"Bearer","expires_in":1,"id_token":7}"#;
        assert!(
            answer(both_wrong).is_err_and(|why| why.contains("access_token") && !why.contains("id_token"))
        );
        assert!(answer("<html>").is_err_and(|why| !why.is_empty()));
    }

    #[test]
    fn a_refusal_says_why_when_it_can() {
        assert_eq!(
            refusal(r#"{"error":"invalid_grant","error_description":"Session not active"}"#).as_deref(),
            Some("Session not active")
        );
        assert_eq!(refusal(r#"{"error":"invalid_grant"}"#), None);
        assert_eq!(refusal(r#"{"error_description":7}"#), None);
        assert_eq!(refusal("Bad Request"), None);
    }
}
