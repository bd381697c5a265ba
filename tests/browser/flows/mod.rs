//! Every flow, by resource group, and the steps they share.

mod access;
mod activity;
mod api_secrets;
pub mod axe;
mod billing;
mod certified;
mod code;
mod deploy;
mod domains;
mod drift;
mod env_vars;
mod faults;
mod forgiving;
mod foundation;
mod guard;
mod health;
mod hostile;
mod i18n;
mod kit;
mod languages;
mod layout;
mod layout_axe;
mod logs;
mod navigation;
mod notify;
mod oidc;
mod overview;
mod palette;
mod people;
mod realms;
mod resources;
mod saved;
mod screens;
mod split_origin;
mod staff;
mod terraform;
mod trouble;
mod trusted_types;
mod truth;
mod words;

use std::future::Future;
use std::pin::Pin;

use cluster_sandbox::{Config, demo};

use crate::harness::{Coverage, Ctx, Driver};

pub type FlowResult<'a> = Pin<Box<dyn Future<Output = Result<Coverage, String>> + 'a>>;
pub type Flow = for<'a> fn(&'a Driver) -> FlowResult<'a>;

pub fn all() -> Vec<(&'static str, Flow)> {
    let mut flows = foundation::flows();
    flows.extend(billing::flows());
    flows.extend(resources::flows());
    flows.extend(kit::flows());
    flows.extend(screens::flows());
    flows.extend(realms::flows());
    flows.extend(people::flows());
    flows.extend(oidc::flows());
    flows.extend(certified::flows());
    flows.extend(api_secrets::flows());
    flows.extend(access::flows());
    flows.extend(logs::flows());
    flows.extend(trouble::flows());
    flows.extend(trusted_types::flows());
    flows.extend(domains::flows());
    flows.extend(env_vars::flows());
    flows.extend(staff::flows());
    flows.extend(guard::flows());
    flows.extend(truth::flows());
    flows.extend(health::flows());
    flows.extend(faults::flows());
    flows.extend(terraform::flows());
    flows.extend(code::flows());
    flows.extend(activity::flows());
    flows.extend(notify::flows());
    flows.extend(palette::flows());
    flows.extend(overview::flows());
    flows.extend(hostile::flows());
    flows.extend(layout::flows());
    flows.extend(navigation::flows());
    flows.extend(split_origin::flows());
    flows.extend(deploy::flows());
    flows.extend(drift::flows());
    flows.extend(forgiving::flows());
    flows.extend(words::flows());
    flows.extend(i18n::flows());
    flows.extend(languages::flows());
    flows
}

/// The flows Firefox and WebKit run too (about ten: a smoke test of the engines, not the
/// whole suite again): the checks after every flow proven to bite in that engine, sign-in
/// both ways (a client secret, an account through the identity server's page), the clusters
/// list, every tab of acme-prod (and every other route) by address, a modal dialog closed
/// with Escape, the palette, an upload, and the Terraform export. None uses a Chromium-only
/// feature (CDP, clipboard permissions, the network conditions of the navigation flows).
pub const SMOKE: [&str; 9] = [
    "csp_violations_and_panics_fail_a_flow",
    "sign_in_lists_the_seeded_clusters",
    "people_alice_signs_in_reloads_and_signs_out",
    "truth_every_route_has_one_h1_and_a_title",
    "confirmation_is_a_real_modal_dialog",
    "palette_keyboard_jump_action_and_escape",
    "resources_denylist_standalone_upload",
    "terraform_export_acme_prod_downloads_the_file",
    "deep_link_survives_reload",
];

