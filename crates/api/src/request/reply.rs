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
    ["error", "errorMessage", "error_description", "message"]
        .iter()
        .find_map(|key| value.get(key)?.as_str().filter(|m| !m.trim().is_empty()).map(str::to_string))
}

pub fn empty(_reply: Reply<'_>) -> Result<(), DecodeError> {
    Ok(())
}
