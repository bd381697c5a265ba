//! App-association files: published from an upload, a file of the wrong shape refused in
//! the browser, the change-password redirect set and cleared, and one file deleted.

use super::{PROD, add, card, open_signed_in, upload, uploaded_fully};
use crate::flows::flow_file;
use crate::harness::{Ctx, OrFail};

const AASA_OK: &str =
    r#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.acme.app"],"components":[{"/":"/login/*"}]}]}}"#;
const ASSETLINKS_OK: &str = concat!(
    r#"[{"relation":["delegate_permission/common.handle_all_urls"],"#,
    r#""target":{"namespace":"android_app","package_name":"com.acme.app","#,
    r#""sha256_cert_fingerprints":["AA:BB"]}}]"#,
);
const ASSETLINKS_BAD: &str = r#"{"relation":["delegate_permission/common.handle_all_urls"]}"#;

pub(super) async fn app_association(ctx: Ctx) {
    open_signed_in(&ctx, PROD, "#resources").await;
    add(&ctx, "acme-apps", "WELL_KNOWN").await;
    let card = card("acme-apps");
    let aasa = format!("{card} tr[data-file='apple-app-site-association']");
    let links = format!("{card} tr[data-file='assetlinks.json']");
    ctx.wait_text(&aasa, "Not uploaded").await;
    ctx.wait_text(&aasa, "/.well-known/apple-app-site-association").await;

    upload(
        &ctx,
        "acme-apps",
        Some("apple-app-site-association"),
        &flow_file("apps", "apple-app-site-association", AASA_OK.as_bytes()),
    )
    .await;
    uploaded_fully(&ctx, "acme-apps").await;
    ctx.wait_text(&aasa, "Published").await;

    // A file of the wrong shape is refused in the browser, before any upload.
    upload(
        &ctx,
        "acme-apps",
        Some("assetlinks.json"),
        &flow_file("apps", "assetlinks-bad.json", ASSETLINKS_BAD.as_bytes()),
    )
    .await;
    ctx.wait_text(&format!("{card} .file-problem"), "assetlinks.json must be a JSON array of statements")
        .await;
    ctx.wait_text(&format!("{card} .file-problem"), "Nothing was uploaded").await;
    ctx.wait_text(&links, "Not uploaded").await;
    upload(
        &ctx,
        "acme-apps",
        Some("assetlinks.json"),
        &flow_file("apps", "assetlinks.json", ASSETLINKS_OK.as_bytes()),
    )
    .await;
    uploaded_fully(&ctx, "acme-apps").await;
    ctx.wait_text(&links, "Published").await;
    ctx.snap("resources-app-association").await;

    // The change-password redirect: set, then cleared.
    ctx.type_into(&format!("{card} .change-password-url"), "https://acme.example/account/password").await;
    ctx.click(&format!("{card} .save-change-password")).await;
    ctx.wait_text(&format!("{card} .well-known-note"), "redirect saved").await;
    // Clearing a live redirect is asked first, naming what stops working.
    let saves = ctx.calls("cluster.wellKnown.changePassword.set", "200").await;
    assert!(saves >= 1, "the saved redirect was not counted");
    ctx.click(&format!("{card} .clear-change-password")).await;
    let dialog = ctx.wait_text(&format!("{card} dialog[open]"), "Clear the change-password redirect?").await;
    assert!(dialog.contains("https://acme.example/account/password"), "{dialog}");
    assert_eq!(
        ctx.calls("cluster.wellKnown.changePassword.set", "200").await,
        saves,
        "cleared before it was confirmed"
    );
    ctx.click(&format!("{card} .confirm-clear-change-password")).await;
    ctx.wait_text(&format!("{card} .well-known-note"), "redirect cleared").await;
    ctx.wait_gone(&format!("{card} dialog"), crate::harness::WAIT, "the dialog stayed open after clearing")
        .await;
    let value = ctx
        .find(&format!("{card} .change-password-url"))
        .await
        .prop_or_fail("value")
        .await
        .unwrap_or_default();
    assert_eq!(value, "", "the cleared redirect is still shown");

    // Deleting one file unpublishes it and leaves the other.
    ctx.click(&format!("{links} .delete-file")).await;
    ctx.click(&format!("{links} .confirm-delete-file")).await;
    ctx.wait_text(&links, "Not uploaded").await;
    ctx.wait_text(&aasa, "Published").await;
}