/// `SMOKE`'s flows, in the suite's order; a name that matches no flow is a failure to fix
/// here, not a flow silently skipped.
pub fn smoke() -> Result<Vec<(&'static str, Flow)>, String> {
    let chosen: Vec<(&'static str, Flow)> =
        all().into_iter().filter(|(name, _)| SMOKE.contains(name)).collect();
    match SMOKE.iter().find(|name| !chosen.iter().any(|(n, _)| n == *name)) {
        Some(missing) => Err(format!("flows::SMOKE names {missing}, which is no flow")),
        None => Ok(chosen),
    }
}

/// The address once it no longer holds `needle` (a marker the page consumes), failing after
/// a few seconds.
pub async fn url_without(ctx: &Ctx, needle: &str) -> String {
    let mut url = ctx.current_url().await;
    for _ in 0..30 {
        if !url.contains(needle) {
            return url;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        url = ctx.current_url().await;
    }
    panic!("{needle} stays in the address: {url}");
}

/// Opens the console and signs in with the demo admin secret.
pub async fn admin(ctx: &Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
}

/// `config` with the seed's `acme-staging` PROVISIONING for the whole flow (by default it is
/// active 5 s after the sandbox starts, which a slow run's list may already show): the list
/// then always hands it to the activity center (see [`list_handed_over`]).
pub fn staging_moving(config: Config) -> Config {
    Config { provision: std::time::Duration::from_secs(600), ..config }
}

/// Waits until the clusters list has handed its moving cluster (`acme-staging`, under
/// [`staging_moving`]) to the activity center: the tracking code is the `activity` group's,
/// fetched after the list shows. A flow that counts or fails the files fetched next waits for
/// it first, so those files are not taken for the hand-off's, nor its fetch for theirs.
pub async fn list_handed_over(ctx: &Ctx) {
    ctx.find("#activity-badge:not([data-count='0'])").await;
}

/// Opens the console and signs in as `email` through the identity server's login page.
pub async fn person(ctx: &Ctx, email: &str) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.click("#sign-in-account").await;
    ctx.wait_url("/protocol/openid-connect/auth").await;
    ctx.type_into("#username", email).await;
    ctx.type_into("#password", demo::DEMO_PASSWORD).await;
    ctx.click("#kc-login").await;
    ctx.wait_url("/clusters").await;
    ctx.find("#signed-in-as").await;
}

/// Signs out through the account menu in the header.
pub async fn sign_out(ctx: &Ctx) {
    ctx.click("#account-menu-button").await;
    // The menu's panel is fetched on its first opening and drawn above the button: click
    // once it is there, or the click can land where the button was a moment before.
    ctx.find("#account-kind").await;
    ctx.click("#sign-out").await;
}

/// alice@acme.example, who holds every role in Acme.
pub async fn alice(ctx: &Ctx) {
    person(ctx, demo::ALICE_EMAIL).await;
    ctx.wait_text("#signed-in-as", "Alice").await;
}

/// After a hosted page (or a reload) sends the browser back, the person is signed in
/// again silently and lands where the page pointed, with no sign-in page on the way.
pub async fn back_signed_in(ctx: &Ctx, expect_path: &str) {
    let url = ctx.wait_url(expect_path).await;
    assert!(!url.contains("/sign-in"), "asked to sign in again: {url}");
    ctx.find("#signed-in-as").await;
}

/// Adds the demo Visa through the hosted setup page and comes back to /billing.
pub async fn add_visa(ctx: &Ctx) {
    ctx.click("#add-card").await;
    ctx.wait_url("/sandbox/setup/").await;
    let select = ctx.find("#setup-card").await;
    select.select_by_value("visa").await.unwrap_or_else(|e| panic!("card: {e}"));
    ctx.click("#setup-save").await;
    // The return marker is read once, then taken off the URL.
    ctx.wait_text("#setup-return", "The card was added").await;
    back_signed_in(ctx, "/billing").await;
}

/// A deep link opened while signed out: sign in with the admin secret and land there.
pub async fn sign_in_again(ctx: &Ctx, expect_path: &str) {
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(expect_path).await;
}

/// Opens `path` as a fresh page load (a deep link: the session lived in memory, so the
/// console asks to sign in again), signs in with the admin secret, and waits for `ready`.
pub async fn open_signed_in(ctx: &Ctx, path: &str, ready: &str) {
    ctx.goto(path).await;
    sign_in_again(ctx, path.split('?').next().unwrap_or(path)).await;
    ctx.find(ready).await;
}

/// Writes `bytes` to a fresh file for the flow named `flow` and returns its absolute path
/// (for a file input to upload). One folder per process and flow, so parallel runs do not meet.
pub fn flow_file(flow: &str, name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("console-e2e-{}-{flow}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("temp dir: {e}"));
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    path.to_string_lossy().into_owned()
}

/// A script for `execute_async` that acts as another client would, from the page: it takes
/// a token for the demo admin secret, then runs `body` with `token` (the token answer) and
/// `done` (which ends the script with its value) in scope. A thrown error ends it with the
/// error's text.
pub fn as_admin_elsewhere(body: &str) -> String {
    format!(
        r#"const done = arguments[arguments.length - 1];
        (async () => {{
            const form = 'grant_type=client_credentials&client_id={id}&client_secret={secret}';
            const token = await fetch('/auth/realms/self/protocol/openid-connect/token', {{
                method: 'POST',
                headers: {{ 'Content-Type': 'application/x-www-form-urlencoded' }},
                body: form
            }}).then(r => r.json());
            {body}
        }})().catch(e => done(String(e)));"#,
        id = demo::ADMIN_CLIENT_ID,
        secret = demo::ADMIN_CLIENT_SECRET
    )
}

/// Starts a restart behind the console's back, as another client would, from the page.
pub async fn restart_elsewhere(ctx: &Ctx) {
    let script = as_admin_elsewhere(
        "const r = await fetch('/v2/clusters/cl-acme-prod/extensions/cluster-update', {
            method: 'POST', headers: { Authorization: 'Bearer ' + token.access_token } });
        done(r.status);",
    );
    let status = ctx.client.execute_async(&script, vec![]).await.unwrap_or_else(|e| panic!("script: {e}"));
    assert_eq!(status, serde_json::json!(202), "the outside restart was not accepted");
}

