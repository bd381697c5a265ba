//! `cluster.create`: validation, the three result shapes, the declined card, the
//! checkout page, Stripe.js's 3-D Secure stand-in, and persistence.

use crate::common::Harness;
use cluster_api::{Cluster, ClusterCreationResult, NameAvailability, PaymentMethod, Subscription};
use cluster_sandbox::{Config, demo};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

const DAY: i64 = 86_400_000;

pub fn order(name: &str, tier: &str, period: &str) -> Value {
    json!({
        "name": name, "region": "US_EAST_1", "tier": tier, "billing_period": period,
        "org_id": demo::ACME_ORG_ID
    })
}

pub async fn create(h: &Harness, token: &str, body: &Value) -> ClusterCreationResult {
    let reply = h.send_json(Method::POST, "/clusters", token, body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

pub async fn cluster_named(h: &Harness, token: &str, name: &str) -> Option<Cluster> {
    let clusters: Vec<Cluster> = h.get("/clusters", token).await.json();
    clusters.into_iter().find(|c| c.name == name)
}

pub async fn status(h: &Harness, token: &str, id: &str) -> String {
    let cluster: Cluster = h.get(&format!("/clusters/{id}"), token).await.json();
    cluster.status.as_str().to_string()
}

#[tokio::test]
async fn without_a_card_checkout_pays_and_provisions() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let result = create(&h, &token, &order("acme-new", "premium", "monthly")).await;
    assert!(!result.requires_action && result.cluster.is_none());
    let link = result.link.expect("a checkout link");
    assert_eq!(
        link.message.as_deref(),
        Some("Complete payment on the checkout page to start provisioning acme-new.")
    );
    let path = h.local_path(&link.link);
    assert!(path.starts_with("/sandbox/checkout/"), "{path}");

    let cluster = cluster_named(&h, &token, "acme-new").await.expect("created");
    assert_eq!(cluster.status.as_str(), "BILLING_SETUP");
    let none = h.get(&format!("/clusters/{}/billing", cluster.id), &token).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_eq!(none.error(), "acme-new has no subscription yet: complete payment to start one.");

    let page = h.page(&link.link).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.headers["content-type"].to_str().unwrap_or("").starts_with("text/html"));
    for text in ["acme-new", "Premium", "$999.00 / month", r#"id="checkout-pay""#, r#"id="checkout-cancel""#]
    {
        assert!(page.body.contains(text), "{text} in {}", page.body);
    }

    let cancel = h.submit(&format!("{path}/cancel"), &[]).await;
    assert_eq!(cancel.status, StatusCode::SEE_OTHER);
    assert_eq!(cancel.location(), format!("/clusters/{}?checkout=cancelled", cluster.id));
    assert_eq!(status(&h, &token, &cluster.id).await, "BILLING_SETUP");

    let pay = h.submit(&format!("{path}/pay"), &[]).await;
    assert_eq!(pay.status, StatusCode::SEE_OTHER);
    assert_eq!(pay.location(), format!("/clusters/{}?checkout=success", cluster.id));
    assert_eq!(status(&h, &token, &cluster.id).await, "PROVISIONING");
    let sub: Subscription = h.get(&format!("/clusters/{}/billing", cluster.id), &token).await.json();
    assert_eq!(sub.status, "active");
    assert_eq!(sub.customer_id.as_deref(), Some("cus_acme"));
    assert_eq!(sub.description.as_deref(), Some("Premium plan, billed monthly: $999.00 / month — acme-new"));
    let (start, end) = (sub.current_period_start.expect("start").0, sub.current_period_end.expect("end").0);
    assert_eq!(end - start, 30 * DAY);

    assert_eq!(h.page(&path).await.status, StatusCode::GONE, "a used session");
    assert_eq!(h.submit(&format!("{path}/pay"), &[]).await.status, StatusCode::GONE);
    assert_eq!(h.page("/sandbox/checkout/cs_test_nope").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn checkout_shows_annual_and_trial_prices() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let annual = create(&h, &token, &order("acme-yearly", "premium", "annual")).await.link.expect("link");
    let page = h.page(&annual.link).await;
    assert!(page.body.contains("$8,988.00 / year ($749/month)"), "{}", page.body);

    let starter = create(&h, &token, &order("acme-small", "starter", "monthly")).await.link.expect("link");
    let page = h.page(&starter.link).await;
    assert!(page.body.contains("30-day free trial, then $149.00 / month"), "{}", page.body);
    let pay = h.submit(&format!("{}/pay", h.local_path(&starter.link)), &[]).await;
    assert_eq!(pay.status, StatusCode::SEE_OTHER);
    let cluster = cluster_named(&h, &token, "acme-small").await.expect("created");
    let sub: Subscription = h.get(&format!("/clusters/{}/billing", cluster.id), &token).await.json();
    assert_eq!(sub.status, "trialing");
    assert_eq!(sub.current_period_end.expect("end").0 - sub.current_period_start.expect("start").0, 30 * DAY);
}

#[tokio::test]
async fn a_chargeable_card_provisions_at_once() {
    let h = Harness::with(Config { provision: Duration::from_secs(1), ..Config::default() }).await;
    let token = h.admin().await;
    let mut body = order("acme-quick", "starter", "monthly");
    body["payment_method_id"] = json!(demo::CARD_VISA);
    let result = create(&h, &token, &body).await;
    assert!(!result.requires_action && result.link.is_none());
    let cluster = result.cluster.expect("a cluster");
    assert_eq!((cluster.name.as_str(), cluster.status.as_str()), ("acme-quick", "PROVISIONING"));
    let sub: Subscription = h.get(&format!("/clusters/{}/billing", cluster.id), &token).await.json();
    assert_eq!(sub.status, "trialing");
    assert_eq!(sub.current_period_end.expect("end").0 - sub.current_period_start.expect("start").0, 30 * DAY);

    let mut body = order("acme-big", "enterprise", "annual");
    body["payment_method_id"] = json!(demo::CARD_MASTERCARD);
    body["domain"] = json!("auth.acme.example");
    let big = create(&h, &token, &body).await.cluster.expect("a cluster");
    assert_eq!(big.domain.as_deref(), Some("auth.acme.example"));
    let sub: Subscription = h.get(&format!("/clusters/{}/billing", big.id), &token).await.json();
    assert_eq!(sub.status, "active");
    assert_eq!(
        sub.current_period_end.expect("end").0 - sub.current_period_start.expect("start").0,
        365 * DAY
    );
    let cards: Vec<PaymentMethod> = h.get("/orgs/org-acme/billing/payment-methods", &token).await.json();
    let mastercard = cards.iter().find(|c| c.id == demo::CARD_MASTERCARD).expect("mastercard");
    assert!(mastercard.in_use_by.as_ref().is_some_and(|names| names.contains(&"acme-big".to_string())));

    tokio::time::sleep(Duration::from_millis(1_200)).await;
    assert_eq!(status(&h, &token, &cluster.id).await, "ACTIVE");
}

#[tokio::test]
async fn authentication_goes_through_stripe_js() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let mut body = order("acme-secure", "premium", "monthly");
    body["payment_method_id"] = json!(demo::CARD_AUTHENTICATION_REQUIRED);
    let result = create(&h, &token, &body).await;
    assert!(result.requires_action && result.cluster.is_none() && result.link.is_none());
    let secret = result.client_secret.expect("client secret");
    let (intent, random) = secret.split_once("_secret_").expect("pi_<id>_secret_<random>");
    assert!(intent.starts_with("pi_") && !random.is_empty(), "{secret}");
    let id = result.cluster_id.expect("cluster id");
    assert_eq!(status(&h, &token, &id).await, "PENDING_PAYMENT");

    let script = h.page("/sandbox/stripe.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.headers["content-type"].to_str().unwrap_or("").contains("javascript"));
    for text in [
        "window.Stripe",
        "confirmCardPayment",
        "handleNextAction",
        "sandbox-3ds",
        "sandbox-3ds-complete",
        "sandbox-3ds-fail",
        "Authentication required",
        "document.currentScript",
    ] {
        assert!(script.body.contains(text), "{text}");
    }

    let failed = h.authenticate(&secret, "failed").await;
    assert_eq!(failed.status, StatusCode::PAYMENT_REQUIRED);
    let error: Value = failed.json();
    assert_eq!(error["error"]["code"], "payment_intent_authentication_failure");
    assert_eq!(error["error"]["type"], "card_error");
    assert_eq!(status(&h, &token, &id).await, "PENDING_PAYMENT");

    assert_eq!(h.authenticate(&secret, "maybe").await.status, StatusCode::BAD_REQUEST);
    let unknown = h.authenticate("pi_nope_secret_nope", "succeeded").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(unknown.json::<Value>()["error"]["message"].is_string());

    let done = h.authenticate(&secret, "succeeded").await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let done: Value = done.json();
    assert_eq!(done["paymentIntent"]["status"], "succeeded");
    assert_eq!(done["paymentIntent"]["id"], intent);
    assert_eq!(status(&h, &token, &id).await, "PROVISIONING");
    let sub: Subscription = h.get(&format!("/clusters/{id}/billing"), &token).await.json();
    assert_eq!(sub.status, "active");
    let cards: Vec<PaymentMethod> = h.get("/orgs/org-acme/billing/payment-methods", &token).await.json();
    let card = cards.iter().find(|c| c.id == demo::CARD_AUTHENTICATION_REQUIRED).expect("card");
    assert_eq!(card.in_use_by.as_deref(), Some(&["acme-secure".to_string()][..]));
}

#[tokio::test]
async fn a_declined_card_leaves_no_cluster() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let mut body = order("acme-broke", "premium", "monthly");
    body["payment_method_id"] = json!(demo::CARD_DECLINED);
    let reply = h.send_json(Method::POST, "/clusters", &token, &body).await;
    assert_eq!(reply.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(
        reply.error(),
        "The card ending 0002 was declined. Choose another card or pay on the checkout page."
    );
    assert!(cluster_named(&h, &token, "acme-broke").await.is_none());
    let name: NameAvailability = h.get("/clusters/name-available?name=acme-broke", &token).await.json();
    assert!(name.available);
}

#[tokio::test]
async fn validation_names_the_field_and_creates_nothing() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let before: Vec<Cluster> = h.get("/clusters", &token).await.json();
    let change = |key: &str, value: Option<Value>| {
        let mut body = order("acme-valid", "premium", "monthly");
        match value {
            Some(value) => body[key] = value,
            None => drop(body.as_object_mut().map(|o| o.remove(key))),
        }
        body
    };
    let cases = [
        (change("name", None), "name is required"),
        (change("name", Some(json!(" "))), "name is required"),
        (
            change("name", Some(json!("bad_name"))),
            "name bad_name is not a valid cluster name. A cluster name may contain only lowercase letters, \
             digits and hyphens; “_” is not allowed.",
        ),
        (change("region", None), "region is required"),
        (
            change("region", Some(json!("MARS_1"))),
            "region MARS_1 is not a region: use one of US_EAST_1, US_WEST_2, EU_CENTRAL_1.",
        ),
        (change("tier", None), "tier is required"),
        (change("tier", Some(json!("gold"))), "tier must be starter, premium or enterprise; got \"gold\""),
        (change("billing_period", None), "billing_period is required"),
        (
            change("billing_period", Some(json!("weekly"))),
            "billing_period must be monthly or annual; got \"weekly\"",
        ),
        (order("acme-valid", "starter", "annual"), "The starter tier is billed monthly only."),
        (change("org_id", None), "org_id is required"),
        (
            change("domain", Some(json!("https://auth.example.com"))),
            "domain https://auth.example.com is not a valid hostname",
        ),
        (
            change("payment_method_id", Some(json!(demo::GLOBEX_CARD))),
            "payment_method_id pm_card_globex_visa is not a card of Acme Inc.",
        ),
        (
            json!({
                "name": "acme-valid", "region": "US_EAST_1", "price_id": "price_gold",
                "org_id": demo::ACME_ORG_ID
            }),
            "price_id price_gold is not a known price",
        ),
    ];
    for (body, message) in cases {
        let reply = h.send_json(Method::POST, "/clusters", &token, &body).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{body}: {}", reply.body);
        assert!(reply.error().starts_with(message), "{body}: {}", reply.error());
    }
    let bad_json = h.send_text(Method::POST, "/clusters", &token, "{\"name\": ").await;
    assert_eq!(bad_json.status, StatusCode::BAD_REQUEST);
    assert!(bad_json.error().starts_with("The request body is not valid"), "{}", bad_json.error());
    let empty = h.call(Method::POST, "/clusters", &token).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);

    let after: Vec<Cluster> = h.get("/clusters", &token).await.json();
    assert_eq!(before.len(), after.len());
}

