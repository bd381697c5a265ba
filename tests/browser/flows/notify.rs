//! "Notify me when this finishes" in the activity center, against a stand-in for the
//! browser's `Notification` (installed before the console's own scripts run, so it also
//! sees that nothing asks at page load): a restart asked about from the keyboard ends while
//! the tab is hidden (a notification saying so, "(1) " before the title, cleared when the tab
//! is seen, a click on it opening the cluster's page); the next one ends in plain sight and
//! tells nothing; a refused permission, a blocked one and a browser without notifications
//! each say why the option is off.

use std::time::{Duration, Instant};

use cluster_sandbox::Config;
use serde_json::{Value, json};

use super::env_vars::{apply, stage_add};
use super::{Flow, axe, sign_in_again};
use crate::harness::{Ctx, OrFail, WAIT, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("notify_restart_ended_while_hidden_tells_and_counts", |d| {
            Box::pin(run_flow(d, restarts(), ended_while_hidden))
        }),
        ("notify_refused_blocked_or_missing_says_why", |d| Box::pin(run_flow(d, slow_restarts(), says_why))),
    ]
}

/// Long enough to open the drawer, ask and leave the page while it runs.
fn restarts() -> Config {
    Config { restart: Duration::from_secs(10), ..Config::default() }
}

/// Long enough for three looks at the option while one restart runs.
fn slow_restarts() -> Config {
    Config { restart: Duration::from_secs(30), ..Config::default() }
}

const ENV_VARS: &str = "/clusters/cl-acme-prod/env-vars";

/// The stand-in: records every notification made (`__notes`), every permission request
/// (`__asked`) and `window.focus()` calls (`__focused`); `requestPermission` answers
/// `__answer`. `permission` starts as `initial`. Inside a function: a class declared at the
/// top of a script would be a global binding of its own, which deleting
/// `window.Notification` would not remove.
fn stand_in(initial: &str) -> String {
    format!(
        "(() => {{ window.__notes = []; window.__asked = 0; window.__focused = 0; window.__answer = \
         'granted';window.focus = () => {{ window.__focused += 1; }};\
         class Notification {{\
           constructor(title, options) {{ this.title = title; this.body = options && options.body;\
             this.onclick = null; this.closed = false; window.__notes.push(this); }}\
           close() {{ this.closed = true; }}\
           static requestPermission() {{ window.__asked += 1; Notification.permission = window.__answer;\
             return Promise.resolve(window.__answer); }}\
         }}\
         Notification.permission = '{initial}';\
         Object.defineProperty(window, 'Notification', {{ configurable: true, writable: true, value: \
         Notification }}); }})();"
    )
}

/// Installs the stand-in in every document the tab opens from now on, then opens the
/// Environment variables tab signed in.
async fn open(ctx: &Ctx, initial: &str) {
    crate::cdp::execute(
        &ctx.client,
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": stand_in(initial) }),
    )
    .await
    .unwrap_or_else(|e| panic!("the Notification stand-in: {e}"));
    ctx.goto(ENV_VARS).await;
    sign_in_again(ctx, ENV_VARS).await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    let installed = ctx.script("return typeof window.__notes;").await;
    assert_eq!(installed, json!("object"), "the stand-in is not in the page");
}

/// Applies one new variable: a restart of acme-prod the header follows in the center.
async fn restart(ctx: &Ctx, name: &str) {
    stage_add(ctx, name, "x").await;
    apply(ctx, "1 change").await;
    ctx.wait_text("#status-restarting", "Restarting").await;
}

/// Opens the drawer and gives the restart's row (its `data-activity`) once it is listed.
async fn restart_row(ctx: &Ctx) -> String {
    ctx.click("#activity-badge").await;
    ctx.find("#activity-drawer[open]").await;
    ctx.wait_text("#activity-live", "Restart of acme-prod").await;
    let id = ctx
        .script(
            "const li = [...document.querySelectorAll('#activity-live li.activity-item')]\
               .find(li => li.querySelector('.activity-link').textContent === 'Restart of acme-prod');\
             return li ? li.dataset.activity : null;",
        )
        .await;
    let id = id.as_str().unwrap_or_else(|| panic!("no row for the restart: {id}")).to_string();
    format!("#activity-live li[data-activity='{id}']")
}

async fn close_drawer(ctx: &Ctx) {
    ctx.click("#activity-close").await;
    ctx.wait_gone("#activity-drawer", WAIT, "Close did not close the drawer").await;
}

async fn number(ctx: &Ctx, js: &str) -> u64 {
    let value = ctx.script(js).await;
    value.as_u64().unwrap_or_else(|| panic!("{js} gave {value}"))
}

/// The notifications made so far: (title, body).
async fn notes(ctx: &Ctx) -> Vec<(String, String)> {
    let value = ctx.script("return window.__notes.map(n => [n.title, n.body]);").await;
    let list: Vec<(String, String)> =
        serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("the notifications {value}: {e}"));
    list
}

