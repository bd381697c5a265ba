//! Reading requests as strictly as the real service: every API call goes through here before
//! its handler runs (`dispatch::call`), and every JSON body a handler reads goes through
//! [`decode`] (`Ctx::json_body`). What it refuses, with the usual `{"error": …}` body:
//! - a body that is not JSON by `Content-Type` → 415;
//! - a required body left out → 400;
//! - JSON that is not an object where the contract wants one, at the top or nested (serde
//!   would otherwise read an array's items as the fields, by position) → 400;
//! - a value of the wrong type, and an empty or unknown enum value → 400;
//! - a body over the size limit → 413 ([`ApiBody`], read with the rest of a call as [`ApiCall`]).

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use cluster_api::catalogue;
use cluster_api::request::{BodyKind, Operation};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The most any API body may be (realm exports, the largest, are far smaller).
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

fn is_blank(body: &[u8]) -> bool {
    body.iter().all(u8::is_ascii_whitespace)
}

/// `application/json` or any `+json` type, parameters (charset) aside.
fn is_json_type(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The checks that need only the operation and the raw request, before the handler runs:
/// the body the catalogue says the operation takes ([`Operation::body`]).
pub fn check_request(op: &Operation, headers: &HeaderMap, body: &[u8]) -> Result<(), ApiError> {
    let operation_id = op.id;
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
    match op.body {
        BodyKind::Json | BodyKind::OptionalJson if !is_blank(body) => match content_type {
            Some(t) if is_json_type(t) => Ok(()),
            Some(t) => Err(unsupported(operation_id, &format!("a {t} body"))),
            None => Err(unsupported(operation_id, "a body without Content-Type")),
        },
        BodyKind::Json => Err(ApiError::bad_request(format!(
            "{operation_id} needs a JSON request body (Content-Type: application/json)."
        ))),
        BodyKind::Multipart if is_blank(body) => {
            Err(ApiError::bad_request(format!("{operation_id} needs a multipart/form-data request body.")))
        }
        _ => Ok(()),
    }
}

type KnownValues = fn() -> Vec<&'static str>;

/// Query parameters whose schema is an enum: (operation, parameter, the values it takes).
const QUERY_ENUMS: &[(Operation, &str, KnownValues)] = &[(catalogue::CLUSTER_EXTENSION_LIST, "type", || {
    cluster_api::ResourceType::KNOWN.iter().map(|t| t.as_str()).collect()
})];

/// An enum query parameter, when given, must be one of its values (never empty).
pub fn check_query(op: &Operation, query: &[(String, String)]) -> Result<(), ApiError> {
    for (_, name, known) in QUERY_ENUMS.iter().filter(|(enum_op, ..)| enum_op == op) {
        let known = known();
        if let Some((_, value)) =
            query.iter().find(|(key, value)| key == name && !known.contains(&value.as_str()))
        {
            return Err(ApiError::bad_request(format!(
                "{name} {}",
                cluster_api::wire_enum::refusal(value, &known)
            )));
        }
    }
    Ok(())
}

fn unsupported(operation_id: &str, what: &str) -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!("{operation_id} takes a JSON body (Content-Type: application/json), not {what}."),
    )
}

