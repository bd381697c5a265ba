//! IP rules: update replaces by category (omitted kept, `[]` clears), addresses are
//! IPv4/IPv6 with an optional valid prefix (400, nothing changes), tier caps (409
//! naming the cap), rule fields, detail, roles and tenancy.

use crate::common::Harness;
use crate::ext_helpers::send;
use cluster_api::{IpRuleRepresentation, IpRulesRepresentation};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const PROD: &str = demo::ACME_PROD;

fn path(cluster: &str) -> String {
    format!("/clusters/{cluster}/ip-rules")
}

fn rule(address: &str, alias: &str) -> Value {
    json!({"address": address, "alias": alias})
}

async fn update(h: &Harness, token: &str, cluster: &str, body: Value) -> crate::common::Reply {
    send(h, Method::POST, &path(cluster), token, Some(body)).await
}

async fn list(h: &Harness, token: &str, cluster: &str) -> IpRulesRepresentation {
    let reply = h.get(&path(cluster), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

fn addresses(rules: &[IpRuleRepresentation]) -> Vec<&str> {
    rules.iter().map(|r| r.address.as_str()).collect()
}

#[tokio::test]
async fn update_replaces_present_categories_keeps_omitted_and_clears_empty_ones() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let empty = list(&h, &token, PROD).await;
    assert_eq!(empty, IpRulesRepresentation::default());
    let raw = h.get(&path(PROD), &token).await.json::<Value>();
    assert_eq!(raw, json!({"adminAllowedIpRules": [], "realmAllowedIpRules": [], "realmBlockedIpRules": []}));

    let body = json!({
        "adminAllowedIpRules": [rule("203.0.113.4", "office"), rule("2001:db8::/48", "vpn v6")],
        "realmBlockedIpRules": [rule("198.51.100.0/24", "abuse")],
    });
    let reply = update(&h, &token, PROD, body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let after: IpRulesRepresentation = reply.json();
    assert_eq!(addresses(&after.admin_allowed_ip_rules), ["203.0.113.4", "2001:db8::/48"]);
    assert_eq!(addresses(&after.realm_blocked_ip_rules), ["198.51.100.0/24"]);
    assert!(after.realm_allowed_ip_rules.is_empty());
    let office = &after.admin_allowed_ip_rules[0];
    assert!(office.id.starts_with("ipr-"));
    assert_eq!(
        (office.alias.as_str(), office.endpoint_type.as_str(), office.allow_deny),
        ("office", "ADMIN", true)
    );
    assert_eq!(
        (office.evaluation_order, after.admin_allowed_ip_rules[1].evaluation_order),
        (Some(0), Some(1))
    );
    assert!(office.created_at.is_some());
    let blocked = &after.realm_blocked_ip_rules[0];
    assert_eq!((blocked.endpoint_type.as_str(), blocked.allow_deny), ("REALMS", false));
    assert_eq!(list(&h, &token, PROD).await, after);

    // Only the realm allow list is sent: the other two are kept as they were.
    let reply =
        update(&h, &token, PROD, json!({"realmAllowedIpRules": [rule("192.0.2.10/32", "partner")]})).await;
    let next: IpRulesRepresentation = reply.json();
    assert_eq!(next.admin_allowed_ip_rules, after.admin_allowed_ip_rules);
    assert_eq!(next.realm_blocked_ip_rules, after.realm_blocked_ip_rules);
    let partner = &next.realm_allowed_ip_rules[0];
    assert_eq!((partner.endpoint_type.as_str(), partner.allow_deny), ("REALMS", true));

    // [] clears one category; a kept address keeps its ID so links to it stay valid.
    let body =
        json!({"realmBlockedIpRules": [], "adminAllowedIpRules": [rule("203.0.113.4", "office renamed")]});
    let last: IpRulesRepresentation = update(&h, &token, PROD, body).await.json();
    assert!(last.realm_blocked_ip_rules.is_empty());
    assert_eq!(last.realm_allowed_ip_rules, next.realm_allowed_ip_rules);
    assert_eq!(last.admin_allowed_ip_rules.len(), 1);
    assert_eq!(last.admin_allowed_ip_rules[0].id, office.id);
    assert_eq!(last.admin_allowed_ip_rules[0].alias, "office renamed");

    // An empty object changes nothing.
    let same: IpRulesRepresentation = update(&h, &token, PROD, json!({})).await.json();
    assert_eq!(same, last);
}

#[tokio::test]
async fn detail_answers_one_rule_and_404s_for_strangers() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let body = json!({"realmBlockedIpRules": [rule("198.51.100.7", "scanner")]});
    let rules: IpRulesRepresentation = update(&h, &token, PROD, body).await.json();
    let id = &rules.realm_blocked_ip_rules[0].id;
    let reply = h.get(&format!("{}/{id}", path(PROD)), &h.viewer().await).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.json::<IpRuleRepresentation>(), rules.realm_blocked_ip_rules[0]);

    let missing = h.get(&format!("{}/ipr-nope", path(PROD)), &token).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.error().contains("No IP rule with ID ipr-nope"), "{}", missing.body);
    // The rule exists, but on another cluster.
    let elsewhere = h.get(&format!("{}/{id}", path(demo::ACME_DEV)), &token).await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);
    let globex = h.get(&format!("{}/{id}", path(PROD)), &h.globex().await).await;
    assert_eq!(globex.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn invalid_addresses_are_refused_and_nothing_changes() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let before: IpRulesRepresentation =
        update(&h, &token, PROD, json!({"adminAllowedIpRules": [rule("203.0.113.4", "office")]}))
            .await
            .json();
    for bad in ["203.0.113.0/33", "2001:db8::/129", "300.1.1.1", "example.com", "10.0.0.0/", "10.0.0.0/x", ""]
    {
        // A valid category alongside: it must not be applied either.
        let body = json!({
            "adminAllowedIpRules": [],
            "realmBlockedIpRules": [rule("198.51.100.1", "ok"), rule(bad, "bad")]
        });
        let reply = update(&h, &token, PROD, body).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad}: {}", reply.body);
        assert!(reply.error().contains("realmBlockedIpRules[1]"), "{}", reply.body);
        assert_eq!(list(&h, &token, PROD).await, before, "{bad}");
    }
    let twice = json!({"realmBlockedIpRules": [rule("198.51.100.1", "a"), rule("198.51.100.1", "b")]});
    let reply = update(&h, &token, PROD, twice).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().contains("listed twice"));
    let no_body = send(&h, Method::POST, &path(PROD), &token, None).await;
    assert_eq!(no_body.status, StatusCode::BAD_REQUEST);
    let missing_field = update(&h, &token, PROD, json!({"adminAllowedIpRules": [{"alias": "x"}]})).await;
    assert_eq!(missing_field.status, StatusCode::BAD_REQUEST);
    assert!(missing_field.error().contains("address is required"), "{}", missing_field.body);
    assert_eq!(list(&h, &token, PROD).await, before);
}

