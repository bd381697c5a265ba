//! Varies one JSON answer within its schema: optional properties left out, unknown
//! properties added (at every level), open enums answered outside their values, and the
//! answer's top-level list emptied or padded. Required properties are never touched and no
//! value changes type.

use super::open_enums::open_enum;
use super::schema::{required, target};
use serde_json::{Map, Value, json};

/// How many items a padded list holds.
pub const PADDED: usize = 500;

/// The suffix of a padded item's ID: `<real id>--drift-<n>` reads and writes the real one
/// (`super::unalias`).
pub const ALIAS: &str = "--drift-";

/// The kinds of variation, by the name `/sandbox/drift` counts them under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    OmittedOptional,
    ExtraField,
    UnknownEnum,
    EmptyList,
    PaddedList,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::OmittedOptional => "omitted_optional",
            Kind::ExtraField => "extra_field",
            Kind::UnknownEnum => "unknown_enum",
            Kind::EmptyList => "empty_list",
            Kind::PaddedList => "padded_list",
        }
    }
}

/// A seeded generator (splitmix64, as `--faults` uses).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = crate::faults::mix(self.0);
        self.0
    }

    fn chance(&mut self, p: f64) -> bool {
        ((self.next() >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// What was varied in one answer: (kind, where) pairs.
pub type Changes = Vec<(Kind, String)>;

/// Varies `value`, an answer of `schema`: the top-level list first, then every object in it.
pub fn vary_answer(value: &mut Value, schema: &Value, rng: &mut Rng, changes: &mut Changes) {
    let (name, resolved) = target(schema);
    let label = name.unwrap_or("answer").to_string();
    if let (Value::Array(items), Some(item_schema)) = (&mut *value, resolved.get("items")) {
        let (item_name, _) = target(item_schema);
        let what = format!("[{}]", item_name.unwrap_or("item"));
        if !items.is_empty() && rng.chance(0.12) {
            items.clear();
            changes.push((Kind::EmptyList, what));
        } else if rng.chance(0.12) && pad(items) {
            changes.push((Kind::PaddedList, what));
        }
    }
    vary(value, schema, &label, rng, changes);
}

/// Pads a list of objects with IDs to [`PADDED`] items: copies of the real ones under
/// aliased IDs, so each padded item's detail (and everything under it) reads the real one.
/// Lists whose items have no string `id` are left alone (their items could not be read back).
fn pad(items: &mut Vec<Value>) -> bool {
    let real: Vec<Value> = items.iter().filter(|item| item["id"].is_string()).cloned().collect();
    if real.is_empty() || real.len() != items.len() {
        return false;
    }
    for n in 0..PADDED.saturating_sub(real.len()) {
        let mut copy = real[n % real.len()].clone();
        let id = copy["id"].as_str().unwrap_or_default().to_string();
        copy["id"] = Value::String(format!("{id}{ALIAS}{n}"));
        items.push(copy);
    }
    true
}

fn vary(value: &mut Value, schema: &Value, at: &str, rng: &mut Rng, changes: &mut Changes) {
    let (name, resolved) = target(schema);
    match value {
        Value::Object(object) => {
            let label = name.unwrap_or(at).to_string();
            vary_object(object, resolved, &label, rng, changes)
        }
        Value::Array(items) => {
            if let Some(item_schema) = resolved.get("items") {
                for item in items {
                    vary(item, item_schema, at, rng, changes);
                }
            }
        }
        Value::String(text) => {
            if let Some(open) = open_enum(name, at)
                && rng.chance(0.3)
            {
                *text = open.value.to_string();
                changes.push((Kind::UnknownEnum, format!("{} = {} at {at}", open.schema, open.value)));
            }
        }
        _ => {}
    }
}

fn vary_object(
    object: &mut Map<String, Value>,
    schema: &Value,
    at: &str,
    rng: &mut Rng,
    changes: &mut Changes,
) {
    let Some(properties) = schema["properties"].as_object() else {
        // A map (`additionalProperties`): its keys are data, so none is added or removed.
        if let Some(values) = schema.get("additionalProperties").filter(|s| s.is_object()) {
            for value in object.values_mut() {
                vary(value, values, at, rng, changes);
            }
        }
        return;
    };
    let required = required(schema);
    for (key, value) in object.iter_mut() {
        if let Some(property) = properties.get(key) {
            vary(value, property, &format!("{at}.{key}"), rng, changes);
        }
    }
    let optional: Vec<String> = object
        .keys()
        .filter(|k| properties.contains_key(*k) && !required.contains(&k.as_str()))
        .cloned()
        .collect();
    for key in optional {
        if rng.chance(0.25) {
            object.remove(&key);
            changes.push((Kind::OmittedOptional, format!("{at}.{key}")));
        }
    }
    if rng.chance(0.3) {
        let key = format!("x_drift_{}", rng.below(1000));
        if !properties.contains_key(&key) && !object.contains_key(&key) {
            object.insert(key.clone(), extra(rng));
            changes.push((Kind::ExtraField, format!("{at}.{key}")));
        }
    }
}

/// An unknown property's value: any JSON type, nested ones included.
fn extra(rng: &mut Rng) -> Value {
    match rng.below(5) {
        0 => json!("a field this console does not know"),
        1 => json!(rng.below(10_000)),
        2 => json!(true),
        3 => json!({ "nested": { "x_drift": ["a", 1, null] } }),
        _ => json!([{ "x_drift": 1 }]),
    }
}
