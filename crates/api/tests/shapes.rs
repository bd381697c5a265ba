//! Serde round-trips of the contract's tricky shapes, with literal JSON as API-NOTES
//! (§2.4, §2.5, §5, §8) describes it.

use cluster_api::ops::{
    ClusterDeploymentCreate, ClusterDeploymentImport, ClusterExtensionCreate,
    ClusterExtensionKeycloakVersionList, OrgApiSecretCount,
};
use cluster_api::request::{self, Call, Created, DecodeError, Reply};
use cluster_api::*;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Value, json};

/// Parses `value` as `T`, checks it serializes back to exactly `value`, returns the `T`.
#[track_caller]
fn round_trip<T: Serialize + DeserializeOwned>(value: Value) -> T {
    let typed: T = serde_json::from_value(value.clone()).unwrap_or_else(|e| {
        panic!(
            "{} does not accept {value}: {e}",
            std::any::type_name::<T>()
        )
    });
    let back = serde_json::to_value(&typed).expect("serializes");
    assert_eq!(
        back,
        value,
        "{} does not round-trip unchanged",
        std::any::type_name::<T>()
    );
    typed
}

#[track_caller]
fn rejects<T: DeserializeOwned>(value: Value) -> String {
    match serde_json::from_value::<T>(value.clone()) {
        Ok(_) => panic!("{} should reject {value}", std::any::type_name::<T>()),
        Err(e) => e.to_string(),
    }
}

fn cluster_json() -> Value {
    json!({
        "id": "c-123",
        "name": "demo",
        "host": "https://demo.global.auth.ac",
        "region": {"name": "US_EAST_1", "provider": "aws", "region": "us-east-1"},
        "status": "ACTIVE",
        "owner": "org-1",
        "variant": "DEDICATED",
        "tier": "premium",
        "resource_limits": "standard",
        "created_at": 1767225600000_i64
    })
}

// ---- ClusterCreationResult: a flat union of three shapes -------------------------------

#[test]
fn creation_result_link_shape() {
    let result: ClusterCreationResult = round_trip(json!({
        "link": {"message": "Redirecting to Stripe Checkout", "link": "https://checkout.stripe.com/c/pay/cs_test_a1"},
        "requires_action": false
    }));
    let link = result.link.expect("link shape");
    assert_eq!(
        link.link, "https://checkout.stripe.com/c/pay/cs_test_a1",
        "the URL is at link.link"
    );
    assert_eq!(
        link.message.as_deref(),
        Some("Redirecting to Stripe Checkout")
    );
    assert_eq!(result.cluster, None);
    assert!(!result.requires_action);
    assert_eq!(result.client_secret, None);
    assert_eq!(result.cluster_id, None);
    // `link` is an object, never a bare URL string.
    rejects::<ClusterCreationResult>(
        json!({"link": "https://checkout.stripe.com/x", "requires_action": false}),
    );
}

#[test]
fn creation_result_cluster_shape() {
    let result: ClusterCreationResult =
        round_trip(json!({"cluster": cluster_json(), "requires_action": false}));
    let cluster = result.cluster.expect("cluster shape");
    assert_eq!(cluster.id, "c-123");
    assert_eq!(cluster.status, ClusterState::Active);
    assert_eq!(result.link, None);
    assert!(!result.requires_action);
}

#[test]
fn creation_result_requires_action_shape() {
    let result: ClusterCreationResult = round_trip(json!({
        "requires_action": true,
        "client_secret": "pi_3Pabc_secret_xyz",
        "cluster_id": "c-456"
    }));
    assert!(result.requires_action);
    assert_eq!(result.client_secret.as_deref(), Some("pi_3Pabc_secret_xyz"));
    assert_eq!(result.cluster_id.as_deref(), Some("c-456"));
    assert_eq!(result.link, None);
    assert_eq!(result.cluster, None);
}

