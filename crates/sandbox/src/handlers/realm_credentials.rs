//! A realm's admin credentials (openapi-v2-next.yaml): `deployment.credential.list`,
//! `.create`, `.delete` and `.secret.read`. Service-account clients of the realm: the
//! secret is read "live from the realm" (the store stands in for it), and delete revokes.

use super::realms::{load_realm, require_active};
use super::{Ctx, Outcome, no_content, ok};
use crate::engine::realms::{credential_client_id, credential_name_problem, unknown_roles};
use crate::error::ApiError;
use crate::records::{ClusterRow, RealmCredentialRow, RealmRow};
use crate::store::Store;
use cluster_api::realms::DEFAULT_CREDENTIAL_ROLE;
use cluster_api::{DeploymentCredential, DeploymentCredentialRequest};

fn to_wire(
    c: &RealmCredentialRow,
    realm: &RealmRow,
    cluster: &ClusterRow,
    with_secret: bool,
) -> DeploymentCredential {
    DeploymentCredential {
        client_id: c.client_id.clone(),
        client_secret: with_secret.then(|| c.client_secret.clone()),
        name: c.name.clone(),
        description: c.description.clone(),
        roles: c.roles.clone(),
        server_url: cluster.host(),
        realm: realm.name.clone(),
    }
}

fn find(ctx: &Ctx, store: &Store, realm: &RealmRow) -> Result<RealmCredentialRow, ApiError> {
    let client_id = ctx.param(1)?;
    store.credentials_of(&realm.id)?.into_iter().find(|c| c.client_id == client_id).ok_or_else(|| {
        ApiError::not_found(format!(
            "Realm {} has no credential {client_id}; it may have been revoked.",
            realm.name
        ))
    })
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, cluster) = load_realm(ctx, store)?;
    let list: Vec<DeploymentCredential> =
        store.credentials_of(&realm.id)?.iter().map(|c| to_wire(c, &realm, &cluster, false)).collect();
    ok(&list)
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, cluster) = load_realm(ctx, store)?;
    // The body is optional: nothing at all means every default.
    let request: DeploymentCredentialRequest = if ctx.body.iter().all(u8::is_ascii_whitespace) {
        DeploymentCredentialRequest::default()
    } else {
        ctx.json_body()?
    };
    let name = request.name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    if let Some(why) = name.as_deref().and_then(credential_name_problem) {
        return Err(ApiError::bad_request(why));
    }
    let roles =
        request.roles.filter(|r| !r.is_empty()).unwrap_or_else(|| vec![DEFAULT_CREDENTIAL_ROLE.to_string()]);
    let unknown = unknown_roles(&roles);
    if !unknown.is_empty() {
        return Err(ApiError::bad_request(format!(
            "Unknown realm-management roles: {}. Nothing was created.",
            unknown.join(", ")
        )));
    }
    require_active(&realm)?;
    let record = RealmCredentialRow {
        client_id: credential_client_id(name.as_deref(), &uuid::Uuid::new_v4().simple().to_string()),
        realm_id: realm.id.clone(),
        name,
        description: request.description.map(|d| d.trim().to_string()).filter(|d| !d.is_empty()),
        roles,
        client_secret: uuid::Uuid::new_v4().simple().to_string(),
        created_at: ctx.now,
    };
    store.insert_credential(&record)?;
    ok(&to_wire(&record, &realm, &cluster, true))
}

pub fn secret(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, cluster) = load_realm(ctx, store)?;
    let record = find(ctx, store, &realm)?;
    ok(&to_wire(&record, &realm, &cluster, true))
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, _) = load_realm(ctx, store)?;
    let record = find(ctx, store, &realm)?;
    store.delete_credential(&realm.id, &record.client_id)?;
    no_content()
}
