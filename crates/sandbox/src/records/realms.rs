//! Realms (deployments), their single-use sign-in links and their credentials.

use super::Millis;
use cluster_api::DeploymentState;

/// A realm as the sandbox keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct RealmRow {
    pub id: String,
    pub cluster_id: String,
    pub name: String,
    pub display_name: Option<String>,
    pub state: DeploymentState,
    pub state_error: Option<String>,
    pub created_at: Millis,
    pub created_by: Option<String>,
    pub tags: Vec<String>,
    /// When a PENDING realm settles.
    pub ready_at: Option<Millis>,
    /// Set for an import that will fail: the `stateError` it ends with.
    pub failure: Option<String>,
    /// Client IDs of the realm besides Keycloak's defaults (from an import).
    pub clients: Vec<String>,
}

/// A single-use sign-in link (admin console or app).
#[derive(Debug, Clone, PartialEq)]
pub struct RealmLinkRow {
    pub token: String,
    pub realm_id: String,
    /// `None` for the admin console; the client of an app link.
    pub client_id: Option<String>,
    pub redirect_uri: Option<String>,
    pub expires_at: Millis,
    pub used: bool,
}

/// A realm credential as stored (the secret lives "in the realm").
#[derive(Debug, Clone, PartialEq)]
pub struct RealmCredentialRow {
    pub client_id: String,
    pub realm_id: String,
    pub name: Option<String>,
    pub description: Option<String>,
    pub roles: Vec<String>,
    pub client_secret: String,
    pub created_at: Millis,
}
