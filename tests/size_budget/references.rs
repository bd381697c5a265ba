//! What the build's files reference: the tags and attributes of index.html, the static
//! imports of a script, and a reference resolved to a path inside dist/.

use std::collections::BTreeMap;

/// Splits a tag's attributes (quoted, single-quoted, unquoted or bare: trunk minifies the
/// release's HTML, which drops quotes) into lower-case names and values.
pub fn attributes(tag: &str) -> BTreeMap<String, String> {
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
pub fn tags(html: &str, name: &str) -> Vec<BTreeMap<String, String>> {
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
pub fn html_references(html: &str) -> Vec<String> {
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
pub fn static_imports(js: &str) -> Vec<String> {
    let re =
        regex::Regex::new(r#"(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']"#)
            .expect("a constant pattern");
    re.captures_iter(js)
        .map(|c| c[1].to_string())
        .filter(|s| s.starts_with("./") || s.starts_with("../") || s.starts_with('/'))
        .collect()
}

/// A reference from `from` (a path relative to dist/) as a path relative to dist/.
pub fn resolve(from: &str, reference: &str) -> Result<String, String> {
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
