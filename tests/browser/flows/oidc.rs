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
        ("oidc_silent_return_after_the_session_ended_signs_in_once", |d| {
            Box::pin(run_flow(d, Config::default(), session_ended))
        }),
        ("oidc_a_forged_state_is_refused_with_words", |d| {
            Box::pin(run_flow(d, Config::default(), forged_state))
        }),
    ]
}

/// How many redirects led to the page now shown (the identity server's answers are 302s).
async fn redirects(ctx: &Ctx) -> u64 {
    let count = ctx.script("return performance.getEntriesByType('navigation')[0].redirectCount").await;
    count.as_u64().unwrap_or_else(|| panic!("the redirect count: not a number: {count}"))
}

/// The identity server's session ends behind the console's back (its cookie is gone, as
/// when the session times out): a reload tries a silent sign-in once, lands on the sign-in
/// page without a word of trouble and stays; the next visit does not ask again. As the
/// certified provider's flow (certified.rs) does against oidc-provider.
async fn session_ended(ctx: Ctx) {
    alice(&ctx).await;
    // The session cookie's path is the realm's: delete it from a page under that path.
    ctx.goto("/auth/realms/self/.well-known/openid-configuration").await;
    ctx.client.delete_all_cookies().await.unwrap_or_else(|e| panic!("delete the cookies: {e}"));
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.find("#sign-in-account").await;
    assert_eq!(redirects(&ctx).await, 1, "not one trip through the identity server");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let url = ctx.current_url().await;
    assert!(url.contains("/sign-in"), "left the sign-in page: {url}");
    assert!(!ctx.exists(".notice").await, "a silent sign-in's login_required was shown as a problem");
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.find("#sign-in-account").await;
    assert_eq!(redirects(&ctx).await, 0, "a second visit asked the identity server again");
}

/// A code the identity server really issued, for a state this tab never sent (a sign-in
/// forged into the person's browser): refused in words, nobody signed in.
async fn forged_state(ctx: Ctx) {
    alice(&ctx).await;
    let forged = format!(
        "/auth/realms/self/protocol/openid-connect/auth?client_id=console&response_type=code&scope=openid\
         &redirect_uri={}%2F&state=forged&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM\
         &code_challenge_method=S256",
        ctx.base.replace(':', "%3A").replace('/', "%2F")
    );
    ctx.goto(&forged).await;
    ctx.wait_url("/sign-in").await;
    ctx.wait_text(".notice", "does not belong to a sign-in started in this tab").await;
    assert!(!ctx.exists("#signed-in-as").await, "signed in through a forged answer");
    assert_eq!(redirects(&ctx).await, 1, "the identity server did not answer the forged request");
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
