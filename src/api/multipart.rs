//! `multipart/form-data` bodies: the browser writes the boundary, so hand it a FormData.

use cluster_api::Part;
use wasm_bindgen::JsValue;
use web_sys::{Blob, BlobPropertyBag, FormData};

use super::error::ApiError;

pub fn form_data(parts: &[Part]) -> Result<FormData, ApiError> {
    // Text from the browser's own error (Debug formatting is compiled out of the release).
    let failed = |e: JsValue| {
        let why = js_sys::Error::from(e).message().as_string().unwrap_or_default();
        ApiError::Network(format!("the browser could not prepare the upload ({why})"))
    };
    let form = FormData::new().map_err(failed)?;
    for part in parts {
        match &part.filename {
            None => form.append_with_str(&part.name, &String::from_utf8_lossy(&part.data)).map_err(failed)?,
            Some(filename) => {
                let bytes = js_sys::Uint8Array::from(part.data.as_slice());
                let options = BlobPropertyBag::new();
                options.set_type(part.content_type.as_deref().unwrap_or("application/octet-stream"));
                let blob =
                    Blob::new_with_u8_array_sequence_and_options(&js_sys::Array::of1(&bytes), &options)
                        .map_err(failed)?;
                form.append_with_blob_and_filename(&part.name, &blob, filename).map_err(failed)?;
            }
        }
    }
    Ok(form)
}
