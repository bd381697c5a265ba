//! Layout and accessibility as a person meets them (issue 26 §4): axe-core on every screen
//! of the layout walk at 1366 and 390 px, light and dark; the phone's one-line header with
//! its navigation behind a menu button; toasts that take their own room instead of floating
//! over the row that just changed.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::axe;
use super::hostile::problems;
use crate::cdp::emulate_media;
use crate::harness::{Ctx, WAIT};

/// Restarts take 2 s, so the toast of one arrives within the flow.
pub(super) fn quick_restart() -> Config {
    Config { restart: Duration::from_secs(2), ..Config::default() }
}

const SIZES: [(u32, &str); 4] = [(1366, "light"), (1366, "dark"), (390, "light"), (390, "dark")];

/// The header's height and whether its shown items keep to one line.
const HEADER: &str = r#"
const bar = document.querySelector('.topbar');
const shown = [...bar.children].filter(e => e.getClientRects().length > 0
    && getComputedStyle(e).display !== 'none'
    && e.getBoundingClientRect().width > 0);
const tops = shown.map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; });
const spread = Math.max(...tops) - Math.min(...tops);
const root = document.documentElement;
return [bar.getBoundingClientRect().height, spread, root.scrollWidth - root.clientWidth];
"#;

async fn axe_here(ctx: &Ctx, what: &str, failures: &mut Vec<String>) {
    for problem in axe::serious(ctx, "body").await {
        failures.push(format!("{what}: {problem}"));
    }
}

async fn check_sizes(ctx: &Ctx, path: &str, failures: &mut Vec<String>) {
    for (width, scheme) in SIZES {
        emulate_media(&ctx.client, &[("prefers-color-scheme", scheme)]).await;
        ctx.resize(width, 900).await;
        let what = format!("{path} at {width} px, {scheme}");
        axe_here(ctx, &what, failures).await;
        for problem in problems(ctx).await {
            failures.push(format!("{what}: {problem}"));
        }
        if width == 390 {
            let header = ctx.script(HEADER).await;
            let (height, spread) =
                (header[0].as_f64().unwrap_or(f64::MAX), header[1].as_f64().unwrap_or(f64::MAX));
            if height > 56.0 || spread > 4.0 {
                failures.push(format!("{what}: the header is {height} px tall, its items {spread} px apart"));
            }
        }
    }
    ctx.snap(&format!("axe{}", path.replace('/', "_"))).await;
}

/// Every screen of the layout walk, then the review desk as support staff, at both widths
/// in both colour schemes: no serious or critical axe-core violation, nothing sideways, a
/// one-line header on the phone.
pub(super) async fn walk(ctx: Ctx) {
    super::admin(&ctx).await;
    ctx.wait_text("table.clusters", "Enterprise").await;
    let screens = super::layout::screens();
    let mut failures = Vec::new();
    for path in &screens {
        ctx.walk_to(path).await;
        check_sizes(&ctx, path, &mut failures).await;
    }
    // A resource with a version: its upload form, step list and key column.
    ctx.walk_to(&format!("/clusters/{}/resources", demo::ACME_SHOP)).await;
    check_sizes(&ctx, "acme-shop resources", &mut failures).await;
    emulate_media(&ctx.client, &[]).await;
    ctx.client.set_window_size(1366, 900).await.unwrap_or_else(|e| panic!("resize: {e}"));
    super::sign_out(&ctx).await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET).await;
    ctx.wait_text("#signed-in-as", "demo-staff").await;
    ctx.walk_to("/review").await;
    ctx.wait_text("table#review-desk", "loyalty-points").await;
    check_sizes(&ctx, "/review", &mut failures).await;
    ctx.walk_to(&format!("/review/{}/ext-loyalty/ver-loyalty-26", demo::ACME_SHOP)).await;
    check_sizes(&ctx, "a version's review", &mut failures).await;
    println!("    layout_axe: {} screens, 4 ways each", screens.len() + 3);
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

async fn displayed(ctx: &Ctx, css: &str) -> bool {
    let script = format!(
        "const e = document.querySelector({}); return !!e && getComputedStyle(e).display !== 'none';",
        serde_json::to_string(css).unwrap_or_default()
    );
    ctx.script(&script).await.as_bool().unwrap_or(false)
}

async fn active_id(ctx: &Ctx) -> String {
    let id = ctx.script("return document.activeElement ? document.activeElement.id : ''").await;
    id.as_str().unwrap_or_default().to_string()
}

