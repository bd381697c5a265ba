//! The imports that break the parts table's rules, and the imports between screen folders
//! (and between the sandbox's modules) that the circle check reads.

use std::collections::{BTreeMap, BTreeSet};

use super::parts::{Part, READS_ROUTES, SANDBOX_ONE_LEVEL, part_of};
use super::source::{Source, crate_paths};

/// Each screen folder's components: the names of `#[component]` functions.
pub fn components(sources: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources {
        let mut rest = source.code.as_str();
        while let Some(at) = rest.find("#[component]") {
            rest = &rest[at + "#[component]".len()..];
            if let Some(fn_at) = rest.find("fn ") {
                let name: String =
                    rest[fn_at + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                found.entry(source.module.clone()).or_default().insert(name);
            }
        }
    }
    found
}

/// Imports from one screen folder into another: (from, to) → where, as `file:line`.
pub type Edges = BTreeMap<(String, String), Vec<String>>;

/// Every import that breaks a rule, worded for the failure message, and the imports between
/// screen folders.
pub fn check(sources: &[Source]) -> (Vec<String>, Edges) {
    let components = components(sources);
    let mut broken = Vec::new();
    // Screen folder → screen folder, with where each edge is.
    let mut edges = Edges::new();
    for source in sources {
        let Some(from) = part_of(&source.module) else {
            broken.push(format!(
                "{}: module `{}` is in no part of docs/ARCHITECTURE.md's table (add it there and to \
                 tests/imports/parts.rs)",
                source.relative, source.module
            ));
            continue;
        };
        for (n, line) in source.code.lines().enumerate() {
            if from == Part::Foundation && (line.contains("view!") || line.contains("#[component]")) {
                broken.push(format!(
                    "{}:{}: a view in the Foundation, which draws nothing: rule 4",
                    source.relative,
                    n + 1
                ));
            }
            for path in crate_paths(line) {
                let target = path.split("::").next().unwrap_or_default().to_string();
                if target == source.module || target.is_empty() {
                    continue;
                }
                let at = format!("{}:{}", source.relative, n + 1);
                let Some(to) = part_of(&target) else {
                    broken.push(format!(
                        "{at}: `crate::{path}` names `{target}`, a module the table does not place"
                    ));
                    continue;
                };
                let why = match (from, to) {
                    (Part::Foundation, Part::RouteData)
                        if READS_ROUTES.contains(&source.relative.as_str()) =>
                    {
                        None
                    }
                    (Part::Foundation, Part::Foundation) => None,
                    (Part::Foundation, _) => Some(
                        "the Foundation imports only the Foundation (and the route table in links.rs and \
                         prefetch.rs): rule 1",
                    ),
                    (Part::RouteData, Part::Foundation) if target == "i18n" => None,
                    (Part::RouteData, _) => {
                        Some("the route table imports only i18n and the Contract: rules 1 and 2")
                    }
                    (Part::Kit, Part::Screen(_) | Part::Shell) => {
                        Some("the Kit imports no screen and no Shell: rule 1")
                    }
                    (Part::Kit, _) => None,
                    (Part::Screen(_), Part::Shell) => Some("a screen imports no Shell: rule 1"),
                    (Part::Screen(a), Part::Screen(b)) if a != b => {
                        let lines = edges.entry((a.to_string(), b.to_string())).or_default();
                        if !lines.contains(&at) {
                            lines.push(at.clone());
                        }
                        let leaf = path.rsplit("::").next().unwrap_or_default();
                        components
                            .get(b)
                            .is_some_and(|names| names.contains(leaf))
                            .then_some("a screen folder places no other folder's component: rule 3")
                    }
                    (Part::Screen(_), _) | (Part::Shell, _) => None,
                };
                if let Some(why) = why {
                    broken.push(format!("{at}: `crate::{path}`: {why}"));
                }
            }
        }
    }
    (broken, edges)
}

/// Imports between the sandbox's top-level modules (`crates/sandbox/src/<module>`), with
/// where each is; the pairs of [`SANDBOX_ONE_LEVEL`] left out.
pub fn sandbox_edges(sources: &[Source]) -> Edges {
    let modules: BTreeSet<&str> = sources.iter().map(|s| s.module.as_str()).collect();
    let mut edges = Edges::new();
    for source in sources.iter().filter(|s| s.module != "main") {
        for (n, line) in source.code.lines().enumerate() {
            for path in crate_paths(line) {
                let target = path.split("::").next().unwrap_or_default();
                let (a, b) = (source.module.as_str(), target);
                if a == b
                    || !modules.contains(b)
                    || SANDBOX_ONE_LEVEL.iter().any(|p| p.contains(&a) && p.contains(&b))
                {
                    continue;
                }
                let at = format!("crates/sandbox/{}:{}", source.relative, n + 1);
                let lines = edges.entry((a.to_string(), b.to_string())).or_default();
                if !lines.contains(&at) {
                    lines.push(at);
                }
            }
        }
    }
    edges
}
