//! The console in another language (issue 28): chosen on the sign-in page, kept after a
//! reload, and complete — no string of the English catalogue left on the screens a person
//! walks; plurals by the language's own rules (Polish has several); the layout holds in
//! the longest languages; and a chosen theme applied before the first paint.

mod french;
mod layout;
mod plurals;
mod theme;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Duration;

use cluster_sandbox::Config;
use serde_json::Value;

use super::Flow;
use crate::harness::{Ctx, run_flow};
use french::french_walk;
use layout::long_languages;
use plurals::polish_plurals;
use theme::{dark_first_paint, sign_in_theme};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("i18n_french_walk_leaves_no_english", |d| Box::pin(run_flow(d, Config::default(), french_walk))),
        ("i18n_polish_plurals_follow_polish_rules", |d| {
            Box::pin(run_flow(d, Config::default(), polish_plurals))
        }),
        ("i18n_french_polish_german_layout_holds", |d| {
            Box::pin(run_flow(d, Config::default(), long_languages))
        }),
        ("theme_dark_is_applied_before_the_first_paint", |d| {
            Box::pin(run_flow(d, Config::default(), dark_first_paint))
        }),
        ("theme_chosen_on_the_sign_in_page_holds_after_sign_in", |d| {
            Box::pin(run_flow(d, Config::default(), sign_in_theme))
        }),
    ]
}

/// Every value of a language's catalogue (plural forms included), by `file.key`.
pub(super) fn catalogue(lang: &str) -> BTreeMap<String, Vec<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales").join(lang);
    let mut out = BTreeMap::new();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for path in entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "json")) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let map: BTreeMap<String, Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let file = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        for (key, value) in map.into_iter().filter(|(k, _)| !k.starts_with('@')) {
            let texts = match value {
                Value::String(s) => vec![s],
                Value::Object(forms) => forms.values().filter_map(|v| v.as_str().map(String::from)).collect(),
                _ => Vec::new(),
            };
            out.insert(format!("{file}.{key}"), texts);
        }
    }
    assert!(!out.is_empty(), "locales/{lang} holds nothing");
    out
}

/// Names, acronyms and product words that read the same in French, whatever a key says.
const SAME_IN_FRENCH: [&str; 16] = [
    "API",
    "ID",
    "IP",
    "URL",
    "DNS",
    "CNAME",
    "UTC",
    "OK",
    "Keycloak",
    "Stripe",
    "Terraform",
    "HCL",
    "curl",
    "JSON",
    "Ctrl K",
    "CSV",
];

/// Short English words the fragments below leave out (under two words and eight letters)
/// that were seen on screens of other languages (issue 38): the count names, the uptime's
/// units, and the sign-in page's notice. Each is looked for unless the language itself
/// writes that word somewhere (French "minutes", German "Clients").
const SHORT_LEFTOVERS: [&str; 15] = [
    "Users",
    "users",
    "Clients",
    "clients",
    "Sessions",
    "day",
    "days",
    "hour",
    "hours",
    "minute",
    "minutes",
    "second",
    "seconds",
    "You signed out.",
    "signed out",
];

/// The English phrases a French page must not show.
fn english_phrases() -> Vec<String> {
    english_phrases_in("fr")
}

/// The English phrases a page in `lang` must not show: each English catalogue text cut at
/// its placeholders into fragments of at least two words or eight letters (shorter ones are
/// too often part of a name), unless `lang` spells that fragment the same somewhere; and
/// the short leftovers above, unless `lang` writes that word.
pub(super) fn english_phrases_in(lang: &str) -> Vec<String> {
    let english = catalogue("en");
    let theirs = catalogue(lang);
    let theirs_text: String = theirs.values().flatten().cloned().collect::<Vec<_>>().join("\n");
    let mut phrases = BTreeSet::new();
    for (key, texts) in &english {
        let same_key = theirs.get(key);
        for text in texts {
            if same_key.is_some_and(|f| f.contains(text)) {
                continue;
            }
            let mut rest = text.as_str();
            let mut fragments = Vec::new();
            while let Some(open) = rest.find('{') {
                fragments.push(&rest[..open]);
                rest = rest[open..].find('}').map_or("", |close| &rest[open + close + 1..]);
            }
            fragments.push(rest);
            for fragment in fragments {
                let fragment = fragment.trim_matches(|c: char| !c.is_alphanumeric());
                let words = fragment.split_whitespace().count();
                if (words < 2 && fragment.chars().count() < 8)
                    || !fragment.chars().any(char::is_alphabetic)
                    || SAME_IN_FRENCH.contains(&fragment)
                    || theirs_text.contains(fragment)
                {
                    continue;
                }
                phrases.insert(fragment.to_string());
            }
        }
    }
    let written = |word: &str| {
        theirs_text.match_indices(word).any(|(i, _)| {
            let before = theirs_text[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
            let after = theirs_text[i + word.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric());
            before && after
        })
    };
    phrases.extend(SHORT_LEFTOVERS.iter().filter(|w| !written(w)).map(|w| w.to_string()));
    phrases.into_iter().collect()
}

/// What a person reads on the page: its text and its labels, titles and placeholders,
/// without what the service or the person wrote (log lines, code, values in mono, and text
/// marked as in another language than the page's: the service's words, `lang="en"`).
const READABLE: &str = r#"
const skip = 'pre, code, .mono, .log-table, [data-service-text], script, style, noscript, [hidden]';
const page = document.documentElement.lang;
const foreign = el => {
    const l = el.closest('[lang]');
    return !!l && l !== document.documentElement && l.lang !== page;
};
const parts = [];
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skip) || foreign(el) || el.getClientRects().length === 0) continue;
    parts.push(node.data);
}
for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (el.closest(skip) || foreign(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) {
        if (el.hasAttribute(a)) parts.push(el.getAttribute(a));
    }
}
parts.push(document.title);
return parts.join('\n');
"#;

/// The English phrases on the page now, as `where: "phrase"`.
pub(super) async fn english_left(ctx: &Ctx, phrases: &[String], at: &str) -> Vec<String> {
    let text = ctx.script(READABLE).await;
    let text = text.as_str().unwrap_or_else(|| panic!("{at}: the page's text is not text: {text}"));
    assert!(text.len() > 40, "{at}: the page shows almost nothing, so there is nothing to check: {text:?}");
    // Word characters include `-` and `_`: a wire code such as `view-organization` (a role)
    // is the service's, not an English word of the console's.
    let word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let found = |needle: &str| {
        text.match_indices(needle).find_map(|(i, _)| {
            let before = text[..i].chars().next_back().is_none_or(|c| !word(c));
            let after = text[i + needle.len()..].chars().next().is_none_or(|c| !word(c));
            let from = text[..i].char_indices().rev().nth(30).map_or(0, |(j, _)| j);
            let to =
                text[i..].char_indices().nth(needle.chars().count() + 30).map_or(text.len(), |(j, _)| i + j);
            (before && after).then(|| text[from..to].replace('\n', " / "))
        })
    };
    phrases.iter().filter_map(|p| found(p).map(|context| format!("{at}: {p:?} in \"{context}\""))).collect()
}

pub(super) async fn choose_language(ctx: &Ctx, select: &str, code: &str) {
    let element = ctx.find(select).await;
    element.select_by_value(code).await.unwrap_or_else(|e| panic!("{select}: choose {code}: {e}"));
    for _ in 0..50 {
        if ctx.script("return document.documentElement.lang;").await.as_str() == Some(code) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("<html lang> never became {code}");
}
