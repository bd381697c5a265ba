//! Serde round-trips of the contract's tricky shapes, with literal JSON as API-NOTES
//! (§2.4, §2.5, §5, §8) describes it.

#[path = "../common/mod.rs"]
mod common;

mod camel_case;
mod creation;
mod enums;
mod errors;
mod ip_rules;
mod regions;
mod replies;
mod resource_keys;
mod timestamps;

use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Value, json};

/// Parses `value` as `T`, checks it serializes back to exactly `value`, returns the `T`.
#[track_caller]
fn round_trip<T: Serialize + DeserializeOwned>(value: Value) -> T {
    let (typed, back) = common::reencode::<T>(value.clone())
        .unwrap_or_else(|e| panic!("{} does not accept {value}: {e}", std::any::type_name::<T>()));
    assert_eq!(back, value, "{} does not round-trip unchanged", std::any::type_name::<T>());
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
