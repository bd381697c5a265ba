//! The import check (issue 36, item 8): every `crate::` path in `src/` runs down the parts
//! table of `docs/ARCHITECTURE.md` (rules 1 to 3). It reads the source as text (comments
//! and string literals left out; `view!` markup included, where `<crate::x::Y/>` places a
//! component) and fails naming `file:line` for:
//!
//! - the Foundation importing the Kit, a screen or the Shell, or the Route data (allowed in
//!   `links.rs` and `prefetch.rs` only);
//! - the Route data importing anything of ours but `i18n`;
//! - the Kit importing a screen or the Shell;
//! - a screen importing the Shell;
//! - a view (`view!`, `#[component]`) in the Foundation (rule 4);
//! - a screen folder naming another screen folder's component (a `#[component]`, rule 3);
//! - a cycle between screen folders (rule 3), with the imports that make it.
//!
//! A top-level module the table does not place fails too, so a new one is placed on
//! purpose. The departures the architecture lists as not yet mended are [`KNOWN_CYCLES`];
//! one that no longer holds fails the check as well, so the list only shrinks.
//! `super::` paths are not followed: they stay inside a folder.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The parts, bottom to top (the Contract and the Sandbox are other crates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Foundation,
    RouteData,
    Kit,
    /// A screen folder (or feature) by its top-level module.
    Screen(&'static str),
    Shell,
}

