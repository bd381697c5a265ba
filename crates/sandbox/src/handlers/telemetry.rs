//! `cluster.telemetryExport.detail`, `.update` and `.endpoint.validate` (the later
//! contract). The token is write-only; omitted fields keep their stored values; a
//! setting the pipeline cannot honour is refused, never ignored. Validation answers
//! 200 `{"endpoint", "valid", "reason"?}` whatever it finds ([`validate`]).

use super::{Ctx, Outcome, ok};
use crate::engine::telemetry::{PROTOCOLS, SIGNALS, endpoint_problem, tier_problem, validation_problem};
use crate::error::ApiError;
use crate::records::{ClusterRow, TelemetryExportRow};
use crate::store::Store;
use cluster_api::TelemetryExport;
use serde::Serialize;

/// The cluster, refused with 403 on tiers without export.
fn exporting_cluster(ctx: &Ctx, store: &Store) -> Result<ClusterRow, ApiError> {
    let cluster = ctx.cluster(store)?;
    match tier_problem(&cluster) {
        Some(why) => Err(ApiError::forbidden(why)),
        None => Ok(cluster),
    }
}

fn stored(store: &Store, cluster: &ClusterRow) -> Result<TelemetryExportRow, ApiError> {
    Ok(store.telemetry_export(&cluster.id)?.unwrap_or(TelemetryExportRow {
        enabled: false,
        endpoint: None,
        protocol: PROTOCOLS[0].to_string(),
        signals: SIGNALS.iter().map(|s| s.to_string()).collect(),
        logger_scope: None,
        token: None,
        updated_at: 0,
    }))
}

fn to_wire(r: &TelemetryExportRow) -> TelemetryExport {
    TelemetryExport {
        enabled: Some(r.enabled),
        endpoint: r.endpoint.clone(),
        protocol: Some(r.protocol.clone()),
        signals: Some(r.signals.clone()),
        logger_scope: r.logger_scope.clone(),
        token: None,
        token_set: Some(r.token.is_some()),
        last_delivery_at: None,
        last_error: None,
    }
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = exporting_cluster(ctx, store)?;
    ok(&to_wire(&stored(store, &cluster)?))
}

/// The stored record with `sent` applied, or 400's message.
fn apply(mut record: TelemetryExportRow, sent: TelemetryExport) -> Result<TelemetryExportRow, String> {
    if let Some(protocol) = sent.protocol {
        let protocol = protocol.trim().to_ascii_lowercase();
        if !PROTOCOLS.contains(&protocol.as_str()) {
            return Err(format!(
                "protocol {protocol:?} is not supported; use \"http\" (OTLP over HTTP) or \"grpc\"."
            ));
        }
        record.protocol = protocol;
    }
    if let Some(signals) = sent.signals {
        if signals.is_empty() || signals.iter().any(|s| !SIGNALS.contains(&s.as_str())) {
            return Err(format!("signals {signals:?} are not supported; only [\"logs\"] can be exported."));
        }
        record.signals = signals;
    }
    if let Some(endpoint) = sent.endpoint {
        let endpoint = endpoint.trim().to_string();
        if endpoint.is_empty() {
            record.endpoint = None;
        } else if let Some(why) = endpoint_problem(&endpoint) {
            return Err(why);
        } else {
            record.endpoint = Some(endpoint);
        }
    }
    if let Some(token) = sent.token {
        if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(
                "token must not contain spaces or control characters; it is sent as a Bearer token.".into()
            );
        }
        // An empty token removes the stored one; an omitted token keeps it.
        record.token = (!token.is_empty()).then_some(token);
    }
    if let Some(scope) = sent.logger_scope {
        record.logger_scope = Some(scope.trim().to_string()).filter(|s| !s.is_empty());
    }
    if let Some(enabled) = sent.enabled {
        record.enabled = enabled;
    }
    if record.enabled && record.endpoint.is_none() {
        return Err("endpoint is required to enable export.".into());
    }
    Ok(record)
}

pub fn update(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = exporting_cluster(ctx, store)?;
    let sent: TelemetryExport = ctx.json_body()?;
    let mut record = apply(stored(store, &cluster)?, sent).map_err(ApiError::bad_request)?;
    record.updated_at = ctx.now;
    store.save_telemetry_export(&cluster.id, &record)?;
    ok(&to_wire(&record))
}

/// The reply of `cluster.telemetryExport.endpoint.validate`. The contract gives its 200
/// ("Validation outcome") no schema (API-NOTES §4.1), so the sandbox picks a small,
/// tolerant shape a client can read without knowing more:
///
/// * `endpoint`: the endpoint checked, trimmed;
/// * `valid`: whether exports to it would be accepted;
/// * `reason`: present only when `valid` is false, one sentence saying why.
///
/// A rejected endpoint is still a 200: the check itself succeeded. Only a missing or
/// blank `endpoint` parameter is a 400, and the tier gate a 403.
#[derive(Serialize)]
struct Validation<'a> {
    endpoint: &'a str,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// Checks the endpoint as saving would, then simulates connecting to it
/// (`engine::telemetry::validation_problem`). Saves nothing.
pub fn validate(ctx: &Ctx, store: &mut Store) -> Outcome {
    exporting_cluster(ctx, store)?;
    let endpoint = ctx.required_query("endpoint")?.trim();
    let reason = validation_problem(endpoint);
    ok(&Validation { endpoint, valid: reason.is_none(), reason })
}
