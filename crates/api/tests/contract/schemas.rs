//! (b) Schemas: every YAML schema has a Rust type of the same name that carries every
//! property under its exact wire name, and accepts an object holding only the required
//! ones.

use std::collections::BTreeSet;

use cluster_api::{
    AdminBlockExtensionVersionRequest, ExtensionVersion, Subscription, SystemInfoRepresentation,
};
use cluster_api::{DeploymentCredential, DeploymentCredentialRequest, TelemetryExport};
use serde_json::{Map, Value, json};

use crate::registry::{Registered, registry};
use crate::samples::{Fill, diff, is_enum, is_object, sample};
use crate::yaml::{parse_contract, required_of, schemas, schemas_of};
use crate::{RoundTrip, round_trip};

#[test]
fn every_schema_has_a_registered_type_and_vice_versa() {
    let registry = registry();
    let yaml: BTreeSet<&str> = schemas().keys().map(String::as_str).collect();
    let ours: BTreeSet<&str> = registry.keys().copied().collect();
    let unregistered: Vec<_> = yaml.difference(&ours).collect();
    let stale: Vec<_> = ours.difference(&yaml).collect();
    assert!(unregistered.is_empty(), "YAML schemas with no registered Rust type: {unregistered:?}");
    assert!(stale.is_empty(), "registered types that are not schemas of the contract: {stale:?}");
    assert_eq!(yaml.len(), 56, "openapi-v2.yaml has 56 schemas");
    for (name, schema) in schemas() {
        match &registry[name.as_str()] {
            Registered::Enum(_) => {
                assert!(is_enum(schema), "{name} is registered as an enum but the YAML schema is not one")
            }
            Registered::Object(_) => {
                assert!(is_object(schema), "{name} is registered as an object but the YAML schema is not one")
            }
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
    assert!(failures.is_empty(), "object schemas vs Rust types:\n  {}", failures.join("\n  "));
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
    assert!(failures.is_empty(), "required-only objects:\n  {}", failures.join("\n  "));
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
    assert!(failures.is_empty(), "required properties:\n  {}", failures.join("\n  "));
}

#[test]
fn newer_contract_extras_round_trip() {
    // `Subscription` and `SystemInfoRepresentation` carry optional fields from
    // openapi-v2-next.yaml (where the latter is `ClusterSystemInfoRepresentation`).
    let next: Value = parse_contract("openapi-v2-next.yaml");
    let next_schemas = schemas_of(&next);
    let mut failures = Vec::new();
    for (next_name, round_trip) in [
        ("Subscription", round_trip::<Subscription> as RoundTrip),
        ("ClusterSystemInfoRepresentation", round_trip::<SystemInfoRepresentation>),
        ("DeploymentCredential", round_trip::<DeploymentCredential>),
        ("DeploymentCredentialRequest", round_trip::<DeploymentCredentialRequest>),
        ("TelemetryExport", round_trip::<TelemetryExport>),
        // The staff block fields and the staff operation's body.
        ("ExtensionVersion", round_trip::<ExtensionVersion>),
        ("AdminBlockExtensionVersionRequest", round_trip::<AdminBlockExtensionVersionRequest>),
    ] {
        let schema = &next_schemas[next_name];
        let sent = sample(next_schemas, schema, next_name, next_name, Fill::Every, 0);
        match round_trip(sent.clone()) {
            Ok(got) => diff(next_name, &sent, &got, &mut failures),
            Err(e) => failures.push(format!("{next_name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let subscription: Subscription = serde_json::from_value(
        json!({"id": "sub_1", "status": "past_due", "open_invoice": true, "open_invoice_amount_due": 14900}),
    )
    .unwrap();
    assert_eq!(subscription.open_invoice, Some(true));
    assert_eq!(subscription.open_invoice_amount_due, Some(14900));
}
