//! Accessibility checks with axe-core, injected into the page by the WebDriver (so no
//! Content-Security-Policy applies to it). The file comes from `make setup` (npm
//! axe-core into .tools), or from $AXE_CORE_JS.

use std::path::PathBuf;

use crate::harness::Ctx;

fn axe_source() -> String {
    let path = std::env::var_os("AXE_CORE_JS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".tools/node_modules/axe-core/axe.min.js"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("axe-core is missing at {} ({e}); run `make setup`", path.display()))
}

/// Runs axe on the element `css` and fails on any serious or critical violation, naming
/// each rule and the elements it found.
pub async fn no_serious_violations(ctx: &Ctx, css: &str, what: &str) {
    let load = format!("{}\n;window.axe = window.axe || axe; return typeof window.axe;", axe_source());
    let loaded = ctx.client.execute(&load, vec![]).await.unwrap_or_else(|e| panic!("axe-core did not load: {e}"));
    assert_eq!(loaded, serde_json::json!("object"), "axe-core did not load");
    let script = r#"const [css, done] = [arguments[0], arguments[arguments.length - 1]];
        window.axe.run(document.querySelector(css), { resultTypes: ['violations'] })
            .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)),
                  e => done([`axe failed: ${e}`]));"#;
    let found = ctx.client.execute_async(script, vec![serde_json::json!(css)]).await.unwrap_or_else(|e| panic!("axe: {e}"));
    let found: Vec<String> = serde_json::from_value(found).unwrap_or_else(|e| panic!("axe answered oddly: {e}"));
    assert!(found.is_empty(), "axe-core finds serious violations in {what}:\n{}", found.join("\n"));
}
