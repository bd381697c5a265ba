//! A cluster's realms: `cluster.deployment.list`, `.create`, `.import` and
//! `.nameAvailability.check`, plus what the per-realm handlers share (finding a realm
//! the caller may see, settled to now, and its wire shape).

use super::clusters::to_wire as cluster_wire;
use super::multipart::{self, FormPart};
use super::{Ctx, Outcome, created, ok};
use crate::engine::realms as rules;
use crate::error::ApiError;
use crate::records::{ClusterRow, RealmRow};
use crate::store::Store;
use axum::http::{StatusCode, header};
use cluster_api::realms::IMPORT_MAX_BYTES;
use cluster_api::{ClusterDeploymentRequest, Deployment, DeploymentState, EpochMillis, catalogue};

/// Settles a realm to `ctx.now`, writing a change back.
pub(super) fn settled(ctx: &Ctx, store: &Store, mut realm: RealmRow) -> Result<RealmRow, ApiError> {
    if rules::settle(&mut realm, ctx.now) {
        store.update_realm(&realm)?;
    }
    Ok(realm)
}

/// The realm named by the first path parameter and its cluster, checked against the
/// operation's role. Realms of other organizations are reported like missing ones.
pub fn load_realm(ctx: &Ctx, store: &Store) -> Result<(RealmRow, ClusterRow), ApiError> {
    let id = ctx.param(0)?;
    let missing = || ApiError::not_found(format!("No realm with ID {id} was found."));
    let realm = store.realm(id)?.ok_or_else(missing)?;
    let cluster =
        store.cluster(&realm.cluster_id)?.filter(|c| ctx.caller.member_of(&c.org_id)).ok_or_else(missing)?;
    ctx.authorize(store, &cluster.org_id)?;
    Ok((settled(ctx, store, realm)?, cluster))
}

/// 409 unless the realm is ACTIVE: links, tokens and credentials need a running realm.
pub fn require_active(realm: &RealmRow) -> Result<(), ApiError> {
    if realm.state == DeploymentState::Active {
        return Ok(());
    }
    Err(ApiError::conflict(format!(
        "Realm {} is {}; this works only while it is ACTIVE.",
        realm.name, realm.state
    )))
}

pub fn to_wire(store: &Store, realm: &RealmRow, cluster: &ClusterRow) -> Result<Deployment, ApiError> {
    let cluster = cluster_wire(store, cluster)?;
    Ok(Deployment {
        id: realm.id.clone(),
        name: realm.name.clone(),
        display_name: realm.display_name.clone(),
        org_id: cluster.owner.clone(),
        region: Some(cluster.region.region.clone()),
        state: realm.state.clone(),
        created_by_user_id: realm.created_by.clone(),
        created_at: Some(EpochMillis(realm.created_at)),
        tags: Some(realm.tags.clone()),
        state_error: realm.state_error.clone(),
        cluster: Some(cluster),
    })
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let search = ctx.query_param("search").map(|s| s.trim().to_lowercase()).unwrap_or_default();
    let mut out = Vec::new();
    for realm in store.realms_of(&cluster.id)? {
        if realm.name.contains(&search) {
            let realm = settled(ctx, store, realm)?;
            out.push(to_wire(store, &realm, &cluster)?);
        }
    }
    ok(&out)
}

pub fn name_availability(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let name = ctx.required_query("name")?;
    let taken: Vec<String> = store.realms_of(&cluster.id)?.into_iter().map(|r| r.name).collect();
    ok(&rules::availability(name, &|n| taken.iter().any(|t| t == n)))
}

/// Checks the gate, the cap and the name, then stores a PENDING realm and answers 201.
fn admit(
    ctx: &Ctx,
    store: &Store,
    cluster: &ClusterRow,
    typed: &str,
    plan: Option<rules::ImportPlan>,
) -> Outcome {
    let existing = store.realms_of(&cluster.id)?;
    if cluster.status != cluster_api::ClusterState::Active {
        return Err(ApiError::conflict(rules::intake_problem(cluster, existing.len()).unwrap_or_default()));
    }
    let name = typed.trim().to_lowercase();
    rules::name_verdict(&name, &|n| existing.iter().any(|r| r.name == n)).map_err(|(status, why)| {
        match status {
            400 => ApiError::bad_request(why),
            _ => ApiError::conflict(why),
        }
    })?;
    if let Some(why) = rules::intake_problem(cluster, existing.len()) {
        return Err(ApiError::conflict(why));
    }
    let imported = plan.is_some();
    let plan = plan.unwrap_or(rules::ImportPlan { clients: Vec::new(), failure: None });
    let realm = RealmRow {
        id: format!("dep-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]),
        cluster_id: cluster.id.clone(),
        name,
        display_name: None,
        state: DeploymentState::Pending,
        state_error: None,
        created_at: ctx.now,
        created_by: Some(ctx.caller.client_id.clone()),
        tags: if imported { vec!["imported".into()] } else { Vec::new() },
        ready_at: Some(ctx.now + ctx.settings.realm_ms),
        failure: plan.failure,
        clients: plan.clients,
    };
    store.insert_realm(&realm)?;
    created(ctx, &catalogue::DEPLOYMENT_DETAIL, &[("id", &realm.id)])
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let request: ClusterDeploymentRequest = ctx.json_body()?;
    admit(ctx, store, &cluster, &request.name, None)
}

fn part<'a>(parts: &'a [FormPart], name: &str) -> Result<&'a FormPart, ApiError> {
    parts
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| ApiError::bad_request(format!("The {name} part is required.")))
}

/// Multipart `file` + `deployment-name`; the file is checked before anything is created.
pub fn import(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let content_type =
        ctx.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let parts = multipart::parse(content_type, &ctx.body).map_err(ApiError::bad_request)?;
    let file = part(&parts, "file")?;
    let name = String::from_utf8_lossy(&part(&parts, "deployment-name")?.data).into_owned();
    if file.data.len() > IMPORT_MAX_BYTES {
        let why = format!(
            "The realm export is {} bytes; the most an import takes is {IMPORT_MAX_BYTES} bytes.",
            file.data.len()
        );
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, why));
    }
    let plan = rules::plan_import(&file.data).map_err(ApiError::bad_request)?;
    admit(ctx, store, &cluster, &name, Some(plan))
}
