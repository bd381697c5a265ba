//! (c) Typed requests, spot checks with exact strings: bodies (JSON, multipart, none).

use std::collections::BTreeSet;

use cluster_api::catalogue;
use cluster_api::ops::{
    ClusterCheckoutResume, ClusterDeploymentImport, ClusterIpRuleUpdate, ClusterWellKnownChangePasswordSet,
    OrgBillingPortalSessionCreate,
};
use cluster_api::request::{Body, Call, Method, Part};
use cluster_api::{BillingPeriod, IpRestrictionsRequest, ResumeCheckoutRequest};

use crate::yaml::{required_of, yaml_op};

#[test]
fn deployment_import_is_multipart_with_file_and_deployment_name() {
    let realm = br#"{"realm":"acme","enabled":true}"#.to_vec();
    let request = ClusterDeploymentImport {
        id: "c/1".into(),
        file: Part::file("file", "realm-export.json", "application/json", realm.clone()),
        deployment_name: "tenant-acme".into(),
    }
    .request();
    assert_eq!(ClusterDeploymentImport::OPERATION, &catalogue::CLUSTER_DEPLOYMENT_IMPORT);
    assert_eq!(request.method(), Method::Post);
    assert_eq!(request.path_and_query(), "/clusters/c%2F1/deployments/import");
    let Body::Multipart(parts) = &request.body else {
        panic!("import should send multipart, got {:?}", request.body)
    };
    let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["file", "deployment-name"]);
    assert_eq!(parts[0].filename.as_deref(), Some("realm-export.json"));
    assert_eq!(parts[0].content_type.as_deref(), Some("application/json"));
    assert_eq!(parts[0].data, realm);
    assert_eq!(parts[1].data, b"tenant-acme");
    assert_eq!(parts[1].filename, None);
    // The part is named by the contract, not by the caller's `Part`.
    let renamed = ClusterDeploymentImport {
        id: "c1".into(),
        file: Part::file("upload", "realm.json", "application/json", realm.clone()),
        deployment_name: "t".into(),
    }
    .request();
    let Body::Multipart(parts) = &renamed.body else { panic!("multipart expected") };
    assert_eq!(parts[0].name, "file");
    assert_eq!(parts[0].filename.as_deref(), Some("realm.json"));
    // The part names the contract requires.
    let schema =
        &yaml_op("cluster.deployment.import").op["requestBody"]["content"]["multipart/form-data"]["schema"];
    assert_eq!(required_of(schema), BTreeSet::from(["file", "deployment-name"]));
}

#[test]
fn optional_bodies_are_omitted_when_none() {
    assert_eq!(ClusterCheckoutResume { id: "c1".into(), body: None }.request().body, Body::Empty);
    assert_eq!(OrgBillingPortalSessionCreate { org_id: "o1".into(), body: None }.request().body, Body::Empty);
    assert_eq!(
        ClusterWellKnownChangePasswordSet { id: "c1".into(), extension_id: "e1".into(), body: None }
            .request()
            .body,
        Body::Empty
    );
    let request = ClusterCheckoutResume {
        id: "c1".into(),
        body: Some(ResumeCheckoutRequest { price_id: None, billing_period: Some(BillingPeriod::Annual) }),
    }
    .request();
    assert_eq!(request.body, Body::Json(r#"{"billing_period":"annual"}"#.into()));
}

#[test]
fn ip_rule_update_is_a_post() {
    assert_eq!(ClusterIpRuleUpdate::OPERATION, &catalogue::CLUSTER_IPRULE_UPDATE);
    let request = ClusterIpRuleUpdate {
        id: "c1".into(),
        body: IpRestrictionsRequest { realm_blocked_ip_rules: Some(vec![]), ..Default::default() },
    }
    .request();
    assert_eq!(request.method(), Method::Post);
    assert_eq!(request.path_and_query(), "/clusters/c1/ip-rules");
    // `[]` clears a category; omitted categories are left unchanged, so not sent.
    assert_eq!(request.body, Body::Json(r#"{"realmBlockedIpRules":[]}"#.into()));
}
