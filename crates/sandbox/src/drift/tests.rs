use super::conform::problems;
use super::schema::{schemas, target};
use super::vary::{Changes, Kind, PADDED, Rng, vary_answer};
use super::*;
use serde_json::{Map, json};

/// An answer of `schema` with every property filled, enums at their first value.
fn sample(schema: &Value, depth: usize) -> Value {
    let (_, s) = target(schema);
    if let Some(listed) = s["enum"].as_array() {
        return listed[0].clone();
    }
    if let Some(properties) = s["properties"].as_object() {
        let mut object = Map::new();
        if depth < 6 {
            for (key, property) in properties {
                object.insert(key.clone(), sample(property, depth + 1));
            }
        }
        // `id`s are strings where the contract has them, so lists can be padded.
        return Value::Object(object);
    }
    match s["type"].as_str().or(schema["type"].as_str()) {
        Some("array") => match s.get("items") {
            Some(items) if depth < 6 => json!([sample(items, depth + 1), sample(items, depth + 1)]),
            _ => json!([]),
        },
        Some("integer") => json!(7),
        Some("number") => json!(1.5),
        Some("boolean") => json!(false),
        Some("object") => json!({}),
        _ => json!("text"),
    }
}

fn every_answer() -> Vec<(String, &'static Value)> {
    let index = schemas();
    assert!(index.len() > 50, "the index holds the contract's schemas");
    let mut answers = Vec::new();
    for method in ["GET", "POST", "PUT", "DELETE"] {
        for op in cluster_api::catalogue::every().filter(|op| op.method.as_str() == method) {
            for status in [200, 201] {
                if let Some(schema) = super::schema::response(method, op.path, status) {
                    answers.push((format!("{} {status}", op.id), schema));
                }
            }
        }
    }
    answers
}

#[test]
fn varied_answers_keep_required_fields_types_and_closed_enums_across_seeds() {
    let answers = every_answer();
    assert!(answers.len() > 50, "only {} answers with a schema", answers.len());
    let mut kinds = BTreeSet::new();
    let mut failures = Vec::new();
    for (what, schema) in &answers {
        let original = sample(schema, 0);
        assert!(
            problems(&original, schema, what).is_empty(),
            "{what}: the sample itself: {:?}",
            problems(&original, schema, what)
        );
        for seed in 0..40u64 {
            let mut value = original.clone();
            let mut changes = Changes::new();
            vary_answer(&mut value, schema, &mut Rng::new(seed ^ hash(what)), &mut changes);
            kinds.extend(changes.iter().map(|(kind, _)| kind.name()));
            for problem in problems(&value, schema, what) {
                failures.push(format!("{what}, seed {seed}: {problem}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    for kind in
        [Kind::OmittedOptional, Kind::ExtraField, Kind::UnknownEnum, Kind::EmptyList, Kind::PaddedList]
    {
        assert!(kinds.contains(kind.name()), "{} never happened: {kinds:?}", kind.name());
    }
}

#[test]
fn unknown_enum_values_only_in_the_open_enums() {
    for (what, schema) in every_answer() {
        for seed in 0..20u64 {
            let mut value = sample(schema, 0);
            let mut changes = Changes::new();
            vary_answer(&mut value, schema, &mut Rng::new(seed), &mut changes);
            for (kind, where_) in changes.iter().filter(|(k, _)| *k == Kind::UnknownEnum) {
                assert!(
                    OPEN_ENUMS
                        .iter()
                        .any(|open| where_.starts_with(&format!("{} = {}", open.schema, open.value))),
                    "{what}: {} at {where_}",
                    kind.name()
                );
            }
        }
    }
    // Each open enum exists in the contract where it is said to be.
    for open in OPEN_ENUMS {
        let (name, property) = open.schema.split_once('.').unwrap_or((open.schema, ""));
        let schema = &schemas()[name];
        if property.is_empty() {
            let listed = schema["enum"].as_array().expect("an enum");
            assert!(!listed.iter().any(|v| v == open.value), "{} already lists {}", open.schema, open.value);
        } else {
            assert_eq!(schema["properties"][property]["type"], "string", "{}", open.schema);
        }
    }
}

#[test]
fn the_same_seed_varies_the_same_way() {
    let schema = super::schema::response("GET", "/clusters", 200).expect("cluster.list");
    let run = |seed: u64| {
        (0..30)
            .map(|n| {
                let mut value = sample(schema, 0);
                vary_answer(&mut value, schema, &mut Rng::new(seed ^ n), &mut Changes::new());
                value
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn padded_items_are_aliases_of_real_ones() {
    let schema = super::schema::response("GET", "/clusters", 200).expect("cluster.list");
    let padded = (0..200u64)
        .find_map(|seed| {
            let mut value = sample(schema, 0);
            let mut changes = Changes::new();
            vary_answer(&mut value, schema, &mut Rng::new(seed), &mut changes);
            changes.iter().any(|(k, _)| *k == Kind::PaddedList).then_some(value)
        })
        .expect("some seed pads the cluster list");
    let items = padded.as_array().expect("a list");
    assert_eq!(items.len(), PADDED);
    for item in &items[2..] {
        let id = item["id"].as_str().expect("an id");
        assert_eq!(unalias(id), Some("text"), "{id}");
    }
    assert_eq!(unalias("abc"), None);
    assert_eq!(unalias("--drift-3"), None);
    assert_eq!(unalias("abc--drift-x"), None);
}
