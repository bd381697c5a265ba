//! Plurals by the language's own rules: Polish has one, few and many.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use cluster_sandbox::demo;
use serde_json::Value;

use super::catalogue;
use crate::harness::Ctx;

/// Polish: one, few and many (1 klaster, 2 klastry, 5 klastrów).
fn polish_category(n: u64) -> &'static str {
    match (n, n % 10, n % 100) {
        (1, _, _) => "one",
        (_, 2..=4, r) if !(12..=14).contains(&r) => "few",
        _ => "many",
    }
}

pub(super) async fn polish_plurals(ctx: Ctx) {
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
