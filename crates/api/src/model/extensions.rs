//! Wire types of the `extensions` resource group, with the exact names of `openapi-v2.yaml`.

use crate::{time::EpochMillis, wire_enum};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Extension {
    pub id: String,
    pub name: String,
    pub enabled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<EpochMillis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub versions: Option<Vec<ExtensionVersion>>,
    #[serde(rename = "resourceType")]
    pub resource_type: ResourceType,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExtensionRequest {
    pub name: String,
    #[serde(rename = "resourceType")]
    pub resource_type: ResourceType,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExtensionVersion {
    pub id: String,
    pub valid: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(rename = "resourceKey", default, skip_serializing_if = "Option::is_none")]
    pub resource_key: Option<String>,
    #[serde(rename = "keycloakMajorVersion", default, skip_serializing_if = "Option::is_none")]
    pub keycloak_major_version: Option<i32>,
    pub scan_state: ScanState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub risk_score: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_location: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scanned_at: Option<EpochMillis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scanner_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub override_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub override_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<EpochMillis>,
    /// openapi-v2-next.yaml only: a support-staff block; a blocked version is never deployed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admin_blocked: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admin_blocked_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admin_blocked_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admin_blocked_at: Option<EpochMillis>,
}

/// `AdminBlockExtensionVersionRequest` (openapi-v2-next.yaml): `reason` is required when `blocked`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AdminBlockExtensionVersionRequest {
    pub blocked: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExtensionVersionLocationValidationRequest {
    pub resource_key: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExtensionVersionRequest {
    pub keycloak_major_version: i32,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExtensionVersionUploadUrlRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PresignedUrl {
    pub url: String,
    pub method: String,
    #[serde(rename = "resourceKey")]
    pub resource_key: String,
}

wire_enum! {
    /// `ResourceType`
    ResourceType {
        Theme => "THEME",
        Extension => "EXTENSION",
        PasswordBlacklist => "PASSWORD_BLACKLIST",
        WellKnown => "WELL_KNOWN",
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ToggleExtensionRequest {
    pub enabled: bool,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ToggleExtensionVersionValidRequest {
    pub valid: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WellKnown {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<WellKnownFile>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change_password_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub propagation_seconds: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WellKnownFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uploaded: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_key: Option<String>,
}
wire_enum! {
    /// `ExtensionVersion.scan_state`: a plain string in the contract; its values come from the
    /// field's description.
    ScanState {
        Unscanned => "UNSCANNED",
        Scanning => "SCANNING",
        Pass => "PASS",
        Warn => "WARN",
        Block => "BLOCK",
        Error => "ERROR",
    }
}
