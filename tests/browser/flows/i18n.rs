//! The console in another language (issue 28): chosen on the sign-in page, kept after a
//! reload, and complete — no string of the English catalogue left on the screens a person
//! walks; plurals by the language's own rules (Polish has several); the layout holds in
//! the longest languages; and a chosen theme applied before the first paint.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Duration;

use cluster_sandbox::{Config, demo};
use serde_json::Value;

use super::Flow;
use super::hostile::problems;
use crate::cdp::emulate_media;
use crate::harness::{Ctx, OrFail, run_flow};

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

async fn french_walk(ctx: Ctx) {
    let phrases = english_phrases();
    assert!(
        phrases.len() > 100,
        "only {} English phrases to look for: the catalogue was not read",
        phrases.len()
    );
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    choose_language(&ctx, "#sign-in-language", "fr").await;
    ctx.wait_text("h1", "Connexion à la console").await;
    let mut left = english_left(&ctx, &phrases, "/sign-in").await;

    // The choice is kept: a reload (which signs an API secret out) comes back in French.
    ctx.goto("/sign-in").await;
    ctx.wait_text("h1", "Connexion à la console").await;
    let stored = ctx.script("return localStorage.getItem('console.lang');").await;
    assert_eq!(stored.as_str(), Some("fr"), "the choice is not stored");

    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.find("table.clusters").await;
    let mut screens = vec!["/clusters".to_string()];
    let tabs = ["", "/realms", "/domains", "/env-vars", "/access", "/resources", "/logs", "/billing"];
    screens.extend(tabs.iter().map(|tab| format!("/clusters/{}{tab}", demo::ACME_PROD)));
    screens.extend(["/billing".to_string(), "/clusters/new".to_string()]);
    for path in &screens {
        ctx.walk_to(path).await;
        left.extend(english_left(&ctx, &phrases, path).await);
    }
    // A dialog: deleting acme-prod asks first (closed with Escape, nothing deleted).
    ctx.walk_to(&format!("/clusters/{}", demo::ACME_PROD)).await;
    ctx.click("#delete-cluster").await;
    ctx.find("dialog[open]").await;
    left.extend(english_left(&ctx, &phrases, "the delete dialog").await);
    let focused = ctx.client.active_element().await.unwrap_or_else(|e| panic!("no focused element: {e}"));
    focused.send_keys(&fantoccini::key::Key::Escape).await.unwrap_or_else(|e| panic!("Escape: {e}"));
    ctx.wait_gone("dialog[open]", crate::harness::WAIT, "Escape did not close the dialog").await;
    // The account menu, where the language can be changed back.
    ctx.click("#account-menu-button").await;
    left.extend(english_left(&ctx, &phrases, "the account menu").await);
    assert!(left.is_empty(), "{} English phrases on French screens:\n{}", left.len(), left.join("\n"));

    // Back to English from the account menu, in place: the same page, re-rendered.
    choose_language(&ctx, "#account-language", "en").await;
    ctx.wait_text("h1", "acme-prod").await;
    ctx.wait_text("nav.tabs", "Overview").await;
}

/// Polish: one, few and many (1 klaster, 2 klastry, 5 klastrów).
fn polish_category(n: u64) -> &'static str {
    match (n, n % 10, n % 100) {
        (1, _, _) => "one",
        (_, 2..=4, r) if !(12..=14).contains(&r) => "few",
        _ => "many",
    }
}

