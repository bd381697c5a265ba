//! Words that hold in every language (issue 38, "Languages" and "Fonts"): no English left in
//! Korean, Polish or German (count names, the uptime, the sign-in notice included), the
//! service's own words marked `lang="en"`, every amount written the chosen language's way,
//! and Hangul drawn in a real font with words kept whole.

use std::time::Duration;

use cluster_sandbox::{Config, demo};
use serde_json::Value;

use super::Flow;
use super::i18n::{catalogue, choose_language, english_left, english_phrases_in};
use crate::harness::{Ctx, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("languages_korean_polish_german_leave_no_english", |d| {
            Box::pin(run_flow(d, Config::default(), no_english))
        }),
        ("languages_sign_out_notice_follows_the_sign_in_language", |d| {
            Box::pin(run_flow(d, Config::default(), signed_out_notice))
        }),
        ("languages_amounts_and_service_words", |d| Box::pin(run_flow(d, Config::default(), amounts))),
        ("fonts_korean_is_drawn_in_hangul_and_kept_whole", |d| {
            Box::pin(run_flow(d, Config::default(), korean_font))
        }),
    ]
}

/// One text of a catalogue (`file.key`, a plain string).
fn words(lang: &str, key: &str) -> String {
    let texts = catalogue(lang);
    texts.get(key).and_then(|t| t.first().cloned()).unwrap_or_else(|| panic!("locales/{lang} has no {key}"))
}

async fn no_english(ctx: Ctx) {
    super::admin(&ctx).await;
    let mut left = Vec::new();
    for code in ["ko", "pl", "de"] {
        let phrases = english_phrases_in(code);
        assert!(phrases.len() > 100, "{code}: only {} English phrases to look for", phrases.len());
        for short in ["Users", "clients", "minutes", "seconds"] {
            // German writes "Clients" (Keycloak's word): the list keeps what the language lacks.
            if code != "de" || short != "clients" {
                assert!(phrases.iter().any(|p| p == short), "{code}: {short:?} is not looked for");
            }
        }
        ctx.click("#account-menu-button").await;
        choose_language(&ctx, "#account-language", code).await;
        for path in super::layout::screens() {
            ctx.walk_to(&path).await;
            left.extend(english_left(&ctx, &phrases, &format!("{code} {path}")).await);
        }
        // The counts (users, clients) and the uptime in the language's words.
        ctx.walk_to(&format!("/realms/{}", demo::REALM_CUSTOMERS)).await;
        ctx.wait_text("#realm-metrics", &words(code, "kit.count_users")).await;
        ctx.walk_to(&format!("/clusters/{}", demo::ACME_PROD)).await;
        let uptime = ctx.find("#uptime").await.text().await.unwrap_or_default();
        assert!(!uptime.is_empty(), "{code}: the uptime is empty");
        for unit in ["day", "hour", "minute", "second"] {
            assert!(!uptime.contains(unit), "{code}: the uptime is English: {uptime}");
        }
    }
    assert!(left.is_empty(), "{} English phrases:\n{}", left.len(), left.join("\n"));
}

/// Signed out in English, then German chosen on the sign-in page: the notice is German too.
async fn signed_out_notice(ctx: Ctx) {
    super::admin(&ctx).await;
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.wait_text(".sign-in .notice", &words("en", "shell.signed_out")).await;
    choose_language(&ctx, "#sign-in-language", "de").await;
    ctx.wait_text("h1", &words("de", "sign_in.heading")).await;
    let german = words("de", "shell.signed_out");
    assert_ne!(german, words("en", "shell.signed_out"), "the German catalogue says it in English");
    let mut notice = String::new();
    for _ in 0..30 {
        notice = ctx.find(".sign-in .notice").await.text().await.unwrap_or_default();
        if notice == german {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("after choosing German the notice reads {notice:?}, not {german:?}");
}

/// Every `$` amount written in English (`$2,999.00`) on the page, outside what the person typed.
const ENGLISH_AMOUNTS: &str = r#"
const text = document.querySelector('main').innerText;
return [...text.matchAll(/\$\d{1,3}(,\d{3})*\.\d\d/g)].map(m => m[0]);
"#;

/// In German and Polish no amount keeps the English form, the service's plan description
/// among them; that description is marked as the service's (English) words.
async fn amounts(ctx: Ctx) {
    super::admin(&ctx).await;
    let pages = ["/billing".to_string(), format!("/clusters/{}/billing", demo::ACME_OVERDUE)];
    // In English first: the check reads amounts, so it must find some there.
    ctx.walk_to(&pages[1]).await;
    let english = ctx.script(ENGLISH_AMOUNTS).await;
    assert!(
        english.as_array().is_some_and(|a| !a.is_empty()),
        "no amount on {} in English: {english}",
        pages[1]
    );
    for code in ["de", "pl"] {
        ctx.click("#account-menu-button").await;
        choose_language(&ctx, "#account-language", code).await;
        for path in &pages {
            ctx.walk_to(path).await;
            let found = ctx.script(ENGLISH_AMOUNTS).await;
            assert_eq!(found, Value::Array(Vec::new()), "{code} {path}: amounts written the English way");
        }
        let marked = ctx
            .script(
                "return [...document.querySelectorAll('[data-subscription] [lang=en], dl.subscription \
                 [lang=en]')].length;",
            )
            .await;
        assert!(
            marked.as_u64().is_some_and(|n| n > 0),
            "{code}: the plan's description is not marked lang=en"
        );
    }
}

/// Whether `text` is drawn with real glyphs in the page's font: its pixels differ from
/// those of a code point no font has (the "missing glyph" box).
const DRAWN: &str = r#"
const [text] = arguments;
const font = getComputedStyle(document.querySelector('h1')).font;
const draw = s => {
    const c = document.createElement('canvas'); c.width = 80; c.height = 40;
    const g = c.getContext('2d'); g.font = font; g.fillText(s, 4, 30);
    return Array.from(g.getImageData(0, 0, 80, 40).data).join(',');
};
const blank = draw('');
const box = draw('\u{10FFFD}');
return {
    glyph: draw(text) !== box && draw(text) !== blank,
    family: getComputedStyle(document.documentElement).fontFamily
};
"#;

async fn korean_font(ctx: Ctx) {
    ctx.goto("/sign-in").await;
    choose_language(&ctx, "#sign-in-language", "ko").await;
    ctx.wait_text("h1", &words("ko", "sign_in.heading")).await;
    let drawn = ctx
        .client
        .execute(DRAWN, vec![Value::String("한국어".into())])
        .await
        .unwrap_or_else(|e| panic!("drawing Hangul: {e}"));
    let family = drawn["family"].as_str().unwrap_or_default().to_string();
    assert!(family.contains("Noto Sans CJK KR"), "the Korean font stack names no Hangul font: {family}");
    assert_eq!(drawn["glyph"], Value::Bool(true), "Hangul is drawn as boxes (font stack {family})");
    let breaks = ctx.script("return getComputedStyle(document.querySelector('h1')).wordBreak;").await;
    assert_eq!(breaks.as_str(), Some("keep-all"), "Korean words may break inside");
}
