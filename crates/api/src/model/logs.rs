//! Wire types of the `logs` resource group, with the exact names of `openapi-v2.yaml`.

use crate::time::EpochMillis;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LogFile {
    pub file_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<EpochMillis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temp_url: Option<String>,
}
