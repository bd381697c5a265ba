//! The object endpoint: what a browser's PUT to a presigned URL meets. It answers the
//! way S3 does, so a console that works here works against the real bucket:
//!
//! * `OPTIONS` (CORS preflight) from any origin, for `GET` or `PUT` with whatever headers
//!   the browser asks for; other methods are refused as S3's CORS rules would.
//! * `GET` (a log download) → 200 with the gzip file itself: `application/gzip`, no
//!   `Content-Encoding` (the browser must not unzip it on the way), CORS as below.
//! * `PUT` with an `Authorization` header → 400 `InvalidArgument` (a presigned URL
//!   carries its own signature; S3 refuses two auth mechanisms).
//! * missing or altered signature → 403 `SignatureDoesNotMatch`/`AccessDenied`; past
//!   its lifetime → 403 `AccessDenied` "Request has expired".
//! * over `--max-upload-bytes` → 400 `EntityTooLarge`.
//! * success → 200, empty body, an `ETag`; every answer carries
//!   `Access-Control-Allow-Origin` and exposes `ETag` so the browser can read it.
//!
//! Errors are S3's XML (`<Error><Code>…</Code><Message>…</Message>…</Error>`), not the API's JSON.

use super::{Refusal, verify};
use crate::engine::logs;
use crate::records::{BlobRow, now_millis};
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::sync::Arc;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// An S3-style XML error.
fn s3_error(status: StatusCode, code: &str, message: &str, key: &str) -> Response {
    let request_id = uuid::Uuid::new_v4().simple().to_string().to_uppercase();
    let body = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>{code}</Code><Message>{}</Message>\
         <Key>{}</Key><RequestId>{}</RequestId></Error>",
        escape(message),
        escape(key),
        &request_id[..16]
    );
    (status, [(header::CONTENT_TYPE, "application/xml")], body).into_response()
}

/// CORS headers every answer carries: the origin echoed (S3 does so for a `*` rule).
fn allow_origin(request_headers: &HeaderMap, response: &mut Response) {
    let origin = request_headers.get(header::ORIGIN).cloned().unwrap_or(HeaderValue::from_static("*"));
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, HeaderValue::from_static("ETag"));
    headers.insert(header::VARY, HeaderValue::from_static("Origin"));
}

fn preflight(headers: &HeaderMap, key: &str) -> Response {
    let method = headers.get(header::ACCESS_CONTROL_REQUEST_METHOD).and_then(|v| v.to_str().ok());
    if method.is_some_and(|m| !m.eq_ignore_ascii_case("PUT") && !m.eq_ignore_ascii_case("GET")) {
        let message = "CORSResponse: This CORS request is not allowed. The bucket allows only GET and PUT \
                       from browsers.";
        return s3_error(StatusCode::FORBIDDEN, "AccessForbidden", message, key);
    }
    let requested = headers
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .cloned()
        .unwrap_or(HeaderValue::from_static("Content-Type"));
    let mut response = StatusCode::OK.into_response();
    allow_origin(headers, &mut response);
    let out = response.headers_mut();
    out.insert(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static("GET, PUT"));
    // Echoing the requested headers (an AllowedHeaders "*" rule) lets a PUT that wrongly
    // carries Authorization through the preflight, so it meets S3's clear 400 instead
    // of an opaque CORS failure.
    out.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, requested);
    out.insert(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("3000"));
    response
}

/// The `ETag` of an object: S3 uses the MD5 hex; a SHA-256 prefix serves the same purpose.
fn etag(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    format!("\"{}\"", digest.iter().take(16).map(|b| format!("{b:02x}")).collect::<String>())
}

fn too_large(key: &str, max: u64) -> Response {
    let message = format!("Your proposed upload exceeds the maximum allowed size of {max} bytes.");
    s3_error(StatusCode::BAD_REQUEST, "EntityTooLarge", &message, key)
}

