//! Saved cards: listing with their use, the setup page round trip, default and delete.

use crate::common::Harness;
use crate::create::order;
use cluster_api::{ClusterCreationResult, PaymentMethod, RedirectLink};
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};
use serde_json::json;

const CARDS: &str = "/orgs/org-acme/billing/payment-methods";

async fn cards(h: &Harness, token: &str) -> Vec<PaymentMethod> {
    let reply = h.get(CARDS, token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()
}

fn card<'a>(cards: &'a [PaymentMethod], id: &str) -> &'a PaymentMethod {
    cards.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("{id}"))
}

fn names(card: &PaymentMethod) -> Vec<&str> {
    card.in_use_by.iter().flatten().map(String::as_str).collect()
}

#[tokio::test]
async fn seeded_cards_say_what_they_pay_for() {
    let h = Harness::start().await;
    let list = cards(&h, &h.admin().await).await;
    let ids: Vec<&str> = list.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        [demo::CARD_VISA, demo::CARD_MASTERCARD, demo::CARD_AUTHENTICATION_REQUIRED, demo::CARD_DECLINED]
    );
    let visa = card(&list, demo::CARD_VISA);
    assert!(visa.is_default && visa.in_use_by_active_subscription);
    assert_eq!(
        (visa.r#type.as_str(), visa.brand.as_deref(), visa.last4.as_deref()),
        ("card", Some("visa"), Some("4242"))
    );
    assert_eq!(names(visa), ["acme-prod", "acme-staging"]);
    assert_eq!(names(card(&list, demo::CARD_MASTERCARD)), ["acme-legacy", "acme-overdue"]);
    let declined = card(&list, demo::CARD_DECLINED);
    assert!(!declined.is_default && !declined.in_use_by_active_subscription);
    assert_eq!(declined.last4.as_deref(), Some("0002"));
    assert_eq!(card(&list, demo::CARD_AUTHENTICATION_REQUIRED).last4.as_deref(), Some("3184"));
}

#[tokio::test]
async fn setup_page_adds_a_card() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let missing = h.send_json(Method::POST, CARDS, &token, &json!({})).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.error(), "redirect_uri is required");
    // The contract requires the body: left out, it is refused before its fields are read.
    let no_body = h.call(Method::POST, CARDS, &token).await;
    assert_eq!(no_body.status, StatusCode::BAD_REQUEST);
    assert!(no_body.error().contains("needs a JSON request body"), "{}", no_body.error());
    let ftp = h.send_json(Method::POST, CARDS, &token, &json!({"redirect_uri": "ftp://host/x"})).await;
    assert_eq!(ftp.status, StatusCode::BAD_REQUEST);
    assert!(ftp.error().starts_with("redirect_uri must be an absolute http(s) URL"), "{}", ftp.error());

    let back = "http://localhost:8080/billing?org=org-acme";
    let reply = h.send_json(Method::POST, CARDS, &token, &json!({ "redirect_uri": back })).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let path = h.local_path(&reply.json::<RedirectLink>().link);
    assert!(path.starts_with("/sandbox/setup/"), "{path}");
    let page = h.page(&path).await;
    for text in [
        r#"<select id="setup-card""#,
        "Visa 4242",
        "Mastercard 4444",
        "Visa 3184 (requires authentication)",
        r#"id="setup-save""#,
        r#"id="setup-cancel""#,
    ] {
        assert!(page.body.contains(text), "{text}");
    }
    let cancel = h.submit(&format!("{path}/cancel"), &[]).await;
    assert_eq!(cancel.status, StatusCode::SEE_OTHER);
    assert_eq!(cancel.location(), format!("{back}&payment_method_setup=cancelled"));
    assert_eq!(cards(&h, &token).await.len(), 4);

    let save = h.submit(&format!("{path}/save"), &[("card", "mastercard")]).await;
    assert_eq!(save.status, StatusCode::SEE_OTHER);
    assert_eq!(save.location(), format!("{back}&payment_method_setup=success"));
    let list = cards(&h, &token).await;
    let added = list.last().expect("a card");
    assert!(added.id.starts_with("pm_") && !added.is_default, "{added:?}");
    assert_eq!((added.brand.as_deref(), added.last4.as_deref()), (Some("mastercard"), Some("4444")));
    assert_eq!((added.exp_month, added.exp_year), (Some(12), Some(2030)));
    assert_eq!(h.page(&path).await.status, StatusCode::GONE, "used");

    // A card added through setup pays for a cluster at once.
    let mut body = order("acme-added", "premium", "monthly");
    body["payment_method_id"] = json!(added.id);
    let result: ClusterCreationResult = h.send_json(Method::POST, "/clusters", &token, &body).await.json();
    assert_eq!(result.cluster.map(|c| c.status.as_str().to_string()).as_deref(), Some("PROVISIONING"));
}

