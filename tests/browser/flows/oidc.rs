//! What the console does as an OpenID Connect client, against the sandbox's own identity
//! server: sign-out is RP-initiated logout with `id_token_hint` and
//! `post_logout_redirect_uri` (so, as with Keycloak, no confirmation page), and an
//! authorization response naming another issuer (`iss`, RFC 9207) is refused with words.

use cluster_sandbox::{Config, demo};

use super::{Flow, alice};
use crate::harness::{Ctx, run_flow, sandbox_json};

/// The `iss` the sandbox names in the flow where it is made to lie.
const EVIL: &str = "https://evil.example/realms/self";

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("oidc_sign_out_carries_the_id_token_hint", |d| Box::pin(run_flow(d, Config::default(), sign_out))),
        ("oidc_a_foreign_iss_is_refused_with_words", |d| {
            Box::pin(run_flow(d, Config { wrong_iss: Some(EVIL.into()), ..Config::default() }, foreign_iss))
        }),
    ]
}

async fn sign_out(ctx: Ctx) {
    alice(&ctx).await;
    super::sign_out(&ctx).await;
    // Without a valid hint the sandbox, as Keycloak, would stop at "Do you want to log out?".
    ctx.wait_url("/sign-in").await;
    ctx.wait_text(".notice", "You signed out").await;
    let logouts: Vec<serde_json::Value> = sandbox_json(&ctx.api, "/sandbox/logouts", "end-session requests")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let [request] = logouts.as_slice() else { panic!("one end-session request expected: {logouts:?}") };
    assert_eq!(request["client_id"], "console", "{request}");
    assert_eq!(request["id_token_hint"], true, "signed out without id_token_hint: {request}");
    let back = request["post_logout_redirect_uri"].as_str().unwrap_or_default();
    assert_eq!(back, format!("{}/sign-in?signed-out=1", ctx.base.trim_end_matches('/')), "{request}");
    // The identity server's session is over: a visit shows the sign-in page again.
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.find("#sign-in-account").await;
    assert!(!ctx.exists("#signed-in-as").await, "still signed in after signing out");
}

async fn foreign_iss(ctx: Ctx) {
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.click("#sign-in-account").await;
    ctx.wait_url("/protocol/openid-connect/auth").await;
    ctx.type_into("#username", demo::ALICE_EMAIL).await;
    ctx.type_into("#password", demo::DEMO_PASSWORD).await;
    ctx.click("#kc-login").await;
    ctx.wait_url("/sign-in").await;
    let notice = ctx.wait_text(".notice", EVIL).await;
    assert!(notice.contains("refused"), "{notice}");
    assert!(!ctx.exists("#signed-in-as").await, "signed in through an answer naming another issuer");
    // The code was never exchanged: no token, so the API saw no call at all.
    let called: u64 = ctx.coverage().await.values().flat_map(|by_status| by_status.values()).sum();
    assert_eq!(called, 0, "the console called the API after a refused answer");
}
