//! The byte budget (issue 35): the release build in dist/ must not outgrow the gzip ceilings
//! of `size-budget.json`. Deterministic: it reads the `.gz` siblings the build writes
//! (scripts/compress.mjs, what a server sends), never a timing or a browser.
//!
//! Measured, in gzip bytes:
//! - `main_module`: the main wasm module, the one `.wasm` file index.html preloads;
//! - `groups.<name>`: every pack a route group needs (pkg-*/packs.json, written by
//!   scripts/pack-modules.mjs), shared packs included: that group's first navigation;
//! - `first_visit`: index.html, what it references (scripts, module preloads, preloads, style
//!   sheets), the modules those scripts import statically, and the packs of the `console`
//!   group when packs.json has one;
//! - `all`: every file of dist/ (its `.gz` when the build wrote one, else as it is), but the
//!   server configuration no browser fetches (`_headers`, `deploy/`).
//!
//! A `.gz` is checked against the file it compresses (a stale one would measure another
//! build). dist/ is `$DIST` when set (as for the deploy tests and `make size`). Missing or
//! unreadable files fail the test: it never skips. Raising a ceiling is a deliberate change,
//! explained in BENCHMARKS.md.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The group whose packs every visit fetches at start-up, when the build has one.
const FIRST_VISIT_GROUP: &str = "console";

/// The ceilings of `size-budget.json`.
#[derive(Debug, PartialEq)]
struct Budget {
    main_module: u64,
    first_visit: u64,
    all: u64,
    groups: BTreeMap<String, u64>,
}

/// What the build weighs, in the same terms.
#[derive(Debug, PartialEq)]
struct Measured {
    main_module: u64,
    first_visit: u64,
    all: u64,
    groups: BTreeMap<String, u64>,
}

/// One line of the report.
#[derive(Debug, PartialEq)]
struct Figure {
    name: String,
    ceiling: u64,
    actual: u64,
}

impl Figure {
    fn grew(&self) -> bool {
        self.actual > self.ceiling
    }
}

fn ceiling(object: &serde_json::Map<String, Value>, key: &str, at: &str) -> Result<u64, String> {
    object
        .get(key)
        .ok_or_else(|| format!("size-budget.json: {at}{key} is missing"))?
        .as_u64()
        .ok_or_else(|| format!("size-budget.json: {at}{key} is not a whole number of bytes"))
}

/// Reads `size-budget.json`. Unknown keys are refused: a misspelt ceiling would otherwise
/// budget nothing.
fn parse_budget(text: &str) -> Result<Budget, String> {
    let root: Value = serde_json::from_str(text).map_err(|e| format!("size-budget.json: {e}"))?;
    let root = root.as_object().ok_or("size-budget.json: not an object")?;
    for key in root.keys() {
        if !["about", "ceilings", "goals"].contains(&key.as_str()) {
            return Err(format!("size-budget.json: unknown key {key:?}"));
        }
    }
    let ceilings =
        root.get("ceilings").and_then(Value::as_object).ok_or("size-budget.json: no \"ceilings\" object")?;
    for key in ceilings.keys() {
        if !["main_module", "first_visit", "all", "groups"].contains(&key.as_str()) {
            return Err(format!("size-budget.json: unknown key ceilings.{key}"));
        }
    }
    let groups = ceilings
        .get("groups")
        .and_then(Value::as_object)
        .ok_or("size-budget.json: no \"ceilings.groups\" object")?;
    let groups = groups
        .keys()
        .map(|g| Ok((g.clone(), ceiling(groups, g, "ceilings.groups.")?)))
        .collect::<Result<_, String>>()?;
    Ok(Budget {
        main_module: ceiling(ceilings, "main_module", "ceilings.")?,
        first_visit: ceiling(ceilings, "first_visit", "ceilings.")?,
        all: ceiling(ceilings, "all", "ceilings.")?,
        groups,
    })
}

