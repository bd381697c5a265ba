//! A cluster's custom domains as the store keeps them.

use super::Millis;

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
