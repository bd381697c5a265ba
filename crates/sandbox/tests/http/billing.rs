//! Subscriptions, resuming checkout, the open-invoice page, the billing portal, and the
//! roles billing needs.

use crate::common::Harness;
use cluster_api::{Cluster, RedirectLink, Subscription};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::json;

async fn subscriptions(h: &Harness, token: &str, org: &str) -> Vec<Subscription> {
    let reply = h.get(&format!("/orgs/{org}/billing/subscriptions"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

fn find<'a>(subs: &'a [Subscription], id: &str) -> &'a Subscription {
    subs.iter().find(|s| s.id == id).unwrap_or_else(|| panic!("{id}"))
}

#[tokio::test]
async fn seeded_subscriptions() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let subs = subscriptions(&h, &token, demo::ACME_ORG_ID).await;
    assert_eq!(subs.len(), 4);
    let now = chrono::Utc::now().timestamp_millis();

    let prod = find(&subs, demo::SUB_ACME_PROD);
    assert_eq!(prod.status, "active");
    assert_eq!(prod.customer_id.as_deref(), Some("cus_acme"));
    assert_eq!(
        prod.description.as_deref(),
        Some("Enterprise plan, billed monthly: $2,999.00 / month — acme-prod")
    );
    assert!(
        prod.current_period_start.expect("start").0 <= now && now < prod.current_period_end.expect("end").0
    );
    assert_eq!((prod.end_date, prod.open_invoice), (None, None));

    let staging = find(&subs, demo::SUB_ACME_STAGING);
    assert_eq!(
        staging.description.as_deref(),
        Some("Premium plan, billed annually: $8,988.00 / year ($749/month) — acme-staging")
    );
    let legacy = find(&subs, demo::SUB_ACME_LEGACY);
    assert_eq!(legacy.end_date, legacy.current_period_end, "ends with its period");
    let overdue = find(&subs, demo::SUB_ACME_OVERDUE);
    assert_eq!(overdue.status, "past_due");
    assert_eq!((overdue.open_invoice, overdue.open_invoice_amount_due), (Some(true), Some(99_900)));

    let globex = subscriptions(&h, &h.globex().await, demo::GLOBEX_ORG_ID).await;
    assert_eq!(globex.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), [demo::SUB_GLOBEX_PROD]);
    let other = h.get("/orgs/org-globex/billing/subscriptions", &token).await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    assert_eq!(other.error(), "No organization with ID org-globex was found.");
}

#[tokio::test]
async fn subscription_detail_and_deleting_ends_it() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let prod: Subscription = h.get(&format!("/clusters/{}/billing", demo::ACME_PROD), &token).await.json();
    assert_eq!((prod.id.as_str(), prod.end_date), (demo::SUB_ACME_PROD, None));
    let trial = h.get(&format!("/clusters/{}/billing", demo::ACME_TRIAL), &token).await;
    assert_eq!(trial.status, StatusCode::NOT_FOUND);
    assert_eq!(trial.error(), "acme-trial has no subscription yet: complete payment to start one.");
    let stranger = h.get(&format!("/clusters/{}/billing", demo::ACME_PROD), &h.globex().await).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);

    assert_eq!(
        h.delete(&format!("/clusters/{}", demo::ACME_PROD), &token).await.status,
        StatusCode::NO_CONTENT
    );
    let ending: Subscription = h.get(&format!("/clusters/{}/billing", demo::ACME_PROD), &token).await.json();
    assert_eq!(ending.end_date, ending.current_period_end);
    assert_eq!(ending.status, "active", "billed until the period ends");
}

#[tokio::test]
async fn the_viewer_reads_billing_but_cannot_change_it() {
    let h = Harness::start().await;
    let viewer = h.viewer().await;
    let denied = |role: &str| format!("This API secret lacks the {role} role in organization Acme Inc.");
    for path in [
        "/orgs/org-acme/billing/subscriptions",
        "/orgs/org-acme/billing/payment-methods",
        "/orgs/org-acme/billing/contacts",
        "/clusters/cl-acme-prod/billing",
    ] {
        let reply = h.get(path, &viewer).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
    }
    let body = json!({"redirect_uri": "http://localhost:8080/billing"});
    for (method, path) in [
        (Method::POST, "/orgs/org-acme/billing/portal"),
        (Method::POST, "/orgs/org-acme/billing/payment-methods"),
        (Method::POST, "/orgs/org-acme/billing/payment-methods/pm_card_mastercard/default"),
        (Method::DELETE, "/orgs/org-acme/billing/payment-methods/pm_card_chargeDeclined"),
        (Method::POST, "/orgs/org-acme/billing/contacts/user-alice"),
        (Method::DELETE, "/orgs/org-acme/billing/contacts/user-carol"),
        (Method::POST, "/clusters/cl-acme-trial/checkout"),
        (Method::POST, "/clusters/cl-acme-prod/billing"),
    ] {
        let reply = h.send_json(method.clone(), path, &viewer, &body).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{method} {path}");
        assert_eq!(reply.error(), denied("manage-billing"), "{method} {path}");
    }
}

