//! IP rules: camelCase categories and fields, next to the snake_case elsewhere.

use cluster_api::{EndpointType, EpochMillis, IpRestrictionsRequest, IpRule, IpRulesRepresentation};
use serde_json::json;

use crate::round_trip;

#[test]
fn ip_rules_categories_are_camel_case() {
    let rules: IpRulesRepresentation = round_trip(json!({
        "adminAllowedIpRules": [{
            "id": "r1", "alias": "office", "address": "203.0.113.4/32",
            "endpointType": "ADMIN", "allowDeny": true, "evaluationOrder": 0, "createdAt": 1767225600000_i64
        }],
        "realmAllowedIpRules": [],
        "realmBlockedIpRules": [{
            "id": "r2", "alias": "abuse", "address": "198.51.100.0/24",
            "endpointType": "REALMS", "allowDeny": false
        }]
    }));
    let admin = &rules.admin_allowed_ip_rules[0];
    assert_eq!(admin.endpoint_type, EndpointType::Admin);
    assert!(admin.allow_deny);
    assert_eq!(admin.evaluation_order, Some(0));
    assert_eq!(admin.created_at, Some(EpochMillis(1_767_225_600_000)));
    assert!(rules.realm_allowed_ip_rules.is_empty());
    let blocked = &rules.realm_blocked_ip_rules[0];
    assert_eq!(blocked.endpoint_type, EndpointType::Realms);
    assert!(!blocked.allow_deny);

    // The snake_case spelling is not the contract's: those keys are ignored, so the
    // categories stay empty.
    let snake: IpRulesRepresentation = serde_json::from_value(json!({
        "admin_allowed_ip_rules": [
            {"id": "r1", "alias": "a", "address": "1.2.3.4", "endpointType": "ADMIN", "allowDeny": true}
        ]
    }))
    .unwrap();
    assert!(snake.admin_allowed_ip_rules.is_empty());

    // The request: `[]` clears a category, an omitted category is not sent.
    let request = IpRestrictionsRequest {
        admin_allowed_ip_rules: Some(vec![IpRule {
            alias: "office".into(),
            address: "203.0.113.4/32".into(),
        }]),
        realm_allowed_ip_rules: None,
        realm_blocked_ip_rules: Some(vec![]),
    };
    assert_eq!(
        serde_json::to_value(&request).unwrap(),
        json!({
            "adminAllowedIpRules": [{"alias": "office", "address": "203.0.113.4/32"}],
            "realmBlockedIpRules": []
        })
    );
}
