//! What the page saves, kept instead of saved: the Blob it hands to `<a download>`, the
//! `download` name, and whether the object URL was revoked afterwards. Shared by every flow
//! that checks a file the console makes (Terraform, the log viewer's downloads).

use crate::harness::Ctx;

const CAPTURE: &str = r#"
window.__saved = { revoked: false };
const create = URL.createObjectURL.bind(URL);
URL.createObjectURL = (blob) => {
    window.__saved.blob = blob;
    window.__saved.url = create(blob);
    return window.__saved.url;
};
const revoke = URL.revokeObjectURL.bind(URL);
URL.revokeObjectURL = (url) => {
    if (url === window.__saved.url) window.__saved.revoked = true;
    revoke(url);
};
HTMLAnchorElement.prototype.click = function () {
    window.__saved.name = this.download;
    window.__saved.href = this.href;
};
return 1;"#;

/// From now on, what the page saves is kept (call it after the page is loaded).
pub async fn capture(ctx: &Ctx) {
    ctx.client.execute(CAPTURE, vec![]).await.unwrap_or_else(|e| panic!("capture: {e}"));
}

/// The last file saved: its name, its bytes and whether its URL was revoked (None: none yet).
pub async fn saved(ctx: &Ctx) -> Option<(String, Vec<u8>, bool)> {
    let script = "const done = arguments[arguments.length - 1];
        const s = window.__saved || {};
        if (!s.blob) { done(null); } else {
            s.blob.arrayBuffer().then(b => done([s.name || '', Array.from(new Uint8Array(b)), \
                s.revoked])); }";
    let got = ctx.client.execute_async(script, vec![]).await.unwrap_or_else(|e| panic!("read the file: {e}"));
    let name = got.get(0)?.as_str()?.to_string();
    let bytes = got
        .get(1)?
        .as_array()?
        .iter()
        .map(|b| b.as_u64().and_then(|b| u8::try_from(b).ok()))
        .collect::<Option<Vec<u8>>>()?;
    Some((name, bytes, got.get(2).and_then(|v| v.as_bool()).unwrap_or(false)))
}

/// The last file saved, as text: (name, text, revoked); empty when none was saved.
pub async fn saved_text(ctx: &Ctx) -> (String, String, bool) {
    match saved(ctx).await {
        Some((name, bytes, revoked)) => (name, String::from_utf8_lossy(&bytes).into_owned(), revoked),
        None => (String::new(), String::new(), false),
    }
}
