//! `--hostile-seed`: the Hostile organization, whose every free-text field holds a hostile
//! or awkward string, so a browser flow can prove the console renders them as text, never
//! runs them, and never overflows the page with them. Every payload that could run sets
//! `window.__pwned`, which the flow checks stays unset.
//!
//! Fields whose rules allow no such characters (API secret names: lowercase letters;
//! domain hosts: DNS names) get the most awkward valid value instead: the longest.

use super::demo_ids::ALL_ROLES;
use super::{Store, StoreResult};
use crate::records::{
    ClusterRow, CustomerDomainRow, EnvVarRow, ExtensionRow, Grant, MemberRow, Millis, OrgRow, RealmRow,
    SecretRow,
};
use cluster_api::{
    ClusterState, DeploymentState, EnvironmentVariableType, ResourceLimits, ResourceType, Tier,
};

pub const HOSTILE_ORG_ID: &str = "org-hostile";
pub const HOSTILE_CLIENT_ID: &str = "hostile-admin";
pub const HOSTILE_CLIENT_SECRET: &str = "hostile-admin-secret";
/// The clusters, all ACTIVE so every tab has something to show.
pub const HOSTILE_CLUSTERS: [&str; 3] = ["cl-hostile-img", "cl-hostile-svg", "cl-hostile-long"];
/// What a payload sets if it ever runs.
pub const SENTINEL: &str = "__pwned";

pub const IMG: &str = "<img src=x onerror=\"window.__pwned=1\">";
pub const SVG: &str = "\"><svg onload=window.__pwned=1>";
pub const JS_URL: &str = "javascript:window.__pwned=1//";
/// Right-to-left text, with an override character that flips what follows.
pub const RTL: &str = "\u{202E}exe.lmth \u{645}\u{631}\u{62D}\u{628}\u{627} \u{5E9}\u{5DC}\u{5D5}\u{5DD}";
pub const EMOJI: &str = "👩‍👩‍👧‍👦🔥🦀🏳️‍🌈";
pub const ZERO_WIDTH: &str = "zero\u{200B}width\u{200D}join\u{FEFF}er\u{200C}";

/// A single 2,000-character word: nothing to break it at but `overflow-wrap: anywhere`.
pub fn long_word() -> String {
    "W".repeat(2000)
}

/// Every hostile string, in the order fields take them.
pub fn strings() -> Vec<String> {
    vec![IMG.into(), SVG.into(), JS_URL.into(), long_word(), RTL.into(), EMOJI.into(), ZERO_WIDTH.into()]
}

/// The longest valid DNS name made of 63-letter labels (253 characters).
pub fn long_host() -> String {
    let label = "x".repeat(63);
    format!("{label}.{label}.{label}.{}.example", "y".repeat(53))
}

/// The line `--hostile-seed` adds to the banner (nothing without it).
pub fn banner_line(on: bool) -> String {
    if !on {
        return String::new();
    }
    format!(
        "  Hostile secret: client ID {HOSTILE_CLIENT_ID}  secret {HOSTILE_CLIENT_SECRET}  (every role in the \
         Hostile organization)"
    )
}

fn cluster(id: &str, name: String, now: Millis) -> ClusterRow {
    ClusterRow {
        id: id.to_string(),
        name,
        org_id: HOSTILE_ORG_ID.to_string(),
        region: "EU_CENTRAL_1".to_string(),
        tier: Tier::Enterprise,
        status: ClusterState::Active,
        resource_limits: ResourceLimits::Standard,
        variant: "DEDICATED".to_string(),
        domain: None,
        created_at: now - 40 * 86_400_000,
        ready_at: Some(now - 39 * 86_400_000),
        restart_until: None,
        billed: true,
    }
}

fn realm(id: String, cluster: &str, name: String, display: String, now: Millis) -> RealmRow {
    RealmRow {
        id,
        cluster_id: cluster.to_string(),
        name,
        display_name: Some(display),
        state: DeploymentState::Active,
        state_error: None,
        created_at: now - 86_400_000,
        created_by: Some(IMG.to_string()),
        tags: vec![SVG.to_string(), EMOJI.to_string()],
        ready_at: None,
        failure: None,
        clients: vec![JS_URL.to_string()],
    }
}

