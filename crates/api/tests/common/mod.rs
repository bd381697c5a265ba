//! Helpers shared by the `contract` and `shapes` test crates (each includes this file
//! with `#[path = "../common/mod.rs"] mod common;`).

use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

/// A `Location` header as the service sends it after creating deployment `d123`.
pub const DEPLOYMENT_LOCATION: &str = "https://app.phasetwo.io/auth/realms/self/deployments/d123";

/// Reads `value` as `T` and writes it back: the typed value and the JSON it serializes
/// to. The error says which direction failed.
pub fn reencode<T: Serialize + DeserializeOwned>(value: Value) -> Result<(T, Value), String> {
    let typed: T = serde_json::from_value(value).map_err(|e| format!("deserialize: {e}"))?;
    let back = serde_json::to_value(&typed).map_err(|e| format!("serialize: {e}"))?;
    Ok((typed, back))
}
