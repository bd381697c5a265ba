//! Sends a picked file straight to object storage through a presigned URL: the method
//! the service named, the file's own Content-Type, and no Authorization header (the URL
//! carries its own signature; storage refuses a request with both). XmlHttpRequest
//! rather than fetch, because only it reports upload progress; `abort()` cancels.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, closure::Closure};
use wasm_bindgen_futures::JsFuture;
use web_sys::{File, ProgressEvent, XmlHttpRequest};

use crate::i18n::k::resources_upload as w;
use crate::i18n::{t, tf};

/// Why a PUT to storage did not store the file.
#[derive(Debug, Clone, PartialEq)]
pub enum PutError {
    /// The person pressed Cancel.
    Cancelled,
    /// No answer at all: offline, storage unreachable, or refused by CORS.
    Network,
    /// The presigned URL's time ran out: a new one is needed.
    Expired,
    /// Storage rejected the signature (a changed or stale URL): a new one is needed.
    Signature,
    TooLarge(String),
    /// Any other refusal, with storage's own code and message when it sent them.
    Refused {
        status: u16,
        code: String,
        message: String,
    },
}

impl PutError {
    /// Whether retrying needs a fresh upload URL rather than the same one.
    pub fn needs_new_url(&self) -> bool {
        matches!(self, PutError::Expired | PutError::Signature)
    }

    pub fn words(&self) -> String {
        match self {
            PutError::Cancelled => t(w::PUT_CANCELLED).into(),
            PutError::Network => t(w::PUT_NETWORK).into(),
            PutError::Expired => t(w::PUT_EXPIRED).into(),
            PutError::Signature => t(w::PUT_SIGNATURE).into(),
            PutError::TooLarge(message) => tf(w::PUT_TOO_LARGE, &[("message", message)]),
            PutError::Refused { status, code, message } => {
                let which = match (code.is_empty(), message.is_empty()) {
                    (true, true) => w::PUT_REFUSED,
                    (false, true) => w::PUT_REFUSED_CODE,
                    (true, false) => w::PUT_REFUSED_MESSAGE,
                    (false, false) => w::PUT_REFUSED_CODE_MESSAGE,
                };
                tf(which, &[("status", &status.to_string()), ("code", code), ("message", message)])
            }
        }
    }
}

/// The text of `<tag>…</tag>` in an S3-style XML error, if present.
fn xml_field(body: &str, tag: &str) -> String {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    body.split_once(&open)
        .and_then(|(_, rest)| rest.split_once(&close))
        .map(|(inner, _)| inner.trim().to_string())
        .unwrap_or_default()
}

/// Reads storage's answer; `Ok` for any 2xx.
pub fn classify(status: u16, body: &str) -> Result<(), PutError> {
    if (200..300).contains(&status) {
        return Ok(());
    }
    if status == 0 {
        return Err(PutError::Network);
    }
    let code = xml_field(body, "Code");
    let message = xml_field(body, "Message");
    let expired = message.to_ascii_lowercase().contains("expired");
    Err(match (status, code.as_str()) {
        (403, "AccessDenied") if expired => PutError::Expired,
        (403, "SignatureDoesNotMatch") => PutError::Signature,
        (_, "EntityTooLarge") | (413, _) => PutError::TooLarge(message),
        _ => PutError::Refused { status, code, message },
    })
}

/// The Content-Type to send: the file's own, or a neutral one when the browser has none.
pub fn content_type(file_type: &str) -> &str {
    if file_type.trim().is_empty() { "application/octet-stream" } else { file_type }
}

/// An upload in flight, kept so Cancel can abort it.
pub type InFlight = StoredValue<Option<XmlHttpRequest>, LocalStorage>;

/// PUTs `file` to `url`, reporting (sent, total) bytes into `progress`.
pub async fn put(
    method: &str,
    url: &str,
    file: &File,
    progress: RwSignal<(f64, f64)>,
    in_flight: InFlight,
) -> Result<(), PutError> {
    let xhr = XmlHttpRequest::new().map_err(|_| PutError::Network)?;
    let method = if method.trim().is_empty() { "PUT" } else { method.trim() };
    xhr.open(method, url).map_err(|_| PutError::Network)?;
    xhr.set_request_header("Content-Type", content_type(&file.type_())).map_err(|_| PutError::Network)?;
    let total = file.size();
    progress.set((0.0, total));
    let on_progress = Closure::<dyn FnMut(ProgressEvent)>::new(move |e: ProgressEvent| {
        if e.length_computable() {
            progress.try_set((e.loaded(), e.total()));
        }
    });
    let upload = xhr.upload().ok();
    if let Some(upload) = &upload {
        upload.set_onprogress(Some(on_progress.as_ref().unchecked_ref()));
    }
    // `loadend` follows load, error and abort alike; the status tells them apart.
    let done = js_sys::Promise::new(&mut |resolve, _reject| xhr.set_onloadend(Some(&resolve)));
    in_flight.set_value(Some(xhr.clone()));
    if xhr.send_with_opt_blob(Some(file)).is_err() {
        in_flight.set_value(None);
        return Err(PutError::Network);
    }
    let _ = JsFuture::from(done).await;
    if let Some(upload) = &upload {
        upload.set_onprogress(None);
    }
    drop(on_progress);
    // Cancel takes the request out before aborting it.
    let cancelled = in_flight.try_update_value(|slot| slot.take()).flatten().is_none();
    if cancelled {
        return Err(PutError::Cancelled);
    }
    let status = xhr.status().unwrap_or(0);
    let body = xhr.response_text().ok().flatten().unwrap_or_default();
    classify(status, &body)?;
    progress.try_set((total, total));
    Ok(())
}

/// Aborts the upload in flight, if any.
pub fn cancel(in_flight: InFlight) {
    if let Some(xhr) = in_flight.try_update_value(|slot| slot.take()).flatten() {
        let _ = xhr.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_answers() {
        assert_eq!(classify(200, ""), Ok(()));
        assert_eq!(classify(0, ""), Err(PutError::Network));
        let expired = "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>";
        assert_eq!(classify(403, expired), Err(PutError::Expired));
        let tampered = "<Error><Code>SignatureDoesNotMatch</Code>\
                        <Message>The signature does not match</Message></Error>";
        assert_eq!(classify(403, tampered), Err(PutError::Signature));
        let big = "<Error><Code>EntityTooLarge</Code>\
                   <Message>Your proposed upload exceeds the maximum allowed size</Message></Error>";
        assert!(matches!(classify(400, big), Err(PutError::TooLarge(m)) if m.contains("maximum")));
        let auth =
            "<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>";
        let e = classify(400, auth).err().unwrap_or(PutError::Network);
        assert!(
            e.words().contains("HTTP 400 (InvalidArgument): Only one auth mechanism allowed"),
            "{}",
            e.words()
        );
        assert_eq!(
            classify(500, "not xml").err().map(|e| e.words()),
            Some("Storage refused the file with HTTP 500.".into())
        );
    }

    #[test]
    fn which_failures_need_a_new_link() {
        assert!(PutError::Expired.needs_new_url());
        assert!(PutError::Signature.needs_new_url());
        assert!(!PutError::Network.needs_new_url());
        assert!(!PutError::Cancelled.needs_new_url());
    }

    #[test]
    fn content_types() {
        assert_eq!(content_type(""), "application/octet-stream");
        assert_eq!(content_type("application/java-archive"), "application/java-archive");
    }
}
