//! The crate against its contract, `openapi-v2.yaml`, read at test time.
//!
//! (a) operations: the catalogue and the YAML list the same 73 operations;
//! (b) schemas: every YAML schema has a Rust type of the same name that carries every
//!     property under its exact wire name, and accepts an object holding only the
//!     required ones;
//! (c) typed requests: every op struct names the right catalogue entry, fills its path
//!     template with percent-encoded parameters, sends the query and body the YAML
//!     describes, and decodes the YAML's success response.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::OnceLock;

use cluster_api::catalogue;
use cluster_api::ops::*;
use cluster_api::request::{Body, Call, DecodeError, Method, Operation, Part, Reply};
use cluster_api::*;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Map, Value, json};

// ---------------------------------------------------------------------------------------
// Loading the contract
// ---------------------------------------------------------------------------------------

fn contract_path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/reference")
        .join(file)
}

fn read_contract(file: &str) -> String {
    let path = contract_path(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the contract {} is missing or unreadable ({e}); these tests compare the crate \
             against it, so it must exist at ../../../shared/reference/{file} relative to \
             CARGO_MANIFEST_DIR",
            path.display()
        )
    })
}

/// The contract as JSON (map order not kept; used for schemas and operation details).
fn spec() -> &'static Value {
    static SPEC: OnceLock<Value> = OnceLock::new();
    SPEC.get_or_init(|| {
        serde_norway::from_str(&read_contract("openapi-v2.yaml"))
            .unwrap_or_else(|e| panic!("openapi-v2.yaml is not valid YAML: {e}"))
    })
}

fn schemas_of(spec: &Value) -> &Map<String, Value> {
    spec.pointer("/components/schemas")
        .and_then(Value::as_object)
        .expect("the contract has components.schemas")
}

fn schemas() -> &'static Map<String, Value> {
    schemas_of(spec())
}

const METHODS: [&str; 4] = ["get", "post", "put", "delete"];

/// One operation as the YAML states it.
#[derive(Debug, Clone)]
struct YamlOp {
    id: String,
    method: String,
    path: String,
    tag: String,
    deprecated: bool,
    /// The operation object itself.
    op: Value,
    /// Parameters declared on the path item (shared by its operations).
    path_params: Vec<Value>,
}

/// Every operation in document order (parsed with an order-keeping YAML value).
fn yaml_ops() -> &'static [YamlOp] {
    static OPS: OnceLock<Vec<YamlOp>> = OnceLock::new();
    OPS.get_or_init(|| {
        let doc: serde_norway::Value = serde_norway::from_str(&read_contract("openapi-v2.yaml"))
            .unwrap_or_else(|e| panic!("openapi-v2.yaml is not valid YAML: {e}"));
        let paths = doc
            .get("paths")
            .and_then(serde_norway::Value::as_mapping)
            .expect("the contract has paths");
        let mut ops = Vec::new();
        for (path, item) in paths {
            let path = path.as_str().expect("path keys are strings").to_string();
            let item = item.as_mapping().expect("a path item is a mapping");
            let path_params: Vec<Value> = item
                .get("parameters")
                .map(|p| serde_json::to_value(p).expect("parameters convert to JSON"))
                .and_then(|p| p.as_array().cloned())
                .unwrap_or_default();
            for (method, op) in item {
                let method = method.as_str().expect("method keys are strings");
                if !METHODS.contains(&method) {
                    assert!(
                        ["parameters", "summary", "description", "servers"].contains(&method),
                        "{path}: unexpected key `{method}` (a method this test does not know?)"
                    );
                    continue;
                }
                let op: Value = serde_json::to_value(op).expect("operation converts to JSON");
                let id = op["operationId"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{method} {path} has no operationId"))
                    .to_string();
                let tags = op["tags"].as_array().cloned().unwrap_or_default();
                let tag = tags
                    .first()
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("{id} has no tag"))
                    .to_string();
                let deprecated = op
                    .get("deprecated")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                ops.push(YamlOp {
                    id,
                    method: method.to_uppercase(),
                    path: path.clone(),
                    tag,
                    deprecated,
                    op,
                    path_params: path_params.clone(),
                });
            }
        }
        ops
    })
}

fn yaml_op(id: &str) -> &'static YamlOp {
    yaml_ops()
        .iter()
        .find(|op| op.id == id)
        .unwrap_or_else(|| panic!("operation {id} is not in the contract"))
}

/// Follows `#/components/schemas/X` to X's schema.
fn resolve<'a>(schemas: &'a Map<String, Value>, reference: &str) -> (&'a str, &'a Value) {
    let name = reference
        .strip_prefix("#/components/schemas/")
        .unwrap_or_else(|| panic!("unsupported $ref {reference}"));
    let (key, schema) = schemas
        .get_key_value(name)
        .unwrap_or_else(|| panic!("$ref {reference} names no schema"));
    (key.as_str(), schema)
}

// ---------------------------------------------------------------------------------------
// (a) Operations
// ---------------------------------------------------------------------------------------

type OpKey = (String, String, String, String, bool);

fn catalogue_key(op: &Operation) -> OpKey {
    (
        op.id.to_string(),
        op.method.as_str().to_string(),
        op.path.to_string(),
        op.tag.to_string(),
        op.deprecated,
    )
}

#[test]
fn contract_has_73_operations() {
    assert_eq!(
        yaml_ops().len(),
        73,
        "openapi-v2.yaml should hold 73 operations"
    );
    assert_eq!(
        catalogue::ALL.len(),
        73,
        "catalogue::ALL should hold 73 operations"
    );
}

#[test]
fn every_yaml_operation_is_in_the_catalogue_and_vice_versa() {
    let yaml: BTreeSet<OpKey> = yaml_ops()
        .iter()
        .map(|o| {
            (
                o.id.clone(),
                o.method.clone(),
                o.path.clone(),
                o.tag.clone(),
                o.deprecated,
            )
        })
        .collect();
    let ours: BTreeSet<OpKey> = catalogue::ALL.iter().map(catalogue_key).collect();
    let missing: Vec<_> = yaml.difference(&ours).collect();
    let extra: Vec<_> = ours.difference(&yaml).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "catalogue and contract differ (id, method, path, first tag, deprecated)\n  \
         in the YAML but not the catalogue: {missing:#?}\n  in the catalogue but not the YAML: {extra:#?}"
    );
}

