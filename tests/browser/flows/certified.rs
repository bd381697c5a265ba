//! The console against a certified OpenID provider (panva's oidc-provider, at Keycloak's
//! paths, scripts/oidc/provider.mjs) with the sandbox in `--issuer` mode trusting it: what
//! the sandbox's own identity server, written beside the console, could agree with it on
//! by mistake. The provider is strict: exact redirect URIs, PKCE S256, `iss` in every
//! answer (RFC 9207), rotated refresh tokens whose reuse it refuses, and RP-initiated
//! logout that ends its session without a question only with a valid `id_token_hint`.
//! Its test log (`/_test/log`) shows what the console asked of it.

use std::future::Future;
use std::time::Duration;

use cluster_sandbox::{Config, IssuerConfig, demo};
use serde_json::Value;

use super::{Flow, back_signed_in};
use crate::harness::{
    Coverage, Ctx, Driver, Provider, console_without_prefetch, end_provider_sessions, free_port,
    provider_log, run_started,
};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("certified_sign_in_reload_and_sign_out_without_a_question", |d| {
            Box::pin(with_provider(d, 300, sign_in_reload_sign_out))
        }),
        ("certified_renewal_rotates_and_the_old_refresh_token_is_refused", |d| {
            Box::pin(with_provider(d, 2, renewal))
        }),
        ("certified_silent_return_after_the_session_ended_signs_in_once", |d| {
            Box::pin(with_provider(d, 300, session_ended))
        }),
        ("certified_wrong_iss_access_denied_and_forged_state_are_worded", |d| {
            Box::pin(with_provider(d, 300, refusals))
        }),
        ("certified_support_staff_by_the_client_role", |d| Box::pin(with_provider(d, 300, staff))),
    ]
}

/// Starts the provider for a console on a port chosen now, then the sandbox on that port
/// trusting it (`--issuer`, serving a config.json that names it), runs `flow` with the
/// provider's origin, and stops both whatever happens.
async fn with_provider<Fut>(
    driver: &Driver,
    access_ttl: u64,
    flow: fn(Ctx, String) -> Fut,
) -> Result<Coverage, String>
where
    Fut: Future<Output = ()> + Send + 'static,
{
    let port = free_port();
    let provider = Provider::start(&format!("http://127.0.0.1:{port}"), access_ttl).await?;
    let config = Config {
        port,
        issuer: Some(IssuerConfig::new(&provider.issuer)),
        console_dir: Some(console_without_prefetch()),
        ..Config::default()
    };
    let sandbox = match cluster_sandbox::start(config).await {
        Ok(sandbox) => sandbox,
        Err(e) => {
            provider.stop().await;
            return Err(format!("the sandbox on port {port}: {e}"));
        }
    };
    let base = sandbox.base_url();
    let origin = provider.origin.clone();
    let outcome =
        run_started(driver, vec![sandbox], base.clone(), base, false, move |ctx| flow(ctx, origin)).await;
    provider.stop().await;
    outcome
}

/// The provider's log entries for `path_end` (an endpoint's last segment: "auth", "token",
/// "logout", "confirm").
async fn requests(origin: &str, path_end: &str) -> Vec<Value> {
    provider_log(origin)
        .await
        .into_iter()
        .filter(|entry| entry["path"].as_str().is_some_and(|p| p.ends_with(&format!("/{path_end}"))))
        .collect()
}

/// Signs `email` in through the provider's login page, from the console's sign-in page.
async fn through_provider(ctx: &Ctx, origin: &str, email: &str) {
    ctx.click("#sign-in-account").await;
    let login = ctx.wait_url("/interaction/").await;
    assert!(login.starts_with(origin), "the login page is not the provider's: {login}");
    ctx.type_into("#username", email).await;
    ctx.type_into("#password", demo::DEMO_PASSWORD).await;
    ctx.click("#kc-login").await;
}

async fn alice(ctx: &Ctx, origin: &str) {
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    through_provider(ctx, origin, demo::ALICE_EMAIL).await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("#signed-in-as", "Alice").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
}

/// The answer the provider sent back last (the `Location` of its last authorization
/// redirect to the console).
async fn last_answer(origin: &str, console: &str) -> String {
    let answers: Vec<String> = provider_log(origin)
        .await
        .into_iter()
        .filter_map(|e| e["location"].as_str().map(str::to_string))
        .filter(|l| l.starts_with(console))
        .collect();
    answers.last().cloned().unwrap_or_else(|| panic!("the provider never answered the console"))
}

