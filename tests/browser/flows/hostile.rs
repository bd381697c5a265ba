//! The Hostile organization (`--hostile-seed`): every free-text field holds markup,
//! `javascript:` URLs, a 2,000-character word, right-to-left text, emoji or zero-width
//! characters. Signed in as its admin secret, the flow walks every screen and proves on
//! each, at 1366 and 390 px wide: no payload ran (`window.__pwned` unset), no markup was
//! rendered, no `javascript:` link exists, and the page does not overflow sideways.

use cluster_sandbox::Config;
use cluster_sandbox::store::hostile::{
    self, HOSTILE_CLIENT_ID, HOSTILE_CLIENT_SECRET, HOSTILE_CLUSTERS, HOSTILE_ORG_ID,
};

use super::Flow;
use crate::harness::{Ctx, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![("hostile_strings_on_every_screen", |d| {
        Box::pin(run_flow(d, Config { hostile: true, ..Config::default() }, walk))
    })]
}

const TABS: [&str; 8] =
    ["", "/realms", "/domains", "/env-vars", "/access", "/resources", "/logs", "/billing"];

/// Every screen of the console the Hostile admin can open.
fn screens() -> Vec<String> {
    let mut all = vec!["/clusters".to_string(), "/clusters/new".to_string()];
    for cluster in HOSTILE_CLUSTERS {
        all.extend(TABS.iter().map(|tab| format!("/clusters/{cluster}{tab}")));
    }
    all.extend(["/organizations".to_string(), "/billing".to_string(), "/realms".to_string()]);
    all.extend((0..hostile::strings().len()).map(|i| format!("/realms/dep-hostile-{i}")));
    all.push(format!("/organizations/{HOSTILE_ORG_ID}/secrets"));
    all.extend(
        ["sec-hostile-admin", "sec-hostile-long"]
            .map(|s| format!("/organizations/{HOSTILE_ORG_ID}/secrets/{s}")),
    );
    all.extend(["/review".to_string(), "/no-such-page".to_string()]);
    all
}

/// What is wrong with the page as it stands, in words (empty when nothing is).
const CHECK: &str = r#"
const bad = [];
if (window.__pwned) bad.push('a payload ran (window.__pwned is set)');
if (document.querySelector('img[src="x"]')) bad.push('an injected <img src=x> was rendered');
if (document.querySelector('svg[onload], [onerror], [onload]')) {
    bad.push('an element with an injected handler was rendered');
}
for (const el of document.querySelectorAll('[href], [src], [action], [formaction]')) {
    for (const attr of ['href', 'src', 'action', 'formaction']) {
        const v = (el.getAttribute(attr) || '').replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (v.startsWith('javascript:')) bad.push(`a javascript: ${attr} on <${el.tagName.toLowerCase()}>`);
    }
}
const d = document.documentElement;
if (d.scrollWidth > d.clientWidth) {
    const wide = [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > d.clientWidth + 1 && e.children.length === 0)
        .slice(0, 4)
        .map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}#${e.id}`);
    bad.push(`overflows sideways: ${d.scrollWidth} > ${d.clientWidth} px (${wide.join(', ')})`);
}
return bad;
"#;

/// What is wrong with the page as it stands (see CHECK); the layout flow asks it too.
pub(super) async fn problems(ctx: &Ctx) -> Vec<String> {
    ctx.strings(CHECK).await
}

async fn walk(ctx: Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(HOSTILE_CLIENT_ID, HOSTILE_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    // The hostile strings are on screen, as text.
    let list = ctx.wait_text("table.clusters", "onerror").await;
    assert!(list.contains("svg onload"), "{list}");

    let screens = screens();
    let mut failures = Vec::new();
    for path in &screens {
        ctx.walk_to(path).await;
        for width in [1366, 390] {
            ctx.resize(width, 900).await;
            for problem in problems(&ctx).await {
                failures.push(format!("{path} at {width} px: {problem}"));
            }
        }
        ctx.snap(&format!("hostile{}", path.replace('/', "_"))).await;
    }
    println!("    hostile: walked {} screens at 1366 and 390 px", screens.len());
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}
