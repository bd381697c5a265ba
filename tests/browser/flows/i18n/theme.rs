//! The theme: Dark chosen on the sign-in page holds after signing in, and a chosen theme
//! is applied before the first paint.

use std::time::Duration;

use cluster_sandbox::demo;

use crate::cdp::emulate_media;
use crate::harness::{Ctx, OrFail};

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
pub(super) async fn sign_in_theme(ctx: Ctx) {
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

pub(super) async fn dark_first_paint(ctx: Ctx) {
    emulate_media(&ctx.client, &[("prefers-color-scheme", "light")]).await;
    crate::flows::admin(&ctx).await;
    ctx.click("#account-menu-button").await;
    choose_dark(&ctx, "#account-theme", "the page").await;

    // The app held back (its wasm fails): only index.html's loading state can paint.
    ctx.arm_fault("_bg.wasm", 20, "status=503").await;
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
