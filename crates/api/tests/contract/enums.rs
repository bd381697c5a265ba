//! (b) Schemas, the enums: each Rust enum knows exactly the contract's values and keeps
//! any other one.

use cluster_api::ScanState;
use serde_json::json;

use crate::registry::{Registered, registry};
use crate::samples::SCAN_STATES;
use crate::yaml::schemas;

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
            .map(|v| v.as_str().unwrap_or_else(|| panic!("{name}: non-string enum value {v}")).to_string())
            .collect();
        for value in &values {
            if (fns.is_unknown)(value) {
                failures.push(format!("{name}: contract value {value:?} parses to Unknown"));
            }
            match (fns.round_trip)(json!(value)) {
                Ok(back) if back == json!(value) => {}
                other => failures.push(format!("{name}: {value:?} round-trips to {other:?}")),
            }
        }
        let known = (fns.known)();
        if known.len() != values.len() {
            failures.push(format!("{name}: KNOWN has {} values, the contract {}", known.len(), values.len()));
        }
        if known != values {
            failures.push(format!("{name}: KNOWN is {known:?}, the contract lists {values:?}"));
        }
        let novel = "SURELY_NOT_A_VALUE_yet";
        if !(fns.is_unknown)(novel) {
            failures.push(format!("{name}: {novel:?} should parse to Unknown"));
        }
        match (fns.round_trip)(json!(novel)) {
            Ok(back) if back == json!(novel) => {}
            other => failures.push(format!("{name}: unknown {novel:?} round-trips to {other:?}")),
        }
    }
    assert_eq!(checked, 12, "enum schemas checked");
    assert!(failures.is_empty(), "enum schemas vs Rust enums:\n  {}", failures.join("\n  "));
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
        assert!(!matches!(ScanState::from_wire(state), ScanState::Unknown(_)));
    }
}
