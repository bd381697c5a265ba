//! Saving a file under the console's own name: a Blob, an object URL and an
//! `<a download>`. The one home for it: the Terraform export, a log window, the lines shown
//! and a log file fetched from storage (a presigned URL on another origin ignores
//! `download`, so the console fetches the file and saves it from here).

use wasm_bindgen::{JsCast, JsValue};

/// What the file holds.
pub enum Body<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
}

/// Hands `body` to the browser as a download named `name`. The object URL is revoked a
/// second later, once the browser has taken its copy (revoked at once, Firefox may lose it).
/// `Err` when the browser refused to make the file; the caller says so in its own words.
pub fn save(name: &str, body: Body<'_>, mime: &str) -> Result<(), ()> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = match body {
        Body::Text(text) => web_sys::Blob::new_with_str_sequence_and_options(
            &js_sys::Array::of1(&JsValue::from_str(text)),
            &options,
        ),
        Body::Bytes(bytes) => web_sys::Blob::new_with_u8_array_sequence_and_options(
            &js_sys::Array::of1(&js_sys::Uint8Array::from(bytes)),
            &options,
        ),
    }
    .map_err(drop)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(drop)?;
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(link) = link else {
        let _ = web_sys::Url::revoke_object_url(&url);
        return Err(());
    };
    let _ = link.set_attribute("href", &url);
    let _ = link.set_attribute("download", name);
    link.click();
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(1),
    );
    Ok(())
}
