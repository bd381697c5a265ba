//! Whether an answer keeps to its schema as drift must: every required property present,
//! every value of its schema's type, and enum values listed, or an open enum's drift value.
//! The drift tests (unit and HTTP) read answers through it.

use super::open_enums::open_enum;
use super::schema::{required, target};
use serde_json::Value;

/// Everything in `value` that breaks `schema`, each with where it is.
pub fn problems(value: &Value, schema: &Value, at: &str) -> Vec<String> {
    let mut found = Vec::new();
    check(value, schema, at, &mut found);
    found
}

fn check(value: &Value, schema: &Value, at: &str, found: &mut Vec<String>) {
    let (name, resolved) = target(schema);
    let kind = resolved["type"].as_str().or(schema["type"].as_str());
    let object_like = kind == Some("object") || resolved.get("properties").is_some();
    if object_like {
        let Some(object) = value.as_object() else {
            found.push(format!("{at}: {value} is not an object"));
            return;
        };
        let label = name.unwrap_or(at);
        for key in required(resolved) {
            if !object.contains_key(key) {
                found.push(format!("{label}.{key}: required, missing"));
            }
        }
        let properties = resolved["properties"].as_object();
        for (key, item) in object {
            match properties.and_then(|p| p.get(key)) {
                Some(property) => check(item, property, &format!("{label}.{key}"), found),
                None => {
                    if let Some(values) = resolved.get("additionalProperties").filter(|s| s.is_object()) {
                        check(item, values, &format!("{label}[{key}]"), found)
                    }
                }
            }
        }
        return;
    }
    let typed = match kind {
        Some("array") => value.is_array(),
        Some("string") => value.is_string(),
        Some("integer") => value.is_i64() || value.is_u64(),
        Some("number") => value.is_number(),
        Some("boolean") => value.is_boolean(),
        _ => true,
    };
    if !typed {
        found.push(format!("{at}: {value} is not of type {}", kind.unwrap_or("?")));
        return;
    }
    if let (Some(items), Some(schema)) = (value.as_array(), resolved.get("items")) {
        for item in items {
            check(item, schema, at, found);
        }
    }
    if let (Some(text), Some(listed)) = (value.as_str(), resolved["enum"].as_array()) {
        let open = open_enum(name, at).is_some_and(|open| open.value == text);
        if !open && !listed.iter().any(|v| v.as_str() == Some(text)) {
            found.push(format!("{at}: {text:?} is outside {}", name.unwrap_or("its enum")));
        }
    }
}
