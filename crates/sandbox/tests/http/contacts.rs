//! Billing contacts: members holding manage-billing, added and removed by user ID.

use crate::common::Harness;
use cluster_api::BillingContact;
use cluster_sandbox::demo;
use reqwest::{Method, StatusCode};

const CONTACTS: &str = "/orgs/org-acme/billing/contacts";

async fn usernames(h: &Harness, token: &str) -> Vec<String> {
    let contacts: Vec<BillingContact> = h.get(CONTACTS, token).await.json();
    contacts.into_iter().map(|c| c.username).collect()
}

#[tokio::test]
async fn contacts_are_listed_with_camel_case_names() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let reply = h.get(CONTACTS, &token).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(
        reply.body.contains(r#""firstName":"Carol""#) && reply.body.contains(r#""lastName":"Chen""#),
        "{}",
        reply.body
    );
    let contacts: Vec<BillingContact> = reply.json();
    assert_eq!(contacts.len(), 1);
    assert_eq!(
        (contacts[0].id.as_str(), contacts[0].email.as_deref()),
        (demo::USER_CAROL, Some("carol@acme.example"))
    );
}

#[tokio::test]
async fn adding_and_removing_contacts() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let alice = format!("{CONTACTS}/{}", demo::USER_ALICE);
    assert_eq!(h.call(Method::POST, &alice, &token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(h.call(Method::POST, &alice, &token).await.status, StatusCode::NO_CONTENT, "idempotent");
    assert_eq!(usernames(&h, &token).await, ["carol", "alice"]);

    let bob = h.call(Method::POST, &format!("{CONTACTS}/{}", demo::USER_BOB), &token).await;
    assert_eq!(bob.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bob.error(),
        "bob does not hold the manage-billing role in Acme Inc., so cannot be a billing contact."
    );
    for user in ["user-nobody", demo::USER_GINA] {
        let reply = h.call(Method::POST, &format!("{CONTACTS}/{user}"), &token).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{user}");
        assert_eq!(reply.error(), format!("No user with ID {user} is a member of Acme Inc."));
    }

    assert_eq!(h.delete(&alice, &token).await.status, StatusCode::NO_CONTENT);
    let again = h.delete(&alice, &token).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(again.error(), "alice is not a billing contact of Acme Inc.");
    assert_eq!(usernames(&h, &token).await, ["carol"]);
}

#[tokio::test]
async fn contacts_of_another_organization_are_not_found() {
    let h = Harness::start().await;
    let globex = h.globex().await;
    assert_eq!(h.get(CONTACTS, &globex).await.status, StatusCode::NOT_FOUND);
    let theirs: Vec<BillingContact> = h.get("/orgs/org-globex/billing/contacts", &globex).await.json();
    assert_eq!(theirs.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), [demo::USER_GINA]);
}