#[tokio::test]
async fn default_and_delete() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let default = h.call(Method::POST, &format!("{CARDS}/{}/default", demo::CARD_MASTERCARD), &token).await;
    assert_eq!(default.status, StatusCode::NO_CONTENT);
    let list = cards(&h, &token).await;
    assert!(card(&list, demo::CARD_MASTERCARD).is_default && !card(&list, demo::CARD_VISA).is_default);
    let unknown = h.call(Method::POST, &format!("{CARDS}/pm_nope/default"), &token).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.error(), "No payment method with ID pm_nope was found in Acme Inc.");

    let in_use = h.delete(&format!("{CARDS}/{}", demo::CARD_VISA), &token).await;
    assert_eq!(in_use.status, StatusCode::CONFLICT);
    assert_eq!(
        in_use.error(),
        "This card pays for acme-prod and acme-staging. Make another card the default and move those \
         subscriptions, or delete the clusters, before removing it."
    );
    assert_eq!(
        h.delete(&format!("{CARDS}/{}", demo::CARD_DECLINED), &token).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        h.delete(&format!("{CARDS}/{}", demo::CARD_DECLINED), &token).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(cards(&h, &token).await.len(), 3);

    // Removing the default leaves another card as the default.
    assert_eq!(
        h.delete(&format!("{CARDS}/{}", demo::CARD_AUTHENTICATION_REQUIRED), &token).await.status,
        StatusCode::NO_CONTENT
    );
    let globex = h.globex().await;
    let path = "/orgs/org-globex/billing/payment-methods";
    let link: RedirectLink =
        h.send_json(Method::POST, path, &globex, &json!({"redirect_uri": "http://localhost/x"})).await.json();
    h.submit(&format!("{}/save", h.local_path(&link.link)), &[("card", "visa")]).await;
    let before: Vec<PaymentMethod> = h.get(path, &globex).await.json();
    let added = before.last().expect("added").id.clone();
    assert_eq!(
        h.call(Method::POST, &format!("{path}/{added}/default"), &globex).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(h.delete(&format!("{path}/{added}"), &globex).await.status, StatusCode::NO_CONTENT);
    let after: Vec<PaymentMethod> = h.get(path, &globex).await.json();
    assert_eq!(
        after.iter().filter(|c| c.is_default).map(|c| c.id.as_str()).collect::<Vec<_>>(),
        [demo::GLOBEX_CARD]
    );
}

#[tokio::test]
async fn cards_belong_to_one_organization() {
    let h = Harness::start().await;
    let globex = h.globex().await;
    assert_eq!(h.get(CARDS, &globex).await.status, StatusCode::NOT_FOUND);
    let delete = h.delete(&format!("{CARDS}/{}", demo::CARD_DECLINED), &globex).await;
    assert_eq!(delete.status, StatusCode::NOT_FOUND);
    let theirs = h
        .call(
            Method::POST,
            &format!("/orgs/org-globex/billing/payment-methods/{}/default", demo::CARD_VISA),
            &globex,
        )
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND, "Acme's card is not Globex's");
}