/// Replaces the clipboard with a recorder, so the flow sees exactly what a copy button copied.
pub async fn record_clipboard(ctx: &Ctx) {
    let script = "window.__copied = [];\
        Object.defineProperty(navigator, 'clipboard', { configurable: true, value: {\
            writeText: t => { window.__copied.push(t); return Promise.resolve(); } } });\
        return 1;";
    ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("clipboard: {e}"));
}

/// What the copy buttons copied since `record_clipboard`, in order.
pub async fn copied(ctx: &Ctx) -> Vec<String> {
    let value = ctx.script("return window.__copied || [];").await;
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("the copied texts {value}: {e}"))
}

/// Whether the control matching `css` is disabled.
pub async fn disabled(ctx: &Ctx, css: &str) -> bool {
    !ctx.find(css).await.is_enabled().await.unwrap_or_else(|e| panic!("is {css} enabled: {e}"))
}

/// `GET /v2{path}` as another client would (the demo admin secret), from the page: the JSON
/// answer. A status other than 200, or a body that is not JSON, fails the flow, so a check
/// on what it read cannot pass for want of reading it.
pub async fn read_elsewhere(ctx: &Ctx, path: &str) -> serde_json::Value {
    let script = as_admin_elsewhere(
        "const path = arguments[0];
        const r = await fetch('/v2' + path, { headers: { Authorization: 'Bearer ' + token.access_token } });
        done([r.status, await r.text()]);",
    );
    let answer = ctx
        .client
        .execute_async(&script, vec![path.into()])
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    assert_eq!(answer[0], serde_json::json!(200), "GET {path}: {answer}");
    let body = answer[1].as_str().unwrap_or_else(|| panic!("GET {path}: no body in {answer}"));
    serde_json::from_str(body).unwrap_or_else(|e| panic!("GET {path}: not JSON ({e}): {body:.200}"))
}

/// Waits until the focus is on an element matching `css` (a `matches()` selector), failing
/// the flow after `WAIT` with what holds the focus instead.
pub async fn wait_focus_on(ctx: &Ctx, css: &str, what: &str) {
    let started = std::time::Instant::now();
    loop {
        let script = "const a = document.activeElement, css = arguments[0];\
            return [!!a && a.matches(css), a ? a.tagName + '#' + a.id + '.' + a.className : ''];";
        let answer = ctx
            .client
            .execute(script, vec![css.into()])
            .await
            .unwrap_or_else(|e| panic!("the focused element: {e}"));
        if answer[0] == serde_json::json!(true) {
            return;
        }
        assert!(started.elapsed() < crate::harness::WAIT, "{what}: the focus is on {}", answer[1]);
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
