//! Other camelCase names next to snake_case: domains, deployments, billing contacts,
//! system info.

use cluster_api::{
    BillingContact, CertificateStatusMapping, CustomerDomainValidation, Deployment, DeploymentState,
    DomainRecordType, SystemInfoRepresentation,
};
use serde_json::json;

use crate::{rejects, round_trip};

#[test]
fn domain_validation_is_camel_case() {
    let validation: CustomerDomainValidation = round_trip(json!({
        "status": "PENDING_VALIDATION",
        "certificateStatus": "PENDING_VALIDATION",
        "domain": {
            "id": "d1", "type": "WEB", "domain": "auth.acme.com",
            "organizationId": "org-1", "createdAt": 1767225600000_i64,
            "domainRecords": [
                {"type": "CNAME", "name": "_abc.auth.acme.com", "value": "_xyz.acm-validations.aws"}
            ]
        }
    }));
    assert_eq!(validation.domain.id, "d1", "the domain's ID is at .domain.id");
    assert_eq!(validation.certificate_status, CertificateStatusMapping::PendingValidation);
    assert_eq!(validation.domain.domain_records.as_ref().unwrap()[0].r#type, DomainRecordType::Cname);
    // The hand-written recipe's snake_case reading is not the contract.
    rejects::<CustomerDomainValidation>(json!({
        "status": "SUCCESS", "certificate_status": "ISSUED",
        "domain": {"id": "d1", "type": "WEB", "domain": "auth.acme.com"}
    }));
}

#[test]
fn deployment_state_error_and_billing_contact_names() {
    let deployment: Deployment = round_trip(json!({
        "id": "d1", "name": "tenant-acme", "org_id": "org-1", "region": "US_EAST_1",
        "state": "FAILED", "stateError": "Realm import failed", "tags": ["prod"]
    }));
    assert_eq!(deployment.state, DeploymentState::Failed);
    assert_eq!(deployment.state_error.as_deref(), Some("Realm import failed"));
    let contact: BillingContact = round_trip(json!({
        "id": "u1", "username": "ada", "email": "ada@acme.com", "firstName": "Ada", "lastName": "Lovelace"
    }));
    assert_eq!(contact.first_name.as_deref(), Some("Ada"));
    assert_eq!(contact.last_name.as_deref(), Some("Lovelace"));
}

#[test]
fn system_info_is_camel_case_with_optional_build_tag() {
    let info: SystemInfoRepresentation = round_trip(json!({
        "version": "26.1.0", "serverTime": "2026-09-01 12:00:00", "uptime": "3 days",
        "uptimeMillis": 259200000_i64, "javaVersion": "21.0.4", "osName": "Linux", "userTimezone": "UTC",
        "buildTag": "26.6.6.1787589931"
    }));
    assert_eq!(info.uptime_millis, Some(259_200_000));
    assert_eq!(info.build_tag.as_deref(), Some("26.6.6.1787589931"));
    round_trip::<SystemInfoRepresentation>(json!({}));
}