#[tokio::test]
async fn tier_caps_starter_none_premium_two_on_admin_paths_enterprise_unlimited() {
    let h = Harness::start().await;
    let acme = h.admin().await;
    let starter =
        update(&h, &acme, demo::ACME_DEV, json!({"adminAllowedIpRules": [rule("203.0.113.4", "x")]})).await;
    assert_eq!(starter.status, StatusCode::CONFLICT);
    assert!(starter.error().contains("starter tier allows no IP rules (cap: 0)"), "{}", starter.body);
    // Clearing is never beyond a cap.
    let clear = update(&h, &acme, demo::ACME_DEV, json!({"adminAllowedIpRules": []})).await;
    assert_eq!(clear.status, StatusCode::OK);

    let globex = h.globex().await;
    let premium = demo::GLOBEX_PROD;
    let two = json!({"adminAllowedIpRules": [rule("203.0.113.4", "a"), rule("203.0.113.5", "b")]});
    assert_eq!(update(&h, &globex, premium, two).await.status, StatusCode::OK);
    let three = json!({
        "adminAllowedIpRules": [rule("203.0.113.4", "a"), rule("203.0.113.5", "b"), rule("203.0.113.6", "c")]
    });
    let reply = update(&h, &globex, premium, three).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert!(
        reply.error().contains("premium tier allows 2 IP rules (cap: 2, admin paths only)"),
        "{}",
        reply.body
    );
    let public =
        update(&h, &globex, premium, json!({"realmBlockedIpRules": [rule("198.51.100.1", "x")]})).await;
    assert_eq!(public.status, StatusCode::CONFLICT);
    assert!(public.error().contains("admin paths only"), "{}", public.body);
    assert_eq!(list(&h, &globex, premium).await.admin_allowed_ip_rules.len(), 2);

    let many: Vec<Value> = (1..=12).map(|i| rule(&format!("203.0.113.{i}"), "n")).collect();
    let body = json!({
        "adminAllowedIpRules": many,
        "realmAllowedIpRules": [rule("192.0.2.0/24", "p")],
        "realmBlockedIpRules": [rule("198.51.100.0/24", "b")]
    });
    let enterprise = update(&h, &acme, PROD, body).await;
    assert_eq!(enterprise.status, StatusCode::OK, "{}", enterprise.body);
}

#[tokio::test]
async fn viewers_read_but_cannot_write_and_strangers_see_nothing() {
    let h = Harness::start().await;
    let viewer = h.viewer().await;
    assert_eq!(h.get(&path(PROD), &viewer).await.status, StatusCode::OK);
    let reply = update(&h, &viewer, PROD, json!({"adminAllowedIpRules": []})).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert!(reply.error().contains("manage-clusters"), "{}", reply.body);
    let globex = h.globex().await;
    assert_eq!(h.get(&path(PROD), &globex).await.status, StatusCode::NOT_FOUND);
    assert_eq!(update(&h, &globex, PROD, json!({})).await.status, StatusCode::NOT_FOUND);
}