async fn resume(h: &Harness, token: &str, cluster: &str) -> RedirectLink {
    let reply = h.call(Method::POST, &format!("/clusters/{cluster}/checkout"), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

#[tokio::test]
async fn resuming_an_unpaid_cluster_opens_a_new_checkout() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let link = resume(&h, &token, demo::ACME_TRIAL).await;
    assert_eq!(
        link.message.as_deref(),
        Some("Complete payment on the checkout page to start provisioning acme-trial.")
    );
    let path = h.local_path(&link.link);
    assert!(path.starts_with("/sandbox/checkout/"), "{path}");
    assert!(h.page(&path).await.body.contains("30-day free trial, then $149.00 / month"));

    let bad = h
        .send_json(
            Method::POST,
            "/clusters/cl-acme-trial/checkout",
            &token,
            &json!({"billing_period": "weekly"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.error().starts_with("billing_period must be monthly or annual; got \"weekly\""),
        "{}",
        bad.error()
    );

    let pay = h.submit(&format!("{path}/pay"), &[]).await;
    assert_eq!(pay.location(), "/clusters/cl-acme-trial?checkout=success");
    let trial: Cluster = h.get("/clusters/cl-acme-trial", &token).await.json();
    assert_eq!(trial.status.as_str(), "PROVISIONING");
    let sub: Subscription = h.get("/clusters/cl-acme-trial/billing", &token).await.json();
    assert_eq!(sub.status, "trialing");
    let again = h.call(Method::POST, "/clusters/cl-acme-trial/checkout", &token).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.error(), "acme-trial is already paid for: there is nothing to complete.");
}

#[tokio::test]
async fn resuming_a_delinquent_cluster_pays_its_open_invoice() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let link = resume(&h, &token, demo::ACME_OVERDUE).await;
    assert_eq!(link.message.as_deref(), Some("Pay the open invoice of $999.00 to restore acme-overdue."));
    let path = h.local_path(&link.link);
    assert_eq!(path, format!("/sandbox/invoice/{}", demo::ACME_OVERDUE_INVOICE));
    let page = h.page(&path).await;
    for text in ["$999.00", "acme-overdue", r#"id="checkout-pay""#, r#"id="checkout-cancel""#] {
        assert!(page.body.contains(text), "{text}");
    }
    let cancel = h.submit(&format!("{path}/cancel"), &[]).await;
    assert_eq!(cancel.location(), "/clusters/cl-acme-overdue?checkout=cancelled");
    let still: Cluster = h.get("/clusters/cl-acme-overdue", &token).await.json();
    assert_eq!(still.status.as_str(), "BILLING_REQUIRED");

    let pay = h.submit(&format!("{path}/pay"), &[]).await;
    assert_eq!(pay.status, StatusCode::SEE_OTHER);
    assert_eq!(pay.location(), "/clusters/cl-acme-overdue?checkout=success");
    let repaired: Cluster = h.get("/clusters/cl-acme-overdue", &token).await.json();
    assert_eq!(repaired.status.as_str(), "ACTIVE");
    let sub: Subscription = h.get("/clusters/cl-acme-overdue/billing", &token).await.json();
    assert_eq!((sub.status.as_str(), sub.open_invoice, sub.open_invoice_amount_due), ("active", None, None));
    assert_eq!(h.page(&path).await.status, StatusCode::GONE);
    assert_eq!(h.page("/sandbox/invoice/in_nope").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn resuming_paid_or_departing_clusters_conflicts() {
    let h = Harness::start().await;
    let token = h.admin().await;
    for (id, message) in [
        (demo::ACME_PROD, "acme-prod is already paid for: there is nothing to complete."),
        (
            demo::ACME_LEGACY,
            "acme-legacy is scheduled for deletion (PENDING_DELETION): there is nothing to pay for.",
        ),
        (demo::ACME_ARCHIVED, "acme-old is archived (ARCHIVED): there is nothing to pay for."),
    ] {
        let reply = h.call(Method::POST, &format!("/clusters/{id}/checkout"), &token).await;
        assert_eq!(reply.status, StatusCode::CONFLICT, "{id}");
        assert_eq!(reply.error(), message);
    }
}

#[tokio::test]
async fn portal_links_are_single_use() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let reply = h.call(Method::POST, "/orgs/org-acme/billing/portal", &token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let link: RedirectLink = reply.json();
    let path = h.local_path(&link.link);
    assert!(path.starts_with("/sandbox/portal/"), "{path}");
    let page = h.page(&path).await;
    assert_eq!(page.status, StatusCode::OK);
    for text in [
        r#"<a id="portal-return" href="/billing?org=org-acme">Return to the console</a>"#,
        "acme-overdue",
        "acme-prod",
        "$999.00",
        "$2,999.00",
        "/sandbox/invoice/in_acme_overdue",
        "Visa ending 4242",
    ] {
        assert!(page.body.contains(text), "{text} in {}", page.body);
    }
    let second = h.page(&path).await;
    assert_eq!(second.status, StatusCode::GONE);
    assert!(second.body.contains("expired"));
    assert_eq!(h.page("/sandbox/portal/bps_nope").await.status, StatusCode::NOT_FOUND);

    let back = json!({"redirect_uri": "http://localhost:9999/billing?x=\"><script>alert(1)</script>"});
    let link: RedirectLink =
        h.send_json(Method::POST, "/orgs/org-acme/billing/portal", &token, &back).await.json();
    let page = h.page(&link.link).await;
    assert!(
        page.body.contains(r#"href="http://localhost:9999/billing?x=&quot;&gt;&lt;script&gt;"#),
        "{}",
        page.body
    );
    assert!(!page.body.contains("<script>"), "escaped");

    let bad = json!({"redirect_uri": "javascript:alert(1)"});
    let reply = h.send_json(Method::POST, "/orgs/org-acme/billing/portal", &token, &bad).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.error().starts_with("redirect_uri must be"), "{}", reply.error());
}

#[tokio::test]
async fn the_deprecated_cluster_portal_returns_to_the_cluster() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let reply = h.call(Method::POST, "/clusters/cl-acme-prod/billing", &token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let link: RedirectLink = reply.json();
    let page = h.page(&link.link).await;
    assert!(page.body.contains(r#"<a id="portal-return" href="/clusters/cl-acme-prod">"#), "{}", page.body);
}