#[test]
fn operation_ids_are_unique() {
    let mut seen = BTreeSet::new();
    for op in catalogue::ALL {
        assert!(seen.insert(op.id), "catalogue lists {} twice", op.id);
    }
    let mut seen = BTreeSet::new();
    for op in yaml_ops() {
        assert!(
            seen.insert(op.id.as_str()),
            "contract lists {} twice",
            op.id
        );
    }
    let mut routes = BTreeSet::new();
    for op in catalogue::ALL {
        assert!(
            routes.insert((op.method.as_str(), op.path)),
            "two catalogue entries share {} {}",
            op.method.as_str(),
            op.path
        );
    }
}

#[test]
fn deprecated_flags_match() {
    for op in yaml_ops() {
        let ours = catalogue::ALL
            .iter()
            .find(|c| c.id == op.id)
            .unwrap_or_else(|| panic!("{} not in catalogue", op.id));
        assert_eq!(
            ours.deprecated, op.deprecated,
            "{}: deprecated flag differs from the contract",
            op.id
        );
    }
    let deprecated: Vec<&str> = catalogue::ALL
        .iter()
        .filter(|o| o.deprecated)
        .map(|o| o.id)
        .collect();
    assert_eq!(deprecated, ["cluster.billingSession.create"]);
}

#[test]
fn catalogue_is_in_document_order() {
    let yaml: Vec<&str> = yaml_ops().iter().map(|o| o.id.as_str()).collect();
    let ours: Vec<&str> = catalogue::ALL.iter().map(|o| o.id).collect();
    assert_eq!(
        ours, yaml,
        "catalogue::ALL says it follows the order of openapi-v2.yaml"
    );
}

#[test]
fn path_template_parameters_are_declared_in_the_contract() {
    // Each `{name}` in a catalogue path is a path parameter of the YAML operation, and
    // every declared path parameter appears in the template.
    for op in catalogue::ALL {
        let y = yaml_op(op.id);
        let in_template: BTreeSet<&str> = op
            .path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect();
        let declared: BTreeSet<String> = params_of(y)
            .into_iter()
            .filter(|p| p["in"] == "path")
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect();
        let declared: BTreeSet<&str> = declared.iter().map(String::as_str).collect();
        assert_eq!(
            in_template, declared,
            "{}: template parameters vs declared path parameters",
            op.id
        );
    }
}

#[test]
fn match_path_accepts_encoded_parameters_and_rejects_others() {
    let op = &catalogue::CLUSTER_EXTENSION_VERSION_CONFIRM;
    assert_eq!(
        op.match_path("/clusters/c%2F1%20x/extensions/e1/versions/v1/confirm"),
        Some(vec![
            "c/1 x".to_string(),
            "e1".to_string(),
            "v1".to_string()
        ])
    );
    assert_eq!(
        op.match_path("/clusters/c/1/extensions/e1/versions/v1/confirm"),
        None,
        "a raw / is a separator"
    );
    assert_eq!(
        op.match_path("/clusters//extensions/e1/versions/v1/confirm"),
        None,
        "empty parameter"
    );
    assert_eq!(
        op.match_path("/clusters/c1/extensions/e1/versions/v1"),
        None,
        "too short"
    );
    assert_eq!(
        op.match_path("/clusters/c1/extensions/e1/versions/v1/confirm/x"),
        None,
        "too long"
    );
    assert_eq!(
        catalogue::CLUSTER_LIST.match_path("/clusters"),
        Some(vec![])
    );
}

// ---------------------------------------------------------------------------------------
// (b) Schemas
// ---------------------------------------------------------------------------------------

type RoundTrip = fn(Value) -> Result<Value, String>;

/// Deserializes into `T` and serializes back.
fn round_trip<T: Serialize + DeserializeOwned>(value: Value) -> Result<Value, String> {
    let typed: T = serde_json::from_value(value).map_err(|e| format!("deserialize: {e}"))?;
    serde_json::to_value(&typed).map_err(|e| format!("serialize: {e}"))
}

struct EnumFns {
    round_trip: RoundTrip,
    /// `KNOWN`, as wire strings.
    known: fn() -> Vec<String>,
    /// Whether `from_wire` lands on `Unknown`.
    is_unknown: fn(&str) -> bool,
}

enum Registered {
    Object(RoundTrip),
    Enum(EnumFns),
}

/// Schema name → the Rust type of that name. The `stringify!`ed ident is both the YAML
/// name looked up and the `cluster_api` type used, so a renamed type stops compiling.
macro_rules! schema_registry {
    (objects: [$($object:ident),* $(,)?], enums: [$($enumeration:ident),* $(,)?] $(,)?) => {
        fn registry() -> BTreeMap<&'static str, Registered> {
            let mut map = BTreeMap::new();
            $(
                assert!(
                    map.insert(stringify!($object), Registered::Object(round_trip::<cluster_api::$object>)).is_none(),
                    "{} registered twice", stringify!($object)
                );
            )*
            $(
                assert!(
                    map.insert(
                        stringify!($enumeration),
                        Registered::Enum(EnumFns {
                            round_trip: round_trip::<cluster_api::$enumeration>,
                            known: || cluster_api::$enumeration::KNOWN.iter().map(|v| v.as_str().to_string()).collect(),
                            is_unknown: |wire| matches!(
                                cluster_api::$enumeration::from_wire(wire),
                                cluster_api::$enumeration::Unknown(_)
                            ),
                        }),
                    ).is_none(),
                    "{} registered twice", stringify!($enumeration)
                );
            )*
            map
        }
    };
}

schema_registry! {
    objects: [
        AppLinkRequest,
        BillingContact,
        Cluster,
        ClusterCreationResult,
        ClusterDeploymentRequest,
        ClusterDomain,
        ConsoleLink,
        CustomerDomain,
        CustomerDomainValidation,
        DedicatedClusterRequest,
        Deployment,
        DomainRecord,
        EnvironmentVariableRepresentation,
        EnvironmentVariableRequest,
        Extension,
        ExtensionRequest,
        ExtensionVersion,
        ExtensionVersionLocationValidationRequest,
        ExtensionVersionRequest,
        ExtensionVersionUploadUrlRequest,
        IpRestrictionsRequest,
        IpRule,
        IpRuleRepresentation,
        IpRulesRepresentation,
        LogFile,
        Metrics,
        NameAvailability,
        Org,
        PaymentMethod,
        PresignedUrl,
        RedirectLink,
        RedirectRequest,
        Region,
        RestartStatus,
        ResumeCheckoutRequest,
        Secret,
        SecretRequest,
        Subscription,
        SystemInfoRepresentation,
        ToggleExtensionRequest,
        ToggleExtensionVersionValidRequest,
        TokenResponse,
        WellKnown,
        WellKnownFile,
    ],
    enums: [
        BillingPeriod,
        CertificateStatusMapping,
        ClusterState,
        DeploymentState,
        DomainRecordType,
        DomainStatusMapping,
        DomainType,
        EndpointType,
        EnvironmentVariableType,
        ResourceLimits,
        ResourceType,
        Tier,
    ],
}

