//! Every language has exactly the keys English has, of the same kind, with the same
//! placeholders, and the plural forms its grammar needs; each translated file says it
//! awaits a native speaker's review.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The plural categories of `Intl.PluralRules` for each language (CLDR), which `tp` picks from.
const FORMS: [(&str, &[&str]); 6] = [
    ("en", &["one", "other"]),
    ("fr", &["one", "many", "other"]),
    ("es", &["one", "many", "other"]),
    ("ko", &["other"]),
    ("pl", &["one", "few", "many", "other"]),
    ("de", &["one", "other"]),
];

fn dir(lang: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales").join(lang)
}

fn files(lang: &str) -> BTreeMap<String, BTreeMap<String, Value>> {
    let mut out = BTreeMap::new();
    let entries = std::fs::read_dir(dir(lang)).unwrap_or_else(|e| panic!("locales/{lang}: {e}"));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let map: BTreeMap<String, Value> =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            out.insert(name, map);
        }
    }
    out
}

fn placeholders(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        found.insert(after[..close].to_string());
        rest = &after[close + 1..];
    }
    found
}

/// The placeholders of a string, or of every form of a plural (the `{n}` of a form may be
/// left out, as in "one file" written without the digit).
fn value_placeholders(value: &Value) -> BTreeSet<String> {
    match value {
        Value::String(s) => placeholders(s),
        Value::Object(forms) => {
            forms.values().filter_map(Value::as_str).flat_map(placeholders).filter(|p| p != "n").collect()
        }
        _ => BTreeSet::new(),
    }
}

#[test]
fn every_language_has_exactly_the_english_keys() {
    let english = files("en");
    assert!(!english.is_empty(), "locales/en holds no catalogue");
    let mut problems = Vec::new();
    for (lang, forms) in FORMS.iter().skip(1) {
        let translated = files(lang);
        let names: BTreeSet<_> = english.keys().chain(translated.keys()).collect();
        for name in names {
            let (Some(en), Some(tr)) = (english.get(name), translated.get(name)) else {
                problems.push(format!("{lang}/{name}: the file is missing on one side"));
                continue;
            };
            if !tr.contains_key("@review") {
                problems.push(format!("{lang}/{name}: no \"@review\" note for the native speaker"));
            }
            let keys: BTreeSet<_> = en.keys().chain(tr.keys()).filter(|k| !k.starts_with('@')).collect();
            for key in keys {
                match (en.get(key), tr.get(key)) {
                    (Some(_), None) => problems.push(format!("{lang}/{name}: lacks {key:?}")),
                    (None, Some(_)) => {
                        problems.push(format!("{lang}/{name}: has {key:?}, which English lacks"))
                    }
                    (Some(e), Some(t)) => {
                        match (e, t) {
                            (Value::String(_), Value::String(t)) if t.trim().is_empty() => {
                                problems.push(format!("{lang}/{name}: {key:?} is empty"))
                            }
                            (Value::String(_), Value::String(_)) => {}
                            (Value::Object(_), Value::Object(t)) => {
                                let have: BTreeSet<_> = t.keys().map(String::as_str).collect();
                                let want: BTreeSet<_> = forms.iter().copied().collect();
                                if have != want {
                                    problems.push(format!(
                                        "{lang}/{name}: {key:?} has the forms {have:?}, {lang} needs {want:?}"
                                    ));
                                }
                            }
                            _ => problems
                                .push(format!("{lang}/{name}: {key:?} is not the same kind as English's")),
                        }
                        if value_placeholders(e) != value_placeholders(t) {
                            problems.push(format!(
                                "{lang}/{name}: {key:?} has the placeholders {:?}, English {:?}",
                                value_placeholders(t),
                                value_placeholders(e)
                            ));
                        }
                    }
                    (None, None) => {}
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn english_plurals_have_one_and_other() {
    for (name, map) in files("en") {
        for (key, value) in map {
            if let Value::Object(forms) = value {
                let have: BTreeSet<_> = forms.keys().map(String::as_str).collect();
                assert_eq!(have, BTreeSet::from(["one", "other"]), "en/{name}: {key}");
            }
        }
    }
}

#[test]
fn finds_placeholders() {
    assert_eq!(placeholders("{a} of {b}"), BTreeSet::from(["a".to_string(), "b".to_string()]));
    assert!(placeholders("none").is_empty());
}
