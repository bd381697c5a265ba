//! Sample values built from schemas, and the diff of what was sent against what came
//! back from a round-trip.

use serde_json::{Map, Value, json};

use crate::yaml::{required_of, resolve};

/// The values of `ScanState`: `ExtensionVersion.scan_state` is a plain string in the
/// YAML, but its description lists these and the crate types it as an enum.
pub const SCAN_STATES: [&str; 6] = ["UNSCANNED", "SCANNING", "PASS", "WARN", "BLOCK", "ERROR"];

/// Values the YAML cannot give: (schema, property) → sample.
fn property_override(owner: &str, property: &str) -> Option<Value> {
    match (owner, property) {
        // Not the first value, so a field that silently defaulted would show.
        ("ExtensionVersion", "scan_state") => Some(json!(SCAN_STATES[3])),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// Every property the schema lists.
    Every,
    /// Only the `required` ones (recursively).
    RequiredOnly,
}

pub fn is_enum(schema: &Value) -> bool {
    schema.get("enum").is_some()
}

pub fn is_object(schema: &Value) -> bool {
    schema.get("properties").is_some() || schema.get("type").and_then(Value::as_str) == Some("object")
}

/// A type-appropriate sample of `schema`. `owner` names the schema the value belongs to
/// (for overrides and messages), `property` the property it fills.
pub fn sample(
    schemas: &Map<String, Value>,
    schema: &Value,
    owner: &str,
    property: &str,
    fill: Fill,
    depth: usize,
) -> Value {
    assert!(depth < 24, "schema nesting too deep at {owner}.{property} (a cycle?)");
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let (name, target) = resolve(schemas, reference);
        return sample(schemas, target, name, property, fill, depth + 1);
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let mut samples = parts.iter().map(|part| sample(schemas, part, owner, property, fill, depth + 1));
        let first = samples.next().unwrap_or_else(|| panic!("{owner}.{property}: empty allOf"));
        return samples.fold(first, |merged, next| match (merged, next) {
            (Value::Object(mut a), Value::Object(b)) => {
                a.extend(b);
                Value::Object(a)
            }
            (a, b) => panic!("{owner}.{property}: cannot merge allOf parts {a} and {b}"),
        });
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values.first().cloned().unwrap_or_else(|| panic!("{owner}: empty enum"));
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
                sample(schemas, property_schema, &nested_owner, name, fill, depth + 1)
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
            let items =
                schema.get("items").unwrap_or_else(|| panic!("{owner}.{property}: array without items"));
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

/// Describes every way `got` differs from `sent`, by JSON path.
pub fn diff(path: &str, sent: &Value, got: &Value, out: &mut Vec<String>) {
    match (sent, got) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                match b.get(key) {
                    None => out.push(format!(
                        "{path}.{key} was lost in the round-trip (the Rust type has no field with this wire \
                         name)"
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
