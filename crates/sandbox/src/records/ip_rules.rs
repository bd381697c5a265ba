//! A cluster's IP rules as the store keeps them.

use super::Millis;
use crate::engine::ip_rules::Category;
use cluster_api::IpRuleRepresentation;

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
