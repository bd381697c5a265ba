use super::*;
use crate::records::{Millis, RealmRow};

fn none(_: &str) -> bool {
    false
}

fn record(state: DeploymentState, ready_at: Option<Millis>, failure: Option<&str>) -> RealmRow {
    RealmRow {
        id: "r".into(),
        cluster_id: "c".into(),
        name: "tenant".into(),
        display_name: None,
        state,
        state_error: None,
        created_at: 0,
        created_by: None,
        tags: vec![],
        ready_at,
        failure: failure.map(str::to_string),
        clients: vec![],
    }
}

#[test]
fn pending_settles_when_due() {
    let mut r = record(DeploymentState::Pending, Some(10), None);
    assert!(!settle(&mut r, 9));
    assert!(settle(&mut r, 10));
    assert_eq!(r.state, DeploymentState::Active);
    let mut r = record(DeploymentState::Pending, Some(10), Some("no clientId"));
    assert!(settle(&mut r, 11));
    assert_eq!((r.state.clone(), r.state_error.as_deref()), (DeploymentState::Failed, Some("no clientId")));
    assert!(!settle(&mut r, 12));
}

#[test]
fn names_and_recommendations() {
    assert!(availability("Tenant-A", &none).available);
    assert_eq!(availability("Tenant-A", &none).name, "tenant-a");
    let taken = |n: &str| n == "tenant" || n == "tenant-2";
    let a = availability("tenant", &taken);
    assert_eq!((a.available, a.recommendation.as_deref()), (false, Some("tenant-3")));
    assert_eq!(availability("master", &none).recommendation.as_deref(), Some("master-2"));
    assert_eq!(availability("my realm!", &none).recommendation.as_deref(), Some("my-realm"));
    assert_eq!(availability("!!!", &none).recommendation, None);
    assert_eq!(name_verdict("master", &none).map_err(|e| e.0), Err(409));
    assert_eq!(name_verdict("a b", &none).map_err(|e| e.0), Err(400));
    assert_eq!(name_verdict("tenant", &taken).map_err(|e| e.0), Err(409));
    let long = "x".repeat(255);
    let rec = availability(&long, &|n: &str| n == long).recommendation.unwrap_or_default();
    assert_eq!((rec.len(), rec.ends_with("-2")), (255, true));
}

#[test]
fn import_files() {
    assert!(plan_import(b"[1]").is_err_and(|e| e.contains("JSON object")));
    assert!(plan_import(b"{nope").is_err_and(|e| e.contains("not valid JSON")));
    let users = br#"{"realm":"x","users":[{"username":"a"},{"username":"b"}]}"#;
    assert!(plan_import(users).is_err_and(|e| e.contains("2 users") && e.contains("cannot be imported")));
    let ok =
        plan_import(br#"{"realm":"x","clients":[{"clientId":"web"}]}"#).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((ok.clients, ok.failure), (vec!["web".to_string()], None));
    let bad = plan_import(br#"{"realm":"x","clients":[{"clientId":"web"},{"name":"legacy"}]}"#)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(bad.failure.is_some_and(|f| f.contains("client #2 (legacy)") && f.contains("no clientId")));
}

#[test]
fn credentials() {
    assert_eq!(credential_client_id(Some("terraform"), "9f3c1a2b-77"), "api-terraform-9f3c1a2b");
    assert_eq!(credential_client_id(None, "9f3c1a2b77"), "api-9f3c1a2b");
    assert!(credential_name_problem("ci-bot").is_none());
    assert!(credential_name_problem("CI").is_some());
    assert!(credential_name_problem(&"a".repeat(49)).is_some());
    assert_eq!(unknown_roles(&["view-users".into(), "god-mode".into()]), vec!["god-mode".to_string()]);
}
