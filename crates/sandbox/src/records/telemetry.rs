//! A cluster's telemetry export settings as the store keeps them.

use super::Millis;

/// A cluster's stored export settings; `token` never leaves the sandbox.
#[derive(Debug, Clone, PartialEq)]
pub struct TelemetryExportRow {
    pub enabled: bool,
    pub endpoint: Option<String>,
    pub protocol: String,
    pub signals: Vec<String>,
    pub logger_scope: Option<String>,
    pub token: Option<String>,
    pub updated_at: Millis,
}
