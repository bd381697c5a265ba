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
