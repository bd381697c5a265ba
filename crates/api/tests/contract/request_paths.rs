//! (c) Typed requests, spot checks with exact strings: paths and queries.

use cluster_api::catalogue;
use cluster_api::ops::{
    ClusterDeploymentList, ClusterDeploymentNameAvailabilityCheck, ClusterDetail, ClusterExtensionList,
    ClusterExtensionVersionConfirm, ClusterLogDetail, ClusterLogList, ClusterNameAvailabilityCheck,
};
use cluster_api::request::{Body, Call, Method};
use cluster_api::{ExtensionVersionLocationValidationRequest, ResourceType};

use crate::registry::LOG_PATH;

#[test]
fn cluster_detail_percent_encodes_its_id() {
    let request = ClusterDetail { id: "c/1 x".into() }.request();
    assert_eq!(request.path_and_query(), "/clusters/c%2F1%20x");
    assert_eq!(request.method(), Method::Get);
    assert_eq!(ClusterDetail::OPERATION, &catalogue::CLUSTER_DETAIL);
    let request = ClusterExtensionVersionConfirm {
        id: "c 1".into(),
        extension_id: "ext/ä".into(),
        version_id: "v%1".into(),
        body: ExtensionVersionLocationValidationRequest { resource_key: "k/1.jar".into() },
    }
    .request();
    assert_eq!(request.path_and_query(), "/clusters/c%201/extensions/ext%2F%C3%A4/versions/v%251/confirm");
    assert_eq!(request.method(), Method::Put);
    assert_eq!(request.body, Body::Json(r#"{"resource_key":"k/1.jar"}"#.into()));
}

#[test]
fn log_detail_encodes_the_file_path_as_one_segment() {
    let request = ClusterLogDetail { id: "c1".into(), path: LOG_PATH.into(), minutes: Some(10) }.request();
    assert_eq!(ClusterLogDetail::OPERATION, &catalogue::CLUSTER_LOG_DETAIL);
    assert_eq!(request.path_and_query(), "/clusters/c1/logs/2026%2F09%2F01%2Fkeycloak.log.gz?minutes=10");
    assert_eq!(
        catalogue::CLUSTER_LOG_DETAIL.match_path(&request.path),
        Some(vec!["c1".to_string(), LOG_PATH.to_string()])
    );
    let request = ClusterLogDetail { id: "c1".into(), path: LOG_PATH.into(), minutes: None }.request();
    assert_eq!(request.path_and_query(), "/clusters/c1/logs/2026%2F09%2F01%2Fkeycloak.log.gz");
}

#[test]
fn log_list_sends_its_query_in_contract_order() {
    let request = ClusterLogList {
        id: "c1".into(),
        from: Some("2026-09-01T00:00:00Z".into()),
        max: Some(20),
        start: Some(40),
        to: None,
    }
    .request();
    assert_eq!(ClusterLogList::OPERATION, &catalogue::CLUSTER_LOG_LIST);
    assert_eq!(request.path_and_query(), "/clusters/c1/logs?from=2026-09-01T00%3A00%3A00Z&max=20&start=40");
    assert_eq!(
        ClusterLogList { id: "c1".into(), ..Default::default() }.request().path_and_query(),
        "/clusters/c1/logs"
    );
}

#[test]
fn name_availability_sends_the_name_as_query() {
    let request = ClusterNameAvailabilityCheck { name: "acme prod/1".into() }.request();
    assert_eq!(ClusterNameAvailabilityCheck::OPERATION, &catalogue::CLUSTER_NAMEAVAILABILITY_CHECK);
    assert_eq!(request.path_and_query(), "/clusters/name-available?name=acme%20prod%2F1");
    let request = ClusterNameAvailabilityCheck { name: "a&b=c#d".into() }.request();
    assert_eq!(request.path_and_query(), "/clusters/name-available?name=a%26b%3Dc%23d");
    // Required: sent even when empty.
    assert_eq!(
        ClusterNameAvailabilityCheck::default().request().path_and_query(),
        "/clusters/name-available?name="
    );
    let request =
        ClusterDeploymentNameAvailabilityCheck { id: "c1".into(), name: "tenant acme".into() }.request();
    assert_eq!(request.path_and_query(), "/clusters/c1/deployments/name-available?name=tenant%20acme");
}

#[test]
fn extension_list_filters_by_resource_type() {
    assert_eq!(ClusterExtensionList::OPERATION, &catalogue::CLUSTER_EXTENSION_LIST);
    let list = |t: Option<ResourceType>| {
        ClusterExtensionList { id: "c1".into(), r#type: t }.request().path_and_query()
    };
    assert_eq!(list(None), "/clusters/c1/extensions");
    assert_eq!(list(Some(ResourceType::Theme)), "/clusters/c1/extensions?type=THEME");
    assert_eq!(
        list(Some(ResourceType::PasswordBlacklist)),
        "/clusters/c1/extensions?type=PASSWORD_BLACKLIST"
    );
    assert_eq!(list(Some(ResourceType::WellKnown)), "/clusters/c1/extensions?type=WELL_KNOWN");
    assert_eq!(
        list(Some(ResourceType::Unknown("NEW KIND".into()))),
        "/clusters/c1/extensions?type=NEW%20KIND"
    );
}

#[test]
fn deployment_list_search_is_optional() {
    let list = |s: Option<&str>| {
        ClusterDeploymentList { id: "c1".into(), search: s.map(str::to_string) }.request().path_and_query()
    };
    assert_eq!(list(None), "/clusters/c1/deployments");
    assert_eq!(list(Some("acme co")), "/clusters/c1/deployments?search=acme%20co");
}
