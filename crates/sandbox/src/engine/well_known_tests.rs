use super::*;

fn problem(file: &str, json: &str) -> String {
    check_shape(file, json.as_bytes()).expect_err(json)
}

#[test]
fn only_the_two_files_exist() {
    assert_eq!(file_problem(AASA), None);
    assert_eq!(file_problem(ASSETLINKS), None);
    let why = file_problem("security.txt").unwrap_or_default();
    assert!(why.contains("apple-app-site-association and assetlinks.json"), "{why}");
}

#[test]
fn aasa_shapes() {
    assert_eq!(check_shape(AASA, br#"{"applinks": {"details": []}}"#), Ok(()));
    assert_eq!(check_shape(AASA, br#"{"webcredentials": {"apps": ["T.app"]}}"#), Ok(()));
    assert!(
        problem(AASA, "[]")
            .contains("must be a JSON object with applinks and/or webcredentials; found an array")
    );
    assert!(problem(AASA, r#"{"foo": 1}"#).contains("found only foo"));
    assert!(problem(AASA, "{}").contains("found an empty object"));
    assert!(problem(AASA, r#"{"applinks": "x"}"#).contains("applinks must be an object; found a string"));
    assert!(problem(AASA, "{nope").contains("not valid JSON"));
    assert!(problem(AASA, "  ").contains("empty"));
}

#[test]
fn assetlinks_shapes() {
    let good = concat!(
        r#"[{"relation": ["delegate_permission/common.handle_all_urls"], "#,
        r#""target": {"namespace": "android_app"}}]"#,
    );
    assert_eq!(check_shape(ASSETLINKS, good.as_bytes()), Ok(()));
    assert_eq!(
        problem(ASSETLINKS, "{}"),
        "assetlinks.json must be a JSON array of statements; found an object."
    );
    assert!(problem(ASSETLINKS, "[]").contains("at least one statement"));
    assert!(
        problem(ASSETLINKS, "[1]")
            .contains("Statement 1 of assetlinks.json must be an object; found a number")
    );
    assert!(problem(ASSETLINKS, r#"[{"target": {}}]"#).contains("has no relation"));
    assert!(
        problem(ASSETLINKS, r#"[{"relation": "x", "target": {}}]"#).contains("relation must be an array")
    );
    assert!(
        problem(ASSETLINKS, r#"[{"relation": [], "target": {}}, {"relation": []}]"#).contains("Statement 2")
    );
}

#[test]
fn change_password_urls() {
    assert_eq!(change_password_url(None), Ok(None));
    assert_eq!(change_password_url(Some("  ")), Ok(None));
    assert_eq!(change_password_url(Some("https://acme.test/pw")), Ok(Some("https://acme.test/pw".into())));
    assert_eq!(change_password_url(Some("http://acme.test")), Ok(Some("http://acme.test".into())));
    for bad in ["ftp://acme.test", "acme.test/pw", "https://", "https:///x", "https://a b"] {
        assert!(change_password_url(Some(bad)).is_err(), "{bad}");
    }
}
