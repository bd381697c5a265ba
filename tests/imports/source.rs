//! Reading a tree of Rust files as text: each file's top-level module, its code with
//! comments and string literals blanked, and the `crate::` paths a line names.

use std::fs;
use std::path::{Path, PathBuf};

/// The top-level module a file of `src/` belongs to: `src/kit/page.rs` → `kit`,
/// `src/words.rs` → `words`.
pub fn module_of(relative: &Path) -> String {
    let mut parts = relative.components().skip(1);
    let first = parts.next().map(|c| c.as_os_str().to_string_lossy().into_owned()).unwrap_or_default();
    first.strip_suffix(".rs").unwrap_or(&first).to_string()
}

/// The source with comments and the insides of string and char literals blanked (newlines
/// kept, so line numbers hold).
pub fn code_only(source: &str) -> String {
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

pub fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Every path named after `crate::` on a line, braces expanded: `crate::{kit::Badge, words}`
/// gives `kit::Badge` and `words`.
pub fn crate_paths(line: &str) -> Vec<String> {
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
pub fn expand(prefix: &str, text: &str, found: &mut Vec<String>) -> usize {
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

pub struct Source {
    pub relative: String,
    pub module: String,
    pub code: String,
}

pub fn sources(root: &Path) -> Vec<Source> {
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
