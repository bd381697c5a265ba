//! The kit's pieces every screen shares, seen by a person: the confirmation dialog is a real
//! modal, and every page has its title, the focus on its one h1, one current link, sortable
//! headers, a skip link, and no sideways scroll on a phone.

use std::time::Duration;

use cluster_sandbox::Config;
use fantoccini::key::Key;

use super::{Flow, admin};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("confirmation_is_a_real_modal_dialog", |d| Box::pin(run_flow(d, Config::default(), modal_dialog))),
        ("one_focus_ring_on_every_control", |d| Box::pin(run_flow(d, Config::default(), one_ring))),
        ("page_chrome_titles_focus_sorting_and_phone_width", |d| {
            Box::pin(run_flow(d, Config::default(), page_chrome))
        }),
    ]
}

/// The id of the focused element, or "" when it has none (or nothing is focused).
async fn focused_id(ctx: &Ctx) -> String {
    let id = ctx.script("return document.activeElement ? document.activeElement.id : '';").await;
    id.as_str().unwrap_or_else(|| panic!("the focused element's id: not text: {id}")).to_string()
}

async fn press(ctx: &Ctx, key: Key) {
    let focused = ctx.client.active_element().await.unwrap_or_else(|e| panic!("no focused element: {e}"));
    focused.send_keys(&key).await.unwrap_or_else(|e| panic!("press {key:?}: {e}"));
}

/// The focused element's ring as drawn: "tag|style width|colour".
async fn ring(ctx: &Ctx) -> String {
    let script = "const a = document.activeElement; if (!a || a === document.body) return '';\
        const s = getComputedStyle(a);\
        return a.tagName + (a.getAttribute('role') ? '[' + a.getAttribute('role') + ']' : '') + '|' + \
        s.outlineStyle + ' ' + s.outlineWidth + '|' + s.outlineColor;";
    ctx.script(script).await.as_str().unwrap_or_default().to_string()
}

/// Every control the keyboard reaches draws the same ring: links, buttons and fields of the
/// cluster page, its tabs, and the controls of a dialog (these were 1 px and 2 px).
async fn one_ring(ctx: Ctx) {
    admin(&ctx).await;
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text(".page-head", "Active").await;
    ctx.script("document.querySelector('.skip-link').focus(); return 1;").await;
    let mut rings = Vec::new();
    for _ in 0..40 {
        press(&ctx, Key::Tab).await;
        let seen = ring(&ctx).await;
        if !seen.is_empty() {
            rings.push(seen);
        }
    }
    ctx.script("document.getElementById('delete-cluster').focus(); return 1;").await;
    press(&ctx, Key::Enter).await;
    ctx.find("dialog[open]").await;
    // Its controls, not past them: a Tab from the last one leaves the page for the browser's
    // own controls (nothing in the page is focused then).
    for _ in 0..4 {
        press(&ctx, Key::Tab).await;
        let seen = ring(&ctx).await;
        if !seen.is_empty() {
            rings.push(format!("dialog:{seen}"));
        }
    }
    press(&ctx, Key::Escape).await;
    assert!(rings.len() > 20, "too few controls reached: {rings:?}");
    for kind in ["A|", "BUTTON", "dialog:"] {
        assert!(rings.iter().any(|r| r.starts_with(kind)), "no {kind} reached: {rings:?}");
    }
    let drawn: Vec<&str> = rings.iter().map(|r| r.split_once('|').map_or("", |(_, ring)| ring)).collect();
    let first = drawn.first().copied().unwrap_or_default();
    assert!(first.starts_with("solid 2px|"), "the ring is not 2 px solid: {rings:?}");
    let odd: Vec<&String> = rings.iter().zip(&drawn).filter(|(_, d)| **d != first).map(|(r, _)| r).collect();
    assert!(odd.is_empty(), "rings differ from {first}: {odd:?}");
}

