//! Organizations and who acts in them: API secrets and their grants, the people who
//! sign in, and the members billing contacts are chosen from.

use super::Millis;

#[derive(Debug, Clone, PartialEq)]
pub struct OrgRow {
    pub id: String,
    pub name: String,
    pub display_name: String,
    pub created_at: Millis,
}

impl OrgRow {
    /// How messages name the organization: the display name people recognise.
    pub fn label(&self) -> &str {
        if self.display_name.is_empty() { &self.name } else { &self.display_name }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SecretRow {
    pub id: String,
    /// The organization the secret was created in (it may hold roles elsewhere).
    pub org_id: String,
    pub name: String,
    pub client_id: String,
    pub client_secret: String,
    pub created_at: Millis,
    pub created_by: Option<String>,
}

/// One organization role granted to an API secret.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Grant {
    pub org_id: String,
    pub role: String,
}

/// A person of the realm. The sandbox keeps demo passwords in the clear: they are printed
/// on start anyway.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonRow {
    pub id: String,
    pub email: String,
    pub name: String,
    pub password: String,
}

/// A person in an organization, as billing contacts need them.
#[derive(Debug, Clone, PartialEq)]
pub struct MemberRow {
    pub org_id: String,
    pub user_id: String,
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// Holds the manage-billing role: only such members may be billing contacts.
    pub manage_billing: bool,
}
