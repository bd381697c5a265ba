use super::*;
use crate::code::hcl;
use crate::code::testing::{HOSTILE, sandbox, shell_read};
use cluster_api::DeploymentState;

const API: &str = "http://127.0.0.1:8080/auth/realms/self/v2";

/// The one API call of a script: (method, URL as the shell reads it, body as the shell reads it).
fn the_call(text: &str) -> (String, String, Option<serde_json::Value>) {
    let calls: Vec<&str> =
        text.lines().filter(|l| l.starts_with("curl ") && !l.contains("openid-connect/token")).collect();
    assert_eq!(calls.len(), 1, "one request, after the token exchange:\n{text}");
    let rest = calls[0].strip_prefix("curl -sS --fail-with-body -X ").unwrap_or_default();
    let (method, url_word) = rest.split_once(' ').unwrap_or_default();
    let url_word = url_word.trim_end_matches(" \\");
    let body = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("--data-raw "))
        .map(|d| serde_json::from_str(&shell_read(d, &[])).unwrap_or_else(|e| panic!("body {d}: {e}")));
    assert!(text.contains("-H \"Authorization: Bearer $TOKEN\""), "{text}");
    assert!(
        text.contains("\"client_id=$CLIENT_ID\"") && text.contains("\"client_secret=$CLIENT_SECRET\""),
        "{text}"
    );
    (method.to_string(), shell_read(url_word, &[]), body)
}

#[test]
fn every_write_is_its_method_and_full_url() {
    let t = sandbox();
    let cases: Vec<(String, &str, &str)> = vec![
        (
            card_make_default(&t, "org-acme", "pm_1", "Visa •••• 4242"),
            "POST",
            "/orgs/org-acme/billing/payment-methods/pm_1/default",
        ),
        (
            card_remove(&t, "org-acme", "pm_1", "Visa •••• 4242"),
            "DELETE",
            "/orgs/org-acme/billing/payment-methods/pm_1",
        ),
        (primary_host(&t, "c1", "acme-prod.global.auth.ac"), "PUT", "/clusters/c1/host"),
        (domain_delete(&t, "c1", "dom1", "login.acme.com"), "DELETE", "/clusters/c1/domains/dom1"),
        (env_var_delete(&t, "c1", "ev1", "SMTP"), "DELETE", "/clusters/c1/env-vars/ev1"),
        (realm_delete(&t, "d1", "shop"), "DELETE", "/deployments/d1"),
        (app_link(&t, "d1", "shop", "web", "https://x.example/"), "POST", "/deployments/d1/app-link"),
        (admin_token(&t, "d1", "shop"), "POST", "/deployments/d1/token"),
        (console_link(&t, "d1", "shop"), "POST", "/deployments/d1/console-link"),
        (credential_revoke(&t, "d1", "api-ci-1"), "DELETE", "/deployments/d1/credentials/api-ci-1"),
        (api_secret_delete(&t, "org-acme", "s1"), "DELETE", "/orgs/org-acme/secrets/s1"),
        (contact_delete(&t, "org-acme", "u1", "a@b.example"), "DELETE", "/orgs/org-acme/billing/contacts/u1"),
        (extension_delete(&t, "c1", "e1", "login"), "DELETE", "/clusters/c1/extensions/e1"),
        (version_delete(&t, "c1", "e1", "v1", "1.0"), "DELETE", "/clusters/c1/extensions/e1/versions/v1"),
        (
            version_approve(&t, "c1", "e1", "v1", true, None),
            "PUT",
            "/clusters/c1/extensions/e1/versions/v1/validate",
        ),
        (apply(&t, "c1", "acme-prod"), "POST", "/clusters/c1/extensions/cluster-update"),
        (card_setup(&t, "org-acme", "http://c/billing"), "POST", "/orgs/org-acme/billing/payment-methods"),
        (billing_portal(&t, "org-acme", "http://c/billing"), "POST", "/orgs/org-acme/billing/portal"),
        (checkout_resume(&t, "c1", "acme-prod"), "POST", "/clusters/c1/checkout"),
        (
            well_known_delete(&t, "c1", "e1", "assetlinks.json"),
            "DELETE",
            "/clusters/c1/extensions/e1/well-known/assetlinks.json",
        ),
        (change_password(&t, "c1", "e1", ""), "PUT", "/clusters/c1/extensions/e1/well-known/change-password"),
    ];
    for (text, method, path) in cases {
        let (m, url, _) = the_call(&text);
        assert_eq!((m.as_str(), url), (method, format!("{API}{path}")), "{text}");
    }
}