async fn wait_title(ctx: &Ctx, expected: &str) {
    let started = Instant::now();
    let mut title = ctx.title().await;
    while title != expected {
        assert!(started.elapsed() < WAIT, "the title stayed {title:?}, not {expected:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
        title = ctx.title().await;
    }
}

async fn ended_while_hidden(ctx: Ctx) {
    open(&ctx, "default").await;
    restart(&ctx, "NOTIFY_ONE").await;
    let row = restart_row(&ctx).await;
    let option = format!("{row} input.notify-me");
    ctx.wait_text(&row, "Notify me when this finishes").await;
    assert_eq!(number(&ctx, "return window.__asked;").await, 0, "the permission was asked before the click");
    // From the keyboard: Space on the focused checkbox.
    ctx.find(&option).await.send_keys(" ").await.unwrap_or_else(|e| panic!("Space on the option: {e}"));
    ctx.find(&format!("{option}:checked")).await;
    assert_eq!(number(&ctx, "return window.__asked;").await, 1, "the click did not ask the browser once");
    let name =
        ctx.script(&format!("return document.querySelector(\"{option}\").labels[0].textContent;")).await;
    assert_eq!(name, json!("Notify me when this finishes: Restart of acme-prod"), "the option's name");
    axe::no_serious_violations(&ctx, "#activity-drawer", "the drawer with the option").await;
    close_drawer(&ctx).await;

    // Elsewhere in the console, then another tab in front: the restart ends unseen.
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_url("/billing").await;
    let billing = "Billing · Cluster console";
    wait_title(&ctx, billing).await;
    ctx.set_tab_hidden(true).await;
    let started = Instant::now();
    while number(&ctx, "return window.__notes.length;").await == 0 {
        assert!(started.elapsed() < Duration::from_secs(40), "no notification while the tab was hidden");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(
        notes(&ctx).await,
        vec![("Restart of acme-prod finished".to_string(), "Restart finished".to_string())],
        "the notifications"
    );
    wait_title(&ctx, &format!("(1) {billing}")).await;

    // Its click brings the tab forward on the cluster's page; the count stays until seen,
    // before the page's own title.
    let focused = ctx.script("window.__notes[0].onclick(); return window.__focused;").await;
    assert_eq!(focused, json!(1), "the click did not focus the tab");
    ctx.wait_url("/clusters/cl-acme-prod").await;
    ctx.wait_text(".page-head", "acme-prod").await;
    let cluster = "acme-prod · Clusters · Cluster console";
    wait_title(&ctx, &format!("(1) {cluster}")).await;
    assert_eq!(ctx.script("return window.__notes[0].closed;").await, Value::Bool(true), "still shown");
    ctx.set_tab_hidden(false).await;
    wait_title(&ctx, cluster).await;

    // Asked about again, the next restart ends in plain sight: nothing more to tell.
    ctx.click("nav.tabs a[href$='/env-vars']").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    restart(&ctx, "NOTIFY_TWO").await;
    let row = restart_row(&ctx).await;
    ctx.click(&format!("{row} input.notify-me")).await;
    ctx.find(&format!("{row} input.notify-me:checked")).await;
    assert_eq!(number(&ctx, "return window.__asked;").await, 1, "asked again once granted");
    close_drawer(&ctx).await;
    ctx.wait_text("#env-restart", "Restart in progress").await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    ctx.find("#activity-badge[data-count='0']").await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(notes(&ctx).await.len(), 1, "a notification for a restart seen ending");
    let title = ctx.title().await;
    assert!(!title.starts_with('('), "a count in the title of a visible tab: {title}");
}

async fn option_says(ctx: &Ctx, row: &str, why: &str) {
    let option = format!("{row} input.notify-me");
    ctx.wait_text(&format!("{row} .notify-why"), why).await;
    assert!(!ctx.find(&option).await.enabled_or_fail().await, "the option is still enabled");
    assert!(!ctx.exists(&format!("{option}:checked")).await, "the option is checked");
    // Both must be there: two missing ids (None = None) would say nothing about the link.
    let described = ctx.find(&option).await.attr_or_fail("aria-describedby").await;
    let hint = ctx.find(&format!("{row} .notify-why")).await.attr_or_fail("id").await;
    let Some(hint) = hint.filter(|id| !id.is_empty()) else { panic!("the reason under {row} has no id") };
    assert_eq!(described.as_deref(), Some(hint.as_str()), "the option is not described by its reason");
}

async fn says_why(ctx: Ctx) {
    open(&ctx, "default").await;
    ctx.script("window.__answer = 'denied'; return 1;").await;
    restart(&ctx, "NOTIFY_REFUSED").await;
    let row = restart_row(&ctx).await;
    // Refused at the question: unchecked, off, and why.
    ctx.click(&format!("{row} input.notify-me")).await;
    option_says(&ctx, &row, "Notifications are blocked for this site in your browser's settings").await;
    assert_eq!(number(&ctx, "return window.__asked;").await, 1);
    axe::no_serious_violations(&ctx, "#activity-drawer", "the drawer with a blocked option").await;
    close_drawer(&ctx).await;

    // Blocked before the visit: said as soon as the drawer opens, nothing asked.
    ctx.script("Notification.permission = 'denied'; window.__asked = 0; return 1;").await;
    let row = restart_row(&ctx).await;
    option_says(&ctx, &row, "blocked for this site").await;
    close_drawer(&ctx).await;

    // No notifications in this browser at all: said, and nothing breaks.
    let gone = ctx.script("delete window.Notification; return typeof window.Notification;").await;
    assert_eq!(gone, json!("undefined"), "Notification is still there");
    let row = restart_row(&ctx).await;
    option_says(&ctx, &row, "This browser cannot show notifications").await;
    close_drawer(&ctx).await;
    assert_eq!(number(&ctx, "return window.__asked;").await, 0, "asked although blocked");
}
