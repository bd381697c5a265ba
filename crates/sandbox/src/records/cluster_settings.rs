//! A cluster's settings, each row hanging off `clusters`: IP rules, telemetry export,
//! environment variables and custom domains.

use super::Millis;
use crate::engine::env_vars::MASK;
use crate::engine::ip_rules::Category;
use cluster_api::{EnvironmentVariableRepresentation, EnvironmentVariableType, IpRuleRepresentation};

/// One stored rule.
#[derive(Debug, Clone, PartialEq)]
pub struct IpRuleRow {
    pub id: String,
    pub cluster_id: String,
    pub category: Category,
    pub position: i32,
    pub alias: String,
    pub address: String,
    pub created_at: Millis,
}

impl IpRuleRow {
    pub fn to_wire(&self) -> IpRuleRepresentation {
        IpRuleRepresentation {
            id: self.id.clone(),
            alias: self.alias.clone(),
            address: self.address.clone(),
            endpoint_type: self.category.endpoint_type(),
            allow_deny: self.category.allows(),
            evaluation_order: Some(self.position),
            created_at: Some(cluster_api::EpochMillis(self.created_at)),
        }
    }
}

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

/// A custom domain as the store keeps it: the wire `CustomerDomain`. (Formerly
/// `DomainRecordRow`, too close to the wire `DomainRecord`, which is one of the DNS
/// records a domain asks the customer to publish.)
#[derive(Debug, Clone, PartialEq)]
pub struct CustomerDomainRow {
    pub id: String,
    pub cluster_id: String,
    pub host: String,
    pub created_at: Millis,
}
