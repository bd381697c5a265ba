//! Replies without a JSON object: 201 + Location, and bare scalars.

use cluster_api::Metrics;
use cluster_api::ops::{
    ClusterDeploymentCreate, ClusterDeploymentImport, ClusterExtensionCreate,
    ClusterExtensionKeycloakVersionList, OrgApiSecretCount,
};
use cluster_api::request::{self, Call, Created, DecodeError, Reply};
use serde_json::json;

use crate::common::DEPLOYMENT_LOCATION;
use crate::round_trip;

fn reply_201(location: Option<&str>) -> Reply<'_> {
    Reply { status: 201, location, body: "" }
}

#[test]
fn created_reads_the_id_from_location() {
    let location = DEPLOYMENT_LOCATION;
    let created = request::created(reply_201(Some(location))).unwrap();
    assert_eq!(created, Created { location: location.to_string(), id: "d123".to_string() });

    // The three 201 operations all decode this way.
    assert_eq!(ClusterDeploymentCreate::decode(reply_201(Some(location))).unwrap().id, "d123");
    assert_eq!(ClusterDeploymentImport::decode(reply_201(Some(location))).unwrap().id, "d123");
    let extension = "https://api.phasetwo.io/v2/clusters/c1/extensions/e-77";
    assert_eq!(ClusterExtensionCreate::decode(reply_201(Some(extension))).unwrap().id, "e-77");

    // A trailing slash, a query or a fragment do not hide the ID; an encoded one is decoded.
    assert_eq!(request::created(reply_201(Some("https://x/deployments/d123/"))).unwrap().id, "d123");
    assert_eq!(request::created(reply_201(Some("https://x/deployments/d123?x=1#f"))).unwrap().id, "d123");
    assert_eq!(request::created(reply_201(Some("/deployments/d%20123"))).unwrap().id, "d 123");
    assert_eq!(request::created(reply_201(Some("d123"))).unwrap().id, "d123");

    // No usable Location: an error, not an empty ID.
    assert_eq!(request::created(reply_201(None)), Err(DecodeError::MissingLocation));
    assert_eq!(request::created(reply_201(Some(""))), Err(DecodeError::MissingLocation));
    assert_eq!(ClusterDeploymentCreate::decode(reply_201(None)), Err(DecodeError::MissingLocation));
}

// ---- Bare scalars ------------------------------------------------------------------------

#[test]
fn bare_scalar_responses() {
    assert_eq!(OrgApiSecretCount::decode(Reply { status: 200, location: None, body: "7" }).unwrap(), 7);
    assert_eq!(
        ClusterExtensionKeycloakVersionList::decode(Reply { status: 200, location: None, body: "[25,26]" })
            .unwrap(),
        vec![25, 26]
    );
    assert!(matches!(
        OrgApiSecretCount::decode(Reply { status: 200, location: None, body: "{\"count\":7}" }),
        Err(DecodeError::Json(_))
    ));
    let metrics: Metrics =
        round_trip(json!({"name": "demo", "healthy": true, "counts": {"users": 120, "clients": 8}}));
    assert_eq!(metrics.counts.unwrap()["users"], 120);
    round_trip::<Metrics>(json!({"name": "demo", "healthy": false, "counts": {}}));
}
