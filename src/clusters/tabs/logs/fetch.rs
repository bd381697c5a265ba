//! Fetching log files, the reader's I/O (`window_files.rs` decides what to read): the
//! window's files (`cluster.log.list`, a page at a time), a file's signed link
//! (`cluster.log.detail`), its bytes from storage, gunzipped by the browser's own
//! `DecompressionStream` (no inflate code in the wasm), and the browser's `RegExp` for the
//! search's `|~`/`!~` (no regex engine in the wasm either).
//!
//! web-sys exposes `DecompressionStream` only under `--cfg web_sys_unstable_apis`, which
//! would need the build's rustflags changed; the few calls are bound here instead.

use cluster_api::{LogFile, ops};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::search::Test;
use super::window::{file_start, iso, list_bounds};
use crate::api::{self, Api, ApiError};
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Gunzip;
    #[wasm_bindgen(constructor, js_class = "DecompressionStream", catch)]
    fn new(format: &str) -> Result<Gunzip, JsValue>;

    #[wasm_bindgen(js_name = ReadableStream)]
    type Stream;
    #[wasm_bindgen(method, js_class = "ReadableStream", js_name = pipeThrough, catch)]
    fn pipe_through(this: &Stream, transform: &Gunzip) -> Result<Stream, JsValue>;

    /// The Fetch API's `Response`, used only to turn bytes into a stream and a stream
    /// into text.
    #[wasm_bindgen(js_name = Response)]
    type Body;
    #[wasm_bindgen(constructor, js_class = "Response", catch)]
    fn of_bytes(bytes: &js_sys::Uint8Array) -> Result<Body, JsValue>;
    #[wasm_bindgen(constructor, js_class = "Response", catch)]
    fn of_stream(stream: &Stream) -> Result<Body, JsValue>;
    #[wasm_bindgen(method, getter, js_class = "Response")]
    fn body(this: &Body) -> Option<Stream>;
    #[wasm_bindgen(method, js_class = "Response")]
    fn text(this: &Body) -> js_sys::Promise;

    #[wasm_bindgen(js_name = RegExp)]
    type Pattern;
    #[wasm_bindgen(constructor, js_class = "RegExp", catch)]
    fn compile(source: &str, flags: &str) -> Result<Pattern, JsValue>;
    #[wasm_bindgen(method, js_class = "RegExp")]
    fn test(this: &Pattern, text: &str) -> bool;
}

/// What JavaScript threw, in words.
fn thrown(value: &JsValue) -> String {
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| t(w::UNKNOWN_REASON).into())
}

/// The browser's regex, for `search::Search::new`. `(?i)` at the start (as LogQL writes it)
/// becomes the case-insensitive flag.
pub fn regex(source: &str) -> Result<Test, String> {
    let (source, flags) = match source.strip_prefix("(?i)") {
        Some(rest) => (rest, "i"),
        None => (source, ""),
    };
    let pattern = Pattern::compile(source, flags).map_err(|e| thrown(&e))?;
    Ok(Box::new(move |line| pattern.test(line)))
}

/// Gzip bytes as text (plain text is taken as it is: a store may send it decompressed).
async fn gunzip(bytes: &[u8]) -> Result<String, String> {
    if bytes.len() < 2 || bytes[..2] != [0x1f, 0x8b] {
        return String::from_utf8(bytes.to_vec()).map_err(|_| t(w::NEITHER_GZIP_NOR_TEXT).into());
    }
    let body = Body::of_bytes(&js_sys::Uint8Array::from(bytes)).map_err(|e| thrown(&e))?;
    let stream = body.body().ok_or(t(w::NO_STREAM))?;
    let gunzip = Gunzip::new("gzip").map_err(|e| tf(w::CANNOT_GUNZIP, &[("reason", &thrown(&e))]))?;
    let plain = stream.pipe_through(&gunzip).map_err(|e| thrown(&e))?;
    let text = Body::of_stream(&plain).map_err(|e| thrown(&e))?.text();
    let text = JsFuture::from(text).await.map_err(|e| tf(w::NOT_GZIP, &[("reason", &thrown(&e))]))?;
    text.as_string().ok_or_else(|| t(w::NOT_TEXT).into())
}

/// One file of the window.
#[derive(Debug, Clone, PartialEq)]
pub struct FileInfo {
    pub name: String,
    pub size: Option<i64>,
    pub modified: Option<i64>,
    /// The hour it starts (from its name), and when it was last written.
    pub start: i64,
    pub end: i64,
}

