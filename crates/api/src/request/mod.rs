//! Requests as data: what to send for an operation, and how to read what comes back.

mod operation;
mod reply;

use serde::Serialize;

pub use operation::{BodyKind, Method, Operation, encode_segment};
pub use reply::{Created, DecodeError, Reply, created, empty, error_message, json, message_in};

/// Query parameters in the order they were added.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Query(pub Vec<(&'static str, String)>);

impl Query {
    pub fn push(&mut self, name: &'static str, value: &impl ToString) {
        self.0.push((name, value.to_string()));
    }

    /// Adds a typed request's field: a required one always (even when empty), an
    /// optional one when it is set.
    pub fn field(&mut self, name: &'static str, value: &impl QueryValue) {
        if let Some(value) = value.query_value() {
            self.0.push((name, value));
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

/// A query parameter's value as a typed request holds it: `Option` when the contract
/// lets it be left out.
pub trait QueryValue {
    fn query_value(&self) -> Option<String>;
}

impl QueryValue for String {
    fn query_value(&self) -> Option<String> {
        Some(self.clone())
    }
}

impl<T: ToString> QueryValue for Option<T> {
    fn query_value(&self) -> Option<String> {
        self.as_ref().map(ToString::to_string)
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
    /// A request for `operation`, its path the catalogue's template filled from `params`
    /// ([`Operation::fill`]: `(name, raw value)` in template order, names in snake_case).
    pub fn new(
        operation: &'static Operation,
        params: &[(&str, &str)],
        query: Query,
        body: Body,
    ) -> ApiRequest {
        ApiRequest { operation, path: operation.fill(params), query, body }
    }

    pub fn method(&self) -> Method {
        self.operation.method
    }

    pub fn path_and_query(&self) -> String {
        format!("{}{}", self.path, self.query.to_query_string())
    }
}

/// A typed operation: its request, and how to read its success response.
pub trait Call {
    type Response;
    const OPERATION: &'static Operation;
    fn request(&self) -> ApiRequest;
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError>;
}
