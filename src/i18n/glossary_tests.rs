//! The catalogues use Keycloak's own admin-console word for a Keycloak term where its bundle
//! has one (`locales/keycloak-glossary.json`, a copy of just those terms with the commit
//! they came from): every listed key's text, in every plural form, holds one of the term's
//! forms in that language.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

const LANGS: [&str; 5] = ["fr", "es", "ko", "pl", "de"];

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every text of `file.key` in `lang` (each plural form), or a failure naming the key.
fn texts(
    lang: &str,
    key: &str,
    cache: &mut BTreeMap<(String, String), Value>,
) -> Result<Vec<String>, String> {
    let (file, name) = key.split_once('.').ok_or_else(|| format!("{key}: not file.key"))?;
    let catalogue = cache.entry((lang.to_string(), file.to_string())).or_insert_with(|| {
        read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("locales").join(lang).join(format!("{file}.json")))
    });
    match catalogue.get(name) {
        Some(Value::String(s)) => Ok(vec![s.clone()]),
        Some(Value::Object(forms)) => {
            Ok(forms.values().filter_map(|v| v.as_str().map(String::from)).collect())
        }
        _ => Err(format!("{lang}/{file}.json has no {name:?}")),
    }
}

#[test]
fn catalogues_use_keycloaks_words() {
    let glossary = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/keycloak-glossary.json"));
    let sources = glossary["sources"].as_object().unwrap_or_else(|| panic!("the glossary names no sources"));
    for lang in LANGS {
        let source = &sources[lang];
        let from_keycloak = source["commit"].as_str().is_some_and(|c| c.len() == 40);
        assert!(
            from_keycloak || source.as_str().is_some_and(|s| s.starts_with("ours")),
            "{lang}: the glossary says neither which commit its words came from nor that they are ours"
        );
    }
    let terms = glossary["terms"].as_object().unwrap_or_else(|| panic!("the glossary lists no terms"));
    assert!(terms.len() >= 5, "only {} terms: the glossary was not read", terms.len());
    let mut cache = BTreeMap::new();
    let (mut checked, mut strays) = (0, Vec::new());
    for (term, entry) in terms {
        let keys: Vec<&str> = entry["keys"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        assert!(!keys.is_empty(), "{term}: no keys listed");
        for lang in LANGS {
            let word = &entry[lang];
            // A language whose bundle has the term follows it; one without keeps ours, listed.
            let from_bundle = word["keycloak"].is_string();
            assert!(
                from_bundle == sources[lang]["commit"].is_string(),
                "{term} in {lang}: the word's origin does not match the language's source"
            );
            let forms: Vec<String> = word["forms"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).map(str::to_lowercase).collect())
                .unwrap_or_default();
            assert!(!forms.is_empty(), "{term} in {lang}: no forms");
            if from_bundle {
                let keycloak = word["keycloak"].as_str().unwrap_or_default().to_lowercase();
                assert!(
                    forms.iter().any(|f| keycloak.contains(f.as_str()) || f.contains(keycloak.as_str())),
                    "{term} in {lang}: the forms {forms:?} are not forms of Keycloak's {keycloak:?}"
                );
            }
            for key in &keys {
                match texts(lang, key, &mut cache) {
                    Ok(values) => {
                        for value in values {
                            checked += 1;
                            let lower = value.to_lowercase();
                            if !forms.iter().any(|f| lower.contains(f.as_str())) {
                                strays.push(format!("{lang} {key}: {value:?} lacks {term} ({forms:?})"));
                            }
                        }
                    }
                    Err(why) => strays.push(why),
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} texts checked");
    assert!(strays.is_empty(), "{} texts stray from the glossary:\n{}", strays.len(), strays.join("\n"));
}
