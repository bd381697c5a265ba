//! App-association ("well-known") files of a WELL_KNOWN extension: which files exist,
//! the JSON shape each operating system expects, and the `WellKnown` view.

use super::extensions::ExtensionRecord;
use crate::records::ClusterRecord;
use cluster_api::{WellKnown, WellKnownFile};
use serde_json::Value;

pub const AASA: &str = "apple-app-site-association";
pub const ASSETLINKS: &str = "assetlinks.json";
/// The only files the service publishes, in the order `WellKnown.files` lists them.
pub const FILES: &[&str] = &[AASA, ASSETLINKS];

/// How long a published change takes to reach the edge, as the service reports it.
pub const PROPAGATION_SECONDS: i32 = 60;

/// 404's message for a `{file}` that is not one of [`FILES`].
pub fn file_problem(file: &str) -> Option<String> {
    (!FILES.contains(&file)).then(|| {
        format!("There is no well-known file named {file:?}; the files are {AASA} and {ASSETLINKS}.")
    })
}

fn kind(value: &Value) -> &'static str {
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
            kind(value)
        ));
    };
    let present: Vec<&str> = ["applinks", "webcredentials"].into_iter().filter(|k| map.contains_key(*k)).collect();
    if present.is_empty() {
        let keys: Vec<&str> = map.keys().map(String::as_str).collect();
        let found = if keys.is_empty() { "an empty object".to_string() } else { format!("only {}", keys.join(", ")) };
        return Err(format!("{AASA} must have an applinks or webcredentials key; found {found}."));
    }
    for key in present {
        if let Some(inner) = map.get(key).filter(|v| !v.is_object()) {
            return Err(format!("{AASA}: {key} must be an object; found {}.", kind(inner)));
        }
    }
    Ok(())
}

/// Android fetches a non-empty array of statements, each with a `relation` array and a
/// `target` object.
fn check_assetlinks(value: &Value) -> Result<(), String> {
    let Value::Array(statements) = value else {
        return Err(format!("{ASSETLINKS} must be a JSON array of statements; found {}.", kind(value)));
    };
    if statements.is_empty() {
        return Err(format!("{ASSETLINKS} must contain at least one statement; found an empty array."));
    }
    for (i, statement) in statements.iter().enumerate() {
        let n = i + 1;
        let Value::Object(map) = statement else {
            return Err(format!("Statement {n} of {ASSETLINKS} must be an object; found {}.", kind(statement)));
        };
        match map.get("relation") {
            Some(Value::Array(_)) => {}
            Some(other) => {
                return Err(format!("Statement {n} of {ASSETLINKS}: relation must be an array; found {}.", kind(other)));
            }
            None => return Err(format!("Statement {n} of {ASSETLINKS} has no relation (an array of strings).")),
        }
        match map.get("target") {
            Some(Value::Object(_)) => {}
            Some(other) => {
                return Err(format!("Statement {n} of {ASSETLINKS}: target must be an object; found {}.", kind(other)));
            }
            None => return Err(format!("Statement {n} of {ASSETLINKS} has no target (an object).")),
        }
    }
    Ok(())
}

/// Whether `bytes` are what the OS expects for `file`; the message says what is wrong.
pub fn check_shape(file: &str, bytes: &[u8]) -> Result<(), String> {
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

/// The value `changePassword.set` stores: `None` clears. 400's message for a value that
/// is not an http(s) URL.
pub fn change_password_url(value: Option<&str>) -> Result<Option<String>, String> {
    let Some(url) = value.map(str::trim).filter(|url| !url.is_empty()) else {
        return Ok(None);
    };
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(rest) if !rest.is_empty() && !rest.starts_with('/') && !url.contains(char::is_whitespace) => {
            Ok(Some(url.to_string()))
        }
        _ => Err(format!(
            "change_password_url must be an http(s) URL such as https://example.com/account/password; got {url:?}. \
             Send an empty value to clear it."
        )),
    }
}

/// The host the files are served on: the custom domain when there is one, else the
/// cluster's own host without its scheme.
pub fn domain(cluster: &ClusterRecord) -> String {
    cluster.domain.clone().unwrap_or_else(|| {
        let host = cluster.host();
        host.split_once("://").map_or(host.clone(), |(_, rest)| rest.to_string())
    })
}

/// The `WellKnown` view; `published` pairs a file with its confirmed resource key.
pub fn view(cluster: &ClusterRecord, extension: &ExtensionRecord, published: &[(String, String)]) -> WellKnown {
    let domain = domain(cluster);
    let files = FILES
        .iter()
        .map(|name| {
            let key = published.iter().find(|(file, _)| file == name).map(|(_, key)| key.clone());
            WellKnownFile {
                name: Some(name.to_string()),
                url: Some(format!("https://{domain}/.well-known/{name}")),
                uploaded: Some(key.is_some()),
                resource_key: key,
            }
        })
        .collect();
    WellKnown {
        domain: Some(domain),
        files: Some(files),
        change_password_url: extension.change_password_url.clone(),
        propagation_seconds: Some(PROPAGATION_SECONDS),
    }
}

#[cfg(test)]
#[path = "well_known_tests.rs"]
mod tests;