/// The S3 answer to a presigned request that does not verify, if it does not.
fn refuse(app: &AppState, method: &str, key: &str, query: Option<&str>) -> Option<Response> {
    let query: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or("")).unwrap_or_default();
    let (code, message) = match verify(&app.settings.storage_secret, method, key, &query, now_millis()) {
        Ok(()) => return None,
        Err(Refusal::Incomplete) => (
            "AccessDenied",
            "Query-string authentication requires the X-Amz-Algorithm, X-Amz-Date, X-Amz-Expires and \
             X-Amz-Signature parameters; request a new URL from the API.",
        ),
        Err(Refusal::Tampered) => (
            "SignatureDoesNotMatch",
            "The request signature we calculated does not match the signature you provided. Check your key \
             and signing method.",
        ),
        Err(Refusal::Expired) => ("AccessDenied", "Request has expired"),
    };
    Some(s3_error(StatusCode::FORBIDDEN, code, message, key))
}

/// A download through a presigned GET URL. Only log files are served this way; their
/// bytes are generated from the key (see `engine::logs`).
fn get(app: &AppState, key: &str, request: &Request) -> Response {
    if let Some(refused) = refuse(app, "GET", key, request.uri().query()) {
        return refused;
    }
    let Some((cluster_id, name)) = logs::parse_storage_key(key) else {
        return s3_error(StatusCode::NOT_FOUND, "NoSuchKey", "The specified key does not exist.", key);
    };
    let missing = || s3_error(StatusCode::NOT_FOUND, "NoSuchKey", "The specified key does not exist.", key);
    let Some(hour) = logs::hour_of(name) else {
        return missing();
    };
    let now = now_millis();
    let read = app.lock_store().and_then(|store| {
        let Some(cluster) = store.cluster(cluster_id)? else {
            return Ok(None);
        };
        crate::log_files::read(&store, &app.settings, &cluster, hour, now).map(Some)
    });
    let bytes = match read {
        Ok(Some(file)) => file.bytes,
        Ok(None) => return missing(),
        Err(e) => return s3_error(StatusCode::INTERNAL_SERVER_ERROR, "InternalError", &e.message, key),
    };
    let file = name.rsplit('/').next().unwrap_or("log.gz").replace('"', "");
    let headers = [
        (header::CONTENT_TYPE, "application/gzip".to_string()),
        (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")),
        (header::ETAG, etag(&bytes)),
    ];
    (StatusCode::OK, headers, bytes).into_response()
}

async fn put(app: &AppState, key: &str, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    if parts.headers.contains_key(header::AUTHORIZATION) {
        let message = "Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature \
                       query string parameter or the Authorization header should be specified";
        return s3_error(StatusCode::BAD_REQUEST, "InvalidArgument", message, key);
    }
    if let Some(refused) = refuse(app, "PUT", key, parts.uri.query()) {
        return refused;
    }
    let settings = &app.settings;
    let max = settings.max_upload_bytes;
    let declared =
        parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|len| len > max) {
        return too_large(key, max);
    }
    // Chunked bodies have no length up front: stop reading one byte past the limit.
    let limit = usize::try_from(max).unwrap_or(usize::MAX);
    let Ok(bytes) = axum::body::to_bytes(body, limit).await else {
        return too_large(key, max);
    };
    let content_type =
        parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_string);
    let blob = BlobRow {
        key: key.to_string(),
        etag: etag(&bytes),
        bytes: bytes.to_vec(),
        content_type,
        uploaded_at: now_millis(),
    };
    let stored = app
        .lock_store()
        .map_err(|e| e.message)
        .and_then(|store| store.put_blob(&blob).map_err(|e| e.to_string()));
    if let Err(why) = stored {
        return s3_error(StatusCode::INTERNAL_SERVER_ERROR, "InternalError", &why, key);
    }
    let mut response = StatusCode::OK.into_response();
    if let Ok(value) = HeaderValue::from_str(&blob.etag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    response
}

/// `ANY /sandbox/storage/{*key}`.
pub async fn object(
    State(app): State<Arc<AppState>>,
    Path(key): Path<String>,
    request: Request<Body>,
) -> Response {
    let headers = request.headers().clone();
    let mut response = match *request.method() {
        Method::OPTIONS => return preflight(&headers, &key),
        Method::PUT => put(&app, &key, request).await,
        Method::GET => get(&app, &key, &request),
        _ => {
            let message =
                "Objects here accept only PUT (uploads) or GET (downloads) through a presigned URL.";
            let mut refused = s3_error(StatusCode::METHOD_NOT_ALLOWED, "MethodNotAllowed", message, &key);
            refused.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, PUT, OPTIONS"));
            refused
        }
    };
    allow_origin(&headers, &mut response);
    response
}