async fn polish_plurals(ctx: Ctx) {
    // Nothing chosen yet: the browser's languages decide (index.html's head script, the one
    // home of that rule), the first the console speaks winning over one it does not.
    let agent = ctx.script("return navigator.userAgent;").await;
    let agent = agent.as_str().unwrap_or_default().to_string();
    let languages = serde_json::json!({ "userAgent": agent, "acceptLanguage": "it-IT,pl-PL,en" });
    crate::cdp::execute(&ctx.client, "Network.setUserAgentOverride", languages)
        .await
        .unwrap_or_else(|e| panic!("cannot set the browser's languages: {e}"));
    ctx.goto("/sign-in").await;
    ctx.script("localStorage.removeItem('console.lang'); return 1;").await;
    ctx.goto("/sign-in").await;
    ctx.wait_text("h1", "Zaloguj się").await;
    assert_eq!(ctx.script("return document.documentElement.lang;").await, serde_json::json!("pl"));
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.walk_to("/overview").await;
    let forms = catalogue("pl");
    let wanted = &forms["overview.clusters_count"];
    let links = ctx
        .script(
            "return [...document.querySelectorAll('.overview-org h2 a.sub')].map(a => a.textContent.trim());",
        )
        .await;
    let links: Vec<String> = links
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default();
    assert!(!links.is_empty(), "the overview shows no organization's cluster count");
    let pl_forms: BTreeMap<String, Value> = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/pl/overview.json"))
            .unwrap_or_else(|e| panic!("locales/pl/overview.json: {e}")),
    )
    .unwrap_or_else(|e| panic!("locales/pl/overview.json: {e}"));
    let mut categories = BTreeSet::new();
    for link in &links {
        let n: u64 = link
            .split_whitespace()
            .next()
            .and_then(|d| d.replace('\u{a0}', "").parse().ok())
            .unwrap_or_else(|| panic!("no count in {link:?}"));
        let category = polish_category(n);
        categories.insert(category);
        let form =
            pl_forms["clusters_count"][category].as_str().unwrap_or_else(|| panic!("no {category} form"));
        assert_eq!(
            link,
            &form.replace("{n}", &n.to_string()),
            "{n} clusters in Polish ({category}); forms {wanted:?}"
        );
    }
    println!("    polish: cluster counts {links:?} (forms {categories:?})");
    // The month and the number in a date are Polish too (Intl), and times are labelled UTC.
    ctx.walk_to(&format!("/clusters/{}", demo::ACME_PROD)).await;
    let page = ctx.find("main").await.text().await.unwrap_or_default();
    assert!(page.contains("UTC"), "no UTC time on the overview: {page}");
}

/// The clipped or spilling button labels on the page.
const CLIPPED_BUTTONS: &str = r#"
const bad = [];
for (const b of document.querySelectorAll('button, .button, a.button')) {
    if (b.getClientRects().length === 0) continue;
    const r = b.getBoundingClientRect();
    // The words a person sees: text outside visually hidden parts (those are 1 px boxes
    // whose text runs past them on purpose).
    const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    let spill = 0;
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (!node.data.trim() || node.parentElement.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const t of range.getClientRects()) {
            if (t.width > 0) spill = Math.max(spill, t.right - r.right, r.left - t.left);
        }
    }
    if (spill > 1) {
        const over = Math.round(spill);
        bad.push(`the button "${b.textContent.trim()}" does not hold its label (${over} px over)`);
    }
}
return bad;
"#;

async fn long_languages(ctx: Ctx) {
    ctx.goto("/sign-in").await;
    super::admin(&ctx).await;
    let mut failures = Vec::new();
    for code in ["fr", "pl", "de"] {
        ctx.click("#account-menu-button").await;
        choose_language(&ctx, "#account-language", code).await;
        for path in super::layout::screens() {
            ctx.walk_to(&path).await;
            for width in [1366, 390] {
                ctx.resize(width, 900).await;
                let clipped = ctx.strings(CLIPPED_BUTTONS).await;
                for problem in problems(&ctx).await.into_iter().chain(clipped) {
                    failures.push(format!("{code} {path} at {width} px: {problem}"));
                }
            }
            ctx.snap(&format!("i18n_{code}{}", path.replace('/', "_"))).await;
        }
        ctx.client.set_window_size(1366, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
    }
    assert!(failures.is_empty(), "{} layout problems:\n{}", failures.len(), failures.join("\n"));
}

/// The colour of the screenshot's pixel at (x, y), as RGB.
fn pixel(png: &[u8], x: u32, y: u32) -> [u8; 3] {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap_or_else(|e| panic!("screenshot: {e}"));
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap_or_else(|e| panic!("screenshot: {e}"));
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight, "the screenshot is not 8-bit");
    let at = (y as usize * info.line_size) + x as usize * channels;
    [buf[at], buf[at + 1], buf[at + 2]]
}

