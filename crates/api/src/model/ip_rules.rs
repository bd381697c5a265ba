//! Wire types of the `ip_rules` resource group, with the exact names of `openapi-v2.yaml`.

use crate::{time::EpochMillis, wire_enum};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct IpRestrictionsRequest {
    #[serde(rename = "adminAllowedIpRules", default, skip_serializing_if = "Option::is_none")]
    pub admin_allowed_ip_rules: Option<Vec<IpRule>>,
    #[serde(rename = "realmAllowedIpRules", default, skip_serializing_if = "Option::is_none")]
    pub realm_allowed_ip_rules: Option<Vec<IpRule>>,
    #[serde(rename = "realmBlockedIpRules", default, skip_serializing_if = "Option::is_none")]
    pub realm_blocked_ip_rules: Option<Vec<IpRule>>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct IpRule {
    pub alias: String,
    pub address: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct IpRuleRepresentation {
    pub id: String,
    pub alias: String,
    pub address: String,
    #[serde(rename = "endpointType")]
    pub endpoint_type: EndpointType,
    #[serde(rename = "allowDeny")]
    pub allow_deny: bool,
    #[serde(rename = "evaluationOrder", default, skip_serializing_if = "Option::is_none")]
    pub evaluation_order: Option<i32>,
    #[serde(rename = "createdAt", default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<EpochMillis>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct IpRulesRepresentation {
    #[serde(rename = "adminAllowedIpRules", default)]
    pub admin_allowed_ip_rules: Vec<IpRuleRepresentation>,
    #[serde(rename = "realmAllowedIpRules", default)]
    pub realm_allowed_ip_rules: Vec<IpRuleRepresentation>,
    #[serde(rename = "realmBlockedIpRules", default)]
    pub realm_blocked_ip_rules: Vec<IpRuleRepresentation>,
}

wire_enum! {
    /// `EndpointType`
    EndpointType {
        Admin => "ADMIN",
        Realms => "REALMS",
    }
}
