//! The table of lines as drawn: rows in view at once after a new window, and the filtered
//! field shown whole in its column.

use std::time::{Duration, Instant};

use super::{LOGS, NEEDLE, select, settled};
use crate::flows::{axe, open_signed_in};
use crate::harness::Ctx;

/// How many of the table's drawn rows lie inside its scrolled box (-1: no table).
const ROWS_IN_VIEW: &str = r#"
const port = document.querySelector('#log-lines .vviewport');
if (!port) return -1;
const box = port.getBoundingClientRect();
let n = 0;
for (const row of port.querySelectorAll('.vbody [role=row]')) {
    const r = row.getBoundingClientRect();
    if (r.bottom > box.top + 1 && r.top < box.bottom - 1) n++;
}
return n;
"#;

/// Rows are drawn a frame after the count: they may take that frame, and a little more on a
/// busy machine, but an empty table stays empty (the bug: until one scrolled inside it).
async fn rows_in_view(ctx: &Ctx, after: &str) {
    let n = settled(ctx).await;
    assert!(n > 0, "{after}: the window has no line to show");
    let started = Instant::now();
    loop {
        let seen = ctx.script(ROWS_IN_VIEW).await;
        let seen =
            seen.as_i64().unwrap_or_else(|| panic!("{after}: the rows in view could not be counted: {seen}"));
        if seen > 0 {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{after}: {n} lines counted, but {seen} rows are in view for 3 s (an empty table until scrolled)"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Issue 37: choosing a shorter window drew the rows of a scroll position the table no
/// longer had, so "149 lines" stood over an empty table until one scrolled inside it.
pub(super) async fn rows_at_once(ctx: Ctx) {
    open_signed_in(&ctx, &format!("{LOGS}?window=7d"), "#log-viewer").await;
    settled(&ctx).await;
    // Scrolled up into the older lines, as a person reading them would be.
    ctx.script(
        "const p = document.querySelector('#log-lines .vviewport'); p.scrollTop = Math.floor(p.scrollHeight \
         / 3); p.dispatchEvent(new Event('scroll'));",
    )
    .await;
    for preset in ["1h", "6h", "15m", "24h"] {
        select(&ctx, "#log-range", preset).await;
        ctx.wait_url(&format!("window={preset}")).await;
        rows_in_view(&ctx, &format!("after choosing {preset}")).await;
    }
    // A custom window: the last three hours, typed into the two fields.
    select(&ctx, "#log-range", "custom").await;
    ctx.find("#log-from").await;
    ctx.script(
        "const at = (h) => new Date(Date.now() - h * 3600e3).toISOString().slice(0, 16); \
         for (const [id, h] of [['#log-from', 3], ['#log-to', 0]]) { \
         const f = document.querySelector(id); f.value = at(h); f.dispatchEvent(new Event('input', { \
         bubbles: true })); }",
    )
    .await;
    ctx.click("#apply-window").await;
    ctx.wait_url("from=").await;
    rows_in_view(&ctx, "after a custom window of three hours").await;
    // And from a link that names the window.
    open_signed_in(&ctx, &format!("{LOGS}?window=1h"), "#log-viewer").await;
    rows_in_view(&ctx, "opening ?window=1h").await;
}

/// Whether every cell `cells` (a CSS selector) that holds `needle` shows all of it: the
/// needle's own box ends inside the cell's (a cut cell hides its end under the ellipsis).
/// The text may sit in an element inside the cell (a message is marked as the service's).
/// Answers (cells holding it, cells cutting it).
async fn needle_in_view(ctx: &Ctx, cells: &str, needle: &str) -> (u64, u64) {
    let script = format!(
        "let h = 0, c = 0;
        for (const cell of document.querySelectorAll({cells:?})) {{
            const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            let node = null;
            for (let n = walk.nextNode(); n && !node; n = walk.nextNode()) {{
                if (n.textContent.includes({needle:?})) node = n;
            }}
            if (!node) continue;
            h++;
            const at = node.textContent.indexOf({needle:?});
            const range = document.createRange();
            range.setStart(node, at); range.setEnd(node, at + {len});
            const box = cell.getBoundingClientRect(), word = range.getBoundingClientRect();
            if (word.right > box.right + 1 || word.left < box.left - 1) c++;
        }}
        return [h, c];",
        len = needle.len()
    );
    let v = ctx.script(&script).await;
    let pair: (u64, u64) = serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"));
    pair
}

/// Issue 37: Events cut the Error column a person filtered on ("invalid_user_creden…"), and
/// Lines cut messages before the `error=` searched for. Both now show the field whole (the
/// drawer has the rest of the line).
pub(super) async fn filtered_field_whole(ctx: Ctx) {
    // A narrow window, as a laptop beside a terminal: the columns compete for room.
    ctx.client.set_window_size(1100, 900).await.unwrap_or_else(|e| panic!("window size: {e}"));
    open_signed_in(&ctx, &format!("{LOGS}?window=6h&view=events&error=invalid_user"), "#log-viewer").await;
    assert!(settled(&ctx).await > 0, "no event with that error in 6 hours");
    let (held, cut) = needle_in_view(&ctx, "#log-events .vbody .c-error", "invalid_user_credentials").await;
    assert!(held > 0, "no Error cell shows invalid_user_credentials");
    assert_eq!(cut, 0, "{cut} of {held} Error cells cut the value filtered on");

    open_signed_in(&ctx, &format!("{LOGS}?window=6h&q={NEEDLE}"), "#log-viewer").await;
    assert!(settled(&ctx).await > 0, "no line holds {NEEDLE} in 6 hours");
    let (held, cut) = needle_in_view(&ctx, "#log-lines .vbody .c-message", NEEDLE).await;
    assert!(held > 0, "no message cell shows {NEEDLE}");
    assert_eq!(cut, 0, "{cut} of {held} messages cut {NEEDLE}, the word searched for");
    axe::no_serious_violations(&ctx, "#log-viewer", "the viewer with a long word searched for").await;
}