/// A JSON body as a contract type, refusing what serde alone would accept.
pub fn decode<T: DeserializeOwned + Serialize>(body: &[u8]) -> Result<T, ApiError> {
    if is_blank(body) {
        return Err(ApiError::bad_request("A JSON request body is required"));
    }
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(format!("The request body is not valid JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::bad_request(format!(
            "The request body must be a JSON object, not {}.",
            cluster_api::well_known::json_kind(&value)
        )));
    }
    let typed: T =
        cluster_api::wire_enum::strictly(|| serde_path_to_error::deserialize(&value)).map_err(|e| {
            let path = e.path().to_string();
            let at = |name: &str| {
                if path == "." || path.is_empty() { name.to_string() } else { format!("{path}.{name}") }
            };
            let text = e.inner().to_string();
            if let Some(field) = text.strip_prefix("missing field `").and_then(|rest| rest.split('`').next())
            {
                ApiError::bad_request(format!("{} is required", at(field)))
            } else if text.starts_with("must be ") && path != "." {
                // An unknown enum value (`cluster_api::wire_enum::refusal`).
                ApiError::bad_request(format!("{path} {text}"))
            } else if path == "." {
                ApiError::bad_request(format!("The request body is not valid: {text}"))
            } else {
                ApiError::bad_request(format!("The request body is not valid: {path}: {text}"))
            }
        })?;
    // What was read back as an object must have been sent as one.
    let read = serde_json::to_value(&typed)
        .map_err(|e| ApiError::internal(format!("cannot re-encode the request: {e}")))?;
    if let Some(path) = array_for_object(&value, &read, "") {
        return Err(ApiError::bad_request(format!("{path} must be a JSON object, not an array.")));
    }
    // The contract has no nullable field: a null serde read as "absent" was not allowed.
    if let Some(path) = null_for_value(&value, &read, "") {
        return Err(ApiError::bad_request(format!("{path} must not be null; leave it out instead.")));
    }
    Ok(typed)
}

/// Fields API-NOTES.md documents as cleared by a null ("null or empty clears it"), although
/// the YAML marks nothing nullable: the real service takes them, so the sandbox does too.
const NULL_CLEARS: &[&str] = &["change_password_url"];

/// The first field `sent` as null that `read` (the body read back) does not hold as null:
/// an optional field given as null, which the contract (no `nullable` anywhere) refuses.
fn null_for_value(sent: &Value, read: &Value, path: &str) -> Option<String> {
    match (sent, read) {
        (Value::Object(sent), Value::Object(read)) => sent.iter().find_map(|(key, value)| {
            let inner = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            match (value, read.get(key)) {
                (Value::Null, Some(Value::Null)) => None,
                (Value::Null, _) if NULL_CLEARS.contains(&key.as_str()) => None,
                (Value::Null, _) => Some(inner),
                (value, Some(r)) => null_for_value(value, r, &inner),
                (_, None) => None,
            }
        }),
        (Value::Array(sent), Value::Array(read)) => sent
            .iter()
            .zip(read)
            .enumerate()
            .find_map(|(i, (s, r))| null_for_value(s, r, &format!("{path}[{i}]"))),
        _ => None,
    }
}

/// The first place where `sent` has an array and `read` (the same body read as the contract
/// type and written back) an object: serde read the array's items as the fields.
fn array_for_object(sent: &Value, read: &Value, path: &str) -> Option<String> {
    match (sent, read) {
        (Value::Array(_), Value::Object(_)) => {
            Some(if path.is_empty() { "The body".to_string() } else { path.to_string() })
        }
        (Value::Object(sent), Value::Object(read)) => sent.iter().find_map(|(key, value)| {
            let inner = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            read.get(key).and_then(|r| array_for_object(value, r, &inner))
        }),
        (Value::Array(sent), Value::Array(read)) => sent
            .iter()
            .zip(read)
            .enumerate()
            .find_map(|(i, (s, r))| array_for_object(s, r, &format!("{path}[{i}]"))),
        _ => None,
    }
}

/// The raw body of an API call, refused with a JSON 413 (not axum's plain text) when it is
/// over [`MAX_BODY_BYTES`], and with a JSON 400 when it cannot be read at all.
pub struct ApiBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for ApiBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Bytes::from_request(request, state).await {
            Ok(bytes) => Ok(ApiBody(bytes)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("The request body is larger than the {MAX_BODY_BYTES} bytes the API accepts."),
            )),
            Err(rejection) => Err(ApiError::new(
                rejection.status(),
                format!("The request body could not be read: {}", rejection.body_text()),
            )),
        }
    }
}

