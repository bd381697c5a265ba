//! Extensions and their versions, and the object store behind presigned upload URLs
//! (the keys handed out and the bytes PUT to them).

use super::Millis;
use crate::engine::extensions::scanned;
use crate::engine::report;
use cluster_api::{EpochMillis, Extension, ExtensionVersion, ResourceType, ScanState};

#[derive(Debug, Clone, PartialEq)]
pub struct ExtensionRow {
    pub id: String,
    pub cluster_id: String,
    pub name: String,
    pub resource_type: ResourceType,
    pub enabled: bool,
    pub created_at: Millis,
    /// WELL_KNOWN only: where `/.well-known/change-password` redirects.
    pub change_password_url: Option<String>,
}

impl ExtensionRow {
    pub fn to_wire(&self, versions: &[ExtensionVersionRow]) -> Extension {
        Extension {
            id: self.id.clone(),
            name: self.name.clone(),
            enabled: self.enabled,
            created_at: Some(EpochMillis(self.created_at)),
            versions: Some(versions.iter().map(ExtensionVersionRow::to_wire).collect()),
            resource_type: self.resource_type.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ExtensionVersionRow {
    pub id: String,
    pub extension_id: String,
    /// `None` for the single version of a standalone extension.
    pub keycloak_major: Option<i32>,
    pub label: Option<String>,
    /// Set by confirm: the object the version deploys.
    pub resource_key: Option<String>,
    pub valid: bool,
    pub scan_state: ScanState,
    pub risk_score: Option<i32>,
    pub scanned_at: Option<Millis>,
    pub scanner_version: Option<String>,
    pub pending: Option<PendingScan>,
    pub override_by: Option<String>,
    pub override_reason: Option<String>,
    pub created_at: Millis,
    /// When a reconcile last deployed this version (never shown on the wire); `None`
    /// while it is not on the cluster.
    pub applied_at: Option<Millis>,
    /// Support staff's block (kept in its own table, so saving a version never touches it).
    pub block: Option<AdminBlock>,
    /// Whether the scanner's report is stored (shown once the scan has finished).
    pub has_report: bool,
}

impl ExtensionVersionRow {
    pub fn new(
        id: String,
        extension_id: &str,
        keycloak_major: Option<i32>,
        now: Millis,
    ) -> ExtensionVersionRow {
        ExtensionVersionRow {
            id,
            extension_id: extension_id.to_string(),
            keycloak_major,
            label: None,
            resource_key: None,
            valid: false,
            scan_state: ScanState::Unscanned,
            risk_score: None,
            scanned_at: None,
            scanner_version: None,
            pending: None,
            override_by: None,
            override_reason: None,
            created_at: now,
            applied_at: None,
            block: None,
            has_report: false,
        }
    }

    pub fn to_wire(&self) -> ExtensionVersion {
        ExtensionVersion {
            id: self.id.clone(),
            valid: self.valid,
            label: self.label.clone(),
            resource_key: self.resource_key.clone(),
            keycloak_major_version: self.keycloak_major,
            scan_state: self.scan_state.clone(),
            risk_score: self.risk_score,
            report_location: (self.has_report && scanned(&self.scan_state))
                .then(|| report::location(&self.extension_id, &self.id)),
            scanned_at: self.scanned_at.map(EpochMillis),
            scanner_version: self.scanner_version.clone(),
            override_by: self.override_by.clone(),
            override_reason: self.override_reason.clone(),
            created_at: Some(EpochMillis(self.created_at)),
            admin_blocked: Some(self.block.is_some()),
            admin_blocked_by: self.block.as_ref().map(|b| b.by.clone()),
            admin_blocked_reason: self.block.as_ref().map(|b| b.reason.clone()),
            admin_blocked_at: self.block.as_ref().map(|b| EpochMillis(b.at)),
        }
    }
}

/// A scan verdict decided at confirm time but revealed only when the scan is due.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingScan {
    pub due_at: Millis,
    pub state: ScanState,
    pub risk_score: Option<i32>,
}

/// A staff block: the version is never deployed while it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminBlock {
    pub by: String,
    pub reason: String,
    pub at: Millis,
}

/// A key an upload URL was issued for, and what it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct UploadSlotRow {
    pub key: String,
    pub extension_id: String,
    /// The version (versioned or standalone) the upload is for.
    pub version_id: Option<String>,
    /// The well-known file the upload is for.
    pub file: Option<String>,
    /// The label given when the URL was requested; confirm copies it to the version.
    pub label: Option<String>,
    pub created_at: Millis,
}

/// An object PUT to a presigned URL.
#[derive(Debug, Clone, PartialEq)]
pub struct BlobRow {
    pub key: String,
    pub bytes: Vec<u8>,
    pub content_type: Option<String>,
    pub etag: String,
    pub uploaded_at: Millis,
}