/// At 390 px the header is one line and the content starts under it; the navigation is
/// behind Menu (aria-expanded, Escape closes it and gives the focus back); no "Ctrl K" on a
/// touch screen; a resource key wraps by its segments, not a character per line.
pub(super) async fn phone_header(ctx: Ctx) {
    ctx.client.set_window_size(390, 800).await.unwrap_or_else(|e| panic!("resize: {e}"));
    super::admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    let header = ctx.script(HEADER).await;
    let (height, spread) = (header[0].as_f64().unwrap_or(f64::MAX), header[1].as_f64().unwrap_or(f64::MAX));
    assert!(
        height <= 56.0 && spread <= 4.0,
        "the phone's header is {height} px tall, items {spread} px apart"
    );
    let content = ctx.script("return document.querySelector('main').getBoundingClientRect().top").await;
    assert!(content.as_f64().is_some_and(|t| t <= 60.0), "the content starts {content} px down");
    assert!(!displayed(&ctx, "#sidenav").await, "the navigation shows before the menu is opened");
    ctx.find("#nav-menu[aria-expanded=false][aria-controls=sidenav]").await;

    // Keyboard: Enter opens, Escape in the menu closes it and the focus returns to Menu.
    let menu = ctx.find("#nav-menu").await;
    menu.send_keys("\u{e007}").await.unwrap_or_else(|e| panic!("Enter: {e}"));
    ctx.find("#nav-menu[aria-expanded=true]").await;
    assert!(displayed(&ctx, "#sidenav").await, "the menu opened nothing");
    let link = ctx.find("#sidenav a[href='/billing']").await;
    link.send_keys("\u{e00c}").await.unwrap_or_else(|e| panic!("Escape: {e}"));
    ctx.find("#nav-menu[aria-expanded=false]").await;
    assert_eq!(active_id(&ctx).await, "nav-menu", "Escape left the focus in the closed menu");
    // Choosing a page closes the menu.
    ctx.click("#nav-menu").await;
    ctx.click("#sidenav a[href='/billing']").await;
    ctx.wait_url("/billing").await;
    ctx.find("#nav-menu[aria-expanded=false]").await;
    assert!(!displayed(&ctx, "#sidenav").await, "the menu stayed open on the new page");

    // No keyboard hint for a coarse pointer. Headless Chromium has no pointing device (it
    // matches hover: none) and its media emulation does not reach pointer and hover, so the
    // served style sheet is read for the rule instead.
    let hidden = ctx
        .script(
            "return [...document.styleSheets].some(sheet => [...sheet.cssRules].some(rule =>\
               rule instanceof CSSMediaRule && /pointer: *coarse/.test(rule.conditionText) &&\
               [...rule.cssRules].some(r => r.selectorText && r.selectorText.includes('.palette-open kbd')\
                 && r.style.display === 'none')));",
        )
        .await;
    assert_eq!(hidden.as_bool(), Some(true), "no rule hides the Ctrl K hint for a coarse pointer");

    // A resource key at 390 px: several characters a line, not one.
    ctx.client.set_window_size(390, 800).await.unwrap_or_else(|e| panic!("resize: {e}"));
    ctx.walk_to(&format!("/clusters/{}/resources", demo::ACME_SHOP)).await;
    ctx.find(".versions td.key").await;
    let widths = ctx
        .script(
            "return [...document.querySelectorAll('.versions td.key')].filter(td => td.textContent.length > \
             12)\
             .map(td => { const r = document.createRange(); r.selectNodeContents(td.querySelector('.cell') \
             || td);return Math.max(...[...r.getClientRects()].map(b => b.width)); });",
        )
        .await;
    let widths: Vec<f64> =
        widths.as_array().map(|a| a.iter().filter_map(|v| v.as_f64()).collect()).unwrap_or_default();
    assert!(!widths.is_empty(), "no resource key to measure");
    assert!(widths.iter().all(|w| *w >= 80.0), "resource keys squeezed into a narrow column: {widths:?}");
}

/// A toast takes its own room in the page (an inline status at the top of the content):
/// nothing of the page is under it, whatever row just changed.
pub(super) async fn toast(ctx: Ctx) {
    let env_vars = format!("/clusters/{}/env-vars", demo::ACME_PROD);
    ctx.goto(&env_vars).await;
    super::sign_in_again(&ctx, &env_vars).await;
    ctx.wait_text("#env-restart", "No restart in progress").await;
    ctx.type_into("#env-name", "TOAST_VAR").await;
    ctx.type_into("#env-value", "hello").await;
    ctx.click("#add-env-submit").await;
    // Staged, then applied (one restart, asked first).
    super::env_vars::apply(&ctx, "1 change").await;
    ctx.wait_text("tr[data-env='TOAST_VAR']", "hello").await;
    // Away from the page that started it, the restart's end is a toast.
    ctx.click("nav.tabs a[href$='/access']").await;
    ctx.wait_url("/access").await;
    // An applied run's restart is named by its cluster.
    ctx.wait_text("#activity-toasts .toast", "Restart of acme-prod").await;
    let overlaps = ctx
        .script(
            "const toasts = document.querySelector('#activity-toasts');\
             const pos = getComputedStyle(toasts).position;\
             const t = toasts.getBoundingClientRect();\
             const hit = [...document.querySelectorAll('main button, main a, main input, main select, main \
             td')].filter(e => !toasts.contains(e)).filter(e => { const r = e.getBoundingClientRect();\
             return r.width > 0 && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom \
             > t.top; }).map(e => e.tagName + '.' + e.className);\
             return [pos, hit];",
        )
        .await;
    let position = overlaps[0].as_str().unwrap_or_default();
    assert!(
        !matches!(position, "fixed" | "absolute" | "sticky"),
        "the toasts float over the page (position: {position})"
    );
    assert_eq!(overlaps[1], serde_json::json!([]), "a toast covers the page's controls");
    ctx.wait_gone("#activity-toasts .toast", WAIT * 3, "the toast never left").await;
}
