//! Extensions (themes, provider jars, password denylists, app-association files): the
//! pure rules around their rows (`records::ExtensionRow`, `ExtensionVersionRow`): names, the
//! per-tier caps, which upload flow each resource type uses, and when a cluster accepts changes.

use crate::records::{AdminBlock, ClusterRow, ExtensionRow, ExtensionVersionRow, Millis};
use cluster_api::{ClusterState, ResourceLimits, ResourceType, ScanState, Tier};

/// The Keycloak majors a versioned extension may target (`keycloakVersion.list`).
pub const KEYCLOAK_MAJORS: &[i32] = &[24, 25, 26];

pub const NAME_MAX: usize = 63;

/// Scan states whose report exists: the scan has finished.
pub fn scanned(state: &ScanState) -> bool {
    matches!(state, ScanState::Pass | ScanState::Warn | ScanState::Block | ScanState::Error)
}

/// Whether a reconcile deploys `version` of `extension`: enabled, approved, uploaded and
/// not blocked by staff. A staff block wins over everything, whatever `valid` or the scan says.
pub fn deployable(extension: &ExtensionRow, version: &ExtensionVersionRow) -> bool {
    extension.enabled && version.valid && version.resource_key.is_some() && version.block.is_none()
}

/// What a reconcile at `now` does to one version: deploys it when [`deployable`], takes it
/// off the cluster otherwise. Returns whether the record changed (to be written back).
pub fn reconcile(extension: &ExtensionRow, version: &mut ExtensionVersionRow, now: Millis) -> bool {
    let deploy = deployable(extension, version);
    if !deploy && version.applied_at.is_none() {
        return false;
    }
    version.applied_at = deploy.then_some(now);
    true
}

/// What `version.adminBlock` does: `Err` is 400's message.
pub fn admin_block(
    version: &mut ExtensionVersionRow,
    blocked: bool,
    reason: Option<&str>,
    by: &str,
    now: Millis,
) -> Result<(), String> {
    if !blocked {
        version.block = None;
        return Ok(());
    }
    let Some(reason) = reason.map(str::trim).filter(|r| !r.is_empty()) else {
        return Err("reason is required to block a version: say why, the customer will see it.".into());
    };
    version.block = Some(AdminBlock { by: by.to_string(), reason: reason.to_string(), at: now });
    Ok(())
}

/// How a resource type's file reaches the cluster (API-NOTES §4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// THEME, EXTENSION: one jar per Keycloak major, through `versions`.
    Versioned,
    /// PASSWORD_BLACKLIST: one version-independent file, through `standalone`.
    Standalone,
    /// WELL_KNOWN: the two app-association files, through `well-known`.
    WellKnown,
}

pub fn flow(resource_type: &ResourceType) -> Flow {
    match resource_type {
        ResourceType::Theme | ResourceType::Extension | ResourceType::Unknown(_) => Flow::Versioned,
        ResourceType::PasswordBlacklist => Flow::Standalone,
        ResourceType::WellKnown => Flow::WellKnown,
    }
}

/// How to upload to an extension of this flow, for messages that redirect a caller
/// who picked the wrong operations (the real service answers an unexplained 404).
fn how_to_upload(flow: Flow) -> &'static str {
    match flow {
        Flow::Versioned => {
            "upload its jar per Keycloak major version: create a version (POST \
             …/extensions/{extensionId}/versions), then use that version's upload-url and confirm"
        }
        Flow::Standalone => {
            "upload its single version-independent file with the standalone operations \
             (POST …/extensions/{extensionId}/standalone, then PUT …/standalone/confirm)"
        }
        Flow::WellKnown => {
            "upload its app-association files with the well-known operations \
             (POST …/well-known/{file}/upload-url, then PUT …/well-known/{file}/confirm)"
        }
    }
}

/// 400's message when `extension` is used with the operations of `wanted`.
pub fn wrong_flow(extension: &ExtensionRow, wanted: Flow) -> Option<String> {
    let actual = flow(&extension.resource_type);
    if actual == wanted {
        return None;
    }
    let ops = match wanted {
        Flow::Versioned => "Versions",
        Flow::Standalone => "Standalone uploads",
        Flow::WellKnown => "Well-known files",
    };
    let apply = match wanted {
        Flow::Versioned => "THEME and EXTENSION resources",
        Flow::Standalone => "PASSWORD_BLACKLIST resources",
        Flow::WellKnown => "WELL_KNOWN resources",
    };
    Some(format!(
        "{ops} apply only to {apply}; {} is a {}, so {}.",
        extension.name,
        extension.resource_type,
        how_to_upload(actual)
    ))
}