const FOUNDATION: &[&str] = &[
    "api",
    "account",
    "poll",
    "i18n",
    "session",
    "directory",
    "claims",
    "cluster_states",
    "config",
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
const SCREENS: &[&str] = &[
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
const READS_ROUTES: &[&str] = &["src/links.rs", "src/prefetch.rs"];

/// Cycles between screen folders that `docs/ARCHITECTURE.md` lists under "Where the tree
/// departs from these rules today", each as its folders in sorted order. Mending one means
/// removing it here and there.
const KNOWN_CYCLES: &[&[&str]] = &[];

/// The sandbox's top-level modules that are one level, so import each other on purpose
/// (ARCHITECTURE: a row's `to_wire` uses the engine's wording, the engine reasons about rows).
const SANDBOX_ONE_LEVEL: &[[&str; 2]] = &[["engine", "records"]];
/// Circles between the sandbox's top-level modules still to mend, as docs/ARCHITECTURE.md
/// lists them; one that has gone fails the check until it is taken off both.
const SANDBOX_KNOWN_CYCLES: &[&[&str]] = &[];

fn part_of(module: &str) -> Option<Part> {
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

/// The top-level module a file of `src/` belongs to: `src/kit/page.rs` → `kit`,
/// `src/words.rs` → `words`.
fn module_of(relative: &Path) -> String {
    let mut parts = relative.components().skip(1);
    let first = parts.next().map(|c| c.as_os_str().to_string_lossy().into_owned()).unwrap_or_default();
    first.strip_suffix(".rs").unwrap_or(&first).to_string()
}

/// The source with comments and the insides of string and char literals blanked (newlines
/// kept, so line numbers hold).
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('#') || next == Some('"'))
            && !ident_char(chars.get(i.wrapping_sub(1)))
        {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            out.push_str(&" ".repeat(j + 1 - i));
            i = j + 1;
            while i < chars.len() {
                if chars[i] == '"' && (0..hashes).all(|h| chars.get(i + 1 + h) == Some(&'#')) {
                    out.push_str(&" ".repeat(1 + hashes));
                    i += 1 + hashes;
                    break;
                }
                out.push(blank(chars[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if let Some(&ch) = chars.get(i) {
                    out.push(blank(ch));
                }
                i += 1;
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a), which is left alone.
            if next == Some('\\') {
                let end = (i + 2..chars.len()).find(|&j| chars[j] == '\'').unwrap_or(chars.len() - 1);
                out.push_str(&" ".repeat(end + 1 - i));
                i = end + 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                out.push_str("   ");
                i += 3;
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Every path named after `crate::` on a line, braces expanded: `crate::{kit::Badge, words}`
/// gives `kit::Badge` and `words`.
fn crate_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().last();
        let tail = &rest[at + "crate::".len()..];
        rest = tail;
        if ident_char(before.as_ref()) {
            continue; // `xcrate::`, not the crate root
        }
        expand("", tail, &mut found);
    }
    found
}

/// Reads one path (with `{…}` groups) at the start of `text`, pushing each full path.
fn expand(prefix: &str, text: &str, found: &mut Vec<String>) -> usize {
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut path = prefix.to_string();
    loop {
        while bytes.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        if bytes.get(i) == Some(&'{') {
            i += 1;
            loop {
                while bytes.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                    i += 1;
                }
                if bytes.get(i).is_none_or(|c| *c == '}') {
                    return i + 1;
                }
                let rest: String = bytes[i..].iter().collect();
                let used = expand(&path, &rest, found);
                if used == 0 {
                    return i;
                }
                i += used;
            }
        }
        let start = i;
        while ident_char(bytes.get(i)) || bytes.get(i) == Some(&'*') {
            i += 1;
        }
        if i == start {
            if !path.is_empty() && path != prefix {
                found.push(path.trim_end_matches("::").to_string());
            }
            return i;
        }
        let segment: String = bytes[start..i].iter().collect();
        path.push_str(&segment);
        if bytes.get(i) == Some(&':') && bytes.get(i + 1) == Some(&':') {
            path.push_str("::");
            i += 2;
        } else {
            // `as name` and the like end the path.
            found.push(path);
            return i;
        }
    }
}

struct Source {
    relative: String,
    module: String,
    code: String,
}

fn sources(root: &Path) -> Vec<Source> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else { panic!("cannot read {}", dir.display()) };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root.join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Source {
                module: module_of(&relative),
                relative: relative.to_string_lossy().replace('\\', "/"),
                code: code_only(&text),
            }
        })
        .collect()
}

/// Each screen folder's components: the names of `#[component]` functions.
fn components(sources: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
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
type Edges = BTreeMap<(String, String), Vec<String>>;

/// Every import that breaks a rule, worded for the failure message, and the imports between
/// screen folders.
fn check(sources: &[Source]) -> (Vec<String>, Edges) {
    let components = components(sources);
    let mut broken = Vec::new();
    // Screen folder → screen folder, with where each edge is.
    let mut edges = Edges::new();
    for source in sources {
        let Some(from) = part_of(&source.module) else {
            broken.push(format!(
                "{}: module `{}` is in no part of docs/ARCHITECTURE.md's table (add it there and to \
                 tests/imports.rs)",
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

/// The strongly connected groups of two or more screen folders (Tarjan's algorithm).
fn cycles(edges: &Edges) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    let nodes: Vec<&String> = nodes.into_iter().collect();
    let index_of = |name: &String| nodes.iter().position(|n| *n == name).unwrap_or(0);
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (a, b) in edges.keys() {
        next[index_of(a)].push(index_of(b));
    }
    struct State {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        groups: Vec<Vec<usize>>,
    }
    fn visit(v: usize, next: &[Vec<usize>], s: &mut State) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &next[v] {
            match s.index[w] {
                None => {
                    visit(w, next, s);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            s.groups.push(group);
        }
    }
    let n = nodes.len();
    let mut s = State {
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        groups: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(v, &next, &mut s);
        }
    }
    let mut out: Vec<Vec<String>> = s
        .groups
        .into_iter()
        .filter(|g| g.len() > 1)
        .map(|g| {
            let mut names: Vec<String> = g.into_iter().map(|i| nodes[i].clone()).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

/// Each circle among `edges` that `known` (the list named `list`) does not hold, with the
/// imports that close it, and each circle of `known` no longer there.
fn circles(edges: &Edges, known: &[&[&str]], who: &str, list: &str) -> Vec<String> {
    let known: Vec<Vec<String>> = known.iter().map(|c| c.iter().map(|s| s.to_string()).collect()).collect();
    let found = cycles(edges);
    let mut broken = Vec::new();
    for group in found.iter().filter(|g| !known.contains(g)) {
        let mut message = format!("{who} import each other in a circle: {}:", group.join(", "));
        for ((a, b), at) in edges {
            if group.contains(a) && group.contains(b) {
                let _ = write!(message, "\n    {a} → {b}: {}", at.join(", "));
            }
        }
        broken.push(message);
    }
    for group in known.iter().filter(|g| !found.contains(g)) {
        broken.push(format!(
            "the circle {} is no longer there: remove it from {list} and from docs/ARCHITECTURE.md",
            group.join(", ")
        ));
    }
    broken
}

#[test]
fn every_import_runs_down_the_parts_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = sources(root);
    assert!(sources.len() > 100, "read only {} files of src/: the check would see nothing", sources.len());
    let (mut broken, edges) = check(&sources);
    assert!(
        edges.len() > 5,
        "found only {} imports between screen folders: the parser reads nothing",
        edges.len()
    );

    broken.extend(circles(&edges, KNOWN_CYCLES, "screen folders", "KNOWN_CYCLES"));
    assert!(
        broken.is_empty(),
        "imports that run up the parts table (docs/ARCHITECTURE.md):\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_parser_reads_grouped_paths_and_skips_comments_and_strings() {
    let code = code_only(
        "use crate::{kit::{Badge, Tone}, words}\
         ; // crate::shell\nlet s = \"crate::shell\"; let c = '\"'; crate::x::y()",
    );
    let lines: Vec<&str> = code.lines().collect();
    assert_eq!(crate_paths(lines[0]), vec!["kit::Badge", "kit::Tone", "words"]);
    assert_eq!(crate_paths(lines[1]), vec!["x::y"]);
    assert_eq!(crate_paths("<crate::shell::Boot>"), vec!["shell::Boot"]);
    assert_eq!(crate_paths("use crate::billing::dollars as money;"), vec!["billing::dollars"]);
    assert_eq!(crate_paths("fn f<'a>(x: &'a str) { crate::kit::Badge::new(x) }"), vec!["kit::Badge::new"]);
}

#[test]
fn a_circle_is_found_with_its_folders() {
    let mut edges = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        edges.insert((a.to_string(), b.to_string()), vec![String::new()]);
    }
    assert_eq!(cycles(&edges), vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]);
}

/// Imports between the sandbox's top-level modules (`crates/sandbox/src/<module>`), with
/// where each is; the pairs of [`SANDBOX_ONE_LEVEL`] left out.
fn sandbox_edges(sources: &[Source]) -> Edges {
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

#[test]
fn the_sandbox_modules_import_each_other_in_no_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/sandbox");
    let sources = sources(&root);
    assert!(
        sources.len() > 50,
        "read only {} files of the sandbox: the check would see nothing",
        sources.len()
    );
    let edges = sandbox_edges(&sources);
    assert!(
        edges.len() > 30,
        "found only {} imports between the sandbox's modules: the parser reads nothing",
        edges.len()
    );
    let broken = circles(&edges, SANDBOX_KNOWN_CYCLES, "the sandbox's modules", "SANDBOX_KNOWN_CYCLES");
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