impl FileInfo {
    fn of(file: LogFile) -> FileInfo {
        let modified = file.last_modified.map(|m| m.0);
        let start = file_start(&file.file_name).or(modified.map(|m| m - 3_600_000)).unwrap_or(0);
        FileInfo {
            end: modified.unwrap_or(start + 3_600_000),
            start,
            size: file.size,
            modified,
            name: file.file_name,
        }
    }
}

const LIST_PAGE: usize = 500;
/// Pages listed at most for one window. Thirty days of hourly files are 720, two pages; a
/// service that ignores `start` (answering the first page again and again) would otherwise
/// be listed for ever.
const MAX_PAGES: usize = 8;

/// A window's files, newest first, and whether the listing stopped at `MAX_PAGES` with
/// more announced (then the oldest files may be missing, and the viewer says so).
pub struct Listing {
    pub files: Vec<FileInfo>,
    pub capped: bool,
}

/// Every file holding lines of `[from, to]`, newest first.
pub async fn list_window(api: Api, id: String, from: i64, to: i64, now: i64) -> Result<Listing, ApiError> {
    let (from, to) = list_bounds(from, to, now);
    list(api, id, from, to).await
}

async fn list(api: Api, id: String, from: Option<String>, to: Option<String>) -> Result<Listing, ApiError> {
    let mut files = Vec::new();
    let mut capped = false;
    for page in 0..MAX_PAGES {
        let op = ops::ClusterLogList {
            id: id.clone(),
            from: from.clone(),
            to: to.clone(),
            max: Some(LIST_PAGE as i32),
            start: Some(i32::try_from(files.len()).unwrap_or(i32::MAX)),
        };
        let answer = api::call(api, &op).await?;
        // A full page announces more; the last page allowed ends the listing all the same.
        let full = answer.len() >= LIST_PAGE;
        files.extend(answer.into_iter().map(FileInfo::of));
        if !full {
            break;
        }
        capped = page + 1 == MAX_PAGES;
    }
    files.sort_by(|a, b| b.start.cmp(&a.start).then_with(|| b.end.cmp(&a.end)));
    Ok(Listing { files, capped })
}

/// The newest file of the retention, when a window has none (to offer widening it).
pub async fn newest(api: Api, id: String, now: i64) -> Result<Option<FileInfo>, ApiError> {
    let from = iso(now - super::window::RETENTION);
    Ok(list(api, id, Some(from), None).await?.files.into_iter().next())
}

/// How long a signed link is asked to stay valid (the files table says so too).
pub const LINK_MINUTES: i32 = 15;

/// A signed link to `name`, fresh from the service.
async fn signed(api: Api, id: &str, name: &str) -> Result<String, String> {
    let op =
        ops::ClusterLogDetail { id: id.to_string(), path: name.to_string(), minutes: Some(LINK_MINUTES) };
    let file = api::call(api, &op).await.map_err(|e| format!("{} {}", e.title(), e.detail()))?;
    file.temp_url
        .filter(|u| crate::redirect::safe_external(u).is_some())
        .ok_or_else(|| t(w::NO_WEB_ADDRESS).into())
}

/// The bytes of one file as stored (gzip), and the signed link they came through. An
/// expired link (403 from storage) is signed again once, silently.
pub async fn read_bytes(api: Api, id: String, name: String) -> Result<(Vec<u8>, String), String> {
    let mut url = signed(api, &id, &name).await?;
    let mut signed_again = false;
    loop {
        let response = gloo_net::http::Request::get(&url)
            .send()
            .await
            .map_err(|e| tf(w::STORAGE_UNREACHABLE, &[("reason", &e.to_string())]))?;
        let status = response.status();
        if status == 403 && !signed_again {
            signed_again = true;
            url = signed(api, &id, &name).await?;
            continue;
        }
        if !(200..300).contains(&status) {
            return Err(tf(
                w::STORAGE_ANSWERED,
                &[("status", &status.to_string()), ("text", &response.status_text())],
            ));
        }
        let bytes =
            response.binary().await.map_err(|e| tf(w::DOWNLOAD_BROKE_OFF, &[("reason", &e.to_string())]))?;
        return Ok((bytes, url));
    }
}

/// The text of one file.
pub async fn read_text(api: Api, id: String, name: String) -> Result<String, String> {
    let (bytes, _) = read_bytes(api, id, name).await?;
    gunzip(&bytes).await
}