async fn sign_in_reload_sign_out(ctx: Ctx, origin: String) {
    alice(&ctx, &origin).await;
    // RFC 9207: the answer named the provider, and the console took it.
    let answer = last_answer(&origin, &ctx.base).await;
    assert!(answer.contains("iss=http%3A%2F%2Flocalhost%3A"), "no iss in the provider's answer: {answer}");
    let codes: Vec<Value> = requests(&origin, "token")
        .await
        .into_iter()
        .filter(|r| r["grant_type"] == "authorization_code")
        .collect();
    assert!(codes.iter().all(|r| r["status"] == 200), "a code exchange was refused: {codes:?}");
    // The sandbox took the provider's JWT access token (the clusters listed above) and
    // found her by its `email` claim.
    assert!(ctx.calls("cluster.list", "200").await >= 1);

    // A reload: signed in again silently through the provider's session.
    ctx.goto("/clusters/cl-acme-prod").await;
    back_signed_in(&ctx, "/clusters/cl-acme-prod").await;
    ctx.wait_text("#signed-in-as", "Alice").await;
    let silent = requests(&origin, "auth").await;
    assert!(
        silent.iter().any(|r| r["prompt"] == "none"),
        "the reload did not ask with prompt=none: {silent:?}"
    );

    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.wait_text(".notice", "You signed out").await;
    let logouts = requests(&origin, "logout").await;
    let [logout] = logouts.as_slice() else { panic!("one end-session request expected: {logouts:?}") };
    assert_eq!(logout["id_token_hint"], true, "signed out without id_token_hint: {logout}");
    assert_eq!(logout["post_logout_redirect_uri"], format!("{}/sign-in?signed-out=1", ctx.base), "{logout}");
    // No question was put: the hinted page sent the form itself, and the session ended.
    let confirmed = requests(&origin, "confirm").await;
    let [confirm] = confirmed.as_slice() else { panic!("one logout confirmation expected: {confirmed:?}") };
    let back = confirm["location"].as_str().unwrap_or_default();
    assert!(back.starts_with(&format!("{}/sign-in?signed-out=1", ctx.base)), "{confirm}");
    // The provider's session is over: its authorization endpoint asks for a login again.
    let before = requests(&origin, "auth").await.len();
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.click("#sign-in-account").await;
    ctx.wait_url("/interaction/").await;
    ctx.find("#username").await;
    assert_eq!(requests(&origin, "auth").await.len(), before + 1, "not one authorization request");
}

/// Access tokens of 2 s (the console renews 5 s before a token's end, at the least 5 s
/// after it came): a call after that renews it with the refresh token, which the provider
/// rotates; the old one is then refused at its token endpoint.
async fn renewal(ctx: Ctx, origin: String) {
    alice(&ctx, &origin).await;
    tokio::time::sleep(Duration::from_millis(5500)).await;
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text("#metrics", "Healthy").await;
    let url = ctx.current_url().await;
    assert!(!url.contains("/sign-in"), "asked to sign in again: {url}");
    let grants = requests(&origin, "token").await;
    let code = grants
        .iter()
        .find(|g| g["grant_type"] == "authorization_code")
        .unwrap_or_else(|| panic!("no code exchange: {grants:?}"));
    let first = code["refresh_token_issued"].as_str().unwrap_or_default().to_string();
    let refreshes: Vec<&Value> = grants.iter().filter(|g| g["grant_type"] == "refresh_token").collect();
    let [refresh] = refreshes.as_slice() else { panic!("one refresh grant expected: {grants:?}") };
    assert_eq!(refresh["status"], 200, "{refresh}");
    assert_eq!(refresh["refresh_token_presented"], first.as_str(), "renewed with another token: {refresh}");
    let second = refresh["refresh_token_issued"].as_str().unwrap_or_default();
    assert!(!first.is_empty() && !second.is_empty() && second != first, "not rotated: {refresh}");

    // The old refresh token, presented again from the page (the console's origin, which the
    // provider's CORS allows), is refused.
    let token_url = format!("{origin}/realms/acme/protocol/openid-connect/token");
    let script = format!(
        "const done = arguments[arguments.length - 1];
        fetch({url}, {{ method: 'POST', headers: {{ 'Content-Type': 'application/x-www-form-urlencoded' }},
            body: 'grant_type=refresh_token&client_id=console&refresh_token=' + encodeURIComponent({old}) }})
        .then(async r => done([r.status, await r.json()])).catch(e => done(String(e)));",
        url = serde_json::to_string(&token_url).unwrap_or_default(),
        old = serde_json::to_string(&first).unwrap_or_default(),
    );
    let reused = ctx.script_async(&script).await;
    assert_eq!(reused[0], 400, "the old refresh token was not refused: {reused}");
    assert_eq!(reused[1]["error"], "invalid_grant", "{reused}");
}

