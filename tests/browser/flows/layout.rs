//! The demo data at a tablet's width (800 px, the side navigation still beside the page):
//! no screen scrolls sideways (the cluster tab bar used to widen every cluster page there),
//! and no table splits a word across lines ("Premiu|m" in the tier column), nor the header a
//! label ("Sign|out"). A table too wide for the page scrolls inside its own container
//! instead; that is allowed.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::Flow;
use super::hostile::problems;
use crate::harness::{Ctx, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("layout_demo_screens_at_800_px", |d| Box::pin(run_flow(d, Config::default(), walk))),
        ("layout_axe_at_1366_and_390_light_and_dark", |d| {
            Box::pin(run_flow(d, Config::default(), super::layout_axe::walk))
        }),
        ("phone_header_is_one_line_with_a_menu", |d| {
            Box::pin(run_flow(d, Config::default(), super::layout_axe::phone_header))
        }),
        ("buttons_never_split_a_word_in_six_languages_at_1366_and_390", |d| {
            Box::pin(run_flow(d, Config::default(), buttons_whole))
        }),
        ("toast_never_covers_the_changed_row", |d| {
            Box::pin(run_flow(d, super::layout_axe::quick_restart(), super::layout_axe::toast))
        }),
    ]
}

const TABS: [&str; 8] =
    ["", "/realms", "/domains", "/env-vars", "/access", "/resources", "/logs", "/billing"];

/// Every table word (cut at spaces, hyphens and slashes, where a line may break) of at most
/// 10 characters that the page shows on more than one line. A cell is at least 7rem wide
/// when its content is, so such a word always fits (console.css, the table cell rule).
/// Machine values (IDs, keys, URLs: mono and url cells) may wrap anywhere, by design; the
/// buttons among them may not ("Cop/y" sat in a `td.mono`). Every word of every button on
/// the page, of any length, is checked too: a button never breaks inside a word.
pub(super) const SPLIT_WORDS: &str = r#"
const split = [];
const cells = document.querySelectorAll('.table td:not(.mono, .url), .table th');
const buttons = document.querySelectorAll('button, .button, a.button');
for (const cell of [...cells, ...buttons]) {
    const button = cell.matches('button, .button');
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        // Visually hidden words are 1 px boxes whose text runs past them on purpose.
        if (node.parentElement.closest('.visually-hidden')) continue;
        for (const m of node.data.matchAll(/[^\s\-\/]+/g)) {
            if (m[0].length > 10 && !button) continue;
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()]
                .filter(r => r.width > 0).map(r => Math.round(r.top)));
            const where = button
                ? `the button "${cell.textContent.trim()}"`
                : `${cell.tagName.toLowerCase()}[data-label="${cell.dataset.label || ''}"]`;
            if (lines.size > 1) split.push(`"${m[0]}" in ${where}`);
        }
    }
}
return [...new Set(split)];
"#;

/// Every label of the header (brand, environment, organization, its buttons, who is signed
/// in) shown on more than one line: too narrow for one row, whole items move to a second one.
const BROKEN_HEADER_LABELS: &str = r#"
const broken = [];
const items = '.topbar > a, .topbar > span:not(.spacer, .account), .topbar button, .topbar .who';
for (const item of document.querySelectorAll(items)) {
    const range = document.createRange();
    range.selectNodeContents(item);
    // Boxes of one line overlap vertically (a count badge sits higher than its text).
    const boxes = [...range.getClientRects()].filter(r => r.width > 0).sort((a, b) => a.top - b.top);
    let lines = 0, bottom = -Infinity;
    for (const box of boxes) {
        if (box.top >= bottom - 1) lines += 1;
        bottom = Math.max(bottom, box.bottom);
    }
    if (lines > 1) broken.push(`the header's "${item.textContent.trim()}" on ${lines} lines`);
}
return broken;
"#;

async fn check(ctx: &Ctx, path: &str, failures: &mut Vec<String>) {
    ctx.walk_to(path).await;
    let header = ctx.strings(BROKEN_HEADER_LABELS).await;
    for problem in problems(ctx).await.into_iter().chain(ctx.strings(SPLIT_WORDS).await).chain(header) {
        failures.push(format!("{path} at 800 px: {problem}"));
    }
    ctx.snap(&format!("layout{}", path.replace('/', "_"))).await;
}

