//! (c) Typed requests: every op struct names the right catalogue entry, fills its path
//! template with percent-encoded parameters, sends the query and body the YAML
//! describes, and decodes the YAML's success response.

use std::collections::BTreeSet;

use cluster_api::ApiRequest;
use cluster_api::catalogue;
use cluster_api::request::{Body, BodyKind, Operation, Reply};
use serde_json::Value;

use crate::common::DEPLOYMENT_LOCATION;
use crate::registry::all_op_checks;
use crate::samples::{Fill, sample};
use crate::yaml::{params_of, required_of, resolve, schemas, yaml_op};

fn query_names(request: &ApiRequest) -> Vec<&'static str> {
    request.query.0.iter().map(|(name, _)| *name).collect()
}

#[test]
fn op_structs_cover_the_catalogue_exactly_once() {
    let checks = all_op_checks();
    assert_eq!(checks.len(), 73, "the macro should list 73 op structs");
    let mut ids = BTreeSet::new();
    for check in &checks {
        assert!(ids.insert(check.operation.id), "two op structs claim {}", check.operation.id);
    }
    let catalogue_ids: BTreeSet<&str> = catalogue::ALL.iter().map(|o| o.id).collect();
    assert_eq!(ids, catalogue_ids, "op structs' OPERATION ids vs the catalogue");
}

#[test]
fn op_structs_name_their_catalogue_entry() {
    for check in all_op_checks() {
        let entry = catalogue::ALL
            .iter()
            .find(|o| o.id == check.operation.id)
            .unwrap_or_else(|| panic!("{} is not in the catalogue", check.operation.id));
        assert_eq!(check.operation, entry, "{}: OPERATION differs from the catalogue entry", entry.id);
        assert_eq!(
            check.filled_request.operation, entry,
            "{}: request() carries another operation",
            entry.id
        );
        assert_eq!(
            check.default_request.operation, entry,
            "{}: request() carries another operation",
            entry.id
        );
        assert_eq!(check.filled_request.method(), entry.method, "{}", entry.id);
    }
}

