//! Wire types of the `env_vars` resource group, with the exact names of `openapi-v2.yaml`.

use crate::wire_enum;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EnvironmentVariableRepresentation {
    pub id: String,
    pub name: String,
    pub value: String,
    pub r#type: EnvironmentVariableType,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EnvironmentVariableRequest {
    pub name: String,
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#type: Option<EnvironmentVariableType>,
}

wire_enum! {
    /// `EnvironmentVariableType`
    EnvironmentVariableType {
        String => "STRING",
        Secret => "SECRET",
    }
}
