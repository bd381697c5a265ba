//! A drifting service (`--drift SEED`, two fixed seeds): answers that keep to the contract
//! but leave out optional fields, add unknown ones, answer open enums outside their listed
//! values, and return lists empty or padded to 500. Signed in as the demo admin, the flow
//! walks every screen of the layout walk plus a padded cluster's pages, and fails on a panic
//! or page error (the harness), an answer the console "could not read", an unknown enum
//! value not shown as it is in a neutral badge, or a table drawing hundreds of rows at once
//! (a padded list must page).

use cluster_sandbox::drift::open_enums::OPEN_ENUMS;
use cluster_sandbox::{Config, demo};
use std::time::Duration;

use serde_json::{Value, json};

use super::Flow;
use crate::harness::{Ctx, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("drift_walk_seed_1", |d| Box::pin(run_flow(d, drifting(1), walk))),
        ("drift_walk_seed_2", |d| Box::pin(run_flow(d, drifting(2), walk))),
        // The seed an outside tester crashed the console with (issue 37): its Logs tab lists a
        // 30-day window whose last page comes back empty, still paging when Billing opens.
        ("drift_walk_seed_31337", |d| Box::pin(run_flow(d, drifting(31337), walk))),
        ("drift_tabs_left_mid_read_seed_31337", |d| {
            Box::pin(run_flow(
                d,
                Config { delay: Duration::from_millis(400), ..drifting(31337) },
                leave_mid_read,
            ))
        }),
    ]
}

/// Every tab of a cluster opened and left again before its reads answer (each answer waits
/// 400 ms), twice over, then each one opened and read in full: a read that writes into a tab
/// that is gone panics, and the harness fails the flow on the page error.
async fn leave_mid_read(ctx: Ctx) {
    super::admin(&ctx).await;
    ctx.find("#signed-in-as").await;
    let prod = demo::ACME_PROD;
    for round in 0..2 {
        for tab in TABS.iter().chain(TABS.iter().rev()) {
            ctx.push_path(&format!("/clusters/{prod}{tab}")).await;
            tokio::time::sleep(Duration::from_millis(if round == 0 { 150 } else { 700 })).await;
        }
    }
    // The reads left behind answer into screens that are gone: give them time to.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut failures = Vec::new();
    let mut seen = Vec::new();
    for tab in TABS {
        check(&ctx, &format!("/clusters/{prod}{tab}"), &mut failures, &mut seen).await;
    }
    // Still alive: the shell answers and the last tab drew its heading.
    let alive = ctx
        .script("return !!document.querySelector('#signed-in-as') && !!document.querySelector('h1');")
        .await;
    assert_eq!(alive, serde_json::json!(true), "the console is not drawn after leaving tabs mid-read");
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

fn drifting(seed: u64) -> Config {
    Config { drift: Some(seed), ..Config::default() }
}

const TABS: [&str; 8] =
    ["", "/realms", "/domains", "/env-vars", "/access", "/resources", "/logs", "/billing"];

/// What is wrong with the page (`bad`), and which drift values it shows (`seen`).
const CHECK: &str = r#"
const drift = arguments[0];
const bad = [];
// A log file whose signed link came without its optional address cannot be read, and the
// viewer says so for that file, with Retry: the right answer to a drifted detail, not an
// answer the console failed to read. Any other failed file still counts.
let text = document.body.innerText;
const files = document.querySelector('#log-file-errors');
if (files) {
    const items = [...files.querySelectorAll('.failed-file')];
    if (items.length && items.every(li => li.textContent.includes('gave no web address')))
        text = text.replace(files.innerText, '');
}
for (const m of ['could not be read', 'Could not read', 'unexpected form']) {
    const i = text.indexOf(m);
    if (i >= 0) bad.push(`says "${text.slice(Math.max(0, i - 100), i + 200).replace(/\s+/g, ' ')}"`);
}
for (const b of document.querySelectorAll('.badge')) {
    const t = b.textContent.trim();
    if (/^(Unknown|DNS status unknown|Certificate unknown)$/.test(t))
        bad.push(`a badge says "${t}" in place of the value (${b.outerHTML.slice(0, 200)})`);
    if (drift.some(v => t.includes(v)) && !b.classList.contains('badge-neutral'))
        bad.push(`the unknown value ${t} is in a "${b.className}" badge, not a neutral one`);
}
for (const table of document.querySelectorAll('table')) {
    const rows = table.querySelectorAll('tbody tr').length;
    if (rows > 100) bad.push(`table.${table.className} draws ${rows} rows at once (no pager)`);
}
return { bad, seen: drift.filter(v => text.includes(v)) };
"#;

async fn check(ctx: &Ctx, path: &str, failures: &mut Vec<String>, seen: &mut Vec<String>) {
    ctx.walk_to(path).await;
    let values: Vec<Value> = OPEN_ENUMS.iter().map(|e| json!(e.value)).collect();
    let found = ctx.client.execute(CHECK, vec![json!(values)]).await.unwrap_or_else(|e| panic!("check: {e}"));
    let bad = found["bad"].as_array().unwrap_or_else(|| panic!("the check did not run on {path}: {found}"));
    failures.extend(bad.iter().map(|b| format!("{path}: {}", b.as_str().unwrap_or_default())));
    for value in found["seen"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        seen.push(format!("{value} on {path}"));
    }
}

async fn walk(ctx: Ctx) {
    super::admin(&ctx).await;
    ctx.find("#signed-in-as").await;
    let prod = demo::ACME_PROD;
    // A padded item's alias: its pages read the real cluster's.
    let alias = format!("{prod}--drift-7");
    let mut screens = vec!["/clusters".to_string(), "/clusters/new".to_string(), "/overview".to_string()];
    screens.extend(TABS.iter().map(|tab| format!("/clusters/{prod}{tab}")));
    screens.push(format!("/clusters/{}/billing", demo::ACME_OVERDUE));
    screens.extend(["/billing", "/organizations", "/realms"].map(String::from));
    screens.push(format!("/realms/{}", demo::REALM_CUSTOMERS));
    screens.push(format!("/organizations/{}/secrets", demo::ACME_ORG_ID));
    screens.extend(["", "/realms", "/domains"].map(|tab| format!("/clusters/{alias}{tab}")));
    // Twice: each read varies again.
    let mut failures = Vec::new();
    let mut seen = Vec::new();
    for path in screens.iter().chain(screens.iter().take(4)) {
        check(&ctx, path, &mut failures, &mut seen).await;
    }
    let report = ctx
        .script_async(
            "const done = arguments[arguments.length - 1]; fetch('/sandbox/drift').then(r => \
             r.json()).then(done, () => done(null));",
        )
        .await;
    assert!(report["answers"].as_u64().unwrap_or(0) > 20, "the walk's answers were not varied: {report}");
    println!(
        "    drift: walked {} screens; varied {}; unknown values seen: {seen:?}",
        screens.len() + 4,
        report["varied"]
    );
    // Else the badge check above had nothing to read.
    assert!(!seen.is_empty(), "no unknown enum value reached a screen under this seed: {report}");
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}
