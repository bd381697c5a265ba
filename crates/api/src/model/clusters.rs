//! Wire types of the `clusters` resource group, with the exact names of `openapi-v2.yaml`.

use super::*;
use crate::{time::EpochMillis, wire_enum};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Cluster {
    pub id: String,
    pub name: String,
    pub host: String,
    pub region: Region,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    pub status: ClusterState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    pub tier: Tier,
    pub resource_limits: ResourceLimits,
    pub created_at: EpochMillis,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ClusterCreationResult {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<RedirectLink>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster: Option<Cluster>,
    pub requires_action: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DedicatedClusterRequest {
    pub name: String,
    pub region: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billing_period: Option<BillingPeriod>,
    pub org_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_method_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ResumeCheckoutRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billing_period: Option<BillingPeriod>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Region {
    pub name: String,
    pub provider: String,
    pub region: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct NameAvailability {
    pub name: String,
    pub available: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ClusterDomain {
    pub host: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RestartStatus {
    pub restart_in_progress: bool,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Metrics {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<BTreeMap<String, i64>>,
    pub healthy: bool,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SystemInfoRepresentation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(rename = "serverTime", default, skip_serializing_if = "Option::is_none")]
    pub server_time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uptime: Option<String>,
    #[serde(rename = "uptimeMillis", default, skip_serializing_if = "Option::is_none")]
    pub uptime_millis: Option<i64>,
    #[serde(rename = "javaVersion", default, skip_serializing_if = "Option::is_none")]
    pub java_version: Option<String>,
    #[serde(rename = "javaVendor", default, skip_serializing_if = "Option::is_none")]
    pub java_vendor: Option<String>,
    #[serde(rename = "javaVm", default, skip_serializing_if = "Option::is_none")]
    pub java_vm: Option<String>,
    #[serde(rename = "javaVmVersion", default, skip_serializing_if = "Option::is_none")]
    pub java_vm_version: Option<String>,
    #[serde(rename = "javaRuntime", default, skip_serializing_if = "Option::is_none")]
    pub java_runtime: Option<String>,
    #[serde(rename = "javaHome", default, skip_serializing_if = "Option::is_none")]
    pub java_home: Option<String>,
    #[serde(rename = "osName", default, skip_serializing_if = "Option::is_none")]
    pub os_name: Option<String>,
    #[serde(rename = "osArchitecture", default, skip_serializing_if = "Option::is_none")]
    pub os_architecture: Option<String>,
    #[serde(rename = "osVersion", default, skip_serializing_if = "Option::is_none")]
    pub os_version: Option<String>,
    #[serde(rename = "fileEncoding", default, skip_serializing_if = "Option::is_none")]
    pub file_encoding: Option<String>,
    #[serde(rename = "userName", default, skip_serializing_if = "Option::is_none")]
    pub user_name: Option<String>,
    #[serde(rename = "userDir", default, skip_serializing_if = "Option::is_none")]
    pub user_dir: Option<String>,
    #[serde(rename = "userTimezone", default, skip_serializing_if = "Option::is_none")]
    pub user_timezone: Option<String>,
    #[serde(rename = "userLocale", default, skip_serializing_if = "Option::is_none")]
    pub user_locale: Option<String>,
    /// From `openapi-v2-next.yaml` (`ClusterSystemInfoRepresentation`).
    #[serde(rename = "buildTag", default, skip_serializing_if = "Option::is_none")]
    pub build_tag: Option<String>,
}

wire_enum! {
    /// `ClusterState`
    ClusterState {
        BillingSetup => "BILLING_SETUP",
        PendingPayment => "PENDING_PAYMENT",
        Provisioning => "PROVISIONING",
        SetupException => "SETUP_EXCEPTION",
        Active => "ACTIVE",
        Disabled => "DISABLED",
        BillingRequired => "BILLING_REQUIRED",
        PendingDeletion => "PENDING_DELETION",
        Archived => "ARCHIVED",
    }
}

wire_enum! {
    /// `Tier`
    Tier {
        Starter => "starter",
        Premium => "premium",
        Enterprise => "enterprise",
    }
}

wire_enum! {
    /// `BillingPeriod`
    BillingPeriod {
        Monthly => "monthly",
        Annual => "annual",
    }
}

wire_enum! {
    /// `ResourceLimits`
    ResourceLimits {
        Standard => "standard",
        Custom => "custom",
    }
}