/// The values of `ScanState`: `ExtensionVersion.scan_state` is a plain string in the
/// YAML, but its description lists these and the crate types it as an enum.
const SCAN_STATES: [&str; 6] = ["UNSCANNED", "SCANNING", "PASS", "WARN", "BLOCK", "ERROR"];

/// Values the YAML cannot give: (schema, property) → sample.
fn property_override(owner: &str, property: &str) -> Option<Value> {
    match (owner, property) {
        // Not the first value, so a field that silently defaulted would show.
        ("ExtensionVersion", "scan_state") => Some(json!(SCAN_STATES[3])),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fill {
    /// Every property the schema lists.
    Every,
    /// Only the `required` ones (recursively).
    RequiredOnly,
}

fn is_enum(schema: &Value) -> bool {
    schema.get("enum").is_some()
}

fn is_object(schema: &Value) -> bool {
    schema.get("properties").is_some()
        || schema.get("type").and_then(Value::as_str) == Some("object")
}

/// A type-appropriate sample of `schema`. `owner` names the schema the value belongs to
/// (for overrides and messages), `property` the property it fills.
fn sample(
    schemas: &Map<String, Value>,
    schema: &Value,
    owner: &str,
    property: &str,
    fill: Fill,
    depth: usize,
) -> Value {
    assert!(
        depth < 24,
        "schema nesting too deep at {owner}.{property} (a cycle?)"
    );
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let (name, target) = resolve(schemas, reference);
        return sample(schemas, target, name, property, fill, depth + 1);
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let mut samples = parts
            .iter()
            .map(|part| sample(schemas, part, owner, property, fill, depth + 1));
        let first = samples
            .next()
            .unwrap_or_else(|| panic!("{owner}.{property}: empty allOf"));
        return samples.fold(first, |merged, next| match (merged, next) {
            (Value::Object(mut a), Value::Object(b)) => {
                a.extend(b);
                Value::Object(a)
            }
            (a, b) => panic!("{owner}.{property}: cannot merge allOf parts {a} and {b}"),
        });
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values
            .first()
            .cloned()
            .unwrap_or_else(|| panic!("{owner}: empty enum"));
    }
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        let required = required_of(schema);
        let mut object = Map::new();
        for (name, property_schema) in properties {
            if fill == Fill::RequiredOnly && !required.contains(name.as_str()) {
                continue;
            }
            let value = property_override(owner, name).unwrap_or_else(|| {
                let nested_owner = format!("{owner}.{name}");
                sample(
                    schemas,
                    property_schema,
                    &nested_owner,
                    name,
                    fill,
                    depth + 1,
                )
            });
            object.insert(name.clone(), value);
        }
        return Value::Object(object);
    }
    match schema.get("type").and_then(Value::as_str) {
        Some("string") => match schema.get("format").and_then(Value::as_str) {
            Some("date") => json!("2026-09-01"),
            Some("date-time") => json!("2026-09-01T12:34:56Z"),
            _ => json!(format!("{property} sample / ✓")),
        },
        // Above i32::MAX, so an int64 field typed i32 in Rust fails.
        Some("integer") => match schema.get("format").and_then(Value::as_str) {
            Some("int32") => json!(42),
            _ => json!(1_767_225_600_123_i64),
        },
        Some("number") => json!(1.5),
        Some("boolean") => json!(true),
        Some("array") => {
            let items = schema
                .get("items")
                .unwrap_or_else(|| panic!("{owner}.{property}: array without items"));
            json!([sample(schemas, items, owner, property, fill, depth + 1)])
        }
        Some("object") => match schema.get("additionalProperties") {
            Some(values) if values.is_object() => {
                json!({ "users": sample(schemas, values, owner, property, fill, depth + 1) })
            }
            _ => json!({}),
        },
        // A property with no type at all (e.g. an untyped multipart part): a string.
        None => json!(format!("{property} sample")),
        Some(other) => panic!("{owner}.{property}: unsupported type {other}"),
    }
}

fn required_of(schema: &Value) -> BTreeSet<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Describes every way `got` differs from `sent`, by JSON path.
fn diff(path: &str, sent: &Value, got: &Value, out: &mut Vec<String>) {
    match (sent, got) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                match b.get(key) {
                    None => out.push(format!(
                        "{path}.{key} was lost in the round-trip (the Rust type has no field with this wire name)"
                    )),
                    Some(other) => diff(&format!("{path}.{key}"), value, other, out),
                }
            }
            for (key, value) in b {
                if !a.contains_key(key) {
                    out.push(format!(
                        "{path}.{key} = {value} appeared in the round-trip though it was not sent \
                         (a field outside the contract, or an Option not skipped when None)"
                    ));
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                diff(&format!("{path}[{i}]"), x, y, out);
            }
        }
        _ if sent != got => out.push(format!("{path}: sent {sent}, got back {got}")),
        _ => {}
    }
}

#[test]
fn every_schema_has_a_registered_type_and_vice_versa() {
    let registry = registry();
    let yaml: BTreeSet<&str> = schemas().keys().map(String::as_str).collect();
    let ours: BTreeSet<&str> = registry.keys().copied().collect();
    let unregistered: Vec<_> = yaml.difference(&ours).collect();
    let stale: Vec<_> = ours.difference(&yaml).collect();
    assert!(
        unregistered.is_empty(),
        "YAML schemas with no registered Rust type: {unregistered:?}"
    );
    assert!(
        stale.is_empty(),
        "registered types that are not schemas of the contract: {stale:?}"
    );
    assert_eq!(yaml.len(), 56, "openapi-v2.yaml has 56 schemas");
    for (name, schema) in schemas() {
        match &registry[name.as_str()] {
            Registered::Enum(_) => assert!(
                is_enum(schema),
                "{name} is registered as an enum but the YAML schema is not one"
            ),
            Registered::Object(_) => assert!(
                is_object(schema),
                "{name} is registered as an object but the YAML schema is not one"
            ),
        }
    }
}

