//! Extensions: `resourceKey` / `resource_key` and `resourceType`, spelled as each schema
//! says.

use cluster_api::{
    Extension, ExtensionRequest, ExtensionVersion, ExtensionVersionLocationValidationRequest,
    ExtensionVersionRequest, PresignedUrl, ResourceType, ScanState, WellKnownFile,
};
use serde_json::json;

use crate::{rejects, round_trip};

#[test]
fn resource_key_spellings_differ_by_schema() {
    // Response of version confirm: camelCase `resourceKey` and `keycloakMajorVersion`.
    let version: ExtensionVersion = round_trip(json!({
        "id": "v1",
        "valid": false,
        "label": "1.2.0",
        "resourceKey": "clusters/c1/extensions/e1/v1.jar",
        "keycloakMajorVersion": 26,
        "scan_state": "WARN",
        "risk_score": 35,
        "report_location": "s3://reports/v1.json",
        "scanned_at": 1767225600000_i64,
        "scanner_version": "2.1",
        "created_at": 1767225500000_i64
    }));
    assert_eq!(version.resource_key.as_deref(), Some("clusters/c1/extensions/e1/v1.jar"));
    assert_eq!(version.keycloak_major_version, Some(26));
    assert_eq!(version.scan_state, ScanState::Warn);
    // The snake_case key is not the response's.
    let snake: ExtensionVersion =
        serde_json::from_value(json!({"id": "v1", "valid": true, "scan_state": "PASS", "resource_key": "k"}))
            .unwrap();
    assert_eq!(snake.resource_key, None);

    // Upload URL response: camelCase `resourceKey`, required.
    let presigned: PresignedUrl = round_trip(json!({
        "url": "https://bucket.s3.amazonaws.com/k?X-Amz-Signature=abc",
        "method": "PUT",
        "resourceKey": "clusters/c1/extensions/e1/v1.jar"
    }));
    rejects::<PresignedUrl>(json!({"url": "u", "method": "PUT", "resource_key": "k"}));

    // Confirm request: snake_case `resource_key`. The client translates.
    let confirm = ExtensionVersionLocationValidationRequest { resource_key: presigned.resource_key.clone() };
    assert_eq!(
        serde_json::to_value(&confirm).unwrap(),
        json!({"resource_key": "clusters/c1/extensions/e1/v1.jar"})
    );
    round_trip::<ExtensionVersionLocationValidationRequest>(json!({"resource_key": "k"}));
    rejects::<ExtensionVersionLocationValidationRequest>(json!({"resourceKey": "k"}));

    // Version create request: snake_case `keycloak_major_version`.
    assert_eq!(
        serde_json::to_value(ExtensionVersionRequest { keycloak_major_version: 26 }).unwrap(),
        json!({"keycloak_major_version": 26})
    );
    // Well-known files use snake_case too.
    round_trip::<WellKnownFile>(
        json!({"name": "assetlinks.json", "uploaded": true, "resource_key": "wk/assetlinks.json"}),
    );
}

#[test]
fn extension_resource_type_is_camel_case() {
    let extension: Extension = round_trip(json!({
        "id": "e1", "name": "mytheme", "enabled": true, "created_at": 1767225600000_i64,
        "resourceType": "THEME",
        "versions": [{"id": "v1", "valid": true, "scan_state": "PASS"}]
    }));
    assert_eq!(extension.resource_type, ResourceType::Theme);
    assert_eq!(
        serde_json::to_value(ExtensionRequest {
            name: "denylist".into(),
            resource_type: ResourceType::PasswordBlacklist
        })
        .unwrap(),
        json!({"name": "denylist", "resourceType": "PASSWORD_BLACKLIST"})
    );
}