/// The delete confirmation is a modal `<dialog>`: opened from the keyboard, focus moves in
/// and stays in, the page behind cannot be clicked, Escape closes it and focus returns to
/// the opener; opened again, Cancel does the same, and confirming still works.
async fn modal_dialog(ctx: Ctx) {
    admin(&ctx).await;
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text(".page-head", "Active").await;
    ctx.client
        .execute("document.getElementById('delete-cluster').focus(); return 1;", vec![])
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(focused_id(&ctx).await, "delete-cluster");
    press(&ctx, Key::Enter).await;
    ctx.wait_text("dialog[open]", "Delete acme-prod?").await;
    let modal =
        ctx.client.execute("return document.querySelector('dialog[open]').matches(':modal');", vec![]).await;
    assert_eq!(modal.ok(), Some(serde_json::Value::Bool(true)), "the dialog is not modal");
    assert_eq!(focused_id(&ctx).await, "confirm-name", "focus did not move to the name field");
    // Tab goes round the dialog's own controls (the confirm button is off until the name is
    // typed). Past the last one the browser may offer its own UI (the page then has no
    // focus), as native modal dialogs do; what it never reaches is the page behind.
    let mut inside: Vec<String> = Vec::new();
    // Until it came round twice, at most sixteen presses: the dialog also holds the Code
    // panel's summary, the browser's own UI may take two stops per round, and Firefox also
    // stops on the dialog itself (a scrollable box is a tab stop there).
    for _ in 0..16 {
        if inside.iter().filter(|a| a.contains("confirm-name")).count() >= 2 {
            break;
        }
        press(&ctx, Key::Tab).await;
        let script = "const a = document.activeElement, d = document.querySelector('dialog[open]');\
                      return [!!d && d.contains(a), document.hasFocus(), a ? a.tagName + '#' + a.id + '.' + \
                      a.className : ''];";
        let answer = ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
        let (in_dialog, page_focused) =
            (answer[0].as_bool() == Some(true), answer[1].as_bool() != Some(false));
        // `BODY` is no control: focus left the page's controls for the browser's own UI
        // (headless Chromium reports the body, still "focused", for a moment).
        let on_body = answer[2].as_str().is_some_and(|a| a.starts_with("BODY#"));
        assert!(
            in_dialog || !page_focused || on_body,
            "Tab reached the page behind the dialog: {}",
            answer[2]
        );
        if in_dialog {
            inside.push(answer[2].as_str().unwrap_or_default().to_string());
        }
    }
    assert!(
        inside.iter().filter(|a| a.contains("confirm-name")).count() >= 2,
        "Tab did not come back round: {inside:?}"
    );
    assert!(inside.iter().any(|a| a.contains("cancel")), "Tab never reached Cancel: {inside:?}");
    // The page behind is inert: a click on it lands on the backdrop, not the button.
    let behind = ctx.find("#delete-cluster").await.click().await;
    assert!(behind.is_err(), "the page behind the dialog took a click");
    press(&ctx, Key::Escape).await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "Escape did not close the dialog").await;
    assert_eq!(focused_id(&ctx).await, "delete-cluster", "focus did not return to the opener after Escape");

    ctx.click("#delete-cluster").await;
    ctx.find("dialog[open] #confirm-name").await;
    ctx.click("dialog[open] .cancel").await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "Cancel did not close the dialog").await;
    assert_eq!(focused_id(&ctx).await, "delete-cluster", "focus did not return to the opener after Cancel");

    // Typed names do not survive a close: a new opening starts empty, and confirming works.
    ctx.click("#delete-cluster").await;
    let typed = ctx.find("#confirm-name").await.prop_or_fail("value").await.unwrap_or_default();
    assert_eq!(typed, "", "the dialog kept the name typed before");
    ctx.type_into("#confirm-name", "acme-prod").await;
    ctx.click("#confirm-delete").await;
    ctx.wait_gone("dialog", crate::harness::WAIT, "the dialog stayed open after the delete").await;
    ctx.wait_text(".page-head", "Pending deletion").await;
}