/// The provider's session ends behind the console's back (it timed out): a reload tries a
/// silent sign-in once, lands on the sign-in page, and stays there; the next visit goes
/// straight to it, without asking the provider again.
async fn session_ended(ctx: Ctx, origin: String) {
    alice(&ctx, &origin).await;
    end_provider_sessions(&origin).await;
    let before = requests(&origin, "auth").await.len();
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.find("#sign-in-account").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let url = ctx.current_url().await;
    assert!(url.contains("/sign-in"), "left the sign-in page: {url}");
    assert!(!ctx.exists(".notice").await, "a silent sign-in's login_required was shown as a problem");
    let asked: Vec<Value> = requests(&origin, "auth").await.into_iter().skip(before).collect();
    let [silent] = asked.as_slice() else { panic!("not one silent attempt: {asked:?}") };
    assert_eq!(silent["prompt"], "none", "{silent}");
    let answer = silent["location"].as_str().unwrap_or_default();
    assert!(answer.contains("error=login_required"), "{silent}");
    ctx.goto("/clusters").await;
    ctx.wait_url("/sign-in").await;
    ctx.find("#sign-in-account").await;
    assert_eq!(requests(&origin, "auth").await.len(), before + 1, "a second visit asked the provider again");
}

/// Three answers the console must refuse, each in words, none signing anyone in.
async fn refusals(ctx: Ctx, origin: String) {
    // An answer naming another issuer (RFC 9207), to the console's own pending sign-in:
    // its state is the one the console sent the provider.
    ctx.goto("/sign-in").await;
    ctx.click("#sign-in-account").await;
    ctx.wait_url("/interaction/").await;
    let asked = requests(&origin, "auth").await;
    let state = asked.last().and_then(|r| r["state"].as_str()).unwrap_or_default().to_string();
    assert!(!state.is_empty(), "the console sent no state: {asked:?}");
    let evil = "http://evil.example/realms/acme";
    ctx.goto(&format!("/?code=stolen&state={state}&iss={}", evil.replace(':', "%3A").replace('/', "%2F")))
        .await;
    ctx.wait_url("/sign-in").await;
    let notice = ctx.wait_text(".notice", evil).await;
    assert!(notice.contains("refused"), "{notice}");

    // The person cancels at the provider: `error=access_denied`, said in words.
    ctx.goto("/sign-in").await;
    ctx.click("#sign-in-account").await;
    ctx.wait_url("/interaction/").await;
    ctx.click("#kc-cancel").await;
    ctx.wait_url("/sign-in").await;
    let notice = ctx.wait_text(".notice", "did not sign you in").await;
    assert!(notice.contains("The person cancelled the sign-in"), "{notice}");
    assert!(!ctx.exists("#signed-in-as").await, "signed in after cancelling");

    // A code the provider really issued, for a state this tab never sent (a sign-in forged
    // into the person's browser): refused, and the code never redeemed.
    ctx.goto("/sign-in").await;
    through_provider(&ctx, &origin, demo::ALICE_EMAIL).await;
    ctx.wait_url("/clusters").await;
    ctx.wait_text("#signed-in-as", "Alice").await;
    let exchanged =
        |grants: &[Value]| grants.iter().filter(|g| g["grant_type"] == "authorization_code").count();
    let before = exchanged(&requests(&origin, "token").await);
    let forged = format!(
        "{origin}/realms/acme/protocol/openid-connect/auth?client_id=console&response_type=code&scope=openid\
         &redirect_uri={}%2F&state=forged&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM\
         &code_challenge_method=S256",
        ctx.base.replace(':', "%3A").replace('/', "%2F")
    );
    ctx.client.goto(&forged).await.unwrap_or_else(|e| panic!("goto {forged}: {e}"));
    ctx.wait_url("/sign-in").await;
    ctx.wait_text(".notice", "does not belong to a sign-in started in this tab").await;
    assert!(!ctx.exists("#signed-in-as").await, "signed in through a forged answer");
    let answer = last_answer(&origin, &ctx.base).await;
    assert!(
        answer.contains("state=forged") && answer.contains("code="),
        "the provider did not answer: {answer}"
    );
    assert_eq!(exchanged(&requests(&origin, "token").await), before, "the forged answer's code was redeemed");
}

/// Sam holds `manage-clusters` on the `cluster-management` client, which the provider's
/// tokens carry in `resource_access` as Keycloak's do: the console shows him the review
/// desk, and the sandbox lets him read it.
async fn staff(ctx: Ctx, origin: String) {
    ctx.goto("/sign-in").await;
    through_provider(&ctx, &origin, demo::SAM_EMAIL).await;
    ctx.wait_text("#signed-in-as", "Sam").await;
    ctx.click("#nav-review").await;
    ctx.wait_url("/review").await;
    ctx.wait_text("#desk-progress-done", "clusters read").await;
}