#[tokio::test]
async fn deprecated_price_id_stands_in_for_tier_and_period() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let body = json!({"name": "acme-priced", "region": "EU_CENTRAL_1", "price_id": "price_enterprise_annual",
                      "org_id": demo::ACME_ORG_ID, "payment_method_id": demo::CARD_VISA});
    let cluster = create(&h, &token, &body).await.cluster.expect("cluster");
    assert_eq!(cluster.tier.as_str(), "enterprise");
    let sub: Subscription = h.get(&format!("/clusters/{}/billing", cluster.id), &token).await.json();
    assert_eq!(
        sub.description.as_deref(),
        Some("Enterprise plan, billed annually: $29,988.00 / year ($2,499/month) — acme-priced")
    );
}

#[tokio::test]
async fn taken_and_reserved_names_conflict_with_a_recommendation() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for (name, message) in [
        ("acme-prod", "The name acme-prod is taken. Try acme-prod-2."),
        ("ACME-PROD", "The name acme-prod is taken. Try acme-prod-2."),
        ("acme-legacy", "The name acme-legacy is taken. Try acme-legacy-2."),
        ("acme-old", "The name acme-old is taken. Try acme-old-2."),
        ("globex-prod", "The name globex-prod is taken. Try globex-prod-2."),
        ("admin", "The name admin is reserved for the platform. Try admin-2."),
    ] {
        let reply = h.send_json(Method::POST, "/clusters", &token, &order(name, "premium", "monthly")).await;
        assert_eq!(reply.status, StatusCode::CONFLICT, "{name}");
        assert_eq!(reply.error(), message);
    }
}

