//! (g) The later contract: `catalogue::NEXT` lists exactly the operations
//! `openapi-v2-next.yaml` adds, in its order, and the later contract leaves the
//! 73 operations of `openapi-v2.yaml` as they were.

use cluster_api::catalogue;

use crate::yaml::{YamlOp, body_kind_of, next_yaml_ops, yaml_ops};

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

#[test]
fn body_kinds_match_the_later_contract() {
    // Every operation, the 73 included: the later contract's requestBody is the one the
    // sandbox enforces.
    for op in next_yaml_ops() {
        let ours = catalogue::every().find(|c| c.id == op.id).expect("in the catalogue");
        assert_eq!(
            ours.body,
            body_kind_of(op),
            "{}: body kind differs from openapi-v2-next.yaml's requestBody",
            op.id
        );
    }
}

#[test]
fn next_op_structs_fill_their_templates() {
    use cluster_api::ops::*;
    use cluster_api::request::{Body, BodyKind, Call};
    // The typed requests of the later contract, with `/` and spaces in every parameter:
    // each fills its entry's template with exactly its parameters, encoded, and sends the
    // body its entry's kind says.
    let (c, e, v, k) = ("c/1 x", "e/2 y", "v/3 z", "k/4 w");
    let cases = [
        (
            ClusterExtensionVersionAdminBlock {
                id: c.into(),
                extension_id: e.into(),
                version_id: v.into(),
                body: Default::default(),
            }
            .request(),
            vec![c, e, v],
        ),
        (
            ClusterExtensionVersionReport { id: c.into(), extension_id: e.into(), version_id: v.into() }
                .request(),
            vec![c, e, v],
        ),
        (ClusterTelemetryExportDetail { id: c.into() }.request(), vec![c]),
        (ClusterTelemetryExportUpdate { id: c.into(), body: Default::default() }.request(), vec![c]),
        (
            ClusterTelemetryExportEndpointValidate { id: c.into(), endpoint: "https://o/1".into() }.request(),
            vec![c],
        ),
        (DeploymentCredentialList { id: c.into() }.request(), vec![c]),
        (DeploymentCredentialCreate { id: c.into(), body: Some(Default::default()) }.request(), vec![c]),
        (DeploymentCredentialDelete { id: c.into(), client_id: k.into() }.request(), vec![c, k]),
        (DeploymentCredentialSecretRead { id: c.into(), client_id: k.into() }.request(), vec![c, k]),
    ];
    let ids: std::collections::BTreeSet<&str> =
        cases.iter().map(|(request, _)| request.operation.id).collect();
    assert_eq!(
        ids,
        catalogue::NEXT.iter().map(|op| op.id).collect(),
        "one typed request per later operation"
    );
    for (request, params) in cases {
        let op = request.operation;
        assert_eq!(
            op.match_path(&request.path),
            Some(params.iter().map(|p| p.to_string()).collect()),
            "{}",
            op.id
        );
        assert!(request.path.contains("%2F") && !request.path.contains(' '), "{}: {}", op.id, request.path);
        let sent = match request.body {
            Body::Empty => BodyKind::None,
            Body::Json(_) if op.body == BodyKind::OptionalJson => op.body,
            Body::Json(_) => BodyKind::Json,
            Body::Multipart(_) => BodyKind::Multipart,
        };
        assert_eq!(sent, op.body, "{}", op.id);
    }
}
