//! The demo people of realm `self`, (re)applied on every start like the bootstrap secret,
//! so a database from before they existed gains them.

use super::demo_ids::{ACME_ORG_ID, ALL_ROLES, USER_ALICE, USER_BOB, USER_CAROL};
use super::{Store, StoreResult};
use crate::records::{Grant, PersonRow};

pub const ALICE_EMAIL: &str = "alice@acme.example";
pub const CAROL_EMAIL: &str = "carol@acme.example";
pub const BOB_EMAIL: &str = "bob@acme.example";
/// Support staff: no organization role, the staff client role.
pub const SAM_EMAIL: &str = "sam@staff.example";
pub const USER_SAM: &str = "user-sam";
/// Every demo person's password.
pub const DEMO_PASSWORD: &str = "demo";

/// Every view role: what support (bob) holds, and the base of the billing admin's roles.
pub fn view_roles() -> impl Iterator<Item = &'static str> {
    ALL_ROLES.iter().copied().filter(|role| role.starts_with("view-"))
}

/// (id, email, name, Acme roles) of each demo person.
fn people() -> Vec<(&'static str, &'static str, &'static str, Vec<&'static str>)> {
    let carol = view_roles().chain(["manage-billing"]).collect();
    vec![
        (USER_ALICE, ALICE_EMAIL, "Alice Anders", ALL_ROLES.to_vec()),
        (USER_CAROL, CAROL_EMAIL, "Carol Chen", carol),
        (USER_BOB, BOB_EMAIL, "Bob Brown", view_roles().collect()),
    ]
}

pub fn ensure_people(store: &mut Store) -> StoreResult<()> {
    store.transaction(|s| {
        for (id, email, name, roles) in people() {
            let person = PersonRow {
                id: id.into(),
                email: email.into(),
                name: name.into(),
                password: DEMO_PASSWORD.into(),
            };
            s.ensure_person(&person)?;
            let grants: Vec<Grant> = roles
                .iter()
                .map(|role| Grant { org_id: ACME_ORG_ID.into(), role: role.to_string() })
                .collect();
            s.grant_person(id, &grants)?;
        }
        let sam = PersonRow {
            id: USER_SAM.into(),
            email: SAM_EMAIL.into(),
            name: "Sam Support".into(),
            password: DEMO_PASSWORD.into(),
        };
        s.ensure_person(&sam)?;
        s.mark_staff_person(USER_SAM)?;
        Ok(())
    })
}
