//! Realm (deployment) rules as pure functions: names and their availability, the ACTIVE
//! gate and tier cap, the PENDING → ACTIVE/FAILED settle, what an import file must be,
//! and credential names and roles.

use crate::records::{ClusterRow, Millis, RealmRow};
use cluster_api::realms::{
    REALM_MANAGEMENT_ROLES, REALM_NAME_MAX, RESERVED_REALM_NAMES, realm_cap, realm_name_problem,
};
use cluster_api::{ClusterState, DeploymentState, NameAvailability};
use serde_json::Value;

/// The clients every Keycloak realm has.
pub const DEFAULT_CLIENTS: &[&str] =
    &["account", "account-console", "admin-cli", "broker", "realm-management", "security-admin-console"];

/// Applies a due PENDING → ACTIVE (or FAILED, for a broken import). Returns whether it changed.
pub fn settle(realm: &mut RealmRow, now: Millis) -> bool {
    if realm.state != DeploymentState::Pending || realm.ready_at.is_none_or(|at| at > now) {
        return false;
    }
    realm.ready_at = None;
    match realm.failure.take() {
        Some(why) => {
            realm.state = DeploymentState::Failed;
            realm.state_error = Some(why);
        }
        None => realm.state = DeploymentState::Active,
    }
    true
}

/// Why `cluster` takes no new realm now (409), given how many it already has.
pub fn intake_problem(cluster: &ClusterRow, existing: usize) -> Option<String> {
    if cluster.status != ClusterState::Active {
        return Some(format!(
            "{} is {}; realms can be added only while the cluster is ACTIVE.",
            cluster.name, cluster.status
        ));
    }
    let cap = realm_cap(&cluster.tier, &cluster.resource_limits)?;
    (existing >= cap).then(|| {
        format!(
            "{} already has {existing} realms, the cap of the {} tier ({cap}); delete a realm or upgrade the \
             tier to add another.",
            cluster.name, cluster.tier
        )
    })
}

/// What is wrong with a (lowercased) candidate: `Err((status 400 or 409, why))`.
pub fn name_verdict(name: &str, taken: &dyn Fn(&str) -> bool) -> Result<(), (u16, String)> {
    if let Some(why) = realm_name_problem(name) {
        return Err((400, why));
    }
    if RESERVED_REALM_NAMES.contains(&name) {
        return Err((409, format!("{name} is a reserved realm name.")));
    }
    if taken(name) {
        return Err((409, format!("This cluster already has a realm named {name}.")));
    }
    Ok(())
}

/// The nearest well-formed name: other characters become hyphens, a letter in front.
fn sanitize(name: &str) -> Option<String> {
    let mut out = String::new();
    for c in name.chars() {
        let c = if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' { c } else { '-' };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
    }
    let out = out.trim_end_matches('-');
    (!out.is_empty()).then(|| out.chars().take(REALM_NAME_MAX).collect())
}

/// `cluster.deployment.nameAvailability.check`, with an available alternative when there is one.
pub fn availability(candidate: &str, taken: &dyn Fn(&str) -> bool) -> NameAvailability {
    let name = candidate.trim().to_lowercase();
    if name_verdict(&name, taken).is_ok() {
        return NameAvailability { name, available: true, recommendation: None };
    }
    let recommendation = sanitize(&name).and_then(|base| {
        let fits = |n: &str| name_verdict(n, taken).is_ok();
        if fits(&base) {
            return Some(base);
        }
        (2..1000).find_map(|n| {
            let suffix = format!("-{n}");
            let stem: String = base.chars().take(REALM_NAME_MAX - suffix.len()).collect();
            let candidate = format!("{stem}{suffix}");
            fits(&candidate).then_some(candidate)
        })
    });
    NameAvailability { name, available: false, recommendation }
}

/// What an import file says about the realm it makes.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportPlan {
    /// Client IDs found in `clients`.
    pub clients: Vec<String>,
    /// The `stateError` the import ends with, when a client has no `clientId`.
    pub failure: Option<String>,
}

/// Checks a realm export: a JSON object without `users` (400 otherwise). A client without
/// `clientId` does not stop the upload: Keycloak fails while importing, so the realm ends FAILED.
pub fn plan_import(file: &[u8]) -> Result<ImportPlan, String> {
    let value: Value = serde_json::from_slice(file).map_err(|e| {
        format!("The file is not valid JSON ({e}); export the realm from Keycloak and upload that file.")
    })?;
    let Value::Object(realm) = value else {
        return Err("The file must be a JSON object: a Keycloak realm export.".into());
    };
    if let Some(users) = realm.get("users") {
        let n = users.as_array().map_or(0, Vec::len);
        return Err(format!(
            "The file contains a users array ({n} users); users cannot be imported this way. Remove the \
             users array, \
             import the realm, then bring the users over with Keycloak's partial import or its admin API."
        ));
    }
    let mut plan = ImportPlan { clients: Vec::new(), failure: None };
    for (i, client) in realm.get("clients").and_then(Value::as_array).into_iter().flatten().enumerate() {
        match client.get("clientId").and_then(Value::as_str).filter(|id| !id.trim().is_empty()) {
            Some(id) => plan.clients.push(id.to_string()),
            None if plan.failure.is_none() => {
                let named =
                    client.get("name").and_then(Value::as_str).map(|n| format!(" ({n})")).unwrap_or_default();
                plan.failure = Some(format!(
                    "Import failed: client #{}{named} in the export has no clientId. Add one and import the \
                     realm again.",
                    i + 1
                ));
            }
            None => {}
        }
    }
    Ok(plan)
}

/// Why a credential name is refused: lowercase letters, digits and hyphens, up to 48.
pub fn credential_name_problem(name: &str) -> Option<String> {
    if name.chars().count() > 48 {
        return Some("A credential name is at most 48 characters long.".into());
    }
    if !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Some("A credential name may contain only lowercase letters, digits and hyphens.".into());
    }
    None
}

/// The roles that are not `realm-management` roles.
pub fn unknown_roles(roles: &[String]) -> Vec<String> {
    roles.iter().filter(|r| !REALM_MANAGEMENT_ROLES.contains(&r.as_str())).cloned().collect()
}

/// `api-<name>-<8 hex>`, or `api-<8 hex>` without a name.
pub fn credential_client_id(name: Option<&str>, random: &str) -> String {
    let tag: String = random.chars().filter(char::is_ascii_hexdigit).take(8).collect();
    match name.filter(|n| !n.is_empty()) {
        Some(name) => format!("api-{name}-{tag}"),
        None => format!("api-{tag}"),
    }
}

#[cfg(test)]
#[path = "realms_tests.rs"]
mod tests;