/// The demo's screens the layout flows walk, as the admin sees them.
pub(super) fn screens() -> Vec<String> {
    let mut screens = vec!["/clusters".to_string(), "/clusters/new".to_string(), "/overview".to_string()];
    screens.extend(TABS.iter().map(|tab| format!("/clusters/{}{tab}", demo::ACME_PROD)));
    screens.push(format!("/clusters/{}/billing", demo::ACME_OVERDUE));
    screens.extend(["/billing", "/organizations", "/realms"].map(String::from));
    screens.push(format!("/realms/{}", demo::REALM_CUSTOMERS));
    screens.push(format!("/organizations/{}/secrets", demo::ACME_ORG_ID));
    screens
}

async fn walk(ctx: Ctx) {
    ctx.client.set_window_size(800, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
    super::admin(&ctx).await;
    // The tier column of the list is where words were split.
    ctx.wait_text("table.clusters", "Enterprise").await;
    let screens = screens();
    let mut failures = Vec::new();
    for path in &screens {
        check(&ctx, path, &mut failures).await;
    }
    // A mouse click on a tab the bar has to scroll to lands: the focus it takes on the press
    // must not move it from under the pointer (it did, and the click never happened).
    ctx.walk_to(&format!("/clusters/{}", demo::ACME_PROD)).await;
    ctx.click("nav.tabs a[href$='/logs']").await;
    ctx.wait_url(&format!("/clusters/{}/logs", demo::ACME_PROD)).await;
    // A window made narrower (a phone turned) brings the current tab back into view.
    ctx.client.set_window_size(1366, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
    ctx.walk_to(&format!("/clusters/{}/logs", demo::ACME_PROD)).await;
    ctx.client.set_window_size(390, 800).await.unwrap_or_else(|e| panic!("resize: {e}"));
    let shown = "const bar = document.querySelector('nav.tabs'), tab = \
                 bar.querySelector('[aria-current=page]');\
        const b = bar.getBoundingClientRect(), t = tab.getBoundingClientRect();\
        return t.left >= b.left - 1 && t.right <= b.right + 1;";
    let mut in_view = false;
    for _ in 0..20 {
        in_view = ctx.client.execute(shown, vec![]).await.ok().and_then(|v| v.as_bool()).unwrap_or(false);
        if in_view {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(in_view, "after the window narrowed, the current tab (Logs) is outside the tab bar");
    ctx.client.set_window_size(800, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
    // The review desk, support staff's widest table.
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET).await;
    // Signed in again, back on the page it left.
    ctx.wait_text("#signed-in-as", "demo-staff").await;
    check(&ctx, "/review", &mut failures).await;
    ctx.wait_text("table#review-desk", "loyalty-points").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    for problem in ctx.strings(SPLIT_WORDS).await {
        failures.push(format!("/review (filled) at 800 px: {problem}"));
    }
    println!("    layout: walked {} screens at 800 px", screens.len() + 1);
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

/// No button, Copy in a `td.mono` cell included, breaks inside a word, in any of the six
/// languages, on a laptop (1366 px) or a phone (390 px). The clusters list, where Copy
/// split, is checked first; every walked screen after.
async fn buttons_whole(ctx: Ctx) {
    super::admin(&ctx).await;
    ctx.find("table.clusters td.mono .copy").await;
    let mut failures = Vec::new();
    let mut checked = 0;
    for code in ["en", "fr", "es", "ko", "pl", "de"] {
        ctx.client.set_window_size(1366, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
        ctx.click("#account-menu-button").await;
        super::i18n::choose_language(&ctx, "#account-language", code).await;
        for path in screens() {
            ctx.walk_to(&path).await;
            for width in [1366, 390] {
                ctx.resize(width, 900).await;
                let shown = ctx
                    .client
                    .execute("return document.querySelectorAll('button, .button').length;", vec![])
                    .await
                    .ok()
                    .and_then(|n| n.as_u64())
                    .unwrap_or(0);
                checked += shown;
                for problem in ctx.strings(SPLIT_WORDS).await {
                    failures.push(format!("{code} {path} at {width} px: {problem}"));
                }
            }
        }
    }
    ctx.client.set_window_size(1366, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
    assert!(checked > 100, "only {checked} buttons seen: the check read nothing");
    assert!(failures.is_empty(), "{} words split:\n{}", failures.len(), failures.join("\n"));
}