#[tokio::test]
async fn roles_and_organizations_are_checked() {
    let h = Harness::start().await;
    let viewer = h.viewer().await;
    let reply =
        h.send_json(Method::POST, "/clusters", &viewer, &order("acme-view", "premium", "monthly")).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(reply.error(), "This API secret lacks the manage-clusters role in organization Acme Inc.");

    let token = h.admin().await;
    for org in [demo::GLOBEX_ORG_ID, "org-nope"] {
        let mut body = order("acme-else", "premium", "monthly");
        body["org_id"] = json!(org);
        let reply = h.send_json(Method::POST, "/clusters", &token, &body).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND);
        assert_eq!(reply.error(), format!("No organization with ID {org} was found."));
    }
}

#[tokio::test]
async fn created_clusters_survive_a_restart() {
    let file = std::env::temp_dir().join(format!("sandbox-create-{}.sqlite3", uuid::Uuid::new_v4()));
    let config = Config { data: file.clone(), ..Config::default() };
    let first = Harness::with(config.clone()).await;
    let token = first.admin().await;
    let mut body = order("acme-kept", "premium", "annual");
    body["payment_method_id"] = json!(demo::CARD_VISA);
    let kept = create(&first, &token, &body).await.cluster.expect("cluster");
    let link = create(&first, &token, &order("acme-waiting", "starter", "monthly")).await.link.expect("link");
    let checkout = first.local_path(&link.link);
    first.sandbox.stop().await;

    let second = Harness::with(config).await;
    let token = second.admin().await;
    let again: Cluster = second.get(&format!("/clusters/{}", kept.id), &token).await.json();
    assert_eq!(again.name, "acme-kept");
    let sub: Subscription = second.get(&format!("/clusters/{}/billing", kept.id), &token).await.json();
    assert_eq!(sub.status, "active");
    assert_eq!(second.page(&checkout).await.status, StatusCode::OK, "the checkout link still works");
    let cards: Vec<PaymentMethod> = second.get("/orgs/org-acme/billing/payment-methods", &token).await.json();
    assert_eq!(cards.len(), 4, "not seeded twice");
    second.sandbox.stop().await;
    let _ = std::fs::remove_file(file);
}
