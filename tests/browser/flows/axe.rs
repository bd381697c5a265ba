//! axe-core in the page: the serious and critical accessibility violations inside one
//! element. axe-core is an npm package `make setup` installs into `.tools` (or the file
//! named by `AXE_JS`). Its source is sent with the check itself through WebDriver, so the
//! page's Content-Security-Policy (no inline or eval'd script) is not involved.

use std::path::PathBuf;

use crate::harness::Ctx;

fn source() -> String {
    let path = std::env::var_os("AXE_JS").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".tools/node_modules/axe-core/axe.min.js")
    });
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("axe-core is missing at {} ({e}): run `make setup`", path.display()))
}

/// Each serious or critical violation inside `css`, as "rule: help (nodes)".
pub async fn serious(ctx: &Ctx, css: &str) -> Vec<String> {
    let script = format!(
        "{}\n;const done = arguments[arguments.length - 1];\
        axe.run(document.querySelector({css:?}), {{ resultTypes: ['violations'] }}).then(\
            r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')\
                .map(v => v.id + ': ' + v.help + ' (' + v.nodes.map(n => n.target.join(' ')).join(', ') + \
                ')')),e => done(['axe could not run: ' + e]));",
        source()
    );
    let found = ctx.client.execute_async(&script, vec![]).await.unwrap_or_else(|e| panic!("axe: {e}"));
    serde_json::from_value(found).unwrap_or_else(|e| panic!("axe's answer: {e}"))
}

/// Fails on any serious or critical violation inside `css`, naming each rule and element.
pub async fn no_serious_violations(ctx: &Ctx, css: &str, what: &str) {
    let found = serious(ctx, css).await;
    assert!(found.is_empty(), "axe-core finds serious violations in {what}:\n{}", found.join("\n"));
}
