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

/// What an operation's request body is, as the contract's `requestBody` declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// No request body in the contract.
    None,
    /// `application/json`, `required: true`.
    Json,
    /// `application/json` that may be left out.
    OptionalJson,
    /// `multipart/form-data`, `required: true`.
    Multipart,
}

/// One operation of the contract: its ID, method, path template (relative to the API
/// prefix), tag, and request body. `catalogue` holds every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    pub id: &'static str,
    pub method: Method,
    pub path: &'static str,
    pub tag: &'static str,
    pub deprecated: bool,
    pub body: BodyKind,
}

impl Operation {
    const fn new(method: Method, id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation { id, method, path, tag, deprecated: false, body: BodyKind::None }
    }

    pub const fn get(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Get, id, path, tag)
    }

    pub const fn post(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Post, id, path, tag)
    }

    pub const fn put(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Put, id, path, tag)
    }

    pub const fn delete(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Delete, id, path, tag)
    }

    /// The same operation taking a required JSON body.
    pub const fn json(self) -> Operation {
        Operation { body: BodyKind::Json, ..self }
    }

    /// The same operation taking a JSON body that may be left out.
    pub const fn optional_json(self) -> Operation {
        Operation { body: BodyKind::OptionalJson, ..self }
    }

    /// The same operation taking a `multipart/form-data` body.
    pub const fn multipart(self) -> Operation {
        Operation { body: BodyKind::Multipart, ..self }
    }

    pub const fn deprecated(self) -> Operation {
        Operation { deprecated: true, ..self }
    }

    /// The names of the path template's parameters, in order (`{extensionId}` gives
    /// `extensionId`).
    pub fn path_params(&self) -> impl Iterator<Item = &'static str> {
        self.path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
    }

    /// Are `names` (snake_case, as the typed requests name their fields) exactly the
    /// template's parameters, in order? `extension_id` names `{extensionId}`. A `const fn`,
    /// so `ops` checks every typed request against its template when it compiles.
    pub const fn takes(&self, names: &[&str]) -> bool {
        let path = self.path.as_bytes();
        let (mut at, mut next) = (0, 0);
        while at < path.len() {
            if path[at] == b'{' {
                let mut end = at + 1;
                while path[end] != b'}' {
                    end += 1;
                }
                if next == names.len() || !same_name(path, at + 1, end, names[next].as_bytes()) {
                    return false;
                }
                next += 1;
                at = end;
            }
            at += 1;
        }
        next == names.len()
    }

    /// The concrete path: each `{name}` of the template filled from the parameter of that
    /// name (snake_case: `extension_id` fills `{extensionId}`), percent-encoded as one
    /// segment. Every typed request supplies exactly the template's parameters ([`takes`]
    /// holds, checked at compile time in `ops`); a missing one would leave its `{name}`,
    /// which no encoded value contains.
    ///
    /// [`takes`]: Operation::takes
    pub fn fill(&self, params: &[(&str, &str)]) -> String {
        debug_assert!(
            self.takes(&params.iter().map(|(name, _)| *name).collect::<Vec<_>>()),
            "{}: parameters {params:?} do not fill {}",
            self.id,
            self.path
        );
        let segments: Vec<String> = self
            .path
            .split('/')
            .map(|segment| {
                let name = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}'));
                let value = name.and_then(|name| {
                    params.iter().find(|(p, _)| same_name(name.as_bytes(), 0, name.len(), p.as_bytes()))
                });
                value.map_or_else(|| segment.to_string(), |(_, value)| encode_segment(value))
            })
            .collect();
        segments.join("/")
    }

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

/// Is `template[start..end]` (camelCase) the parameter `snake` (snake_case)? `extensionId`
/// is `extension_id`.
const fn same_name(template: &[u8], start: usize, end: usize, snake: &[u8]) -> bool {
    let (mut t, mut s) = (start, 0);
    while t < end {
        let c = template[t];
        if c.is_ascii_uppercase() {
            if s + 1 >= snake.len() || snake[s] != b'_' || snake[s + 1] != c.to_ascii_lowercase() {
                return false;
            }
            s += 2;
        } else {
            if s >= snake.len() || snake[s] != c {
                return false;
            }
            s += 1;
        }
        t += 1;
    }
    s == snake.len()
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

#[cfg(test)]
mod tests {
    use crate::catalogue;

    /// `extensionId` → `extension_id`, as the typed requests name their fields.
    fn snake(name: &str) -> String {
        name.chars()
            .flat_map(|c| if c.is_ascii_uppercase() { vec!['_', c.to_ascii_lowercase()] } else { vec![c] })
            .collect()
    }

    #[test]
    fn takes_wants_exactly_the_template_parameters_in_order() {
        let op = &catalogue::CLUSTER_EXTENSION_VERSION_CONFIRM;
        assert!(op.takes(&["id", "extension_id", "version_id"]));
        assert!(!op.takes(&["id", "version_id", "extension_id"]), "order");
        assert!(!op.takes(&["id", "extension_id"]), "missing");
        assert!(!op.takes(&["id", "extension_id", "version_id", "file"]), "extra");
        assert!(!op.takes(&["id", "extensionId", "version_id"]), "the template's spelling");
        assert!(!op.takes(&["id", "extension_i", "version_id"]), "a prefix");
        assert!(catalogue::CLUSTER_LIST.takes(&[]));
        assert!(!catalogue::CLUSTER_LIST.takes(&["id"]));
    }

    #[test]
    fn every_template_is_filled_from_its_named_parameters() {
        for op in catalogue::every() {
            let names: Vec<String> = op.path_params().map(snake).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            assert!(op.takes(&names), "{}: {names:?}", op.id);
            let values: Vec<String> = (0..names.len()).map(|i| format!("v/{i} ä")).collect();
            let params: Vec<(&str, &str)> =
                names.iter().zip(&values).map(|(name, value)| (*name, value.as_str())).collect();
            let path = op.fill(&params);
            assert!(!path.contains(['{', '}', ' ']), "{}: {path}", op.id);
            assert_eq!(op.match_path(&path), Some(values), "{}: {path}", op.id);
        }
    }

    #[test]
    fn fill_encodes_each_parameter_as_one_segment() {
        let op = &catalogue::CLUSTER_DOMAIN_DETAIL;
        assert_eq!(op.fill(&[("id", "c/1 x"), ("domain_id", "d%1")]), "/clusters/c%2F1%20x/domains/d%251");
        assert_eq!(catalogue::ORG_LIST.fill(&[]), "/orgs");
    }
}
