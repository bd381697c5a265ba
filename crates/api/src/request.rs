//! Requests as data: what to send for an operation, and how to read what comes back.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde::{Serialize, de::DeserializeOwned};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// One operation of the contract: its ID, method, path template (relative to the API
/// prefix) and tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    pub id: &'static str,
    pub method: Method,
    pub path: &'static str,
    pub tag: &'static str,
    pub deprecated: bool,
}

impl Operation {
    /// Does a concrete path (relative to the API prefix, still encoded) match the
    /// template? Returns the decoded path parameters in template order.
    pub fn match_path(&self, path: &str) -> Option<Vec<String>> {
        let mut params = Vec::new();
        let mut want = self.path.trim_matches('/').split('/');
        let mut got = path.trim_matches('/').split('/');
        loop {
            match (want.next(), got.next()) {
                (None, None) => return Some(params),
                (Some(w), Some(g)) if w.starts_with('{') => {
                    if g.is_empty() {
                        return None;
                    }
                    params.push(percent_encoding::percent_decode_str(g).decode_utf8().ok()?.into_owned());
                }
                (Some(w), Some(g)) if w == g => {}
                _ => return None,
            }
        }
    }
}

/// Everything outside RFC 3986's unreserved set is escaped in a path segment.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// Percent-encodes one path segment (a `/` inside an ID is escaped, never a separator).
pub fn encode_segment(value: &str) -> String {
    utf8_percent_encode(value, SEGMENT).to_string()
}

/// Query parameters in the order they were added.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Query(pub Vec<(&'static str, String)>);

impl Query {
    pub fn push(&mut self, name: &'static str, value: &impl ToString) {
        self.0.push((name, value.to_string()));
    }

    pub fn push_opt(&mut self, name: &'static str, value: Option<&impl ToString>) {
        if let Some(value) = value {
            self.push(name, value);
        }
    }

    /// `?a=1&b=2`, or the empty string when there is nothing to send.
    pub fn to_query_string(&self) -> String {
        if self.0.is_empty() {
            return String::new();
        }
        let pairs: Vec<String> =
            self.0.iter().map(|(k, v)| format!("{}={}", encode_segment(k), encode_segment(v))).collect();
        format!("?{}", pairs.join("&"))
    }
}

/// One part of a `multipart/form-data` body.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

impl Part {
    pub fn text(name: &str, value: &str) -> Part {
        Part { name: name.to_string(), data: value.as_bytes().to_vec(), ..Part::default() }
    }

    pub fn file(name: &str, filename: &str, content_type: &str, data: Vec<u8>) -> Part {
        Part {
            name: name.to_string(),
            filename: Some(filename.to_string()),
            content_type: Some(content_type.to_string()),
            data,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Empty,
    /// Serialized JSON, sent as `application/json`.
    Json(String),
    Multipart(Vec<Part>),
}

impl Body {
    pub fn json<T: Serialize>(value: &T) -> Body {
        // Serializing the contract's own types into a String cannot fail: they are
        // plain structs with string keys.
        Body::Json(serde_json::to_string(value).unwrap_or_else(|_| "{}".to_string()))
    }

    pub fn json_opt<T: Serialize>(value: Option<&T>) -> Body {
        value.map_or(Body::Empty, Body::json)
    }
}

/// A request ready for any HTTP client: prefix `path_and_query()` with the API base URL.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiRequest {
    pub operation: &'static Operation,
    /// Relative to the API prefix, path parameters already percent-encoded.
    pub path: String,
    pub query: Query,
    pub body: Body,
}

impl ApiRequest {
    pub fn new(operation: &'static Operation, path: String, query: Query, body: Body) -> ApiRequest {
        ApiRequest { operation, path, query, body }
    }

    pub fn method(&self) -> Method {
        self.operation.method
    }

    pub fn path_and_query(&self) -> String {
        format!("{}{}", self.path, self.query.to_query_string())
    }
}

/// What came back from a successful call, as the decoder needs it.
#[derive(Debug, Clone, Copy)]
pub struct Reply<'a> {
    pub status: u16,
    pub location: Option<&'a str>,
    pub body: &'a str,
}

/// A 201 answer: no body, the new resource named by `Location`.
#[derive(Debug, Clone, PartialEq)]
pub struct Created {
    pub location: String,
    /// The last path segment of `Location`: the new resource's ID.
    pub id: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DecodeError {
    /// The body is not the JSON the contract promises.
    Json(String),
    /// A 201 without a usable `Location` header.
    MissingLocation,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Json(why) => write!(f, "the response was not in the expected shape ({why})"),
            DecodeError::MissingLocation => f.write_str("the response did not say where the new resource is"),
        }
    }
}

impl std::error::Error for DecodeError {}

pub fn json<T: DeserializeOwned>(reply: Reply<'_>) -> Result<T, DecodeError> {
    serde_json::from_str(reply.body).map_err(|e| DecodeError::Json(e.to_string()))
}

pub fn created(reply: Reply<'_>) -> Result<Created, DecodeError> {
    let location = reply.location.ok_or(DecodeError::MissingLocation)?;
    let id = location
        .split(['?', '#'])
        .next()
        .and_then(|path| path.trim_end_matches('/').rsplit('/').next())
        .filter(|id| !id.is_empty())
        .ok_or(DecodeError::MissingLocation)?;
    let id = percent_encoding::percent_decode_str(id).decode_utf8_lossy().into_owned();
    Ok(Created { location: location.to_string(), id })
}

/// The human message in an error body. The contract names no error schema; real
/// servers use one of these keys (API-NOTES §2.5), so look for each.
pub fn error_message(body: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(body).ok()?;
    ["error", "errorMessage", "error_description", "message"]
        .iter()
        .find_map(|key| value.get(key)?.as_str().filter(|m| !m.trim().is_empty()).map(str::to_string))
}

/// A typed operation: its request, and how to read its success response.
pub trait Call {
    type Response;
    const OPERATION: &'static Operation;
    fn request(&self) -> ApiRequest;
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError>;
}

pub fn empty(_reply: Reply<'_>) -> Result<(), DecodeError> {
    Ok(())
}