/// Why `name` is not a valid extension name, or `None`.
pub fn name_problem(name: &str) -> Option<String> {
    let ok_chars = name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if name.is_empty() || name.chars().count() > NAME_MAX || !ok_chars {
        return Some(format!(
            "name must be 1 to {NAME_MAX} characters of lowercase letters, digits, hyphens or underscores; \
             got {name:?}."
        ));
    }
    None
}

/// Known resource types only; `Unknown` values are refused at create.
pub fn type_problem(resource_type: &ResourceType) -> Option<String> {
    match resource_type {
        ResourceType::Unknown(other) => Some(format!(
            "resourceType must be THEME, EXTENSION, PASSWORD_BLACKLIST or WELL_KNOWN; got {other:?}."
        )),
        _ => None,
    }
}

/// Extensions and password denylists share one cap; themes have their own; WELL_KNOWN none.
fn cap_group(resource_type: &ResourceType) -> Option<(&'static str, &'static str)> {
    match resource_type {
        ResourceType::Theme => Some(("theme", "themes")),
        ResourceType::Extension | ResourceType::PasswordBlacklist => {
            Some(("extension or password denylist", "extensions or password denylists"))
        }
        _ => None,
    }
}

/// The cap of a group on a tier (API-NOTES §11); `None` is unlimited.
fn cap(tier: &Tier, theme_group: bool) -> Option<usize> {
    match (tier, theme_group) {
        (Tier::Starter, true) | (Tier::Premium, true) | (Tier::Premium, false) => Some(1),
        (Tier::Starter, false) => Some(0),
        _ => None,
    }
}

/// 409's message when `cluster` may not get another extension of `resource_type`,
/// given the types of the extensions it has.
pub fn cap_problem(
    cluster: &ClusterRow,
    resource_type: &ResourceType,
    existing: &[ResourceType],
) -> Option<String> {
    // Custom resource limits lift the tier's count limits (API-NOTES §11).
    if cluster.resource_limits == ResourceLimits::Custom {
        return None;
    }
    let (singular, plural) = cap_group(resource_type)?;
    let theme_group = *resource_type == ResourceType::Theme;
    let limit = cap(&cluster.tier, theme_group)?;
    let group = cap_group(resource_type);
    let have = existing.iter().filter(|t| cap_group(t) == group).count();
    if have < limit {
        return None;
    }
    let noun = if limit == 1 { singular } else { plural };
    Some(format!(
        "The {} tier allows {limit} {noun}; {} has {have}. Upgrade the cluster to add more.",
        cluster.tier, cluster.name
    ))
}

/// Extension changes need a running cluster: 409's message otherwise.
pub fn change_problem(cluster: &ClusterRow) -> Option<String> {
    (cluster.status != ClusterState::Active).then(|| {
        format!(
            "{} is {}; its extensions can be changed only while it is ACTIVE.",
            cluster.name, cluster.status
        )
    })
}

/// 400's message when `major` is not a Keycloak major versions may target.
pub fn major_problem(major: i32) -> Option<String> {
    if KEYCLOAK_MAJORS.contains(&major) {
        return None;
    }
    let list: Vec<String> = KEYCLOAK_MAJORS.iter().map(i32::to_string).collect();
    Some(format!(
        "keycloak_major_version {major} is not supported; use one of {} (see \
         …/extensions/keycloak-versions).",
        list.join(", ")
    ))
}

/// What `version.validate` does to a version; `Err` is (status is 409, message).
pub fn validate(
    version: &mut ExtensionVersionRow,
    valid: bool,
    reason: Option<&str>,
    client_id: &str,
) -> Result<(), (bool, String)> {
    if !valid {
        version.valid = false;
        version.override_by = None;
        version.override_reason = None;
        return Ok(());
    }
    if version.resource_key.is_none() {
        return Err((
            true,
            "This version has no confirmed upload yet; upload a file and confirm it before approving.".into(),
        ));
    }
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    if version.scan_state == ScanState::Pass {
        // The contract ignores a reason for a clean scan: there is nothing to override.
        version.override_by = None;
        version.override_reason = None;
    } else {
        let Some(reason) = reason else {
            let state = match version.scan_state {
                ScanState::Unscanned => "UNSCANNED (not scanned)".to_string(),
                ScanState::Scanning => "SCANNING (not finished)".to_string(),
                ref other => format!("{other}"),
            };
            return Err((
                false,
                format!(
                    "Approving a version whose scan is {state} needs a reason; send reason with valid=true."
                ),
            ));
        };
        version.override_by = Some(client_id.to_string());
        version.override_reason = Some(reason.to_string());
    }
    version.valid = true;
    Ok(())
}

#[cfg(test)]
#[path = "extensions_tests.rs"]
mod tests;