// ---- camelCase next to snake_case --------------------------------------------------------

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
        "admin_allowed_ip_rules": [{"id": "r1", "alias": "a", "address": "1.2.3.4", "endpointType": "ADMIN", "allowDeny": true}]
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
        json!({"adminAllowedIpRules": [{"alias": "office", "address": "203.0.113.4/32"}], "realmBlockedIpRules": []})
    );
}

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
    assert_eq!(
        version.resource_key.as_deref(),
        Some("clusters/c1/extensions/e1/v1.jar")
    );
    assert_eq!(version.keycloak_major_version, Some(26));
    assert_eq!(version.scan_state, ScanState::Warn);
    // The snake_case key is not the response's.
    let snake: ExtensionVersion = serde_json::from_value(
        json!({"id": "v1", "valid": true, "scan_state": "PASS", "resource_key": "k"}),
    )
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
    let confirm = ExtensionVersionLocationValidationRequest {
        resource_key: presigned.resource_key.clone(),
    };
    assert_eq!(
        serde_json::to_value(&confirm).unwrap(),
        json!({"resource_key": "clusters/c1/extensions/e1/v1.jar"})
    );
    round_trip::<ExtensionVersionLocationValidationRequest>(json!({"resource_key": "k"}));
    rejects::<ExtensionVersionLocationValidationRequest>(json!({"resourceKey": "k"}));

    // Version create request: snake_case `keycloak_major_version`.
    assert_eq!(
        serde_json::to_value(ExtensionVersionRequest {
            keycloak_major_version: 26
        })
        .unwrap(),
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

#[test]
fn domain_validation_is_camel_case() {
    let validation: CustomerDomainValidation = round_trip(json!({
        "status": "PENDING_VALIDATION",
        "certificateStatus": "PENDING_VALIDATION",
        "domain": {
            "id": "d1", "type": "WEB", "domain": "auth.acme.com",
            "organizationId": "org-1", "createdAt": 1767225600000_i64,
            "domainRecords": [{"type": "CNAME", "name": "_abc.auth.acme.com", "value": "_xyz.acm-validations.aws"}]
        }
    }));
    assert_eq!(
        validation.domain.id, "d1",
        "the domain's ID is at .domain.id"
    );
    assert_eq!(
        validation.certificate_status,
        CertificateStatusMapping::PendingValidation
    );
    assert_eq!(
        validation.domain.domain_records.as_ref().unwrap()[0].r#type,
        DomainRecordType::Cname
    );
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
    assert_eq!(
        deployment.state_error.as_deref(),
        Some("Realm import failed")
    );
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

// ---- Region: an object on Cluster, a string on requests and deployments -----------------

#[test]
fn cluster_region_is_an_object_but_request_region_is_a_string() {
    let cluster: Cluster = round_trip(cluster_json());
    assert_eq!(
        cluster.region,
        Region {
            name: "US_EAST_1".into(),
            provider: "aws".into(),
            region: "us-east-1".into()
        }
    );
    assert_eq!(
        cluster.owner.as_deref(),
        Some("org-1"),
        "the owning org is `owner` on Cluster"
    );
    assert_eq!(cluster.host, "https://demo.global.auth.ac");
    let mut as_string = cluster_json();
    as_string["region"] = json!("US_EAST_1");
    rejects::<Cluster>(as_string);

    let request = DedicatedClusterRequest {
        name: "acme".into(),
        region: cluster.region.name.clone(),
        tier: Some(Tier::Premium),
        billing_period: Some(BillingPeriod::Monthly),
        org_id: "org-1".into(),
        payment_method_id: Some("pm_123".into()),
        ..Default::default()
    };
    assert_eq!(
        serde_json::to_value(&request).unwrap(),
        json!({
            "name": "acme", "region": "US_EAST_1", "tier": "premium", "billing_period": "monthly",
            "org_id": "org-1", "payment_method_id": "pm_123"
        })
    );
    rejects::<DedicatedClusterRequest>(
        json!({"name": "acme", "region": {"name": "US_EAST_1"}, "org_id": "o"}),
    );

    let deployment: Deployment =
        round_trip(json!({"id": "d1", "name": "t", "state": "ACTIVE", "region": "US_EAST_1"}));
    assert_eq!(deployment.region.as_deref(), Some("US_EAST_1"));
}

// ---- Enums -------------------------------------------------------------------------------

#[test]
fn tier_billing_period_and_resource_limits_are_lowercase() {
    assert_eq!(wires(Tier::KNOWN), ["starter", "premium", "enterprise"]);
    assert_eq!(wires(BillingPeriod::KNOWN), ["monthly", "annual"]);
    assert_eq!(wires(ResourceLimits::KNOWN), ["standard", "custom"]);
    assert_eq!(round_trip::<Tier>(json!("enterprise")), Tier::Enterprise);
    assert_eq!(
        round_trip::<BillingPeriod>(json!("annual")),
        BillingPeriod::Annual
    );
    assert_eq!(
        round_trip::<ResourceLimits>(json!("custom")),
        ResourceLimits::Custom
    );
    // Uppercase is not a contract spelling: it is not silently taken for another value,
    // and it goes back out as it came in.
    let upper: BillingPeriod = round_trip(json!("MONTHLY"));
    assert_ne!(upper, BillingPeriod::Annual);
    let upper: ResourceLimits = round_trip(json!("STANDARD"));
    assert_ne!(upper, ResourceLimits::Custom);
    // Every other enum is uppercase.
    assert_eq!(ClusterState::Active.as_str(), "ACTIVE");
    assert_eq!(EnvironmentVariableType::Secret.as_str(), "SECRET");
    assert_eq!(DeploymentState::Pending.as_str(), "PENDING");
}

/// The serialized form of each value.
fn wires<T: Serialize>(values: &[T]) -> Vec<String> {
    values
        .iter()
        .map(|v| {
            serde_json::to_value(v)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn unknown_enum_values_are_kept() {
    let state: ClusterState = round_trip(json!("HIBERNATING"));
    assert_eq!(state, ClusterState::Unknown("HIBERNATING".into()));
    assert_eq!(state.as_str(), "HIBERNATING");
    assert_eq!(state.to_string(), "HIBERNATING");
    assert!(!ClusterState::KNOWN.contains(&state));

    // Inside a whole cluster, the page still loads and the value survives.
    let mut value = cluster_json();
    value["status"] = json!("HIBERNATING");
    value["tier"] = json!("platinum");
    let cluster: Cluster = round_trip(value);
    assert_eq!(cluster.status, ClusterState::Unknown("HIBERNATING".into()));
    assert_eq!(cluster.tier, Tier::Unknown("platinum".into()));

    let kind: ResourceType = round_trip(json!("SCRIPT"));
    assert_eq!(kind, ResourceType::Unknown("SCRIPT".into()));
    let scan: ScanState = round_trip(json!("QUARANTINED"));
    assert_eq!(scan, ScanState::Unknown("QUARANTINED".into()));
    // Known values never land on Unknown.
    assert_eq!(
        ClusterState::from_wire("PENDING_DELETION"),
        ClusterState::PendingDeletion
    );
    // Still strings: a number is not an enum value.
    rejects::<ClusterState>(json!(3));
}

// ---- Timestamps --------------------------------------------------------------------------

#[test]
fn epoch_millis_become_chrono_instants() {
    let cluster: Cluster = round_trip(cluster_json());
    let at = cluster.created_at.to_datetime().expect("in range");
    assert_eq!(at.to_rfc3339(), "2026-01-01T00:00:00+00:00");
    assert_eq!(
        EpochMillis::from_datetime(at),
        EpochMillis(1_767_225_600_000)
    );

    let precise = EpochMillis(1_767_225_600_123).to_datetime().unwrap();
    assert_eq!(
        precise.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "2026-01-01T00:00:00.123Z"
    );
    assert_eq!(
        serde_json::to_value(EpochMillis(1_767_225_600_123)).unwrap(),
        json!(1_767_225_600_123_i64)
    );
    // On the wire it is an integer, not an RFC 3339 string.
    let mut as_string = cluster_json();
    as_string["created_at"] = json!("2026-01-01T00:00:00Z");
    rejects::<Cluster>(as_string);
    // Before 1970 works too.
    assert_eq!(
        EpochMillis(-1)
            .to_datetime()
            .unwrap()
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "1969-12-31T23:59:59.999Z"
    );

    let subscription: Subscription = round_trip(json!({
        "id": "sub_1", "status": "active",
        "current_period_start": 1767225600000_i64, "current_period_end": 1769904000000_i64
    }));
    assert_eq!(
        subscription
            .current_period_end
            .and_then(EpochMillis::to_datetime)
            .map(|d| d.to_rfc3339()),
        Some("2026-02-01T00:00:00+00:00".to_string())
    );
}

// ---- 201 + Location ----------------------------------------------------------------------

fn reply_201(location: Option<&str>) -> Reply<'_> {
    Reply {
        status: 201,
        location,
        body: "",
    }
}

#[test]
fn created_reads_the_id_from_location() {
    let location = "https://app.phasetwo.io/auth/realms/self/deployments/d123";
    let created = request::created(reply_201(Some(location))).unwrap();
    assert_eq!(
        created,
        Created {
            location: location.to_string(),
            id: "d123".to_string()
        }
    );

    // The three 201 operations all decode this way.
    assert_eq!(
        ClusterDeploymentCreate::decode(reply_201(Some(location)))
            .unwrap()
            .id,
        "d123"
    );
    assert_eq!(
        ClusterDeploymentImport::decode(reply_201(Some(location)))
            .unwrap()
            .id,
        "d123"
    );
    let extension = "https://api.phasetwo.io/v2/clusters/c1/extensions/e-77";
    assert_eq!(
        ClusterExtensionCreate::decode(reply_201(Some(extension)))
            .unwrap()
            .id,
        "e-77"
    );

    // A trailing slash, a query or a fragment do not hide the ID; an encoded one is decoded.
    assert_eq!(
        request::created(reply_201(Some("https://x/deployments/d123/")))
            .unwrap()
            .id,
        "d123"
    );
    assert_eq!(
        request::created(reply_201(Some("https://x/deployments/d123?x=1#f")))
            .unwrap()
            .id,
        "d123"
    );
    assert_eq!(
        request::created(reply_201(Some("/deployments/d%20123")))
            .unwrap()
            .id,
        "d 123"
    );
    assert_eq!(
        request::created(reply_201(Some("d123"))).unwrap().id,
        "d123"
    );

    // No usable Location: an error, not an empty ID.
    assert_eq!(
        request::created(reply_201(None)),
        Err(DecodeError::MissingLocation)
    );
    assert_eq!(
        request::created(reply_201(Some(""))),
        Err(DecodeError::MissingLocation)
    );
    assert_eq!(
        ClusterDeploymentCreate::decode(reply_201(None)),
        Err(DecodeError::MissingLocation)
    );
}

// ---- Bare scalars ------------------------------------------------------------------------

#[test]
fn bare_scalar_responses() {
    assert_eq!(
        OrgApiSecretCount::decode(Reply {
            status: 200,
            location: None,
            body: "7"
        })
        .unwrap(),
        7
    );
    assert_eq!(
        ClusterExtensionKeycloakVersionList::decode(Reply {
            status: 200,
            location: None,
            body: "[25,26]"
        })
        .unwrap(),
        vec![25, 26]
    );
    assert!(matches!(
        OrgApiSecretCount::decode(Reply {
            status: 200,
            location: None,
            body: "{\"count\":7}"
        }),
        Err(DecodeError::Json(_))
    ));
    let metrics: Metrics = round_trip(
        json!({"name": "demo", "healthy": true, "counts": {"users": 120, "clients": 8}}),
    );
    assert_eq!(metrics.counts.unwrap()["users"], 120);
    round_trip::<Metrics>(json!({"name": "demo", "healthy": false, "counts": {}}));
}

// ---- Error bodies ------------------------------------------------------------------------

#[test]
fn error_message_reads_each_known_key() {
    assert_eq!(
        request::error_message(r#"{"error":"Name is taken or reserved."}"#).as_deref(),
        Some("Name is taken or reserved.")
    );
    assert_eq!(
        request::error_message(r#"{"errorMessage":"Restart already in flight"}"#).as_deref(),
        Some("Restart already in flight")
    );
    assert_eq!(
        request::error_message(r#"{"error_description":"Invalid client credentials"}"#).as_deref(),
        Some("Invalid client credentials")
    );
    assert_eq!(
        request::error_message(r#"{"message":"Tier limit reached"}"#).as_deref(),
        Some("Tier limit reached")
    );
}

#[test]
fn error_message_prefers_keys_in_order_and_skips_non_strings() {
    // `error` first, then `errorMessage`, `error_description`, `message`.
    assert_eq!(
        request::error_message(
            r#"{"message":"m","error_description":"d","errorMessage":"em","error":"e"}"#
        )
        .as_deref(),
        Some("e")
    );
    assert_eq!(
        request::error_message(r#"{"message":"m","error_description":"d"}"#).as_deref(),
        Some("d")
    );
    // OAuth style: `error` is a code, but still a string, so it wins.
    assert_eq!(
        request::error_message(
            r#"{"error":"invalid_client","error_description":"Invalid client credentials"}"#
        )
        .as_deref(),
        Some("invalid_client")
    );
    // A non-string `error` is passed over.
    assert_eq!(
        request::error_message(r#"{"error":{"code":409},"message":"Conflict"}"#).as_deref(),
        Some("Conflict")
    );
    // Nothing usable: None, so the caller falls back to the raw body.
    assert_eq!(request::error_message("<html>502 Bad Gateway</html>"), None);
    assert_eq!(request::error_message(""), None);
    assert_eq!(request::error_message(r#"{"detail":"x"}"#), None);
    assert_eq!(request::error_message(r#"{"error":"   "}"#), None);
    assert_eq!(request::error_message(r#"["error"]"#), None);
}

#[test]
fn error_body_shape() {
    let body: ErrorBody = round_trip(json!({"error": "Name is taken or reserved."}));
    assert_eq!(body.error, "Name is taken or reserved.");
}
