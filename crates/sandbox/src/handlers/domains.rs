//! `cluster.domain.list`, `.create`, `.detail`, `.delete`, `.status.detail` and
//! `cluster.host.update`: custom domains and the cluster's primary host.

use super::clusters::to_wire;
use super::{Ctx, Outcome, no_content, ok};
use crate::engine::domains as rules;
use crate::error::ApiError;
use crate::records::{ClusterRow, CustomerDomainRow};
use crate::store::Store;
use cluster_api::{ClusterDomain, CustomerDomain, CustomerDomainValidation, DomainType, EpochMillis};

/// The validation view of `domain` at the call's instant.
fn validation(ctx: &Ctx, cluster: &ClusterRow, domain: &CustomerDomainRow) -> CustomerDomainValidation {
    let now =
        rules::progress(domain, &cluster.name, ctx.now, ctx.settings.dns_ms, ctx.settings.dns_timeout_ms);
    CustomerDomainValidation {
        status: now.status,
        certificate_status: now.certificate,
        domain: CustomerDomain {
            id: domain.id.clone(),
            r#type: DomainType::Web,
            domain: domain.host.clone(),
            organization_id: Some(cluster.org_id.clone()),
            created_at: Some(EpochMillis(domain.created_at)),
            domain_records: Some(now.records),
        },
    }
}

/// The domain named by the second path parameter, on `cluster`.
fn domain(ctx: &Ctx, store: &Store, cluster: &ClusterRow) -> Result<CustomerDomainRow, ApiError> {
    let id = ctx.param(1)?;
    store
        .domains_of(&cluster.id)?
        .into_iter()
        .find(|d| d.id == id)
        .ok_or_else(|| ApiError::not_found(format!("{} has no custom domain with ID {id}.", cluster.name)))
}

/// The `host` of a `ClusterDomain` body, lower-cased (DNS names are case-insensitive).
fn requested_host(ctx: &Ctx) -> Result<String, ApiError> {
    let body: ClusterDomain = ctx.json_body()?;
    Ok(body.host.trim().to_ascii_lowercase())
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let out: Vec<CustomerDomain> =
        store.domains_of(&cluster.id)?.iter().map(|d| validation(ctx, &cluster, d).domain).collect();
    ok(&out)
}

pub fn create(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let host = requested_host(ctx)?;
    if let Some(why) = rules::host_problem(&host) {
        return Err(ApiError::bad_request(why));
    }
    if let Some(taken) = store.domain_by_host(&host)? {
        let whose = if taken.cluster_id == cluster.id { "this cluster" } else { "another cluster" };
        return Err(ApiError::conflict(format!(
            "{host} is already a custom domain of {whose}; a host can serve one cluster."
        )));
    }
    let have = store.domains_of(&cluster.id)?.len();
    if let Some(why) = rules::add_problem(&cluster, have) {
        return Err(ApiError::conflict(why));
    }
    let record = CustomerDomainRow {
        id: format!("dom-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]),
        cluster_id: cluster.id.clone(),
        host,
        created_at: ctx.now,
    };
    store.insert_domain(&record)?;
    ok(&validation(ctx, &cluster, &record))
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let record = domain(ctx, store, &cluster)?;
    ok(&validation(ctx, &cluster, &record).domain)
}

pub fn status(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let record = domain(ctx, store, &cluster)?;
    ok(&validation(ctx, &cluster, &record))
}

/// Refuses to remove the host the cluster currently serves on: switch first.
pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let record = domain(ctx, store, &cluster)?;
    if store.primary_host(&cluster.id)?.as_deref() == Some(record.host.as_str()) {
        return Err(ApiError::conflict(format!(
            "{} is the primary host of {}; switch the primary host to {} or another domain first, then \
             delete it.",
            record.host,
            cluster.name,
            rules::default_host(&cluster)
        )));
    }
    store.delete_domain(&record.id)?;
    no_content()
}

/// Switches the primary host to the default host or an issued domain of this cluster.
pub fn update_host(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let host = requested_host(ctx)?;
    if host.is_empty() {
        return Err(ApiError::bad_request("host is required"));
    }
    if host.contains('/') || host.contains(':') {
        return Err(ApiError::bad_request(format!(
            "host must be a hostname such as auth.example.com, not a URL; got {host:?}."
        )));
    }
    if host == rules::default_host(&cluster) {
        store.set_primary_host(&cluster.id, None)?;
        return ok(&to_wire(store, &cluster)?);
    }
    let record = store.domains_of(&cluster.id)?.into_iter().find(|d| d.host == host).ok_or_else(|| {
        ApiError::not_found(format!("{host} is not a custom domain of {}; add it first.", cluster.name))
    })?;
    let now = validation(ctx, &cluster, &record);
    if let Some(why) = rules::primary_problem(&host, &now.certificate_status) {
        return Err(ApiError::conflict(why));
    }
    store.set_primary_host(&cluster.id, Some(&host))?;
    ok(&to_wire(store, &cluster)?)
}
