//! `org.apiSecret.list`, `.create`, `.count`, `.detail` and `.delete`: an organization's
//! API secrets. The secret itself is shown once, in the create answer; every later read
//! masks it. Managing secrets needs both manage-organization and view-organization.

use super::{Ctx, Outcome, end_sentence, no_content, ok};
use crate::error::ApiError;
use crate::records::{Grant, OrgRow, SecretRow};
use crate::store::Store;
use crate::store::demo_ids::ALL_ROLES;
use cluster_api::secret_rules::{MASK, MAX_SECRETS, name_problem};
use cluster_api::{EpochMillis, Secret, SecretRequest};

/// The organization of the path, visible, with the operation's role (via `authorize`) and
/// the other role of the pair that managing secrets needs.
fn managed_org(ctx: &Ctx, store: &Store) -> Result<OrgRow, ApiError> {
    let org = ctx.org(store)?;
    for role in ["view-organization", "manage-organization"] {
        if !ctx.caller.has(&org.id, role) {
            let who = if ctx.caller.person_id.is_some() { "Your account" } else { "This API secret" };
            return Err(ApiError::forbidden(format!(
                "{who} lacks the {role} role in organization {}: managing API secrets needs \
                 manage-organization and view-organization.",
                org.label()
            )));
        }
    }
    Ok(org)
}

fn to_wire(store: &Store, secret: SecretRow, reveal: bool) -> Result<Secret, ApiError> {
    let roles =
        store.grants(&secret.id)?.into_iter().filter(|g| g.org_id == secret.org_id).map(|g| g.role).collect();
    Ok(Secret {
        client_secret: if reveal { secret.client_secret } else { MASK.to_string() },
        roles,
        created_at: Some(EpochMillis(secret.created_at)),
        created_by: secret.created_by,
        id: secret.id,
        name: secret.name,
        client_id: secret.client_id,
    })
}

fn load_secret(ctx: &Ctx, store: &Store, org: &OrgRow) -> Result<SecretRow, ApiError> {
    let id = ctx.param(1)?;
    store.org_secret(&org.id, id)?.ok_or_else(|| {
        ApiError::not_found(format!(
            "No API secret with ID {id} exists in {} (it may have been revoked).",
            end_sentence(org.label())
        ))
    })
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = managed_org(ctx, store)?;
    let secrets = store.org_secrets(&org.id)?;
    let wire = secrets.into_iter().map(|s| to_wire(store, s, false)).collect::<Result<Vec<_>, _>>()?;
    ok(&wire)
}

pub fn count(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = managed_org(ctx, store)?;
    ok(&store.org_secret_count(&org.id)?)
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = managed_org(ctx, store)?;
    let secret = load_secret(ctx, store, &org)?;
    ok(&to_wire(store, secret, false)?)
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = managed_org(ctx, store)?;
    let secret = load_secret(ctx, store, &org)?;
    store.delete_secret(&secret.id)?;
    no_content()
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = managed_org(ctx, store)?;
    let request: SecretRequest = ctx.json_body()?;
    let existing = store.org_secrets(&org.id)?;
    let taken: Vec<&str> = existing.iter().map(|s| s.name.as_str()).collect();
    if let Some(problem) = name_problem(&request.name, &taken) {
        return Err(ApiError::bad_request(format!("name: {problem}")));
    }
    if existing.len() >= MAX_SECRETS {
        return Err(ApiError::bad_request(format!(
            "{} already has {MAX_SECRETS} API secrets, the most allowed: revoke one before creating another.",
            org.label()
        )));
    }
    let mut roles = request.roles.unwrap_or_default();
    roles.sort();
    roles.dedup();
    for role in &roles {
        if !ALL_ROLES.contains(&role.as_str()) {
            return Err(ApiError::bad_request(format!("roles: {role} is not an organization role.")));
        }
        if !ctx.caller.has(&org.id, role) {
            return Err(ApiError::bad_request(format!(
                "roles: you cannot grant {role}, as you do not hold it in {}",
                end_sentence(org.label())
            )));
        }
    }
    let suffix = uuid::Uuid::new_v4().simple().to_string();
    let record = SecretRow {
        id: format!("sec-{}", &suffix[..12]),
        org_id: org.id.clone(),
        name: request.name.clone(),
        client_id: format!("{}-{}-{}", org.name, request.name, &suffix[12..20]),
        client_secret: uuid::Uuid::new_v4().simple().to_string(),
        created_at: ctx.now,
        created_by: Some(super::actor(ctx, store)?),
    };
    let grants: Vec<Grant> =
        roles.iter().map(|role| Grant { org_id: org.id.clone(), role: role.clone() }).collect();
    store.transaction(|s| {
        s.insert_secret(&record)?;
        s.grant(&record.id, &grants)
    })?;
    ok(&to_wire(store, record, true)?)
}
