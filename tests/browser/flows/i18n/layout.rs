//! The layout holds in the longest languages: no button label clipped or spilling.

use super::choose_language;
use crate::flows::hostile::problems;
use crate::harness::Ctx;

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

pub(super) async fn long_languages(ctx: Ctx) {
    ctx.goto("/sign-in").await;
    crate::flows::admin(&ctx).await;
    let mut failures = Vec::new();
    for code in ["fr", "pl", "de"] {
        ctx.click("#account-menu-button").await;
        choose_language(&ctx, "#account-language", code).await;
        for path in crate::flows::layout::screens() {
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
