//! The check's own logic, on files made here: no build needed (`cargo test -p
//! cluster-console --test size_budget logic`).

use super::*;
use crate::budget::Measured;
use crate::dist::parse_packs;
use crate::references::{html_references, resolve, static_imports};

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
    let p =
        parse_packs("{\n \"cluster\": [\n  \"pack_cluster.wasm\",\n  \"pack_shared_0.wasm\"\n ]\n}").unwrap();
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
    let signing = d.file("pkg-a/pack_signing_in.wasm", &[4; 90], true);
    let with_them = d.file("pkg-a/pack_shared_1.wasm", &[5; 120], true);
    let packs = concat!(
        r#"{"cluster": ["pack_cluster.wasm", "pack_shared_0.wasm"], "#,
        r#""console": ["pack_console.wasm", "pack_shared_0.wasm", "pack_shared_1.wasm"], "#,
        r#""signing_in": ["pack_shared_1.wasm", "pack_signing_in.wasm"]}"#,
    )
    .as_bytes();
    let packs = d.file("pkg-a/packs.json", packs, false);
    let server =
        [d.file("_headers", b"/*\n  X: y\n", false), d.file("deploy/nginx.conf", b"server {}", false)];
    assert!(server.iter().all(|&n| n > 0));

    let m = measure(&d.0).unwrap();
    assert_eq!(m.main_module, main);
    assert_eq!(m.groups["cluster"], cluster + shared);
    assert_eq!(m.groups["console"], console + shared + with_them);
    assert_eq!(m.groups["signing_in"], with_them + signing);
    // Signing in is on every way to the list; the pack it shares with the console counts once.
    let loads = page + boot + bindings + split + main + config;
    assert_eq!(m.first_visit, loads + console + shared + with_them + signing);
    assert_eq!(m.all, loads + cluster + shared + console + signing + with_them + packs);

    // Without the console's group, signing in's packs are still on the way to the list.
    let packs = br#"{"cluster": ["pack_cluster.wasm"], "signing_in": ["pack_signing_in.wasm"]}"#;
    d.file("pkg-a/packs.json", packs, false);
    assert_eq!(measure(&d.0).unwrap().first_visit, loads + signing);

    // Without either group, the first visit is the page and what it loads.
    d.file("pkg-a/packs.json", br#"{"cluster": ["pack_cluster.wasm", "pack_shared_0.wasm"]}"#, false);
    assert_eq!(measure(&d.0).unwrap().first_visit, loads);
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
