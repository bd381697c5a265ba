//! The app-association ("well-known") files the service publishes for a WELL_KNOWN
//! extension, and the JSON shape each operating system expects. Shared so the console
//! refuses a bad file before uploading it with the very words the service would use.

use serde_json::Value;

pub const AASA: &str = "apple-app-site-association";
pub const ASSETLINKS: &str = "assetlinks.json";
/// The only files the service publishes, in the order `WellKnown.files` lists them.
pub const FILES: [&str; 2] = [AASA, ASSETLINKS];

/// How a JSON value reads in a message ("a string", "an array"…); the sandbox's strict
/// body check uses it too.
pub fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Apple fetches an object with `applinks` (universal links) and/or `webcredentials`
/// (shared passwords), each itself an object.
fn check_aasa(value: &Value) -> Result<(), String> {
    let Value::Object(map) = value else {
        return Err(format!(
            "{AASA} must be a JSON object with applinks and/or webcredentials; found {}.",
            json_kind(value)
        ));
    };
    let present: Vec<&str> =
        ["applinks", "webcredentials"].into_iter().filter(|k| map.contains_key(*k)).collect();
    if present.is_empty() {
        let keys: Vec<&str> = map.keys().map(String::as_str).collect();
        let found =
            if keys.is_empty() { "an empty object".to_string() } else { format!("only {}", keys.join(", ")) };
        return Err(format!("{AASA} must have an applinks or webcredentials key; found {found}."));
    }
    for key in present {
        if let Some(inner) = map.get(key).filter(|v| !v.is_object()) {
            return Err(format!("{AASA}: {key} must be an object; found {}.", json_kind(inner)));
        }
    }
    Ok(())
}

/// Android fetches a non-empty array of statements, each with a `relation` array and a
/// `target` object.
fn check_assetlinks(value: &Value) -> Result<(), String> {
    let Value::Array(statements) = value else {
        return Err(format!("{ASSETLINKS} must be a JSON array of statements; found {}.", json_kind(value)));
    };
    if statements.is_empty() {
        return Err(format!("{ASSETLINKS} must contain at least one statement; found an empty array."));
    }
    for (i, statement) in statements.iter().enumerate() {
        let n = i + 1;
        let Value::Object(map) = statement else {
            return Err(format!(
                "Statement {n} of {ASSETLINKS} must be an object; found {}.",
                json_kind(statement)
            ));
        };
        match map.get("relation") {
            Some(Value::Array(_)) => {}
            Some(other) => {
                return Err(format!(
                    "Statement {n} of {ASSETLINKS}: relation must be an array; found {}.",
                    json_kind(other)
                ));
            }
            None => {
                return Err(format!("Statement {n} of {ASSETLINKS} has no relation (an array of strings)."));
            }
        }
        match map.get("target") {
            Some(Value::Object(_)) => {}
            Some(other) => {
                return Err(format!(
                    "Statement {n} of {ASSETLINKS}: target must be an object; found {}.",
                    json_kind(other)
                ));
            }
            None => return Err(format!("Statement {n} of {ASSETLINKS} has no target (an object).")),
        }
    }
    Ok(())
}

/// Whether `bytes` are what the OS expects for `file`; the message says what is wrong.
pub fn check_shape(file: &str, bytes: &[u8]) -> Result<(), String> {
    if !FILES.contains(&file) {
        return Err(format!("{file} is not an app-association file; the files are {AASA} and {ASSETLINKS}."));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(format!("The uploaded {file} is empty; upload its JSON content."));
    }
    let value: Value =
        serde_json::from_slice(bytes).map_err(|e| format!("The uploaded {file} is not valid JSON: {e}."))?;
    match file {
        AASA => check_aasa(&value),
        _ => check_assetlinks(&value),
    }
}
