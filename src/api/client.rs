//! The one place that speaks HTTP to the service: token exchange, bearer auth, the
//! single re-exchange on 401, and turning replies into typed results or `ApiError`s.

use super::error::ApiError;
use crate::config::Environment;
use crate::i18n::{k, t, tf};
use crate::json::{self, error_message};
use crate::session::{Api, Credentials, Renewal, Token};
use cluster_api::request::encode_segment;
use cluster_api::{AccessToken, ApiRequest, Body, Call, Method, Reply, ops, restarts};
use gloo_net::http::{Method as HttpMethod, RequestBuilder, Response};

/// This page's origin, the default console host.
pub fn page_origin() -> String {
    web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A token that lasts `expires_in` seconds from now, renewed a little early so a call
/// never leaves with a token about to lapse.
pub fn token_from(access_token: String, expires_in: i64) -> Token {
    let lifetime_ms = (expires_in.max(10) as f64 - 5.0) * 1000.0;
    Token { access_token, expires_at: now_ms() + lifetime_ms }
}

pub fn network(e: gloo_net::Error) -> ApiError {
    ApiError::Network(e.to_string())
}

/// POSTs a form to the token endpoint: every grant (client credentials, code, refresh)
/// goes through here, so the request is compiled once. Answers the status and the body.
pub(crate) async fn post_token_form(env: &Environment, form: String) -> Result<(u16, String), ApiError> {
    post_form(&env.token_url(&page_origin()), form).await
}

/// POSTs a form to a token endpoint: the status and the body's text.
pub(crate) async fn post_form(url: &str, form: String) -> Result<(u16, String), ApiError> {
    let response = RequestBuilder::new(url)
        .method(HttpMethod::POST)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(form)
        .map_err(network)?
        .send()
        .await
        .map_err(network)?;
    let status = response.status();
    let text = response.text().await.map_err(network)?;
    Ok((status, text))
}

/// The fields every grant's answer has (the client-credentials grant's whole answer; a
/// person's grants add their own, `account::tokens`).
pub(crate) fn read_access_token(value: &json::Value) -> Result<AccessToken, json::Wrong> {
    Ok(AccessToken {
        access_token: json::text(value, "access_token")?,
        token_type: json::text(value, "token_type")?,
        expires_in: json::whole(value, "expires_in")?,
    })
}

/// The token endpoint's answer to the client-credentials grant; Err says in words what is
/// wrong with it.
fn access_token(text: &str) -> Result<AccessToken, String> {
    json::read(text, read_access_token)
}

/// Exchanges an API secret for an access token (client-credentials grant).
pub async fn exchange(env: &Environment, creds: &Credentials) -> Result<Token, ApiError> {
    let form = format!(
        "grant_type=client_credentials&client_id={}&client_secret={}",
        encode_segment(&creds.client_id),
        encode_segment(&creds.client_secret)
    );
    let (status, text) = post_token_form(env, form).await?;
    match status {
        200 => {
            let token = access_token(&text).map_err(ApiError::Decode)?;
            Ok(token_from(token.access_token, token.expires_in))
        }
        400 | 401 => Err(ApiError::SignedOut(t(k::api::SECRET_REFUSED).into())),
        404 => Err(ApiError::Network(format!("no token endpoint at {}", env.token_url(&page_origin())))),
        _ => Err(ApiError::Server { status, message: error_message(&text).unwrap_or_default() }),
    }
}

/// Calls one operation as the signed-in API secret.
pub async fn call<C: Call>(api: Api, op: &C) -> Result<C::Response, ApiError> {
    let request = op.request();
    // Everything but decoding is shared by all operations: one copy in the binary, not 73.
    let reply = execute(api, &request).await?;
    C::decode(Reply { status: reply.status, location: reply.location.as_deref(), body: &reply.body })
        .map_err(|e| ApiError::Decode(e.to_string()))
}

struct RawReply {
    status: u16,
    location: Option<String>,
    body: String,
}

async fn execute(api: Api, request: &ApiRequest) -> Result<RawReply, ApiError> {
    let Some(env) = api.environment() else {
        return Err(ApiError::SignedOut(t(k::api::NOT_SIGNED_IN).into()));
    };
    let fresh = api.token().filter(|t| t.expires_at > now_ms());
    let token = match fresh {
        Some(token) => token,
        None => renew(api, &env).await?,
    };
    let mut bearer = token.access_token;
    let mut response = send(&env, request, &bearer).await?;
    if response.status() == 401 {
        // Re-exchange once and retry once. A renewal the identity side refuses ends the
        // session (in `renew`); a 401 for the token it has just issued does not: the
        // credentials were accepted a moment ago, so this call failed, not the sign-in.
        // Ending the session here would throw away the screen and what was typed in it.
        bearer = renew(api, &env).await?.access_token;
        response = send(&env, request, &bearer).await?;
        if response.status() == 401 {
            let body = response.text().await.unwrap_or_default();
            return Err(ApiError::fresh_token_refused(error_message(&body)));
        }
    }
    let status = response.status();
    let location = response.headers().get("location");
    let body = response.text().await.map_err(network)?;
    if (200..300).contains(&status) {
        Ok(RawReply { status, location, body })
    } else {
        let error = ApiError::from_status(status, error_message(&body), request.operation);
        if !restarts::worth_asking(status, request.operation) {
            return Err(error);
        }
        let in_progress = restart_in_progress(&env, request, &bearer).await;
        Err(error.restart_checked(request.operation, in_progress))
    }
}

/// What `cluster.restartStatus.detail` says now about the cluster `request` was for (its
/// first path parameter); `None` when it cannot be read. Asked after a 409 on an
/// operation that restarts the cluster, to tell a restart conflict from other 409s.
async fn restart_in_progress(env: &Environment, request: &ApiRequest, bearer: &str) -> Option<bool> {
    let cluster = request.operation.match_path(&request.path)?.into_iter().next()?;
    let status = ops::ClusterRestartStatusDetail { id: cluster };
    let response = send(env, &status.request(), bearer).await.ok()?;
    let code = response.status();
    let body = response.text().await.ok()?;
    if !(200..300).contains(&code) {
        return None;
    }
    let reply = Reply { status: code, location: None, body: &body };
    ops::ClusterRestartStatusDetail::decode(reply).ok().map(|s| s.restart_in_progress)
}

/// A fresh token, from the renewal under way if there is one (see `Api::renewing`).
async fn renew(api: Api, env: &Environment) -> Result<Token, ApiError> {
    use futures::FutureExt;
    let env = env.clone();
    let renewal = api.renewing(move || async move { renew_now(api, &env).await }.boxed_local().shared());
    let renewed = renewal.clone().await;
    api.renewed(&renewal);
    renewed
}

async fn renew_now(api: Api, env: &Environment) -> Result<Token, ApiError> {
    let renewed = match api.renewal() {
        None => return Err(ApiError::SignedOut(t(k::api::NOT_SIGNED_IN).into())),
        Some(Renewal::Secret(creds)) => exchange(env, &creds).await.map_err(|e| match e {
            ApiError::SignedOut(why) => ApiError::SignedOut(tf(k::api::SECRET_REVOKED, &[("why", &why)])),
            other => other,
        }),
        // Silent: the identity server's session renews the person's token.
        Some(Renewal::Account { refresh_token, .. }) => {
            crate::account::refresh(api, env, &refresh_token).await
        }
    };
    match renewed {
        Ok(token) => {
            api.replace_token(token.clone());
            Ok(token)
        }
        Err(ApiError::SignedOut(why)) => {
            api.end(why.clone());
            Err(ApiError::SignedOut(why))
        }
        Err(other) => Err(other),
    }
}

async fn send(env: &Environment, request: &ApiRequest, bearer: &str) -> Result<Response, ApiError> {
    let url = format!("{}{}", env.api_base(&page_origin()), request.path_and_query());
    let method = match request.method() {
        Method::Get => HttpMethod::GET,
        Method::Post => HttpMethod::POST,
        Method::Put => HttpMethod::PUT,
        Method::Delete => HttpMethod::DELETE,
    };
    let builder = RequestBuilder::new(&url)
        .method(method)
        .header("Authorization", &format!("Bearer {bearer}"))
        .header("Accept", "application/json");
    let built = match &request.body {
        Body::Empty => builder.build(),
        Body::Json(json) => builder.header("Content-Type", "application/json").body(json.clone()),
        Body::Multipart(parts) => builder.body(super::multipart::form_data(parts)?),
    };
    built.map_err(network)?.send().await.map_err(network)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_grant_answer_is_read() {
        let read = access_token(r#"{"access_token":"a","token_type":"Bearer","expires_in":300,"scope":"x"}"#);
        assert_eq!(
            read,
            Ok(AccessToken { access_token: "a".into(), token_type: "Bearer".into(), expires_in: 300 })
        );
        assert!(
            access_token(r#"{"access_token":"a","token_type":"Bearer","expires_in":300.0}"#)
                .is_ok_and(|t| t.expires_in == 300)
        );
        for (text, field) in [
            (r#"{"token_type":"Bearer","expires_in":300}"#, "access_token"),
            (r#"{"access_token":"a","expires_in":300}"#, "token_type"),
            (r#"{"access_token":"a","token_type":"Bearer","expires_in":null}"#, "expires_in"),
            (r#"{"access_token":"a","token_type":"Bearer","expires_in":1e300}"#, "expires_in"),
            (r#"{"access_token":["a"],"token_type":"Bearer","expires_in":300}"#, "access_token"),
        ] {
            assert!(access_token(text).is_err_and(|why| why.contains(field)), "{text}");
        }
        assert!(access_token("").is_err_and(|why| !why.is_empty()));
    }
}