#[test]
fn every_object_schema_round_trips_with_every_property() {
    let registry = registry();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, schema) in schemas() {
        let Some(Registered::Object(round_trip)) = registry.get(name.as_str()) else {
            continue;
        };
        checked += 1;
        let sent = sample(schemas(), schema, name, name, Fill::Every, 0);
        let property_count = schema["properties"].as_object().map_or(0, Map::len);
        assert_eq!(
            sent.as_object().map_or(0, Map::len),
            property_count,
            "{name}: the sample should hold every property"
        );
        match round_trip(sent.clone()) {
            Err(e) => failures.push(format!(
                "{name}: a sample with every property does not round-trip: {e}\n    sample: {sent}"
            )),
            Ok(got) => diff(name, &sent, &got, &mut failures),
        }
    }
    assert_eq!(checked, 44, "object schemas checked");
    assert!(
        failures.is_empty(),
        "object schemas vs Rust types:\n  {}",
        failures.join("\n  ")
    );
}

#[test]
fn every_object_schema_accepts_only_its_required_properties() {
    let registry = registry();
    let mut failures = Vec::new();
    for (name, schema) in schemas() {
        let Some(Registered::Object(round_trip)) = registry.get(name.as_str()) else {
            continue;
        };
        let sent = sample(schemas(), schema, name, name, Fill::RequiredOnly, 0);
        match round_trip(sent.clone()) {
            Err(e) => failures.push(format!(
                "{name}: an object with only the required properties {:?} is rejected ({e}); \
                 a Rust field is non-optional that the contract leaves optional",
                required_of(schema)
            )),
            // Absent stays absent: optional fields are skipped, never sent as null.
            Ok(got) => diff(name, &sent, &got, &mut failures),
        }
    }
    assert!(
        failures.is_empty(),
        "required-only objects:\n  {}",
        failures.join("\n  ")
    );
}

