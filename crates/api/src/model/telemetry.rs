//! Wire types of telemetry export, with the exact names of `openapi-v2-next.yaml`.

use serde::{Deserialize, Serialize};

/// `TelemetryExport`: a cluster's OTLP export configuration. The same shape is read
/// and written: `token` is write-only (never returned; omit it to keep the stored
/// one) and `tokenSet` says whether one is stored.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TelemetryExport {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signals: Option<Vec<String>>,
    #[serde(rename = "loggerScope", default, skip_serializing_if = "Option::is_none")]
    pub logger_scope: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(rename = "tokenSet", default, skip_serializing_if = "Option::is_none")]
    pub token_set: Option<bool>,
    /// `format: date` in the contract, kept as the string sent.
    #[serde(rename = "lastDeliveryAt", default, skip_serializing_if = "Option::is_none")]
    pub last_delivery_at: Option<String>,
    #[serde(rename = "lastError", default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
}

/// The 200 of `cluster.telemetryExport.endpoint.validate`: whether the service would
/// send to the endpoint, and if not why.
///
/// The contract gives that 200 ("Validation outcome") no schema, and API-NOTES §4.1 and
/// §10 list the outcome's shape among what could not be found, so it is read
/// tolerantly ([`EndpointValidation::read`]): `valid` and `reason` are both optional,
/// other fields (the sandbox echoes `endpoint`) are ignored, a bare `true`/`false` is
/// the verdict alone, and an empty body is an answer without a verdict. A missing
/// `valid` is *not* read as "accepted": validate documents no 400 (API-NOTES §2.5,
/// only 401 and 403), so a refusal may well arrive as a 200, and the status alone
/// cannot say the endpoint passed. The console says the service did not say.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EndpointValidation {
    /// `Some(true)`: usable; `Some(false)`: refused; `None`: the answer did not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// Why it was refused, in the service's words (may also come with a `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl EndpointValidation {
    /// Reads a validate 200 tolerantly (see the type): an object with any of the fields,
    /// a bare boolean, or an empty body. Anything else is not a validation outcome.
    pub fn read(body: &str) -> Result<EndpointValidation, serde_json::Error> {
        if body.trim().is_empty() {
            return Ok(EndpointValidation::default());
        }
        match serde_json::from_str::<serde_json::Value>(body)? {
            serde_json::Value::Bool(valid) => Ok(EndpointValidation { valid: Some(valid), reason: None }),
            serde_json::Value::Null => Ok(EndpointValidation::default()),
            object @ serde_json::Value::Object(_) => serde_json::from_value(object),
            other => Err(serde::de::Error::custom(format!("not a validation outcome: {other}"))),
        }
    }

    /// The reason, trimmed, when one was given.
    pub fn reason(&self) -> Option<&str> {
        self.reason.as_deref().map(str::trim).filter(|r| !r.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_outcomes_are_read_tolerantly() {
        let read = |body: &str| EndpointValidation::read(body).unwrap();
        assert_eq!(
            read(r#"{"endpoint":"https://otlp.example.com","valid":true}"#),
            EndpointValidation { valid: Some(true), reason: None }
        );
        let refused = read(r#"{"valid":false,"reason":"  127.0.0.1 is a loopback address. ","extra":[1]}"#);
        assert_eq!(refused.valid, Some(false));
        assert_eq!(refused.reason(), Some("127.0.0.1 is a loopback address."));
        assert_eq!(read(r#"{"valid":false,"reason":"  "}"#).reason(), None);
        assert_eq!(read(r#"{"valid":null}"#), EndpointValidation::default());
        assert_eq!(read("{}"), EndpointValidation::default());
        assert_eq!(read(""), EndpointValidation::default());
        assert_eq!(read(" \n"), EndpointValidation::default());
        assert_eq!(read("null"), EndpointValidation::default());
        assert_eq!(read("true").valid, Some(true));
        assert_eq!(read("false").valid, Some(false));
        for bad in ["[]", "\"ok\"", "{\"valid\":\"yes\"}", "{"] {
            assert!(EndpointValidation::read(bad).is_err(), "{bad}");
        }
    }
}
