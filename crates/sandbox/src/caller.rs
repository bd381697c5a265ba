//! Who a token stands for: an API secret, a signed-in person or support staff, with the
//! roles the token carries. Below both `auth` (which issues and checks tokens) and `jwt`
//! (which writes them), so neither imports the other for it.

use crate::records::{Grant, SecretRow};
use std::collections::{BTreeMap, BTreeSet};

/// The API secret behind a token, with the organization roles it held when the token
/// was issued (like a real JWT's claims: later role changes need a new token).
#[derive(Debug, Clone, PartialEq)]
pub struct Caller {
    pub secret_id: String,
    pub client_id: String,
    roles: BTreeMap<String, BTreeSet<String>>,
    /// Set when a person signed in through the identity server (then `secret_id` is empty
    /// and `client_id` is the console's client).
    pub person_id: Option<String>,
    /// Client roles by Keycloak client (`resource_access` in the token): support staff
    /// hold `manage-clusters` on `cluster-management`.
    client_roles: BTreeMap<String, BTreeSet<String>>,
}

fn role_map(grants: &[Grant]) -> BTreeMap<String, BTreeSet<String>> {
    let mut roles: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for grant in grants {
        roles.entry(grant.org_id.clone()).or_default().insert(grant.role.clone());
    }
    roles
}

impl Caller {
    pub fn new(secret: &SecretRow, grants: &[Grant]) -> Caller {
        Caller {
            secret_id: secret.id.clone(),
            client_id: secret.client_id.clone(),
            roles: role_map(grants),
            person_id: None,
            client_roles: BTreeMap::new(),
        }
    }

    /// A person signed in through the console: authorized by their organization roles
    /// exactly as an API secret is by its own.
    pub fn person(person_id: &str, grants: &[Grant]) -> Caller {
        Caller {
            secret_id: String::new(),
            client_id: cluster_api::identity::CONSOLE_CLIENT_ID.to_string(),
            roles: role_map(grants),
            person_id: Some(person_id.to_string()),
            client_roles: BTreeMap::new(),
        }
    }

    /// Support staff: no organization role, the staff client role (API-NOTES §2.3).
    pub fn staff(subject: &str, client_id: &str) -> Caller {
        let role = BTreeSet::from([cluster_api::roles::STAFF_ROLE.to_string()]);
        Caller {
            secret_id: subject.to_string(),
            client_id: client_id.to_string(),
            roles: BTreeMap::new(),
            person_id: None,
            client_roles: BTreeMap::from([(cluster_api::roles::STAFF_CLIENT.to_string(), role)]),
        }
    }

    /// The same caller with the client roles an outside issuer's token carries
    /// (`resource_access`): staff are whoever holds the staff role there (`is_staff`).
    pub fn with_client_roles(mut self, client_roles: BTreeMap<String, BTreeSet<String>>) -> Caller {
        self.client_roles = client_roles;
        self
    }

    /// The same caller, signed in as a person (`sam@staff.example` is staff).
    pub fn signed_in_as(mut self, person_id: &str) -> Caller {
        self.person_id = Some(person_id.to_string());
        self
    }

    pub fn has_client_role(&self, client: &str, role: &str) -> bool {
        self.client_roles.get(client).is_some_and(|roles| roles.contains(role))
    }

    /// Holds the staff client role: may read every organization (never change it).
    pub fn is_staff(&self) -> bool {
        self.has_client_role(cluster_api::roles::STAFF_CLIENT, cluster_api::roles::STAFF_ROLE)
    }

    /// The token's `resource_access` claim.
    pub fn client_roles(&self) -> &BTreeMap<String, BTreeSet<String>> {
        &self.client_roles
    }

    /// Holding any role in an organization is what makes its resources visible; staff
    /// count every organization as one they can access.
    pub fn member_of(&self, org_id: &str) -> bool {
        self.is_staff() || self.roles.get(org_id).is_some_and(|roles| !roles.is_empty())
    }

    pub fn has(&self, org_id: &str, role: &str) -> bool {
        self.roles.get(org_id).is_some_and(|roles| roles.contains(role))
    }

    /// The caller's roles in an organization, sorted.
    pub fn roles_in(&self, org_id: &str) -> Vec<String> {
        self.roles.get(org_id).map(|roles| roles.iter().cloned().collect()).unwrap_or_default()
    }

    /// Organizations where the caller holds `role`.
    pub fn orgs_with<'a>(&'a self, role: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.roles.iter().filter(move |(_, roles)| roles.contains(role)).map(|(org, _)| org.as_str())
    }
}