/// One call as the entry points read it (the API's `dispatch::api` and the token
/// endpoint): its method, address and headers, and its body refused as [`ApiBody`] refuses
/// it, so both answer an oversized body the same way.
pub struct ApiCall {
    pub method: Method,
    pub uri: Uri,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl<S: Send + Sync> FromRequest<S> for ApiCall {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (method, uri, headers) =
            (request.method().clone(), request.uri().clone(), request.headers().clone());
        let ApiBody(body) = ApiBody::from_request(request, state).await?;
        Ok(ApiCall { method, uri, headers, body })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::ExtensionRequest;

    #[test]
    fn objects_only() {
        let error = decode::<Value>(b"[1, 2]").unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        assert!(error.message.contains("must be a JSON object, not an array"), "{}", error.message);
        assert!(decode::<Value>(b"\"text\"").is_err());
        assert!(decode::<Value>(b"  ").unwrap_err().message.contains("required"));
    }

    #[test]
    fn json_types_by_content_type() {
        assert!(is_json_type("application/json; charset=utf-8"));
        assert!(is_json_type("application/merge-patch+json"));
        assert!(!is_json_type("text/plain"));
        assert!(!is_json_type("application/x-www-form-urlencoded"));
    }

    #[test]
    fn nulls_for_optional_fields_are_refused() {
        let refused = decode::<cluster_api::RedirectRequest>(br#"{"redirect_uri": null}"#);
        assert!(refused.is_err(), "a null redirect_uri was accepted");
        let plain = decode::<cluster_api::RedirectRequest>(br#"{}"#);
        assert!(plain.is_ok(), "an empty body with no required field was refused");
    }

    #[test]
    fn arrays_read_as_objects_are_found() {
        let sent = serde_json::json!({"a": {"b": [1, 2]}, "list": [{"x": 1}, [2]]});
        let read = serde_json::json!({"a": {"b": {"c": 1, "d": 2}}, "list": [{"x": 1}, {"x": 2}]});
        assert_eq!(array_for_object(&sent, &read, "").as_deref(), Some("a.b"));
        let sent = serde_json::json!({"list": [{"x": 1}, [2]]});
        assert_eq!(array_for_object(&sent, &read, "").as_deref(), Some("list[1]"));
    }

    #[test]
    fn enums_are_read_strictly() {
        let body = br#"{"name": "theme", "resourceType": ""}"#;
        let error = decode::<ExtensionRequest>(body).unwrap_err();
        assert_eq!(
            error.message,
            "resourceType must be THEME, EXTENSION, PASSWORD_BLACKLIST or WELL_KNOWN; got \"\"."
        );
    }

    #[test]
    fn enum_query_parameters() {
        let query = |v: &str| vec![("type".to_string(), v.to_string())];
        let list = &catalogue::CLUSTER_EXTENSION_LIST;
        assert!(check_query(list, &query("THEME")).is_ok());
        assert!(check_query(list, &[]).is_ok());
        assert!(check_query(list, &query("")).is_err());
        assert!(check_query(list, &query("theme")).is_err());
    }

    #[test]
    fn bodies_are_checked_as_the_catalogue_declares() {
        let json = HeaderMap::from_iter([(header::CONTENT_TYPE, "application/json".parse().unwrap())]);
        let none = HeaderMap::new();
        let required = &catalogue::CLUSTER_EXTENSION_VERSION_UPLOADURL_CREATE;
        assert_eq!(check_request(required, &none, b"").unwrap_err().status, StatusCode::BAD_REQUEST);
        assert!(check_request(required, &json, b"{}").is_ok());
        let optional = &catalogue::DEPLOYMENT_CREDENTIAL_CREATE;
        assert!(check_request(optional, &none, b"").is_ok());
        assert_eq!(
            check_request(optional, &none, b"{}").unwrap_err().status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        let multipart = &catalogue::CLUSTER_DEPLOYMENT_IMPORT;
        assert_eq!(check_request(multipart, &none, b"").unwrap_err().status, StatusCode::BAD_REQUEST);
        assert!(check_request(&catalogue::CLUSTER_LIST, &none, b"anything").is_ok());
    }
}
