//! (g) The later contract: `catalogue::NEXT` lists exactly the operations
//! `openapi-v2-next.yaml` adds, in its order, and the later contract leaves the
//! 73 operations of `openapi-v2.yaml` as they were.

use cluster_api::catalogue;

use crate::yaml::{YamlOp, next_yaml_ops, yaml_ops};

fn key(op: &YamlOp) -> (String, String, String, String, bool) {
    (op.id.clone(), op.method.clone(), op.path.clone(), op.tag.clone(), op.deprecated)
}

#[test]
fn next_lists_the_operations_the_later_contract_adds() {
    let v2: Vec<&str> = yaml_ops().iter().map(|o| o.id.as_str()).collect();
    let added: Vec<_> = next_yaml_ops().iter().filter(|o| !v2.contains(&o.id.as_str())).map(key).collect();
    let ours: Vec<_> = catalogue::NEXT
        .iter()
        .map(|o| {
            (
                o.id.to_string(),
                o.method.as_str().to_string(),
                o.path.to_string(),
                o.tag.to_string(),
                o.deprecated,
            )
        })
        .collect();
    assert_eq!(ours, added, "catalogue::NEXT differs from what openapi-v2-next.yaml adds");
    assert_eq!(next_yaml_ops().len(), 82, "openapi-v2-next.yaml should hold 82 operations");
}

#[test]
fn the_later_contract_keeps_every_earlier_operation() {
    for op in yaml_ops() {
        let later = next_yaml_ops().iter().find(|o| o.id == op.id);
        assert_eq!(later.map(key), Some(key(op)), "{} changed or vanished in openapi-v2-next.yaml", op.id);
    }
}

#[test]
fn every_operation_is_unique_across_both_lists() {
    let mut seen = std::collections::BTreeSet::new();
    for op in catalogue::every() {
        assert!(
            seen.insert((op.method.as_str(), op.path)),
            "two operations share {} {}",
            op.method.as_str(),
            op.path
        );
    }
    assert_eq!(seen.len(), 82);
}
