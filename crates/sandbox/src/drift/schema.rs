//! The drift layer's view of the contract: for each operation, the schema of its 2xx JSON
//! answers, and the named schemas they refer to, projected from `openapi-v2-next.yaml` into
//! `contract.json` (descriptions and examples left out). The sandbox has no YAML reader and
//! the contract lives outside the repository, so the projection is checked in; the test
//! below regenerates it from the YAML (`DRIFT_INDEX_WRITE=1`) and fails when it is stale.

use serde_json::{Map, Value};
use std::sync::OnceLock;

const INDEX: &str = include_str!("contract.json");

fn index() -> &'static Value {
    static PARSED: OnceLock<Value> = OnceLock::new();
    // A checked-in file that the test below parses: it cannot fail at run time unless the
    // file was edited by hand, and then drift varies nothing rather than crashing.
    PARSED.get_or_init(|| serde_json::from_str(INDEX).unwrap_or(Value::Null))
}

/// The named schemas (`components.schemas`).
pub fn schemas() -> &'static Map<String, Value> {
    static EMPTY: OnceLock<Map<String, Value>> = OnceLock::new();
    index()["schemas"].as_object().unwrap_or_else(|| EMPTY.get_or_init(Map::new))
}

/// The schema of the `status` answer of `METHOD template`, if the contract gives one.
pub fn response(method: &str, template: &str, status: u16) -> Option<&'static Value> {
    index()["responses"].get(format!("{method} {template}"))?.get(status.to_string())
}

/// Follows `$ref` (and a lone `allOf: [$ref]`, how the contract types enum properties):
/// the referenced schema's name, if any, and the schema itself.
pub fn target(schema: &Value) -> (Option<&str>, &Value) {
    let reference = schema["$ref"].as_str().or_else(|| match schema["allOf"].as_array() {
        Some(all) if all.len() == 1 => all[0]["$ref"].as_str(),
        _ => None,
    });
    match reference.and_then(|r| r.strip_prefix("#/components/schemas/")) {
        Some(name) => match schemas().get(name) {
            Some(found) => (Some(name), found),
            None => (None, schema),
        },
        None => (None, schema),
    }
}

/// The schema's `required` list.
pub fn required(schema: &Value) -> Vec<&str> {
    schema["required"].as_array().map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// `$CONTRACT_DIR`, or `shared/reference` beside the checkout (as crates/api's contract
    /// tests find it).
    fn contract_path() -> PathBuf {
        match std::env::var_os("CONTRACT_DIR") {
            Some(dir) => PathBuf::from(dir).join("openapi-v2-next.yaml"),
            None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/reference/openapi-v2-next.yaml"),
        }
    }

    /// Drops prose (descriptions, examples, titles, summaries), keeping every property,
    /// even one named like them.
    fn strip(value: &Value, in_properties: bool) -> Value {
        match value {
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(k, _)| {
                        in_properties
                            || !["description", "example", "examples", "title", "summary"]
                                .contains(&k.as_str())
                    })
                    .map(|(k, v)| (k.clone(), strip(v, !in_properties && k == "properties")))
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(|v| strip(v, false)).collect()),
            other => other.clone(),
        }
    }

    fn project(spec: &Value) -> Value {
        let mut responses = Map::new();
        for (path, item) in spec["paths"].as_object().expect("the contract has paths") {
            for method in ["get", "post", "put", "delete"] {
                let Some(answers) = item[method]["responses"].as_object() else { continue };
                let mut by_status = Map::new();
                for (status, answer) in answers {
                    let schema = &answer["content"]["application/json"]["schema"];
                    if status.starts_with('2') && !schema.is_null() {
                        by_status.insert(status.clone(), strip(schema, false));
                    }
                }
                if !by_status.is_empty() {
                    responses.insert(format!("{} {path}", method.to_uppercase()), Value::Object(by_status));
                }
            }
        }
        serde_json::json!({
            "source": "openapi-v2-next.yaml",
            "responses": responses,
            "schemas": strip(&spec["components"]["schemas"], false),
        })
    }

    #[test]
    fn the_index_is_the_projection_of_openapi_v2_next() {
        let path = contract_path();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("the contract {} is unreadable ({e}); set CONTRACT_DIR to its folder", path.display())
        });
        let spec: Value = serde_norway::from_str(&text).expect("openapi-v2-next.yaml is YAML");
        let want = project(&spec);
        if std::env::var_os("DRIFT_INDEX_WRITE").is_some() {
            let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/drift/contract.json");
            std::fs::write(&file, serde_json::to_string_pretty(&want).expect("JSON") + "\n")
                .expect("write the index");
            return;
        }
        let have: Value = serde_json::from_str(INDEX).expect("contract.json is JSON");
        assert!(have == want, "src/drift/contract.json is stale: regenerate it with DRIFT_INDEX_WRITE=1");
        assert!(response("GET", "/clusters", 200).is_some(), "cluster.list's answer is indexed");
        assert!(schemas().contains_key("Cluster"));
    }
}