/// Adds the Hostile organization once (it is kept on later starts).
pub fn ensure(store: &mut Store, now: Millis) -> StoreResult<()> {
    if store.org(HOSTILE_ORG_ID)?.is_some() {
        return Ok(());
    }
    store.transaction(|s| seed(s, now))
}

fn seed(s: &Store, now: Millis) -> StoreResult<()> {
    let strings = strings();
    let org = OrgRow {
        id: HOSTILE_ORG_ID.into(),
        name: "hostile".into(),
        display_name: format!("{IMG} {RTL}"),
        created_at: now - 90 * 86_400_000,
    };
    s.insert_org(&org)?;
    let grants: Vec<Grant> = ALL_ROLES
        .iter()
        .map(|role| Grant { org_id: HOSTILE_ORG_ID.into(), role: role.to_string() })
        .collect();
    // The longest valid secret name (32 lowercase letters) next to the one people sign in with.
    for (id, name, client) in [
        ("sec-hostile-admin", "hostile", (HOSTILE_CLIENT_ID, HOSTILE_CLIENT_SECRET)),
        ("sec-hostile-long", "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", ("hostile-long", "hostile-long-secret")),
    ] {
        let secret = SecretRow {
            id: id.into(),
            org_id: HOSTILE_ORG_ID.into(),
            name: name.into(),
            client_id: client.0.into(),
            client_secret: client.1.into(),
            created_at: now - 86_400_000,
            created_by: Some(SVG.into()),
        };
        s.insert_secret(&secret)?;
        if id == "sec-hostile-admin" {
            s.grant(&secret.id, &grants)?;
        }
    }
    let names =
        [IMG.to_string(), format!("{SVG}{}", long_word()), format!("{JS_URL} {RTL} {EMOJI} {ZERO_WIDTH}")];
    for (id, name) in HOSTILE_CLUSTERS.iter().zip(names) {
        s.insert_cluster(&cluster(id, name, now))?;
    }
    let main = HOSTILE_CLUSTERS[0];
    for (i, text) in strings.iter().enumerate() {
        s.insert_realm(&realm(format!("dep-hostile-{i}"), main, format!("hostile{i}"), text.clone(), now))?;
        let kind =
            [ResourceType::Extension, ResourceType::Theme, ResourceType::PasswordBlacklist][i % 3].clone();
        s.insert_extension(&ExtensionRow {
            id: format!("ext-hostile-{i}"),
            cluster_id: main.into(),
            name: text.clone(),
            resource_type: kind,
            enabled: i % 2 == 0,
            created_at: now - (i as Millis + 1) * 3_600_000,
            change_password_url: None,
        })?;
        s.save_env_var(&EnvVarRow {
            id: format!("env-hostile-{i}"),
            cluster_id: main.into(),
            name: format!("HOSTILE_{i}"),
            value: text.clone(),
            kind: EnvironmentVariableType::String,
            created_at: now - 3_600_000,
        })?;
        let member = MemberRow {
            org_id: HOSTILE_ORG_ID.into(),
            user_id: format!("user-hostile-{i}"),
            username: format!("hostile{i}"),
            email: format!("hostile{i}@hostile.example"),
            first_name: text.clone(),
            last_name: strings[(i + 3) % strings.len()].clone(),
            manage_billing: true,
        };
        s.insert_member(&member)?;
        s.add_billing_contact(HOSTILE_ORG_ID, &member.user_id, now - 86_400_000)?;
    }
    for (i, host) in [long_host(), "xn--ls8h.xn--mgbh0fb.example".to_string()].into_iter().enumerate() {
        s.insert_domain(&CustomerDomainRow {
            id: format!("dom-hostile-{i}"),
            cluster_id: main.into(),
            host,
            created_at: now,
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_host_is_a_valid_dns_name() {
        assert_eq!(long_host().len(), 253);
        assert_eq!(crate::engine::domains::host_problem(&long_host()), None);
    }
}
