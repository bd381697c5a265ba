//! A cluster's environment variables as the store keeps them.

use crate::engine::env_vars::MASK;
use cluster_api::{EnvironmentVariableRepresentation, EnvironmentVariableType};

/// An environment variable as the store keeps it (the value in full).
#[derive(Debug, Clone, PartialEq)]
pub struct EnvVarRow {
    pub id: String,
    pub cluster_id: String,
    pub name: String,
    pub value: String,
    pub kind: EnvironmentVariableType,
    pub created_at: i64,
}

impl EnvVarRow {
    /// The wire shape: a secret's value never leaves the sandbox.
    pub fn to_wire(&self) -> EnvironmentVariableRepresentation {
        let value =
            if self.kind == EnvironmentVariableType::Secret { MASK.to_string() } else { self.value.clone() };
        EnvironmentVariableRepresentation {
            id: self.id.clone(),
            name: self.name.clone(),
            value,
            r#type: self.kind.clone(),
        }
    }
}