#[test]
fn bodies_are_what_the_console_sends() {
    let t = sandbox();
    let (_, _, body) = the_call(&primary_host(&t, "c1", "acme-prod.global.auth.ac"));
    assert_eq!(body, Some(serde_json::json!({ "host": "acme-prod.global.auth.ac" })));
    let (_, _, body) = the_call(&app_link(&t, "d1", "shop", "web-shop", "https://x.example/cb?a=1&b='2'"));
    assert_eq!(
        body,
        Some(
            serde_json::json!({ "client_id": "web-shop", "redirect_uri": "https://x.example/cb?a=1&b='2'" })
        )
    );
    let (_, _, body) = the_call(&version_approve(&t, "c1", "e1", "v1", true, Some("reviewed; it's fine")));
    assert_eq!(
        body.as_ref().map(|b| (b["valid"].clone(), b["reason"].clone())),
        Some((true.into(), "reviewed; it's fine".into()))
    );
    let (_, _, body) = the_call(&change_password(&t, "c1", "e1", ""));
    assert_eq!(
        body,
        Some(serde_json::json!({ "change_password_url": "" })),
        "an empty URL clears the redirect"
    );
    let (_, _, body) = the_call(&change_password(&t, "c1", "e1", "https://x.example/pw"));
    assert_eq!(body, Some(serde_json::json!({ "change_password_url": "https://x.example/pw" })));
    let (_, _, body) = the_call(&card_setup(&t, "org-acme", "http://127.0.0.1:8080/billing?org=org-acme"));
    assert_eq!(
        body,
        Some(serde_json::json!({ "redirect_uri": "http://127.0.0.1:8080/billing?org=org-acme" }))
    );
    let (_, _, body) = the_call(&realm_delete(&t, "d1", "shop"));
    assert_eq!(body, None);
    let realm = Deployment {
        id: "d1".into(),
        name: "shop".into(),
        org_id: Some("org-acme".into()),
        state: DeploymentState::Active,
        display_name: Some("New name".into()),
        ..Deployment::default()
    };
    let (m, url, body) = the_call(&realm_rename(&t, &realm));
    assert_eq!(
        (m.as_str(), url.as_str()),
        ("PUT", "http://127.0.0.1:8080/auth/realms/self/v2/deployments/d1")
    );
    let body = body.unwrap_or_default();
    assert_eq!(
        (body["display_name"].as_str(), body["name"].as_str(), body["org_id"].as_str()),
        (Some("New name"), Some("shop"), Some("org-acme"))
    );
}

#[test]
fn hostile_names_stay_in_their_comment_and_body() {
    let t = sandbox();
    for name in HOSTILE {
        for text in [
            card_remove(&t, "org-acme", "pm_1", name),
            domain_delete(&t, "c1", "dom1", name),
            extension_delete(&t, "c1", "e1", name),
            version_approve(&t, "c1", "e1", "v1", true, Some(name)),
            app_link(&t, "d1", name, name, name),
        ] {
            // Every comment is one clean line; every other line reads back through the shell.
            for line in text.lines().filter(|l| l.starts_with('#')) {
                assert!(!line.chars().any(char::is_control), "{line:?}");
            }
            let (_, url, _) = the_call(&text);
            assert!(url.starts_with(API), "{url}");
        }
        // Typed text reaches the service byte for byte, whatever it holds.
        let (_, _, body) = the_call(&app_link(&t, "d1", "shop", name, name));
        let body = body.unwrap_or_default();
        assert_eq!((body["client_id"].as_str(), body["redirect_uri"].as_str()), (Some(*name), Some(*name)));
        let (_, _, body) = the_call(&version_approve(&t, "c1", "e1", "v1", true, Some(name)));
        assert_eq!(body.unwrap_or_default()["reason"].as_str(), Some(*name));
    }
}

#[test]
fn ids_from_the_service_are_encoded_in_the_url() {
    let (_, url, _) = the_call(&credential_revoke(&sandbox(), "d1", "api/x y"));
    assert_eq!(url, format!("{API}/deployments/d1/credentials/api%2Fx%20y"));
}

#[test]
fn the_realm_and_resource_switches_have_hcl_that_adopts_them() {
    let t = sandbox();
    let text = hcl::realm_display_name(&t, "c1", "d1", "shop", Some("Shop \"${x}\""));
    assert!(text.contains("resource \"phasetwo_realm\" \"shop\" {"), "{text}");
    assert!(text.contains("display_name = \"Shop \\\"$${x}\\\"\""), "{text}");
    assert!(text.contains("to = phasetwo_realm.shop") && text.contains("id = \"c1/d1\""), "{text}");
}
