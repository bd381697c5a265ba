//! (a) Operations: the catalogue and the YAML list the same operations, in the same
//! order, with the same routes, tags, flags and path parameters.

use std::collections::BTreeSet;

use cluster_api::catalogue;
use cluster_api::request::Operation;

use crate::yaml::{body_kind_of, params_of, yaml_op, yaml_ops};

type OpKey = (String, String, String, String, bool);

fn catalogue_key(op: &Operation) -> OpKey {
    (
        op.id.to_string(),
        op.method.as_str().to_string(),
        op.path.to_string(),
        op.tag.to_string(),
        op.deprecated,
    )
}

#[test]
fn contract_has_73_operations() {
    assert_eq!(yaml_ops().len(), 73, "openapi-v2.yaml should hold 73 operations");
    assert_eq!(catalogue::ALL.len(), 73, "catalogue::ALL should hold 73 operations");
}

#[test]
fn every_yaml_operation_is_in_the_catalogue_and_vice_versa() {
    let yaml: BTreeSet<OpKey> = yaml_ops()
        .iter()
        .map(|o| (o.id.clone(), o.method.clone(), o.path.clone(), o.tag.clone(), o.deprecated))
        .collect();
    let ours: BTreeSet<OpKey> = catalogue::ALL.iter().map(catalogue_key).collect();
    let missing: Vec<_> = yaml.difference(&ours).collect();
    let extra: Vec<_> = ours.difference(&yaml).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "catalogue and contract differ (id, method, path, first tag, deprecated)\n  \
         in the YAML but not the catalogue: {missing:#?}\n  in the catalogue but not the YAML: {extra:#?}"
    );
}

#[test]
fn operation_ids_are_unique() {
    let mut seen = BTreeSet::new();
    for op in catalogue::ALL {
        assert!(seen.insert(op.id), "catalogue lists {} twice", op.id);
    }
    let mut seen = BTreeSet::new();
    for op in yaml_ops() {
        assert!(seen.insert(op.id.as_str()), "contract lists {} twice", op.id);
    }
    let mut routes = BTreeSet::new();
    for op in catalogue::ALL {
        assert!(
            routes.insert((op.method.as_str(), op.path)),
            "two catalogue entries share {} {}",
            op.method.as_str(),
            op.path
        );
    }
}

#[test]
fn deprecated_flags_match() {
    for op in yaml_ops() {
        let ours = catalogue::ALL
            .iter()
            .find(|c| c.id == op.id)
            .unwrap_or_else(|| panic!("{} not in catalogue", op.id));
        assert_eq!(ours.deprecated, op.deprecated, "{}: deprecated flag differs from the contract", op.id);
    }
    let deprecated: Vec<&str> = catalogue::ALL.iter().filter(|o| o.deprecated).map(|o| o.id).collect();
    assert_eq!(deprecated, ["cluster.billingSession.create"]);
}

#[test]
fn body_kinds_match() {
    // Each entry's body kind (none, required JSON, optional JSON, multipart) is its
    // operation's requestBody.
    for op in yaml_ops() {
        let ours = catalogue::ALL.iter().find(|c| c.id == op.id).expect("in the catalogue");
        assert_eq!(
            ours.body,
            body_kind_of(op),
            "{}: body kind differs from the contract's requestBody",
            op.id
        );
    }
}

#[test]
fn catalogue_is_in_document_order() {
    let yaml: Vec<&str> = yaml_ops().iter().map(|o| o.id.as_str()).collect();
    let ours: Vec<&str> = catalogue::ALL.iter().map(|o| o.id).collect();
    assert_eq!(ours, yaml, "catalogue::ALL says it follows the order of openapi-v2.yaml");
}

#[test]
fn path_template_parameters_are_declared_in_the_contract() {
    // Each `{name}` in a catalogue path is a path parameter of the YAML operation, and
    // every declared path parameter appears in the template.
    for op in catalogue::ALL {
        let y = yaml_op(op.id);
        let in_template: BTreeSet<&str> = op
            .path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect();
        let declared: BTreeSet<String> = params_of(y)
            .into_iter()
            .filter(|p| p["in"] == "path")
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect();
        let declared: BTreeSet<&str> = declared.iter().map(String::as_str).collect();
        assert_eq!(in_template, declared, "{}: template parameters vs declared path parameters", op.id);
    }
}

#[test]
fn match_path_accepts_encoded_parameters_and_rejects_others() {
    let op = &catalogue::CLUSTER_EXTENSION_VERSION_CONFIRM;
    assert_eq!(
        op.match_path("/clusters/c%2F1%20x/extensions/e1/versions/v1/confirm"),
        Some(vec!["c/1 x".to_string(), "e1".to_string(), "v1".to_string()])
    );
    assert_eq!(
        op.match_path("/clusters/c/1/extensions/e1/versions/v1/confirm"),
        None,
        "a raw / is a separator"
    );
    assert_eq!(op.match_path("/clusters//extensions/e1/versions/v1/confirm"), None, "empty parameter");
    assert_eq!(op.match_path("/clusters/c1/extensions/e1/versions/v1"), None, "too short");
    assert_eq!(op.match_path("/clusters/c1/extensions/e1/versions/v1/confirm/x"), None, "too long");
    assert_eq!(catalogue::CLUSTER_LIST.match_path("/clusters"), Some(vec![]));
}
