//! What comes back from a call: a success as the decoders read it (JSON, a 201's
//! `Location`, nothing at all), and the human message in an error body.

use serde::de::DeserializeOwned;

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
    message_in(|key| value.get(key)?.as_str().map(str::to_string))
}

/// The rule of [`error_message`] over any JSON reader: `text(key)` is the body's string
/// field `key` (`None` when absent or not a string, or the body is not an object). The
/// console's boot code reads bodies with the browser's parser instead of serde_json and
/// applies this same rule, so there is one list of keys.
pub fn message_in(text: impl Fn(&str) -> Option<String>) -> Option<String> {
    ["error", "errorMessage", "error_description", "message"]
        .iter()
        .find_map(|key| text(key).filter(|m| !m.trim().is_empty()))
}

pub fn empty(_reply: Reply<'_>) -> Result<(), DecodeError> {
    Ok(())
}
