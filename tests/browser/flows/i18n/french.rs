//! The French walk: no string of the English catalogue left on the screens a person walks,
//! chosen on the sign-in page and kept after a reload.

use cluster_sandbox::demo;

use super::{choose_language, english_left, english_phrases};
use crate::harness::Ctx;

pub(super) async fn french_walk(ctx: Ctx) {
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
