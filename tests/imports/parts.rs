//! The parts table of `docs/ARCHITECTURE.md` as data: which top-level module of `src/` is in
//! which part, the Foundation files that may read the route table, and the circles still to
//! mend (the console's screen folders, the sandbox's modules).

/// The parts, bottom to top (the Contract and the Sandbox are other crates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Foundation,
    RouteData,
    Kit,
    /// A screen folder (or feature) by its top-level module.
    Screen(&'static str),
    Shell,
}

pub const FOUNDATION: &[&str] = &[
    "api",
    "account",
    "poll",
    "i18n",
    "session",
    "directory",
    "claims",
    "cluster_states",
    "config",
    "json",
    "links",
    "navigation",
    "prefetch",
    "chunk",
    "view_read",
    "format",
    "lower",
    "redirect",
    "words",
    "tone",
];
pub const SCREENS: &[&str] = &[
    "clusters",
    "billing",
    "organizations",
    "realms",
    "review",
    "overview",
    "activity",
    "palette",
    "code",
    "terraform",
];
/// Foundation files that may read the route table (rule 1).
pub const READS_ROUTES: &[&str] = &["src/links.rs", "src/prefetch.rs"];

/// Cycles between screen folders that `docs/ARCHITECTURE.md` lists under "Where the tree
/// departs from these rules today", each as its folders in sorted order. Mending one means
/// removing it here and there.
pub const KNOWN_CYCLES: &[&[&str]] = &[];

/// The sandbox's top-level modules that are one level, so import each other on purpose
/// (ARCHITECTURE: a row's `to_wire` uses the engine's wording, the engine reasons about rows).
pub const SANDBOX_ONE_LEVEL: &[[&str; 2]] = &[["engine", "records"]];
/// Circles between the sandbox's top-level modules still to mend, as docs/ARCHITECTURE.md
/// lists them; one that has gone fails the check until it is taken off both.
pub const SANDBOX_KNOWN_CYCLES: &[&[&str]] = &[];

pub fn part_of(module: &str) -> Option<Part> {
    if FOUNDATION.contains(&module) {
        Some(Part::Foundation)
    } else if module == "routes" {
        Some(Part::RouteData)
    } else if module == "kit" {
        Some(Part::Kit)
    } else if let Some(screen) = SCREENS.iter().find(|s| **s == module) {
        Some(Part::Screen(screen))
    } else if matches!(module, "shell" | "app" | "main") {
        Some(Part::Shell)
    } else {
        None
    }
}
