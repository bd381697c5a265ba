//! Loading the contract and walking it: operations, parameters, schemas, `$ref`s.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::OnceLock;

use cluster_api::request::BodyKind;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// `../../../shared/reference` from the crate, or `$CONTRACT_DIR` when set (a checkout
/// elsewhere, such as a git worktree, as `scripts/contract-fuzz.sh` takes `$SPEC`).
fn contract_path(file: &str) -> PathBuf {
    match std::env::var_os("CONTRACT_DIR") {
        Some(dir) => PathBuf::from(dir).join(file),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference").join(file),
    }
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

/// The contract `file`, parsed from YAML.
pub fn parse_contract<T: DeserializeOwned>(file: &str) -> T {
    serde_norway::from_str(&read_contract(file)).unwrap_or_else(|e| panic!("{file} is not valid YAML: {e}"))
}

/// The contract as JSON (map order not kept; used for schemas and operation details).
pub fn spec() -> &'static Value {
    static SPEC: OnceLock<Value> = OnceLock::new();
    SPEC.get_or_init(|| parse_contract("openapi-v2.yaml"))
}

pub fn schemas_of(spec: &Value) -> &Map<String, Value> {
    spec.pointer("/components/schemas")
        .and_then(Value::as_object)
        .expect("the contract has components.schemas")
}

pub fn schemas() -> &'static Map<String, Value> {
    schemas_of(spec())
}

const METHODS: [&str; 4] = ["get", "post", "put", "delete"];

/// One operation as the YAML states it.
#[derive(Debug, Clone)]
pub struct YamlOp {
    pub id: String,
    pub method: String,
    pub path: String,
    pub tag: String,
    pub deprecated: bool,
    /// The operation object itself.
    pub op: Value,
    /// Parameters declared on the path item (shared by its operations).
    pub path_params: Vec<Value>,
}

/// Every operation in document order (parsed with an order-keeping YAML value).
pub fn yaml_ops() -> &'static [YamlOp] {
    static OPS: OnceLock<Vec<YamlOp>> = OnceLock::new();
    OPS.get_or_init(|| ops_of("openapi-v2.yaml"))
}

/// Every operation of the later contract, `openapi-v2-next.yaml`, in document order.
pub fn next_yaml_ops() -> &'static [YamlOp] {
    static OPS: OnceLock<Vec<YamlOp>> = OnceLock::new();
    OPS.get_or_init(|| ops_of("openapi-v2-next.yaml"))
}

fn ops_of(file: &str) -> Vec<YamlOp> {
    {
        let doc: serde_norway::Value = parse_contract(file);
        let paths =
            doc.get("paths").and_then(serde_norway::Value::as_mapping).expect("the contract has paths");
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
                let deprecated = op.get("deprecated").and_then(Value::as_bool).unwrap_or(false);
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
    }
}

/// The request body `op` takes, read from its `requestBody`: its one content type, and
/// whether it is `required`.
pub fn body_kind_of(op: &YamlOp) -> BodyKind {
    let Some(body) = op.op.get("requestBody") else { return BodyKind::None };
    let content = body["content"].as_object().expect("a requestBody has content");
    assert_eq!(content.len(), 1, "{}: one content type expected", op.id);
    let required = body.get("required").and_then(Value::as_bool).unwrap_or(false);
    match (content.keys().next().map(String::as_str), required) {
        (Some("application/json"), true) => BodyKind::Json,
        (Some("application/json"), false) => BodyKind::OptionalJson,
        (Some("multipart/form-data"), true) => BodyKind::Multipart,
        other => panic!("{}: a request body this crate cannot state: {other:?}", op.id),
    }
}

pub fn yaml_op(id: &str) -> &'static YamlOp {
    yaml_ops()
        .iter()
        .find(|op| op.id == id)
        .unwrap_or_else(|| panic!("operation {id} is not in the contract"))
}

/// The parameters of `op`, its own and those of its path item.
pub fn params_of(op: &YamlOp) -> Vec<Value> {
    // Operation-level parameters override path-level ones of the same name and location.
    let mut params: Vec<Value> =
        op.op.get("parameters").and_then(Value::as_array).cloned().unwrap_or_default();
    for shared in &op.path_params {
        if !params.iter().any(|p| p["name"] == shared["name"] && p["in"] == shared["in"]) {
            params.push(shared.clone());
        }
    }
    params
}

/// Follows `#/components/schemas/X` to X's schema.
pub fn resolve<'a>(schemas: &'a Map<String, Value>, reference: &str) -> (&'a str, &'a Value) {
    let name = reference
        .strip_prefix("#/components/schemas/")
        .unwrap_or_else(|| panic!("unsupported $ref {reference}"));
    let (key, schema) =
        schemas.get_key_value(name).unwrap_or_else(|| panic!("$ref {reference} names no schema"));
    (key.as_str(), schema)
}

/// The names a schema lists as `required`.
pub fn required_of(schema: &Value) -> BTreeSet<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}
