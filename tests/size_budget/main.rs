//! The byte budget (issue 35): the release build in dist/ must not outgrow the gzip ceilings
//! of `size-budget.json`. Deterministic: it reads the `.gz` siblings the build writes
//! (scripts/compress.mjs, what a server sends), never a timing or a browser.
//!
//! Measured, in gzip bytes:
//! - `main_module`: the main wasm module, the one `.wasm` file index.html preloads;
//! - `groups.<name>`: every pack a route group needs (pkg-*/packs.json, written by
//!   scripts/pack-modules.mjs), shared packs included: that group's first navigation;
//! - `first_visit`: what a person signing in fetches before the clusters list shows: index.html,
//!   what it references (scripts, module preloads, preloads, style sheets), the modules those
//!   scripts import statically, and the packs of the `console` and `signing_in` groups that
//!   packs.json has (each pack once);
//! - `all`: every file of dist/ (its `.gz` when the build wrote one, else as it is), but the
//!   server configuration no browser fetches (`_headers`, `deploy/`).
//!
//! A `.gz` is checked against the file it compresses (a stale one would measure another
//! build). dist/ is `$DIST` when set (as for the deploy tests and `make size`). Missing or
//! unreadable files fail the test: it never skips. Raising a ceiling is a deliberate change,
//! explained in BENCHMARKS.md.
#![cfg(not(target_arch = "wasm32"))]

mod budget;
mod dist;
#[cfg(test)]
mod logic;
mod references;

use std::path::{Path, PathBuf};

use budget::{Figure, figures, parse_budget, table};
use dist::measure;

/// The groups whose packs a person fetches before the clusters list shows, when the build has
/// them: the console, fetched at start-up, and signing in, which every way to the list goes
/// through (leaving for the identity server, redeeming the code it sends back, a reload's
/// silent return, an API secret's grant).
const FIRST_VISIT_GROUPS: [&str; 2] = ["console", "signing_in"];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The whole check: the report on success, the reason on failure.
fn check(budget_file: &Path, dist: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(budget_file)
        .map_err(|e| format!("cannot read {}: {e}", budget_file.display()))?;
    let budget = parse_budget(&text)?;
    let measured =
        measure(dist).map_err(|e| format!("{e}\n(dist: {}; `make build` writes it)", dist.display()))?;
    let rows = figures(&budget, &measured).map_err(|p| p.join("\n"))?;
    let all = table(&rows);
    let grew: Vec<&Figure> = rows.iter().filter(|f| f.grew()).collect();
    if grew.is_empty() {
        Ok(format!("size budget of {} (gzip bytes), met:\n{all}", dist.display()))
    } else {
        Err(format!(
            "the build outgrew size-budget.json:\n{}\nall figures:\n{all}\
             Raising a ceiling is a deliberate change: see BENCHMARKS.md, \"Size budget\".",
            table(grew)
        ))
    }
}

#[test]
fn dist_within_budget() {
    let dist = std::env::var_os("DIST").map(PathBuf::from).unwrap_or_else(|| repo().join("dist"));
    match check(&repo().join("size-budget.json"), &dist) {
        // Straight to stdout: the test harness captures println! of a passing test, and the
        // figures are wanted on every run.
        Ok(report) => {
            use std::io::Write as _;
            let _ = writeln!(std::io::stdout().lock(), "\n{report}");
        }
        Err(e) => panic!("{e}"),
    }
}