#[test]
fn op_struct_paths_fill_the_template_with_encoded_parameters() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let op = check.operation;
        let path = &check.filled_request.path;
        match op.match_path(path) {
            Some(params) if params == check.params => {}
            other => failures.push(format!(
                "{}: path {path} does not match {} with {:?} (got {other:?})",
                op.id, op.path, check.params
            )),
        }
        if path.contains(' ') || path.contains('?') {
            failures.push(format!("{}: path {path} holds an unencoded character", op.id));
        }
        if !check.params.is_empty() && !path.contains("%2F") {
            failures.push(format!("{}: path {path} should encode `/` inside a parameter as %2F", op.id));
        }
        // With literals preferred over parameters (as a router does), no other operation of
        // the same method claims this path.
        let literals = |o: &Operation| o.path.split('/').filter(|s| !s.starts_with('{')).count();
        let best = catalogue::ALL
            .iter()
            .filter(|o| o.method == op.method && o.match_path(path).is_some())
            .max_by_key(|o| literals(o))
            .map(|o| o.id);
        if best != Some(op.id) {
            failures.push(format!("{}: path {path} would route to {best:?}", op.id));
        }
        // A default instance builds a request too; with no path parameters its path is the
        // template itself.
        if check.params.is_empty() {
            if op.match_path(&check.default_request.path).is_none() {
                failures.push(format!(
                    "{}: default path {} does not match {}",
                    op.id, check.default_request.path, op.path
                ));
            }
        } else if !check.default_request.path.starts_with('/') {
            failures.push(format!("{}: default path {} is not absolute", op.id, check.default_request.path));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn op_struct_queries_are_the_contracts_query_parameters() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let y = yaml_op(check.operation.id);
        let query: Vec<Value> = params_of(y).into_iter().filter(|p| p["in"] == "query").collect();
        let all: Vec<&str> = query.iter().map(|p| p["name"].as_str().unwrap()).collect();
        let required: BTreeSet<&str> =
            query.iter().filter(|p| p["required"] == true).map(|p| p["name"].as_str().unwrap()).collect();
        let filled = query_names(&check.filled_request);
        if filled != all {
            failures
                .push(format!("{}: filled request sends query {filled:?}, the contract lists {all:?}", y.id));
        }
        let default: BTreeSet<&str> = query_names(&check.default_request).into_iter().collect();
        if !required.is_subset(&default) {
            failures.push(format!(
                "{}: default request sends query {default:?}, missing required {required:?}",
                y.id
            ));
        }
        if !default.iter().all(|name| all.contains(name)) {
            failures.push(format!("{}: default request sends query {default:?} outside the contract", y.id));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn op_struct_bodies_are_the_contracts_request_bodies() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let y = yaml_op(check.operation.id);
        let Some(request_body) = y.op.get("requestBody") else {
            for (which, request) in [("default", &check.default_request), ("filled", &check.filled_request)] {
                if request.body != Body::Empty {
                    failures.push(format!(
                        "{}: the contract has no request body, the {which} request sends {:?}",
                        y.id, request.body
                    ));
                }
            }
            continue;
        };
        let body_required = request_body.get("required").and_then(Value::as_bool).unwrap_or(false);
        let content = request_body["content"].as_object().unwrap();
        assert_eq!(content.len(), 1, "{}: one content type expected", y.id);
        let (content_type, media) = content.iter().next().unwrap();
        let schema = match media["schema"].get("$ref").and_then(Value::as_str) {
            Some(reference) => resolve(schemas(), reference).1,
            None => &media["schema"],
        };
        let properties: BTreeSet<&str> = schema["properties"]
            .as_object()
            .map(|p| p.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let required = required_of(schema);
        let mut requests = vec![("filled", &check.filled_request)];
        if body_required {
            requests.push(("default", &check.default_request));
        }
        for (which, request) in requests {
            let keys: BTreeSet<String> = match (content_type.as_str(), &request.body) {
                ("application/json", Body::Json(text)) => match serde_json::from_str::<Value>(text) {
                    Ok(Value::Object(object)) => object.keys().cloned().collect(),
                    other => {
                        failures.push(format!("{}: {which} body is not a JSON object: {other:?}", y.id));
                        continue;
                    }
                },
                ("multipart/form-data", Body::Multipart(parts)) => {
                    parts.iter().map(|p| p.name.clone()).collect()
                }
                (_, body) => {
                    failures.push(format!(
                        "{}: the contract sends {content_type}, the {which} request {body:?}",
                        y.id
                    ));
                    continue;
                }
            };
            let keys: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
            if !keys.is_subset(&properties) {
                failures.push(format!(
                    "{}: {which} body keys {keys:?} are not all properties of the contract's {properties:?}",
                    y.id
                ));
            }
            if !required.is_subset(&keys) {
                failures.push(format!("{}: {which} body keys {keys:?} miss required {required:?}", y.id));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn op_struct_bodies_are_the_catalogues_body_kind() {
    // What a request sends agrees with `Operation::body`, the kind the sandbox enforces.
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let op = check.operation;
        for (which, request) in [("default", &check.default_request), ("filled", &check.filled_request)] {
            let fits = match (op.body, &request.body) {
                (BodyKind::None, Body::Empty) => true,
                (BodyKind::Json, Body::Json(_)) => true,
                (BodyKind::OptionalJson, Body::Json(_)) => true,
                (BodyKind::OptionalJson, Body::Empty) => which == "default",
                (BodyKind::Multipart, Body::Multipart(_)) => true,
                _ => false,
            };
            if !fits {
                failures.push(format!(
                    "{}: {:?} operation, the {which} request sends {:?}",
                    op.id, op.body, request.body
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn op_structs_decode_the_contracts_success_responses() {
    let mut failures = Vec::new();
    for check in all_op_checks() {
        let y = yaml_op(check.operation.id);
        let responses = y.op["responses"].as_object().unwrap();
        let success: Vec<(&String, &Value)> =
            responses.iter().filter(|(code, _)| code.starts_with('2')).collect();
        assert_eq!(success.len(), 1, "{}: one success response expected", y.id);
        let (code, response) = success[0];
        let status: u16 = code.parse().unwrap();
        let schema = response.pointer("/content/application~1json/schema");
        let has_location = response.pointer("/headers/Location").is_some();
        let mut bodies = Vec::new();
        match schema {
            Some(schema) => {
                bodies.push(sample(schemas(), schema, y.id.as_str(), "response", Fill::Every, 0).to_string());
                bodies.push(
                    sample(schemas(), schema, y.id.as_str(), "response", Fill::RequiredOnly, 0).to_string(),
                );
            }
            None => bodies.push(String::new()),
        }
        for body in bodies {
            let reply = Reply { status, location: has_location.then_some(DEPLOYMENT_LOCATION), body: &body };
            if let Err(e) = (check.decode)(reply) {
                failures
                    .push(format!("{}: cannot decode the contract's {code} response {body:?}: {e}", y.id));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