/// Pairs each ceiling with its figure. Every group of the build needs a ceiling and every
/// ceiling a group of the build: an unbudgeted group would grow unseen, and a ceiling for a
/// group the build lacks checks nothing.
fn figures(budget: &Budget, measured: &Measured) -> Result<Vec<Figure>, Vec<String>> {
    let mut problems = Vec::new();
    for g in budget.groups.keys().filter(|g| !measured.groups.contains_key(*g)) {
        problems.push(format!("size-budget.json names group {g:?}, which packs.json does not have"));
    }
    for g in measured.groups.keys().filter(|g| !budget.groups.contains_key(*g)) {
        problems.push(format!("packs.json has group {g:?}, which size-budget.json gives no ceiling"));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let figure = |name: String, ceiling, actual| Figure { name, ceiling, actual };
    let mut out = vec![
        figure("main module".into(), budget.main_module, measured.main_module),
        figure("first visit".into(), budget.first_visit, measured.first_visit),
    ];
    for (g, &c) in &budget.groups {
        out.push(figure(format!("group {g}"), c, measured.groups[g]));
    }
    out.push(figure("all of dist".into(), budget.all, measured.all));
    Ok(out)
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn signed(actual: u64, ceiling: u64) -> String {
    if actual == ceiling {
        "0".into()
    } else if actual > ceiling {
        format!("+{}", thousands(actual - ceiling))
    } else {
        format!("-{}", thousands(ceiling - actual))
    }
}

/// The figures as an aligned table: name, ceiling, actual, difference (actual - ceiling).
fn table<'a>(rows: impl IntoIterator<Item = &'a Figure>) -> String {
    let mut cells = vec![["gzip bytes".to_string(), "ceiling".into(), "actual".into(), "difference".into()]];
    for f in rows {
        cells.push([f.name.clone(), thousands(f.ceiling), thousands(f.actual), signed(f.actual, f.ceiling)]);
    }
    let width = |i: usize| cells.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let widths = [width(0), width(1), width(2), width(3)];
    let mut out = String::new();
    for r in &cells {
        let _ = writeln!(
            out,
            "  {:<w0$}  {:>w1$}  {:>w2$}  {:>w3$}",
            r[0],
            r[1],
            r[2],
            r[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3]
        );
    }
    out
}

/// Splits a tag's attributes (quoted, single-quoted, unquoted or bare: trunk minifies the
/// release's HTML, which drops quotes) into lower-case names and values.
fn attributes(tag: &str) -> BTreeMap<String, String> {
    let b = tag.as_bytes();
    let mut out = BTreeMap::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' && b[i] != b'/' {
            i += 1;
        }
        let name = tag[start..i].to_ascii_lowercase();
        let mut value = String::new();
        if i < b.len() && b[i] == b'=' {
            i += 1;
            if i < b.len() && (b[i] == b'"' || b[i] == b'\'') {
                let quote = b[i];
                let from = i + 1;
                i = from;
                while i < b.len() && b[i] != quote {
                    i += 1;
                }
                value = tag[from..i].to_string();
                i += 1;
            } else {
                let from = i;
                while i < b.len() && !b[i].is_ascii_whitespace() {
                    i += 1;
                }
                value = tag[from..i].to_string();
            }
        }
        if !name.is_empty() {
            out.insert(name, value);
        }
    }
    out
}

/// The attributes of every `<name ...>` start tag.
fn tags(html: &str, name: &str) -> Vec<BTreeMap<String, String>> {
    let lower = html.to_ascii_lowercase();
    let open = format!("<{name}");
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find(&open) {
        let start = at + found + open.len();
        at = start;
        let next = lower.as_bytes().get(start).copied();
        if !matches!(next, Some(c) if c.is_ascii_whitespace() || c == b'>' || c == b'/') {
            continue; // <linkage>, <scripts>: another element
        }
        let Some(end) = lower[start..].find('>') else { break };
        out.push(attributes(&html[start..start + end]));
        at = start + end;
    }
    out
}