#[test]
fn missing_required_properties_are_rejected() {
    // The other direction of the required-only test, where Rust can tell: dropping a
    // required property the Rust type also requires fails. Properties whose Rust type
    // has a natural empty value (arrays kept as `#[serde(default)] Vec`) are exempt.
    let lenient: BTreeSet<(&str, &str)> = [
        ("Org", "roles"),
        ("Secret", "roles"),
        ("IpRulesRepresentation", "adminAllowedIpRules"),
        ("IpRulesRepresentation", "realmAllowedIpRules"),
        ("IpRulesRepresentation", "realmBlockedIpRules"),
    ]
    .into();
    let registry = registry();
    let mut failures = Vec::new();
    for (name, schema) in schemas() {
        let Some(Registered::Object(round_trip)) = registry.get(name.as_str()) else {
            continue;
        };
        let full = sample(schemas(), schema, name, name, Fill::RequiredOnly, 0);
        for required in required_of(schema) {
            let mut without = full.clone();
            without.as_object_mut().unwrap().remove(required);
            let accepted = round_trip(without).is_ok();
            let expect_accepted = lenient.contains(&(name.as_str(), required));
            if accepted != expect_accepted {
                failures.push(format!(
                    "{name}: without required `{required}` the Rust type {} it",
                    if accepted { "still accepts" } else { "rejects" }
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "required properties:\n  {}",
        failures.join("\n  ")
    );
}

#[test]
fn every_enum_schema_matches_known() {
    let registry = registry();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, schema) in schemas() {
        let Some(Registered::Enum(fns)) = registry.get(name.as_str()) else {
            continue;
        };
        checked += 1;
        let values: Vec<String> = schema["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                v.as_str()
                    .unwrap_or_else(|| panic!("{name}: non-string enum value {v}"))
                    .to_string()
            })
            .collect();
        for value in &values {
            if (fns.is_unknown)(value) {
                failures.push(format!(
                    "{name}: contract value {value:?} parses to Unknown"
                ));
            }
            match (fns.round_trip)(json!(value)) {
                Ok(back) if back == json!(value) => {}
                other => failures.push(format!("{name}: {value:?} round-trips to {other:?}")),
            }
        }
        let known = (fns.known)();
        if known.len() != values.len() {
            failures.push(format!(
                "{name}: KNOWN has {} values, the contract {}",
                known.len(),
                values.len()
            ));
        }
        if known != values {
            failures.push(format!(
                "{name}: KNOWN is {known:?}, the contract lists {values:?}"
            ));
        }
        let novel = "SURELY_NOT_A_VALUE_yet";
        if !(fns.is_unknown)(novel) {
            failures.push(format!("{name}: {novel:?} should parse to Unknown"));
        }
        match (fns.round_trip)(json!(novel)) {
            Ok(back) if back == json!(novel) => {}
            other => failures.push(format!(
                "{name}: unknown {novel:?} round-trips to {other:?}"
            )),
        }
    }
    assert_eq!(checked, 12, "enum schemas checked");
    assert!(
        failures.is_empty(),
        "enum schemas vs Rust enums:\n  {}",
        failures.join("\n  ")
    );
}

#[test]
fn scan_state_is_the_documented_set() {
    let known: Vec<&str> = ScanState::KNOWN.iter().map(ScanState::as_str).collect();
    assert_eq!(known, SCAN_STATES);
    // The YAML types it as a string and lists the values in the description.
    let property = &schemas()["ExtensionVersion"]["properties"]["scan_state"];
    assert_eq!(property["type"], "string");
    let description = property["description"].as_str().unwrap();
    for state in SCAN_STATES {
        assert!(
            description.contains(&format!("`{state}`")),
            "scan_state description no longer lists {state}"
        );
        assert!(!matches!(
            ScanState::from_wire(state),
            ScanState::Unknown(_)
        ));
    }
}

#[test]
fn newer_contract_extras_round_trip() {
    // `Subscription` and `SystemInfoRepresentation` carry optional fields from
    // openapi-v2-next.yaml (where the latter is `ClusterSystemInfoRepresentation`).
    let next: Value = serde_norway::from_str(&read_contract("openapi-v2-next.yaml"))
        .unwrap_or_else(|e| panic!("openapi-v2-next.yaml is not valid YAML: {e}"));
    let next_schemas = schemas_of(&next);
    let mut failures = Vec::new();
    for (next_name, round_trip) in [
        ("Subscription", round_trip::<Subscription> as RoundTrip),
        (
            "ClusterSystemInfoRepresentation",
            round_trip::<SystemInfoRepresentation>,
        ),
    ] {
        let schema = &next_schemas[next_name];
        let sent = sample(next_schemas, schema, next_name, next_name, Fill::Every, 0);
        match round_trip(sent.clone()) {
            Ok(got) => diff(next_name, &sent, &got, &mut failures),
            Err(e) => failures.push(format!("{next_name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let subscription: Subscription =
        serde_json::from_value(json!({"id": "sub_1", "status": "past_due", "open_invoice": true, "open_invoice_amount_due": 14900}))
            .unwrap();
    assert_eq!(subscription.open_invoice, Some(true));
    assert_eq!(subscription.open_invoice_amount_due, Some(14900));
}

// ---------------------------------------------------------------------------------------
// (c) Typed requests
// ---------------------------------------------------------------------------------------

/// What one op struct produces, type-erased.
struct OpCheck {
    operation: &'static Operation,
    /// `request()` of `Default::default()`.
    default_request: ApiRequest,
    /// `request()` of the instance with every path parameter (and optional query /
    /// body) filled.
    filled_request: ApiRequest,
    /// The path parameters of the filled instance, in template order.
    params: Vec<&'static str>,
    decode: for<'a> fn(Reply<'a>) -> Result<(), DecodeError>,
}

fn decode_discarding<T: Call>(reply: Reply<'_>) -> Result<(), DecodeError> {
    T::decode(reply).map(|_| ())
}

fn check<T: Call + Default>(filled: T, params: &[&'static str]) -> OpCheck {
    OpCheck {
        operation: T::OPERATION,
        default_request: T::default().request(),
        filled_request: filled.request(),
        params: params.to_vec(),
        decode: decode_discarding::<T>,
    }
}

/// Path parameter values: each holds a `/` and a space, so encoding shows.
const P1: &str = "c/1 x";
const P2: &str = "e/2 y";
const P3: &str = "v/3 z";
const LOG_PATH: &str = "2026/09/01/keycloak.log.gz";

/// Lists every op struct: `Type { field: value, ... } => [path params in order]`; fields
/// not named keep their `Default` value.
macro_rules! all_ops {
    ($( $ty:ident { $($field:ident : $value:expr),* $(,)? } => [$($param:expr),* $(,)?] ),* $(,)?) => {
        #[allow(clippy::needless_update)]
        fn all_op_checks() -> Vec<OpCheck> {
            vec![
                $(
                    check::<$ty>(
                        $ty { $($field: $value.into(),)* ..Default::default() },
                        &[$($param),*],
                    ),
                )*
            ]
        }
    };
}

all_ops! {
    // clusters
    ClusterList {} => [],
    ClusterCreate {
        body: DedicatedClusterRequest {
            name: "acme".into(),
            region: "US_EAST_1".into(),
            tier: Some(Tier::Premium),
            billing_period: Some(BillingPeriod::Monthly),
            org_id: "o1".into(),
            ..Default::default()
        }
    } => [],
    ClusterNameAvailabilityCheck { name: "acme prod/1" } => [],
    ClusterRegionList {} => [],
    ClusterDetail { id: P1 } => [P1],
    ClusterDelete { id: P1 } => [P1],
    ClusterSubscriptionDetail { id: P1 } => [P1],
    ClusterBillingSessionCreate { id: P1 } => [P1],
    ClusterCheckoutResume { id: P1, body: Some(ResumeCheckoutRequest { billing_period: Some(BillingPeriod::Annual), price_id: None }) } => [P1],
    ClusterDeploymentList { id: P1, search: Some("ten ant".to_string()) } => [P1],
    ClusterDeploymentCreate { id: P1, body: ClusterDeploymentRequest { name: "tenant-acme".into() } } => [P1],
    ClusterDeploymentImport {
        id: P1,
        file: Part::file("file", "realm.json", "application/json", br#"{"realm":"x"}"#.to_vec()),
        deployment_name: "imported"
    } => [P1],
    ClusterDeploymentNameAvailabilityCheck { id: P1, name: "tenant" } => [P1],
    ClusterHostUpdate { id: P1, body: ClusterDomain { host: "auth.example.com".into() } } => [P1],
    ClusterMetricsDetail { id: P1 } => [P1],
    ClusterRestartStatusDetail { id: P1 } => [P1],
    ClusterSystemInfoDetail { id: P1 } => [P1],
    // customer-domains
    ClusterDomainList { id: P1 } => [P1],
    ClusterDomainCreate { id: P1, body: ClusterDomain { host: "auth.example.com".into() } } => [P1],
    ClusterDomainDetail { id: P1, domain_id: P2 } => [P1, P2],
    ClusterDomainDelete { id: P1, domain_id: P2 } => [P1, P2],
    ClusterDomainStatusDetail { id: P1, domain_id: P2 } => [P1, P2],
    // environment-variables
    ClusterEnvVarList { id: P1 } => [P1],
    ClusterEnvVarCreate { id: P1, body: EnvironmentVariableRequest { name: "KC_SPI_X".into(), value: "1".into(), r#type: Some(EnvironmentVariableType::Secret) } } => [P1],
    ClusterEnvVarDetail { id: P1, env_variable_id: P2 } => [P1, P2],
    ClusterEnvVarUpdate { id: P1, env_variable_id: P2 } => [P1, P2],
    ClusterEnvVarDelete { id: P1, env_variable_id: P2 } => [P1, P2],
    // extensions
    ClusterExtensionList { id: P1, r#type: Some(ResourceType::Theme) } => [P1],
    ClusterExtensionCreate { id: P1, body: ExtensionRequest { name: "theme".into(), resource_type: ResourceType::Theme } } => [P1],
    ClusterExtensionReconcile { id: P1 } => [P1],
    ClusterExtensionKeycloakVersionList { id: P1 } => [P1],
    ClusterExtensionDetail { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionUpdate { id: P1, extension_id: P2, body: ToggleExtensionRequest { enabled: true } } => [P1, P2],
    ClusterExtensionDelete { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionStandaloneUploadUrlCreate { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionStandaloneConfirm { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionVersionCreate { id: P1, extension_id: P2, body: ExtensionVersionRequest { keycloak_major_version: 26 } } => [P1, P2],
    ClusterExtensionVersionDelete { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterExtensionVersionConfirm { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterExtensionVersionUploadUrlCreate { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterExtensionVersionValidate { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterWellKnownGet { id: P1, extension_id: P2 } => [P1, P2],
    ClusterWellKnownChangePasswordSet { id: P1, extension_id: P2, body: Some(WellKnown { change_password_url: Some("https://x/pw".into()), ..Default::default() }) } => [P1, P2],
    ClusterWellKnownDelete { id: P1, extension_id: P2, file: "assetlinks.json" } => [P1, P2, "assetlinks.json"],
    ClusterWellKnownConfirm { id: P1, extension_id: P2, file: "apple-app-site-association" } => [P1, P2, "apple-app-site-association"],
    ClusterWellKnownUploadUrlCreate { id: P1, extension_id: P2, file: "assetlinks.json" } => [P1, P2, "assetlinks.json"],
    // ip-rules
    ClusterIpRuleList { id: P1 } => [P1],
    ClusterIpRuleUpdate { id: P1 } => [P1],
    ClusterIpRuleDetail { id: P1, ip_rule_id: P2 } => [P1, P2],
    // logs
    ClusterLogList { id: P1, from: Some("2026-09-01T00:00:00Z".to_string()), max: Some(20), start: Some(0), to: Some("2026-09-02T00:00:00Z".to_string()) } => [P1],
    ClusterLogDetail { id: P1, path: LOG_PATH, minutes: Some(10) } => [P1, LOG_PATH],
    // deployments
    DeploymentDetail { id: P1 } => [P1],
    DeploymentUpdate { id: P1 } => [P1],
    DeploymentDelete { id: P1 } => [P1],
    DeploymentAppLinkCreate { id: P1, body: AppLinkRequest { client_id: "app".into(), redirect_uri: "https://app/cb".into() } } => [P1],
    DeploymentConsoleLinkCreate { id: P1 } => [P1],
    DeploymentMetricsDetail { id: P1 } => [P1],
    DeploymentTokenCreate { id: P1 } => [P1],
    // orgs
    OrgList {} => [],
    OrgApiSecretList { org_id: P1 } => [P1],
    OrgApiSecretCreate { org_id: P1, body: SecretRequest { name: "ci".into(), roles: Some(vec!["view-clusters".into()]) } } => [P1],
    OrgApiSecretCount { org_id: P1 } => [P1],
    OrgApiSecretDetail { org_id: P1, secret_id: P2 } => [P1, P2],
    OrgApiSecretDelete { org_id: P1, secret_id: P2 } => [P1, P2],
    // billing
    OrgBillingContactList { org_id: P1 } => [P1],
    OrgBillingContactCreate { org_id: P1, user_id: P2 } => [P1, P2],
    OrgBillingContactDelete { org_id: P1, user_id: P2 } => [P1, P2],
    OrgPaymentMethodList { org_id: P1 } => [P1],
    OrgPaymentMethodSetupSessionCreate { org_id: P1, body: RedirectRequest { redirect_uri: Some("https://console/back".into()) } } => [P1],
    OrgPaymentMethodDelete { org_id: P1, pm_id: P2 } => [P1, P2],
    OrgPaymentMethodSetDefault { org_id: P1, pm_id: P2 } => [P1, P2],
    OrgBillingPortalSessionCreate { org_id: P1, body: Some(RedirectRequest { redirect_uri: Some("https://console/back".into()) }) } => [P1],
    OrgSubscriptionList { org_id: P1 } => [P1],
}

fn params_of(op: &YamlOp) -> Vec<Value> {
    // Operation-level parameters override path-level ones of the same name and location.
    let mut params: Vec<Value> = op
        .op
        .get("parameters")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for shared in &op.path_params {
        if !params
            .iter()
            .any(|p| p["name"] == shared["name"] && p["in"] == shared["in"])
        {
            params.push(shared.clone());
        }
    }
    params
}

fn query_names(request: &ApiRequest) -> Vec<&'static str> {
    request.query.0.iter().map(|(name, _)| *name).collect()
}

#[test]
fn op_structs_cover_the_catalogue_exactly_once() {
    let checks = all_op_checks();
    assert_eq!(checks.len(), 73, "the macro should list 73 op structs");
    let mut ids = BTreeSet::new();
    for check in &checks {
        assert!(
            ids.insert(check.operation.id),
            "two op structs claim {}",
            check.operation.id
        );
    }
    let catalogue_ids: BTreeSet<&str> = catalogue::ALL.iter().map(|o| o.id).collect();
    assert_eq!(
        ids, catalogue_ids,
        "op structs' OPERATION ids vs the catalogue"
    );
}

#[test]
fn op_structs_name_their_catalogue_entry() {
    for check in all_op_checks() {
        let entry = catalogue::ALL
            .iter()
            .find(|o| o.id == check.operation.id)
            .unwrap_or_else(|| panic!("{} is not in the catalogue", check.operation.id));
        assert_eq!(
            check.operation, entry,
            "{}: OPERATION differs from the catalogue entry",
            entry.id
        );
        assert_eq!(
            check.filled_request.operation, entry,
            "{}: request() carries another operation",
            entry.id
        );
        assert_eq!(
            check.default_request.operation, entry,
            "{}: request() carries another operation",
            entry.id
        );
        assert_eq!(check.filled_request.method(), entry.method, "{}", entry.id);
    }
}

#[test]
fn op_struct_paths_fill_the_template_with_encoded_parameters() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let op = check.operation;
        let path = &check.filled_request.path;
        match op.match_path(path) {
            Some(params) if params == check.params => {}
            other => failures.push(format!(
                "{}: path {path} does not match {} with {:?} (got {other:?})",
                op.id, op.path, check.params
            )),
        }
        if path.contains(' ') || path.contains('?') {
            failures.push(format!(
                "{}: path {path} holds an unencoded character",
                op.id
            ));
        }
        if !check.params.is_empty() && !path.contains("%2F") {
            failures.push(format!(
                "{}: path {path} should encode `/` inside a parameter as %2F",
                op.id
            ));
        }
        // With literals preferred over parameters (as a router does), no other operation of
        // the same method claims this path.
        let literals = |o: &Operation| o.path.split('/').filter(|s| !s.starts_with('{')).count();
        let best = catalogue::ALL
            .iter()
            .filter(|o| o.method == op.method && o.match_path(path).is_some())
            .max_by_key(|o| literals(o))
            .map(|o| o.id);
        if best != Some(op.id) {
            failures.push(format!("{}: path {path} would route to {best:?}", op.id));
        }
        // A default instance builds a request too; with no path parameters its path is the
        // template itself.
        if check.params.is_empty() {
            if op.match_path(&check.default_request.path).is_none() {
                failures.push(format!(
                    "{}: default path {} does not match {}",
                    op.id, check.default_request.path, op.path
                ));
            }
        } else if !check.default_request.path.starts_with('/') {
            failures.push(format!(
                "{}: default path {} is not absolute",
                op.id, check.default_request.path
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn op_struct_queries_are_the_contracts_query_parameters() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let y = yaml_op(check.operation.id);
        let query: Vec<Value> = params_of(y)
            .into_iter()
            .filter(|p| p["in"] == "query")
            .collect();
        let all: Vec<&str> = query.iter().map(|p| p["name"].as_str().unwrap()).collect();
        let required: BTreeSet<&str> = query
            .iter()
            .filter(|p| p["required"] == true)
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        let filled = query_names(&check.filled_request);
        if filled != all {
            failures.push(format!(
                "{}: filled request sends query {filled:?}, the contract lists {all:?}",
                y.id
            ));
        }
        let default: BTreeSet<&str> = query_names(&check.default_request).into_iter().collect();
        if !required.is_subset(&default) {
            failures.push(format!(
                "{}: default request sends query {default:?}, missing required {required:?}",
                y.id
            ));
        }
        if !default.iter().all(|name| all.contains(name)) {
            failures.push(format!(
                "{}: default request sends query {default:?} outside the contract",
                y.id
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn op_struct_bodies_are_the_contracts_request_bodies() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let y = yaml_op(check.operation.id);
        let Some(request_body) = y.op.get("requestBody") else {
            for (which, request) in [
                ("default", &check.default_request),
                ("filled", &check.filled_request),
            ] {
                if request.body != Body::Empty {
                    failures.push(format!(
                        "{}: the contract has no request body, the {which} request sends {:?}",
                        y.id, request.body
                    ));
                }
            }
            continue;
        };
        let body_required = request_body
            .get("required")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let content = request_body["content"].as_object().unwrap();
        assert_eq!(content.len(), 1, "{}: one content type expected", y.id);
        let (content_type, media) = content.iter().next().unwrap();
        let schema = match media["schema"].get("$ref").and_then(Value::as_str) {
            Some(reference) => resolve(schemas(), reference).1,
            None => &media["schema"],
        };
        let properties: BTreeSet<&str> = schema["properties"]
            .as_object()
            .map(|p| p.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let required = required_of(schema);
        let mut requests = vec![("filled", &check.filled_request)];
        if body_required {
            requests.push(("default", &check.default_request));
        }
        for (which, request) in requests {
            let keys: BTreeSet<String> = match (content_type.as_str(), &request.body) {
                ("application/json", Body::Json(text)) => match serde_json::from_str::<Value>(text)
                {
                    Ok(Value::Object(object)) => object.keys().cloned().collect(),
                    other => {
                        failures.push(format!(
                            "{}: {which} body is not a JSON object: {other:?}",
                            y.id
                        ));
                        continue;
                    }
                },
                ("multipart/form-data", Body::Multipart(parts)) => {
                    parts.iter().map(|p| p.name.clone()).collect()
                }
                (_, body) => {
                    failures.push(format!(
                        "{}: the contract sends {content_type}, the {which} request {body:?}",
                        y.id
                    ));
                    continue;
                }
            };
            let keys: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
            if !keys.is_subset(&properties) {
                failures.push(format!("{}: {which} body keys {keys:?} are not all properties of the contract's {properties:?}", y.id));
            }
            if !required.is_subset(&keys) {
                failures.push(format!(
                    "{}: {which} body keys {keys:?} miss required {required:?}",
                    y.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn op_structs_decode_the_contracts_success_responses() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let y = yaml_op(check.operation.id);
        let responses = y.op["responses"].as_object().unwrap();
        let success: Vec<(&String, &Value)> = responses
            .iter()
            .filter(|(code, _)| code.starts_with('2'))
            .collect();
        assert_eq!(success.len(), 1, "{}: one success response expected", y.id);
        let (code, response) = success[0];
        let status: u16 = code.parse().unwrap();
        let schema = response.pointer("/content/application~1json/schema");
        let has_location = response.pointer("/headers/Location").is_some();
        let location = "https://app.phasetwo.io/auth/realms/self/deployments/d123";
        let mut bodies = Vec::new();
        match schema {
            Some(schema) => {
                bodies.push(
                    sample(schemas(), schema, y.id.as_str(), "response", Fill::Every, 0)
                        .to_string(),
                );
                bodies.push(
                    sample(
                        schemas(),
                        schema,
                        y.id.as_str(),
                        "response",
                        Fill::RequiredOnly,
                        0,
                    )
                    .to_string(),
                );
            }
            None => bodies.push(String::new()),
        }
        for body in bodies {
            let reply = Reply {
                status,
                location: has_location.then_some(location),
                body: &body,
            };
            if let Err(e) = (check.decode)(reply) {
                failures.push(format!(
                    "{}: cannot decode the contract's {code} response {body:?}: {e}",
                    y.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// Spot checks with exact strings.

#[test]
fn cluster_detail_percent_encodes_its_id() {
    let request = ClusterDetail { id: "c/1 x".into() }.request();
    assert_eq!(request.path_and_query(), "/clusters/c%2F1%20x");
    assert_eq!(request.method(), Method::Get);
    assert_eq!(ClusterDetail::OPERATION, &catalogue::CLUSTER_DETAIL);
    let request = ClusterExtensionVersionConfirm {
        id: "c 1".into(),
        extension_id: "ext/ä".into(),
        version_id: "v%1".into(),
        body: ExtensionVersionLocationValidationRequest {
            resource_key: "k/1.jar".into(),
        },
    }
    .request();
    assert_eq!(
        request.path_and_query(),
        "/clusters/c%201/extensions/ext%2F%C3%A4/versions/v%251/confirm"
    );
    assert_eq!(request.method(), Method::Put);
    assert_eq!(
        request.body,
        Body::Json(r#"{"resource_key":"k/1.jar"}"#.into())
    );
}

#[test]
fn log_detail_encodes_the_file_path_as_one_segment() {
    let request = ClusterLogDetail {
        id: "c1".into(),
        path: LOG_PATH.into(),
        minutes: Some(10),
    }
    .request();
    assert_eq!(ClusterLogDetail::OPERATION, &catalogue::CLUSTER_LOG_DETAIL);
    assert_eq!(
        request.path_and_query(),
        "/clusters/c1/logs/2026%2F09%2F01%2Fkeycloak.log.gz?minutes=10"
    );
    assert_eq!(
        catalogue::CLUSTER_LOG_DETAIL.match_path(&request.path),
        Some(vec!["c1".to_string(), LOG_PATH.to_string()])
    );
    let request = ClusterLogDetail {
        id: "c1".into(),
        path: LOG_PATH.into(),
        minutes: None,
    }
    .request();
    assert_eq!(
        request.path_and_query(),
        "/clusters/c1/logs/2026%2F09%2F01%2Fkeycloak.log.gz"
    );
}

#[test]
fn log_list_sends_its_query_in_contract_order() {
    let request = ClusterLogList {
        id: "c1".into(),
        from: Some("2026-09-01T00:00:00Z".into()),
        max: Some(20),
        start: Some(40),
        to: None,
    }
    .request();
    assert_eq!(ClusterLogList::OPERATION, &catalogue::CLUSTER_LOG_LIST);
    assert_eq!(
        request.path_and_query(),
        "/clusters/c1/logs?from=2026-09-01T00%3A00%3A00Z&max=20&start=40"
    );
    assert_eq!(
        ClusterLogList {
            id: "c1".into(),
            ..Default::default()
        }
        .request()
        .path_and_query(),
        "/clusters/c1/logs"
    );
}

#[test]
fn name_availability_sends_the_name_as_query() {
    let request = ClusterNameAvailabilityCheck {
        name: "acme prod/1".into(),
    }
    .request();
    assert_eq!(
        ClusterNameAvailabilityCheck::OPERATION,
        &catalogue::CLUSTER_NAMEAVAILABILITY_CHECK
    );
    assert_eq!(
        request.path_and_query(),
        "/clusters/name-available?name=acme%20prod%2F1"
    );
    let request = ClusterNameAvailabilityCheck {
        name: "a&b=c#d".into(),
    }
    .request();
    assert_eq!(
        request.path_and_query(),
        "/clusters/name-available?name=a%26b%3Dc%23d"
    );
    // Required: sent even when empty.
    assert_eq!(
        ClusterNameAvailabilityCheck::default()
            .request()
            .path_and_query(),
        "/clusters/name-available?name="
    );
    let request = ClusterDeploymentNameAvailabilityCheck {
        id: "c1".into(),
        name: "tenant acme".into(),
    }
    .request();
    assert_eq!(
        request.path_and_query(),
        "/clusters/c1/deployments/name-available?name=tenant%20acme"
    );
}

#[test]
fn extension_list_filters_by_resource_type() {
    assert_eq!(
        ClusterExtensionList::OPERATION,
        &catalogue::CLUSTER_EXTENSION_LIST
    );
    let list = |t: Option<ResourceType>| {
        ClusterExtensionList {
            id: "c1".into(),
            r#type: t,
        }
        .request()
        .path_and_query()
    };
    assert_eq!(list(None), "/clusters/c1/extensions");
    assert_eq!(
        list(Some(ResourceType::Theme)),
        "/clusters/c1/extensions?type=THEME"
    );
    assert_eq!(
        list(Some(ResourceType::PasswordBlacklist)),
        "/clusters/c1/extensions?type=PASSWORD_BLACKLIST"
    );
    assert_eq!(
        list(Some(ResourceType::WellKnown)),
        "/clusters/c1/extensions?type=WELL_KNOWN"
    );
    assert_eq!(
        list(Some(ResourceType::Unknown("NEW KIND".into()))),
        "/clusters/c1/extensions?type=NEW%20KIND"
    );
}

#[test]
fn deployment_list_search_is_optional() {
    let list = |s: Option<&str>| {
        ClusterDeploymentList {
            id: "c1".into(),
            search: s.map(str::to_string),
        }
        .request()
        .path_and_query()
    };
    assert_eq!(list(None), "/clusters/c1/deployments");
    assert_eq!(
        list(Some("acme co")),
        "/clusters/c1/deployments?search=acme%20co"
    );
}

#[test]
fn deployment_import_is_multipart_with_file_and_deployment_name() {
    let realm = br#"{"realm":"acme","enabled":true}"#.to_vec();
    let request = ClusterDeploymentImport {
        id: "c/1".into(),
        file: Part::file(
            "file",
            "realm-export.json",
            "application/json",
            realm.clone(),
        ),
        deployment_name: "tenant-acme".into(),
    }
    .request();
    assert_eq!(
        ClusterDeploymentImport::OPERATION,
        &catalogue::CLUSTER_DEPLOYMENT_IMPORT
    );
    assert_eq!(request.method(), Method::Post);
    assert_eq!(
        request.path_and_query(),
        "/clusters/c%2F1/deployments/import"
    );
    let Body::Multipart(parts) = &request.body else {
        panic!("import should send multipart, got {:?}", request.body)
    };
    let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["file", "deployment-name"]);
    assert_eq!(parts[0].filename.as_deref(), Some("realm-export.json"));
    assert_eq!(parts[0].content_type.as_deref(), Some("application/json"));
    assert_eq!(parts[0].data, realm);
    assert_eq!(parts[1].data, b"tenant-acme");
    assert_eq!(parts[1].filename, None);
    // The part is named by the contract, not by the caller's `Part`.
    let renamed = ClusterDeploymentImport {
        id: "c1".into(),
        file: Part::file("upload", "realm.json", "application/json", realm.clone()),
        deployment_name: "t".into(),
    }
    .request();
    let Body::Multipart(parts) = &renamed.body else {
        panic!("multipart expected")
    };
    assert_eq!(parts[0].name, "file");
    assert_eq!(parts[0].filename.as_deref(), Some("realm.json"));
    // The part names the contract requires.
    let schema = &yaml_op("cluster.deployment.import").op["requestBody"]["content"]["multipart/form-data"]
        ["schema"];
    assert_eq!(
        required_of(schema),
        BTreeSet::from(["file", "deployment-name"])
    );
}

#[test]
fn optional_bodies_are_omitted_when_none() {
    assert_eq!(
        ClusterCheckoutResume {
            id: "c1".into(),
            body: None
        }
        .request()
        .body,
        Body::Empty
    );
    assert_eq!(
        OrgBillingPortalSessionCreate {
            org_id: "o1".into(),
            body: None
        }
        .request()
        .body,
        Body::Empty
    );
    assert_eq!(
        ClusterWellKnownChangePasswordSet {
            id: "c1".into(),
            extension_id: "e1".into(),
            body: None
        }
        .request()
        .body,
        Body::Empty
    );
    let request = ClusterCheckoutResume {
        id: "c1".into(),
        body: Some(ResumeCheckoutRequest {
            price_id: None,
            billing_period: Some(BillingPeriod::Annual),
        }),
    }
    .request();
    assert_eq!(
        request.body,
        Body::Json(r#"{"billing_period":"annual"}"#.into())
    );
}

#[test]
fn ip_rule_update_is_a_post() {
    assert_eq!(
        ClusterIpRuleUpdate::OPERATION,
        &catalogue::CLUSTER_IPRULE_UPDATE
    );
    let request = ClusterIpRuleUpdate {
        id: "c1".into(),
        body: IpRestrictionsRequest {
            realm_blocked_ip_rules: Some(vec![]),
            ..Default::default()
        },
    }
    .request();
    assert_eq!(request.method(), Method::Post);
    assert_eq!(request.path_and_query(), "/clusters/c1/ip-rules");
    // `[]` clears a category; omitted categories are left unchanged, so not sent.
    assert_eq!(
        request.body,
        Body::Json(r#"{"realmBlockedIpRules":[]}"#.into())
    );
}
