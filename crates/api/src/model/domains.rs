//! Wire types of the `domains` resource group, with the exact names of `openapi-v2.yaml`.

use crate::{time::EpochMillis, wire_enum};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CustomerDomain {
    pub id: String,
    pub r#type: DomainType,
    pub domain: String,
    #[serde(rename = "organizationId", default, skip_serializing_if = "Option::is_none")]
    pub organization_id: Option<String>,
    #[serde(rename = "createdAt", default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<EpochMillis>,
    #[serde(rename = "domainRecords", default, skip_serializing_if = "Option::is_none")]
    pub domain_records: Option<Vec<DomainRecord>>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CustomerDomainValidation {
    pub status: DomainStatusMapping,
    #[serde(rename = "certificateStatus")]
    pub certificate_status: CertificateStatusMapping,
    pub domain: CustomerDomain,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DomainRecord {
    pub r#type: DomainRecordType,
    pub name: String,
    pub value: String,
}

wire_enum! {
    /// `DomainRecordType`
    DomainRecordType {
        A => "A",
        Aaaa => "AAAA",
        Cname => "CNAME",
        Mx => "MX",
        Ns => "NS",
        Srv => "SRV",
        Txt => "TXT",
    }
}

wire_enum! {
    /// `DomainStatusMapping`
    DomainStatusMapping {
        PendingValidation => "PENDING_VALIDATION",
        Success => "SUCCESS",
        Failed => "FAILED",
        NotFound => "NOT_FOUND",
    }
}

wire_enum! {
    /// `CertificateStatusMapping`
    CertificateStatusMapping {
        PendingValidation => "PENDING_VALIDATION",
        Issued => "ISSUED",
        Inactive => "INACTIVE",
        Expired => "EXPIRED",
        ValidationTimedOut => "VALIDATION_TIMED_OUT",
        Revoked => "REVOKED",
        Failed => "FAILED",
        NotFound => "NOT_FOUND",
    }
}

wire_enum! {
    /// `DomainType`
    DomainType {
        Web => "WEB",
        Mail => "MAIL",
    }
}