/// What index.html makes every visit fetch: script sources, and the targets of style sheet,
/// module preload and preload links (not icons).
fn html_references(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for a in tags(html, "script") {
        if let Some(src) = a.get("src") {
            out.push(src.clone());
        }
    }
    for a in tags(html, "link") {
        let rel = a.get("rel").map(|r| r.to_ascii_lowercase()).unwrap_or_default();
        let wanted = rel.split_whitespace().any(|r| ["stylesheet", "modulepreload", "preload"].contains(&r));
        if let (true, Some(href)) = (wanted, a.get("href")) {
            out.push(href.clone());
        }
    }
    out
}

/// The modules a script imports statically (`import … from "./x.js"`, `import "./x.js"`,
/// `export … from`), which load before it runs; dynamic `import()` loads later and is not
/// followed. Only paths (`./`, `../`, `/`): the build has no bare specifiers.
fn static_imports(js: &str) -> Vec<String> {
    let re =
        regex::Regex::new(r#"(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']"#)
            .expect("a constant pattern");
    re.captures_iter(js)
        .map(|c| c[1].to_string())
        .filter(|s| s.starts_with("./") || s.starts_with("../") || s.starts_with('/'))
        .collect()
}

/// A reference from `from` (a path relative to dist/) as a path relative to dist/.
fn resolve(from: &str, reference: &str) -> Result<String, String> {
    if reference.contains("://") || reference.starts_with("//") || reference.starts_with("data:") {
        return Err(format!("{from} references {reference}, outside dist/: it cannot be measured"));
    }
    let reference = reference.split(['?', '#']).next().unwrap_or_default();
    let mut parts: Vec<&str> = if reference.starts_with('/') {
        Vec::new()
    } else {
        let mut dir: Vec<&str> = from.split('/').collect();
        dir.pop();
        dir
    };
    for part in reference.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop().ok_or_else(|| format!("{from} references {reference}, above dist/"))?;
            }
            p => parts.push(p),
        }
    }
    Ok(parts.join("/"))
}