/// Chooses Dark in the theme picker `select` on `page`, and checks that it applied at once:
/// `<html data-theme=dark>` and a dark body.
async fn choose_dark(ctx: &Ctx, select: &str, page: &str) {
    let picker = ctx.find(select).await;
    picker.select_by_value("dark").await.unwrap_or_else(|e| panic!("theme: {e}"));
    let theme = ctx.script("return document.documentElement.dataset.theme;").await;
    assert_eq!(theme.as_str(), Some("dark"), "choosing Dark on {page} did not apply it");
    let background = ctx.script("return getComputedStyle(document.body).backgroundColor;").await;
    assert_eq!(background.as_str(), Some("rgb(15, 18, 22)"), "{page} is not dark after choosing Dark");
}

/// The sign-in page offers the theme beside the language: Dark chosen there applies at
/// once, is kept through signing in, and the account menu shows it as chosen.
async fn sign_in_theme(ctx: Ctx) {
    emulate_media(&ctx.client, &[("prefers-color-scheme", "light")]).await;
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    choose_dark(&ctx, "#sign-in-theme", "the sign-in page").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.click("#account-menu-button").await;
    let chosen = ctx.find("#account-theme").await.prop_or_fail("value").await;
    assert_eq!(chosen.as_deref(), Some("dark"), "the account menu does not show the theme chosen at sign-in");
    let theme = ctx.script("return document.documentElement.dataset.theme;").await;
    assert_eq!(theme.as_str(), Some("dark"), "the theme chosen at sign-in was lost on signing in");
}

async fn dark_first_paint(ctx: Ctx) {
    emulate_media(&ctx.client, &[("prefers-color-scheme", "light")]).await;
    super::admin(&ctx).await;
    ctx.click("#account-menu-button").await;
    choose_dark(&ctx, "#account-theme", "the page").await;

    // The app held back (its wasm fails): only index.html's loading state can paint.
    let armed = ctx
        .script_async(
            "const done = arguments[arguments.length - 1];
             fetch('/sandbox/faults?path=_bg.wasm&times=20&status=503', { method: 'POST' }\
                 ).then(r => done(r.status), () => done(0));",
        )
        .await;
    assert!(armed.as_u64().is_some_and(|s| (200..300).contains(&s)), "the fault was not armed: {armed}");
    // The module must be asked for again (not taken from the cache) for the fault to hold it.
    for (cmd, params) in [
        ("Network.enable", serde_json::json!({})),
        ("Network.setCacheDisabled", serde_json::json!({"cacheDisabled": true})),
    ] {
        crate::cdp::execute(&ctx.client, cmd, params).await.unwrap_or_else(|e| panic!("{cmd}: {e}"));
    }
    ctx.goto("/clusters").await;
    let preboot = ctx.find("#preboot .preboot-text").await;
    assert!(preboot.is_displayed().await.unwrap_or(false), "the loading state is not on screen");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let shot = ctx.client.screenshot().await.unwrap_or_else(|e| panic!("screenshot: {e}"));
    let [r, g, b] = pixel(&shot, 20, 400);
    assert!(r < 40 && g < 40 && b < 40, "the loading state is light ({r}, {g}, {b}) though Dark was chosen");
    // And System again follows the (light) system.
    ctx.script("localStorage.setItem('console.theme', 'system'); return 1;").await;
    ctx.goto("/clusters").await;
    ctx.find("#preboot .preboot-text").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let shot = ctx.client.screenshot().await.unwrap_or_else(|e| panic!("screenshot: {e}"));
    let [r, g, b] = pixel(&shot, 20, 400);
    assert!(
        r > 200 && g > 200 && b > 200,
        "with System and a light system, the loading state is dark ({r}, {g}, {b})"
    );
}
