//! The main flows on a bad network: the sandbox fails a fifth of the API calls
//! (`--faults 0.2`, fixed seeds: 500s, 503s, 2-second delays, truncated answers, dropped
//! connections, expired tokens). Each flow takes every failure as a person would, and
//! proves: no panic; every failure said in words with a way forward (Retry, or the form's
//! own button again); a form keeps what was typed; a retried write is applied once; the
//! flow still finishes. Each prints what the sandbox injected.

use std::time::{Duration, Instant};

use cluster_sandbox::{Config, demo};
use fantoccini::Locator;
use fantoccini::error::CmdError;

use super::{Flow, as_admin_elsewhere};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("faults_sign_in_clusters_and_billing", |d| Box::pin(run_flow(d, faulty(21), browse))),
        ("faults_realm_and_env_var_added_once", |d| Box::pin(run_flow(d, faulty(31), realm_and_env_var))),
        ("faults_wizard_creates_one_cluster", |d| Box::pin(run_flow(d, faulty(22), wizard))),
    ]
}

/// `FAULTS_SEED=N` replaces each flow's fixed seed, to check a pass is not a lucky seed
/// (`make test` uses the fixed ones).
fn faulty(seed: u64) -> Config {
    let seed = std::env::var("FAULTS_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(seed);
    Config {
        faults: 0.2,
        faults_seed: seed,
        provision: Duration::from_secs(3),
        realm: Duration::from_secs(2),
        ..Config::default()
    }
}

/// How long a step may take through its faults (each retry may meet another).
const STEP: Duration = Duration::from_secs(60);

/// Records errors and panics the page meets from now on (console.error is where the
/// panic hook writes; an uncaught `unreachable` trap is an error event).
async fn watch_panics(ctx: &Ctx) {
    let script = "if (!window.__seen) { window.__seen = [];\
        const e = console.error.bind(console);\
        console.error = (...a) => { window.__seen.push(a.map(String).join(' ')); e(...a); };\
        window.addEventListener('error', ev => window.__seen.push(String(ev.message))); } return 1;";
    ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
}

async fn no_panic(ctx: &Ctx) {
    let seen = ctx.script("return (window.__seen || []).join('\\n');").await;
    let seen = seen.as_str().unwrap_or_else(|| panic!("the errors seen: not text: {seen}")).to_string();
    assert!(!seen.contains("panicked") && !seen.contains("unreachable"), "the console panicked:\n{seen}");
    let body = ctx.find("body").await.text_or_fail().await;
    assert!(!body.contains("panicked at"), "a panic message is on the page");
}

/// A driver answer while the page re-renders under the faults: an element that went away or
/// cannot be used this instant (stale, gone, covered) is `None`, looked at again next round;
/// any other driver error (a lost session, a script error) fails the flow instead of reading
/// as "nothing here", which would let the walk pass having seen nothing.
fn unless_gone<T>(answer: Result<T, CmdError>, what: &str) -> Option<T> {
    match answer {
        Ok(value) => Some(value),
        Err(e)
            if e.is_stale_element_reference()
                || e.is_no_such_element()
                || e.is_element_not_interactable()
                || e.to_string().contains("click intercepted") =>
        {
            None
        }
        Err(e) => panic!("{what}: {e}"),
    }
}

async fn text_of(ctx: &Ctx, css: &str) -> Option<String> {
    let el = unless_gone(ctx.client.find(Locator::Css(css)).await, css)?;
    unless_gone(el.text().await, css)
}

async fn field(ctx: &Ctx, css: &str) -> String {
    ctx.find(css).await.prop_or_fail("value").await.unwrap_or_default()
}

/// Waits until `css` contains `needle`, dealing with each failure shown meanwhile: every
/// `.error-panel` (or message with a `button.retry`) must say what failed and why; its Retry is
/// clicked, or, for a write (`again`), the form must still hold `kept` and its button is pressed
/// again. A panel with neither for more than 10 seconds is a failure with no way forward. Answers
/// how many failures the person saw.
async fn through(ctx: &Ctx, css: &str, needle: &str, again: Option<&str>, kept: &[(&str, &str)]) -> u32 {
    let started = Instant::now();
    let mut seen = 0;
    let mut stuck: Option<Instant> = None;
    loop {
        no_panic(ctx).await;
        if text_of(ctx, css).await.is_some_and(|t| t.contains(needle)) {
            return seen;
        }
        assert!(
            started.elapsed() < STEP,
            "{css} never contained {needle:?} through the faults ({seen} failures met)"
        );
        // An error panel, or any other failure message that carries its own Retry.
        let panels = unless_gone(
            ctx.client.find_all(Locator::Css(".error-panel, :has(> button.retry)")).await,
            "the failures on screen",
        )
        .unwrap_or_default();
        let mut acted = panels.is_empty();
        for panel in panels {
            let Some(text) = unless_gone(panel.text().await, "a failure's text") else { continue };
            if text.trim().is_empty() {
                continue;
            }
            assert!(text.contains("failed"), "a failure that does not say what failed: {text:?}");
            if let Some(retry) = unless_gone(panel.find(Locator::Css("button")).await, "a failure's Retry") {
                seen += 1;
                println!("    met: {}", text.lines().next().unwrap_or_default());
                unless_gone(retry.click().await, "clicking Retry");
                acted = true;
            } else if let Some(button) = again {
                for (input, value) in kept {
                    assert_eq!(
                        field(ctx, input).await,
                        *value,
                        "{input} lost what was typed after a failure"
                    );
                }
                // A probe, not a check: a control re-rendered under the faults reads as enabled and is
                // tried again.
                let enabled =
                    unless_gone(ctx.find(button).await.attr("disabled").await, button).flatten().is_none();
                if enabled {
                    seen += 1;
                    println!("    met (write): {}", text.lines().next().unwrap_or_default());
                    unless_gone(ctx.find(button).await.click().await, button);
                    acted = true;
                }
            }
        }
        if acted {
            stuck = None;
        } else {
            let since = *stuck.get_or_insert_with(Instant::now);
            assert!(
                since.elapsed() < Duration::from_secs(10),
                "a failure with no way forward stayed on screen"
            );
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// Signs in with the admin secret (the token endpoint is never faulted).
async fn sign_in(ctx: &Ctx, path: &str) {
    ctx.goto(path).await;
    watch_panics(ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(path).await;
}

/// A list read by the page itself, retried until whole: the check must not be fooled by
/// the faults it is checking for.
async fn read_api(ctx: &Ctx, path: &str) -> serde_json::Value {
    let script = as_admin_elsewhere(&format!(
        r#"for (let i = 0; i < 30; i++) {{
            try {{
                const r = await fetch('/v2{path}', {{
                    headers: {{ Authorization: 'Bearer ' + token.access_token }}
                }});
                if (r.status === 200) return done(JSON.parse(await r.text()));
            }} catch (e) {{}}
        }}
        done(null);"#
    ));
    let value = ctx.client.execute_async(&script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    assert!(value.is_array() || value.is_object(), "{path} could not be read through the faults: {value}");
    value
}

/// Prints what the sandbox injected during the flow, and checks something was.
async fn report(ctx: &Ctx) {
    let script = "const done = arguments[arguments.length - 1];\
        fetch('/sandbox/api-faults').then(r => r.json()).then(done, () => done(null));";
    let report = ctx.script_async(script).await;
    let injected = report["injected"].as_object().cloned().unwrap_or_default();
    let total: u64 = injected.values().filter_map(|v| v.as_u64()).sum();
    let kinds: Vec<String> = injected.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("    faults: {total} of {} API calls injected: {}", report["calls"], kinds.join(", "));
    assert!(total > 0, "no fault was injected: {report}");
}

fn count_named(list: &serde_json::Value, key: &str, name: &str) -> usize {
    list.as_array().map(|a| a.iter().filter(|c| c[key] == name).count()).unwrap_or(0)
}

async fn browse(ctx: Ctx) {
    sign_in(&ctx, "/clusters").await;
    through(&ctx, "table.clusters", "acme-prod", None, &[]).await;
    ctx.click(&format!("a[href='/clusters/{}']", demo::ACME_PROD)).await;
    through(&ctx, "section.card", "eu-central-1", None, &[]).await;
    through(&ctx, "#system-info", "Keycloak version", None, &[]).await;
    ctx.click("nav.sidenav a[href='/billing']").await;
    through(&ctx, "tr[data-card=pm_card_visa]", "acme-prod", None, &[]).await;
    through(&ctx, "#contact-table", "carol", None, &[]).await;
    ctx.click("nav.sidenav a[href='/organizations']").await;
    through(&ctx, "main", "Acme Inc.", None, &[]).await;
    ctx.click("nav.sidenav a[href='/clusters']").await;
    through(&ctx, "table.clusters", "acme-staging", None, &[]).await;
    no_panic(&ctx).await;
    report(&ctx).await;
}

async fn wizard(ctx: Ctx) {
    sign_in(&ctx, "/clusters").await;
    through(&ctx, "table.clusters", "acme-prod", None, &[]).await;
    ctx.click("#new-cluster").await;
    ctx.wait_url("/clusters/new").await;
    through(&ctx, "#tier-enterprise", "", None, &[]).await;
    ctx.click("#tier-enterprise").await;
    ctx.type_into("#cluster-name", "acme-faulty").await;
    through(&ctx, "#name-state", "is available", None, &[]).await;
    through(&ctx, "#summary", "charged to the selected card", None, &[]).await;
    ctx.click("#create-cluster").await;
    through(
        &ctx,
        ".flash",
        "acme-faulty was created",
        Some("#create-cluster"),
        &[("#cluster-name", "acme-faulty")],
    )
    .await;
    through(&ctx, ".page-head", "Active", None, &[]).await;
    let clusters = read_api(&ctx, "/clusters").await;
    assert_eq!(
        count_named(&clusters, "name", "acme-faulty"),
        1,
        "the retried create made another cluster: {clusters}"
    );
    no_panic(&ctx).await;
    report(&ctx).await;
}

async fn realm_and_env_var(ctx: Ctx) {
    let realms = "/clusters/cl-acme-prod/realms";
    sign_in(&ctx, realms).await;
    through(&ctx, "#realm-usage", "4 of 100 realms", None, &[]).await;
    // The form needs the roles too (org.list): a failure there is shown with its Retry.
    through(&ctx, "form.add-realm", "Realm name", None, &[]).await;
    ctx.type_into("#realm-name", "faulty").await;
    through(&ctx, "#realm-name-state", "faulty is available", None, &[]).await;
    ctx.click("#add-realm").await;
    through(&ctx, "tr[data-realm='faulty']", "faulty", Some("#add-realm"), &[("#realm-name", "faulty")])
        .await;
    let list = read_api(&ctx, "/clusters/cl-acme-prod/deployments").await;
    assert_eq!(count_named(&list, "name", "faulty"), 1, "the retried add made another realm: {list}");

    ctx.click("nav.tabs a[href='/clusters/cl-acme-prod/env-vars']").await;
    through(&ctx, "#env-restart", "No restart in progress", None, &[]).await;
    ctx.type_into("#env-name", "FAULTY_VAR").await;
    ctx.type_into("#env-value", "kept").await;
    ctx.click("#add-env-submit").await;
    // Staged (nothing sent yet), then applied: a failed run keeps it pending, with Retry.
    ctx.wait_text("#env-pending", "Add FAULTY_VAR").await;
    ctx.click("#env-apply").await;
    ctx.click("#confirm-env-apply").await;
    through(&ctx, "tr[data-env='FAULTY_VAR']", "kept", None, &[]).await;
    let vars = read_api(&ctx, "/clusters/cl-acme-prod/env-vars").await;
    assert_eq!(count_named(&vars, "name", "FAULTY_VAR"), 1, "the retried add made another variable: {vars}");
    no_panic(&ctx).await;
    report(&ctx).await;
}