/// The page after a navigation: its tab title, the focus on its one h1, and one link
/// marked `aria-current="page"` (whose text is `current`).
async fn expect_page(ctx: &Ctx, title: &str, heading: &str, current: &str) {
    let started = std::time::Instant::now();
    let mut last = String::new();
    while started.elapsed() < crate::harness::WAIT {
        last = ctx.title().await;
        if last == title {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(last, title, "the tab title");
    let script = "const a = document.activeElement; const marked = \
                  document.querySelectorAll('[aria-current]');\
        return [a ? a.tagName : '', a ? a.textContent : '', document.querySelectorAll('h1').length,\
                marked.length, marked.length ? marked[0].getAttribute('aria-current') + ':' + \
                marked[0].textContent.trim() : ''];";
    let state = ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{e}"));
    let field = |i: usize| state.get(i).cloned().unwrap_or_default();
    assert_eq!(field(0), "H1", "the focus is not on the heading: {state}");
    assert!(field(1).as_str().is_some_and(|t| t.contains(heading)), "the focused heading: {state}");
    assert_eq!(field(2), 1, "one h1 per page: {state}");
    assert_eq!(field(3), 1, "one aria-current per page: {state}");
    assert_eq!(field(4), format!("page:{current}"), "{state}");
}

async fn page_chrome(ctx: Ctx) {
    admin(&ctx).await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    expect_page(&ctx, "Clusters · Cluster console", "Clusters", "Clusters").await;

    // Sorting by a header: ascending, then descending, announced through aria-sort.
    let names = |ctx: &Ctx| {
        let client = ctx.client.clone();
        async move {
            let script = "return [...document.querySelectorAll('table.clusters tbody tr')].map(r => \
                          r.dataset.cluster);";
            let list = client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("row names: {e}"));
            list.as_array()
                .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect::<Vec<_>>())
                .unwrap_or_default()
        }
    };
    ctx.click("table.clusters th:first-child button.sort").await;
    ctx.find("table.clusters th[aria-sort=ascending]").await;
    let up = names(&ctx).await;
    let mut sorted = up.clone();
    sorted.sort();
    assert_eq!(up, sorted, "ascending by name");
    assert!(up.len() >= 4, "{up:?}");
    ctx.click("table.clusters th:first-child button.sort").await;
    ctx.find("table.clusters th[aria-sort=descending]").await;
    sorted.reverse();
    assert_eq!(names(&ctx).await, sorted, "descending by name");

    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.wait_text(".page-head", "Active").await;
    expect_page(&ctx, "acme-prod · Clusters · Cluster console", "acme-prod", "Overview").await;
    ctx.click("nav.tabs a[href$='/billing']").await;
    ctx.wait_url("/billing").await;
    ctx.find("#cluster-billing").await;
    let title = ctx.title().await;
    assert_eq!(title, "Billing · acme-prod · Clusters · Cluster console");
    ctx.click("nav.sidenav a[href='/billing']").await;
    ctx.wait_text("#card-table", "4242").await;
    expect_page(&ctx, "Billing · Cluster console", "Billing", "Billing").await;

    // The skip link takes the keyboard past the header and navigation.
    ctx.client
        .execute("document.querySelector('.skip-link').click(); return 1;", vec![])
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let focused = ctx.script("return document.activeElement.id;").await;
    assert_eq!(focused, "main", "skip link");

    // A phone: the clusters table fits the width (rows become stacked cards).
    ctx.client.set_window_size(390, 844).await.unwrap_or_else(|e| panic!("resize: {e}"));
    // On a phone the navigation sits behind the header's Menu button.
    ctx.click("#nav-menu").await;
    ctx.click("nav.sidenav a[href='/clusters']").await;
    ctx.wait_text("table.clusters", "acme-prod").await;
    ctx.snap("clusters-phone").await;
    let widths = ctx
        .client
        .execute("return [window.innerWidth, document.documentElement.scrollWidth];", vec![])
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let at = |i: usize| widths.get(i).and_then(|v| v.as_u64()).unwrap_or(u64::MAX);
    assert!(at(0) <= 390, "the window did not become phone-sized: {widths}");
    assert!(at(1) <= 390, "the page scrolls sideways at 390 px: {widths}");
}