/// packs.json: each group's packs, by file name.
fn parse_packs(text: &str) -> Result<BTreeMap<String, Vec<String>>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("packs.json: {e}"))?;
    let object = value.as_object().ok_or("packs.json: not an object")?;
    let mut out = BTreeMap::new();
    for (group, packs) in object {
        let packs = packs
            .as_array()
            .ok_or_else(|| format!("packs.json: {group:?} is not a list"))?
            .iter()
            .map(|p| {
                p.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("packs.json: {group:?} lists a non-name"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if packs.is_empty() {
            return Err(format!("packs.json: {group:?} needs no pack"));
        }
        out.insert(group.clone(), packs);
    }
    if out.is_empty() {
        return Err("packs.json names no group".into());
    }
    Ok(out)
}

/// Reads files of one dist/ and their served (gzip) sizes.
struct Dist {
    root: PathBuf,
    gzip: BTreeMap<String, u64>,
}

impl Dist {
    fn new(root: &Path) -> Self {
        Self { root: root.to_path_buf(), gzip: BTreeMap::new() }
    }

    fn read(&self, rel: &str) -> Result<Vec<u8>, String> {
        let path = self.root.join(rel);
        std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }

    fn text(&self, rel: &str) -> Result<String, String> {
        String::from_utf8(self.read(rel)?).map_err(|_| format!("{rel} is not UTF-8"))
    }

    /// The size of `rel.gz`, once it is checked to hold `rel`.
    fn gzip(&mut self, rel: &str) -> Result<u64, String> {
        if let Some(&n) = self.gzip.get(rel) {
            return Ok(n);
        }
        let raw = self.read(rel)?;
        let packed = self
            .read(&format!("{rel}.gz"))
            .map_err(|e| format!("{e} (a release build writes a .gz beside every file it serves)"))?;
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(packed.as_slice())
            .read_to_end(&mut unpacked)
            .map_err(|e| format!("{rel}.gz is not gzip: {e}"))?;
        if unpacked != raw {
            return Err(format!("{rel}.gz does not hold {rel}: a stale sibling from another build"));
        }
        let n = packed.len() as u64;
        self.gzip.insert(rel.to_string(), n);
        Ok(n)
    }

    /// As served: the `.gz` when the build wrote one (config.json has none: it is edited per
    /// deployment), else the file itself.
    fn served(&mut self, rel: &str) -> Result<u64, String> {
        if self.root.join(format!("{rel}.gz")).is_file() {
            return self.gzip(rel);
        }
        let path = self.root.join(rel);
        std::fs::metadata(&path).map(|m| m.len()).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }

    /// Every file below dist/ but the compressed siblings, as paths relative to it.
    fn files(&self) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        let mut stack = vec![String::new()];
        while let Some(dir) = stack.pop() {
            let path = self.root.join(&dir);
            let entries =
                std::fs::read_dir(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            for entry in entries {
                let entry = entry.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let name = entry.file_name().to_string_lossy().into_owned();
                let rel = if dir.is_empty() { name.clone() } else { format!("{dir}/{name}") };
                if entry.path().is_dir() {
                    stack.push(rel);
                } else if !name.ends_with(".gz") && !name.ends_with(".br") {
                    out.push(rel);
                }
            }
        }
        out.sort();
        Ok(out)
    }
}

/// Server configuration written into dist/ that no browser fetches.
fn server_only(rel: &str) -> bool {
    rel == "_headers" || rel.starts_with("deploy/")
}

/// Weighs the build in dist/.
fn measure(root: &Path) -> Result<Measured, String> {
    let mut dist = Dist::new(root);
    let html = dist.text("index.html")?;
    let referenced =
        html_references(&html).iter().map(|r| resolve("index.html", r)).collect::<Result<Vec<_>, _>>()?;

    let wasm: Vec<&String> = referenced.iter().filter(|r| r.ends_with(".wasm")).collect();
    let [main] = wasm.as_slice() else {
        return Err(format!(
            "index.html should preload exactly one wasm module (the main one), not {wasm:?}"
        ));
    };
    let main = (*main).clone();
    let pkg = main.rsplit_once('/').map(|(dir, _)| dir.to_string()).unwrap_or_default();
    let packs_json = if pkg.is_empty() { "packs.json".to_string() } else { format!("{pkg}/packs.json") };
    let groups = parse_packs(&dist.text(&packs_json)?)?;
    let pack_path = |p: &str| if pkg.is_empty() { p.to_string() } else { format!("{pkg}/{p}") };

    // The first visit: the page, what it references, their static imports, the console group.
    let mut first: BTreeSet<String> = BTreeSet::from(["index.html".to_string()]);
    let mut queue = referenced.clone();
    while let Some(rel) = queue.pop() {
        if !first.insert(rel.clone()) || !(rel.ends_with(".js") || rel.ends_with(".mjs")) {
            continue;
        }
        for import in static_imports(&dist.text(&rel)?) {
            queue.push(resolve(&rel, &import)?);
        }
    }
    if let Some(packs) = groups.get(FIRST_VISIT_GROUP) {
        first.extend(packs.iter().map(|p| pack_path(p)));
    }
    let first_visit = first.iter().map(|rel| dist.served(rel)).sum::<Result<u64, _>>()?;

    let mut group_sizes = BTreeMap::new();
    for (group, packs) in &groups {
        let n = packs.iter().map(|p| dist.gzip(&pack_path(p))).sum::<Result<u64, _>>()?;
        group_sizes.insert(group.clone(), n);
    }

    let all = dist
        .files()?
        .iter()
        .filter(|rel| !server_only(rel))
        .map(|rel| dist.served(rel))
        .sum::<Result<u64, _>>()?;

    Ok(Measured { main_module: dist.gzip(&main)?, first_visit, all, groups: group_sizes })
}

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

#[cfg(test)]
mod logic {
    use super::*;

    const BUDGET: &str = r#"{
        "about": "text",
        "ceilings": {
            "main_module": 100, "first_visit": 200, "all": 1000, "groups": { "cluster": 50, "realms": 40 }
        },
        "goals": { "initial": 1 }
    }"#;

    fn measured(main: u64, groups: &[(&str, u64)]) -> Measured {
        Measured {
            main_module: main,
            first_visit: 200,
            all: 900,
            groups: groups.iter().map(|(g, n)| (g.to_string(), *n)).collect(),
        }
    }

    #[test]
    fn reads_the_budget_and_refuses_misspelt_or_missing_ceilings() {
        let b = parse_budget(BUDGET).unwrap();
        assert_eq!((b.main_module, b.first_visit, b.all), (100, 200, 1000));
        assert_eq!(b.groups.get("realms"), Some(&40));
        let typo = BUDGET.replace("\"first_visit\"", "\"first_vist\"");
        assert!(parse_budget(&typo).unwrap_err().contains("first_vist"));
        let missing = r#"{"ceilings": {"main_module": 1, "all": 1, "groups": {}}}"#;
        assert!(parse_budget(missing).unwrap_err().contains("first_visit is missing"));
        let fraction = BUDGET.replace("\"realms\": 40", "\"realms\": 40.5");
        assert!(parse_budget(&fraction).unwrap_err().contains("realms"));
        assert!(parse_budget("[]").is_err());
    }

    #[test]
    fn a_ceiling_exceeded_is_a_row_of_what_grew() {
        let b = parse_budget(BUDGET).unwrap();
        let rows = figures(&b, &measured(1_234, &[("cluster", 50), ("realms", 39)])).unwrap();
        let grew: Vec<&Figure> = rows.iter().filter(|f| f.grew()).collect();
        assert_eq!(grew, [&Figure { name: "main module".into(), ceiling: 100, actual: 1_234 }]);
        let text = table(grew);
        assert!(text.contains("main module"), "{text}");
        assert!(text.contains("1,234") && text.contains("+1,134"), "{text}");
        // At the ceiling is within it; every figure appears in the full table.
        let full = table(&rows);
        for name in ["main module", "first visit", "group cluster", "group realms", "all of dist"] {
            assert!(full.contains(name), "{full}");
        }
        assert!(full.contains("-1"), "realms is 1 under: {full}");
    }

    #[test]
    fn a_budgeted_group_missing_from_the_build_fails_and_so_does_an_unbudgeted_one() {
        let b = parse_budget(BUDGET).unwrap();
        let e = figures(&b, &measured(1, &[("cluster", 1)])).unwrap_err();
        assert_eq!(e.len(), 1);
        assert!(e[0].contains("\"realms\""), "{e:?}");
        let e = figures(&b, &measured(1, &[("cluster", 1), ("realms", 1), ("console", 1)])).unwrap_err();
        assert!(e[0].contains("\"console\"") && e[0].contains("no ceiling"), "{e:?}");
    }

    #[test]
    fn finds_what_minified_html_references() {
        let html = concat!(
            r#"<!doctype html><html><head><link rel=icon href=/favicon-1.svg>"#,
            r#"<link rel=stylesheet href=/console-2.css integrity=sha384-x>"#,
            r#"<link rel=preload href=/config.json as=fetch crossorigin>"#,
            r#"<script src=/pkg-a/prefs.js></script>"#,
            r#"<link rel=modulepreload href="/pkg-a/cluster-console.js">"#,
            r#"<link rel='preload' href='/pkg-a/cluster-console_bg.wasm' "#,
            r#"as=fetch type=application/wasm crossorigin>"#,
            r#"<script type=module src=/pkg-a/boot.js></script><script>inline()</script><linkage href=/no>"#,
            r#"</head></html>"#,
        );
        let mut refs = html_references(html);
        refs.sort();
        assert_eq!(
            refs,
            [
                "/config.json",
                "/console-2.css",
                "/pkg-a/boot.js",
                "/pkg-a/cluster-console.js",
                "/pkg-a/cluster-console_bg.wasm",
                "/pkg-a/prefs.js"
            ]
        );
    }

    #[test]
    fn follows_static_imports_only() {
        let js = concat!(
            r#"import{a as b,c}from"./__wasm_split.js";import*as d from'./x.js';import"./side.js";"#,
            r#"export*from"../up.js";const u=new URL("./m_bg.wasm",import.meta.url);import("./lazy.js");"#,
            r#"const s="import";import e from"leptos""#,
        );
        assert_eq!(static_imports(js), ["./__wasm_split.js", "./x.js", "./side.js", "../up.js"]);
        assert_eq!(resolve("pkg-a/boot.js", "./cluster-console.js").unwrap(), "pkg-a/cluster-console.js");
        assert_eq!(resolve("pkg-a/boot.js", "../top.js?v=1").unwrap(), "top.js");
        assert_eq!(resolve("index.html", "/pkg-a/boot.js").unwrap(), "pkg-a/boot.js");
        assert!(resolve("index.html", "https://js.stripe.com/v3").is_err());
        assert!(resolve("index.html", "../../etc/passwd").is_err());
    }

    #[test]
    fn reads_packs_json_as_the_packer_writes_it() {
        let p = parse_packs("{\n \"cluster\": [\n  \"pack_cluster.wasm\",\n  \"pack_shared_0.wasm\"\n ]\n}")
            .unwrap();
        assert_eq!(p["cluster"], ["pack_cluster.wasm", "pack_shared_0.wasm"]);
        assert!(parse_packs("{}").is_err());
        assert!(parse_packs(r#"{"a": "pack.wasm"}"#).is_err());
        assert!(parse_packs(r#"{"a": []}"#).is_err());
    }

    /// A dist/ made of a few files, in a fresh directory.
    struct Fake(PathBuf);

    impl Fake {
        fn new(name: &str) -> Self {
            let dir = std::env::temp_dir().join(format!("size-budget-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("pkg-a")).unwrap();
            Self(dir)
        }

        /// Writes a file and, when `gz`, its gzip sibling; answers the sibling's size.
        fn file(&self, rel: &str, body: &[u8], gz: bool) -> u64 {
            std::fs::create_dir_all(self.0.join(rel).parent().unwrap()).unwrap();
            std::fs::write(self.0.join(rel), body).unwrap();
            if !gz {
                return body.len() as u64;
            }
            use std::io::Write as _;
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            e.write_all(body).unwrap();
            let packed = e.finish().unwrap();
            std::fs::write(self.0.join(format!("{rel}.gz")), &packed).unwrap();
            packed.len() as u64
        }
    }

    impl Drop for Fake {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn weighs_a_small_dist() {
        let d = Fake::new("weighs");
        let html = b"<script src=/pkg-a/boot.js type=module></script>\
                     <link rel=preload href=/pkg-a/m_bg.wasm as=fetch>\
                     <link rel=preload href=/config.json as=fetch>";
        let page = d.file("index.html", html, true);
        let boot = d.file("pkg-a/boot.js", br#"import init from"./m.js";init()"#, true);
        let bindings = d.file("pkg-a/m.js", br#"import*as s from"./__wasm_split.js";export default 1"#, true);
        let split = d.file("pkg-a/__wasm_split.js", br#"import{x}from"./m.js";import("./never.js")"#, true);
        let main = d.file("pkg-a/m_bg.wasm", &[0, 97, 115, 109, 1, 0, 0, 0], true);
        let config = d.file("config.json", b"{\"environments\":[]}", false);
        let cluster = d.file("pkg-a/pack_cluster.wasm", &[1; 300], true);
        let shared = d.file("pkg-a/pack_shared_0.wasm", &[2; 500], true);
        let console = d.file("pkg-a/pack_console.wasm", &[3; 700], true);
        let packs = concat!(
            r#"{"cluster": ["pack_cluster.wasm", "pack_shared_0.wasm"], "#,
            r#""console": ["pack_console.wasm", "pack_shared_0.wasm"]}"#,
        )
        .as_bytes();
        let packs = d.file("pkg-a/packs.json", packs, false);
        let server =
            [d.file("_headers", b"/*\n  X: y\n", false), d.file("deploy/nginx.conf", b"server {}", false)];
        assert!(server.iter().all(|&n| n > 0));

        let m = measure(&d.0).unwrap();
        assert_eq!(m.main_module, main);
        assert_eq!(m.groups["cluster"], cluster + shared);
        assert_eq!(m.groups["console"], console + shared);
        assert_eq!(m.first_visit, page + boot + bindings + split + main + config + console + shared);
        assert_eq!(
            m.all,
            page + boot + bindings + split + main + config + cluster + shared + console + packs
        );

        // Without a console group, the first visit is the page and what it loads.
        d.file("pkg-a/packs.json", br#"{"cluster": ["pack_cluster.wasm", "pack_shared_0.wasm"]}"#, false);
        assert_eq!(measure(&d.0).unwrap().first_visit, page + boot + bindings + split + main + config);
    }

    #[test]
    fn an_unreadable_or_stale_dist_fails() {
        let missing = std::env::temp_dir().join(format!("size-budget-none-{}", std::process::id()));
        assert!(measure(&missing).unwrap_err().contains("index.html"));

        let d = Fake::new("stale");
        d.file("index.html", b"<link rel=preload href=/pkg-a/m_bg.wasm>", true);
        d.file("pkg-a/packs.json", br#"{"g": ["pack_g.wasm"]}"#, false);
        d.file("pkg-a/pack_g.wasm", b"pack", true);
        // No .gz beside the main module: a debug build, nothing to measure.
        d.file("pkg-a/m_bg.wasm", b"main", false);
        assert!(measure(&d.0).unwrap_err().contains("m_bg.wasm.gz"));
        // A .gz of another build's module.
        d.file("pkg-a/m_bg.wasm", b"main", true);
        std::fs::write(d.0.join("pkg-a/m_bg.wasm"), b"main, rebuilt").unwrap();
        assert!(measure(&d.0).unwrap_err().contains("stale"));
        // A pack packs.json names but the build lacks.
        d.file("pkg-a/m_bg.wasm", b"main", true);
        assert!(measure(&d.0).is_ok());
        std::fs::remove_file(d.0.join("pkg-a/pack_g.wasm")).unwrap();
        assert!(measure(&d.0).unwrap_err().contains("pack_g.wasm"));
        // No wasm in index.html.
        d.file("index.html", b"<script src=/pkg-a/boot.js></script>", true);
        assert!(measure(&d.0).unwrap_err().contains("exactly one wasm"));
    }

    #[test]
    fn the_check_fails_with_the_table_of_what_grew() {
        let d = Fake::new("check");
        d.file("index.html", b"<link rel=preload href=/pkg-a/m_bg.wasm>", true);
        d.file("pkg-a/packs.json", br#"{"cluster": ["pack_c.wasm"]}"#, false);
        d.file("pkg-a/pack_c.wasm", &[7; 64], true);
        d.file("pkg-a/m_bg.wasm", &[9; 64], true);
        let budget = d.0.join("budget.json");
        let write = |main: u64, group: &str| {
            let text = format!(
                concat!(
                    r#"{{"ceilings": {{"main_module": {main}, "first_visit": 100000, "all": 100000, "#,
                    r#""groups": {{"{group}": 100000}}}}}}"#,
                ),
                main = main,
                group = group
            );
            std::fs::write(&budget, text).unwrap();
        };
        write(100_000, "cluster");
        let report = check(&budget, &d.0).unwrap();
        assert!(report.contains("group cluster") && report.contains("met"), "{report}");
        write(1, "cluster");
        let e = check(&budget, &d.0).unwrap_err();
        assert!(e.starts_with("the build outgrew size-budget.json:\n  gzip bytes"), "{e}");
        assert!(e.contains("BENCHMARKS.md"), "{e}");
        write(100_000, "console");
        let e = check(&budget, &d.0).unwrap_err();
        assert!(e.contains("names group \"console\""), "{e}");
        assert!(check(&d.0.join("none.json"), &d.0).unwrap_err().contains("none.json"));
    }
}
