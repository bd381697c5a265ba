//! Export as Terraform: everything the provider manages under one cluster, as one `.tf` file
//! that `terraform plan` adopts through `import` blocks instead of creating anew. Pure: the
//! reads happen in `run.rs`, so this is tested natively (golden files, an HCL parser).

use cluster_api::{
    Cluster, CustomerDomain, Deployment, DeploymentCredential, EnvironmentVariableRepresentation,
    EnvironmentVariableType, Extension, IpRuleRepresentation, IpRulesRepresentation, ResourceType,
};

use super::hcl::{Block, Body, Value, quote, reference};
use super::names::Names;
use super::resources::{self as r, Target, id_of};

/// What the export reads, all of it: the file is written only once every read succeeded.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    pub cluster: Cluster,
    /// Each realm with its credentials.
    pub realms: Vec<(Deployment, Vec<DeploymentCredential>)>,
    pub domains: Vec<CustomerDomain>,
    pub env_vars: Vec<EnvironmentVariableRepresentation>,
    pub ip_rules: IpRulesRepresentation,
    /// With their versions.
    pub extensions: Vec<Extension>,
}

/// The provider block's target for a console at `origin`: the two hosted environments by
/// name, anything else (such as the sandbox) by its auth root.
pub fn target(origin: &str) -> (Option<&'static str>, String) {
    match origin.trim_end_matches('/') {
        "https://app.phasetwo.io" => (Some("app"), String::new()),
        "https://app-staging.phasetwo.io" => (Some("app-staging"), String::new()),
        other => (None, format!("{other}/auth")),
    }
}

/// The downloaded file's name: the cluster's name, made safe for a file system.
pub fn file_name(cluster_name: &str) -> String {
    let safe: String = cluster_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .take(100)
        .collect();
    let safe = safe.trim_matches('-');
    format!("{}.tf", if safe.is_empty() { "cluster" } else { safe })
}

/// `https://acme-prod.global.auth.ac/` → `acme-prod.global.auth.ac`.
pub fn bare_host(host: &str) -> String {
    let host = host.trim();
    let host = host.split_once("://").map_or(host, |(_, rest)| rest);
    host.split(['/', '?', '#']).next().unwrap_or_default().to_string()
}

const CLUSTER_WHY: [&str; 4] = [
    "Every argument of phasetwo_cluster forces replacement, and payment_method_id and",
    "billing_period cannot be read back. Without ignore_changes, the first plan after import",
    "would replace this cluster and every realm on it. prevent_destroy makes Terraform refuse",
    "any plan that would destroy it.",
];

/// The whole file for `snap`, for a console at `origin`.
pub fn export(snap: &Snapshot, origin: &str) -> String {
    let c = &snap.cluster;
    let mut names = Names::default();
    let mut file = Body::default();
    let header = format!("{} ({}), exported by the Cluster console.", c.name, c.id);
    let mut head = vec![
        header.as_str(),
        "Run terraform plan: the import blocks adopt what exists instead of creating it.",
    ];
    let well_known = snap
        .extensions
        .iter()
        .filter(|e| e.resource_type == ResourceType::WellKnown)
        .map(|e| e.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let skipped =
        format!("Not in this file: WELL_KNOWN extensions, which have no provider resource: {well_known}.");
    if !well_known.is_empty() {
        head.push(&skipped);
    }
    file.add(r::terraform(), &head);
    let (environment, base_url) = target(origin);
    let provider = match environment {
        Some(name) => r::provider(Target::Environment(name)),
        None => r::provider(Target::BaseUrl(&base_url)),
    };
    file.add(provider, &["Credentials come from PHASETWO_CLIENT_ID and PHASETWO_CLIENT_SECRET."]);

    let org = names.take("owner", "organization");
    file.add(r::organization(&org, c.owner.as_deref().unwrap_or_default()), &[]);
    let card = names.take("default", "payment_method");
    let org_id = reference(&["data", "phasetwo_organization", org.as_str(), "id"]);
    file.add(
        r::default_payment_method(&card, org_id.clone()),
        &["The organization's default card, added in the console."],
    );

    let cl = names.take(&c.name, "cluster");
    let cluster = r::cluster(
        &cl,
        r::Cluster {
            name: &c.name,
            region: &c.region.name,
            tier: Some(c.tier.as_str()),
            billing_period: None,
            domain: c.domain.as_deref(),
            organization_id: org_id,
            payment_method_id: reference(&["data", "phasetwo_payment_method", card.as_str(), "id"]),
        },
    )
    .block(
        Block::new("lifecycle", &[])
            .attr(
                "ignore_changes",
                Value::List(vec![reference(&["payment_method_id"]), reference(&["billing_period"])]),
            )
            .attr("prevent_destroy", Value::Bool(true)),
    );
    file.add(cluster, &CLUSTER_WHY);
    file.add(r::import("phasetwo_cluster", &cl, &c.id), &[]);
    let cid = || id_of("phasetwo_cluster", &cl);

    for (realm, credentials) in &snap.realms {
        let label = names.take(&realm.name, "realm");
        let state = realm.state.as_str();
        let note = format!("The realm is {state}: {}", realm.state_error.as_deref().unwrap_or_default());
        let comments: Vec<&str> = if state == "ACTIVE" { vec![] } else { vec![note.as_str()] };
        file.add(r::realm(&label, cid(), &realm.name, realm.display_name.as_deref()), &comments);
        file.add(r::import("phasetwo_realm", &label, &format!("{}/{}", c.id, realm.id)), &[]);
        for cred in credentials {
            let cred_label = names.take(
                &format!("{}_{}", realm.name, cred.name.as_deref().unwrap_or("credential")),
                "credential",
            );
            let block = r::realm_credential(
                &cred_label,
                id_of("phasetwo_realm", &label),
                cred.name.as_deref(),
                cred.description.as_deref(),
                Some(cred.roles.as_slice()),
            );
            let why = ["No client secret here: read it with the phasetwo_realm_credential_secret ephemeral \
                        resource."];
            file.add(block, &why);
            file.add(
                r::import(
                    "phasetwo_realm_credential",
                    &cred_label,
                    &format!("{}/{}", realm.id, cred.client_id),
                ),
                &[],
            );
        }
    }

    let mut domain_labels = Vec::new();
    for domain in &snap.domains {
        let label = names.take(&domain.domain, "domain");
        file.add(r::cluster_domain(&label, cid(), &domain.domain), &[]);
        file.add(r::import("phasetwo_cluster_domain", &label, &format!("{}/{}", c.id, domain.id)), &[]);
        domain_labels.push((domain.domain.clone(), label));
    }
    let host = bare_host(&c.host);
    let primary = names.take(&format!("{}_primary_host", c.name), "primary_host");
    let host_value = match domain_labels.iter().find(|(h, _)| *h == host) {
        Some((_, label)) => reference(&["phasetwo_cluster_domain", label.as_str(), "host"]),
        None => Value::Str(host),
    };
    file.add(r::cluster_primary_host(&primary, cid(), host_value), &[]);
    file.add(r::import("phasetwo_cluster_primary_host", &primary, &c.id), &[]);

    for var in &snap.env_vars {
        let label = names.take(&var.name, "variable");
        let secret = var.r#type == EnvironmentVariableType::Secret;
        let value = if secret {
            // A sensitive variable holds the value: it is supplied at plan time, never written here.
            let input = names.take(&format!("{}_value", var.name), "secret");
            let about = format!("The value of the SECRET environment variable {}.", var.name);
            file.add(
                r::sensitive_variable(&input, &about),
                &["Supply it as TF_VAR_ with this name; it is never in this file."],
            );
            reference(&["var", input.as_str()])
        } else {
            Value::Str(var.value.clone())
        };
        let kind = if secret { "SECRET" } else { "STRING" };
        let first_plan =
            ["A SECRET's value cannot be read back, so the first plan after import shows a change."];
        let comments: &[&str] = if secret { &first_plan } else { &[] };
        file.add(r::cluster_environment_variable(&label, cid(), &var.name, value, kind), comments);
        file.add(
            r::import("phasetwo_cluster_environment_variable", &label, &format!("{}/{}", c.id, var.id)),
            &[],
        );
    }

    ip_rules(&mut file, &mut names, &snap.ip_rules, &c.id, &cid);
    extensions(&mut file, &mut names, &snap.extensions, &c.id, &cid);
    file.render()
}

fn pairs(list: &[IpRuleRepresentation]) -> Vec<(&str, &str)> {
    list.iter().map(|x| (x.alias.as_str(), x.address.as_str())).collect()
}

fn ip_rules(
    file: &mut Body,
    names: &mut Names,
    rules: &IpRulesRepresentation,
    cluster_id: &str,
    cid: &dyn Fn() -> Value,
) {
    let lists = [
        ("admin_allow", pairs(&rules.admin_allowed_ip_rules)),
        ("realm_allow", pairs(&rules.realm_allowed_ip_rules)),
        ("realm_block", pairs(&rules.realm_blocked_ip_rules)),
    ];
    let label = names.take("ip_rules", "ip_rules");
    let empty: Vec<&str> = lists.iter().filter(|(_, l)| l.is_empty()).map(|(n, _)| *n).collect();
    let none =
        format!("No rules in: {}. Each apply sends every category, so these stay empty.", empty.join(", "));
    let mut comments = vec!["One resource holds all three categories of IP rules."];
    if !empty.is_empty() {
        comments.push(&none);
    }
    let block = r::cluster_ip_rules(&label, cid(), &lists[0].1, &lists[1].1, &lists[2].1);
    file.add(block, &comments);
    file.add(r::import("phasetwo_cluster_ip_rules", &label, cluster_id), &[]);
}

/// `name-label.jar` (or `.txt` for a blacklist) with only file-safe characters.
pub fn source_file(extension: &str, label: Option<&str>, blacklist: bool) -> String {
    let suffix = if blacklist { ".txt" } else { ".jar" };
    let raw = match label {
        // A label that is already a file name of the right kind is that file.
        Some(l) if l.ends_with(suffix) => l.to_string(),
        Some(l) if !l.is_empty() => format!("{extension}-{l}"),
        _ => extension.to_string(),
    };
    let safe: String = raw
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '-' })
        .take(100)
        .collect();
    let stem = safe.trim_matches(['-', '.']).trim_end_matches(suffix);
    format!("{}{suffix}", if stem.is_empty() { "extension" } else { stem })
}

fn extensions(
    file: &mut Body,
    names: &mut Names,
    all: &[Extension],
    cluster_id: &str,
    cid: &dyn Fn() -> Value,
) {
    for ext in all.iter().filter(|e| e.resource_type != ResourceType::WellKnown) {
        let label = names.take(&ext.name, "extension");
        let kind = ext.resource_type.as_str();
        file.add(r::cluster_extension(&label, cid(), &ext.name, kind, ext.enabled), &[]);
        file.add(r::import("phasetwo_cluster_extension", &label, &format!("{cluster_id}/{}", ext.id)), &[]);
        let blacklist = ext.resource_type == ResourceType::PasswordBlacklist;
        for version in ext.versions.as_deref().unwrap_or_default() {
            let v_label = names
                .take(&format!("{}_{}", ext.name, version.label.as_deref().unwrap_or("version")), "version");
            let source = source_file(&ext.name, version.label.as_deref(), blacklist);
            let quoted = quote(&source);
            // `${path.module}` is the one template here; the file name is quoted like any string.
            let path = Value::Expr(format!("\"${{path.module}}/files/{}", &quoted[1..]));
            let major = if blacklist { None } else { version.keycloak_major_version.map(i64::from) };
            let block = r::cluster_extension_version(
                &v_label,
                cid(),
                id_of("phasetwo_cluster_extension", &label),
                path,
                major,
                version.label.as_deref(),
            );
            let supply =
                format!("source: supply the file that was uploaded as this version, at files/{source}.");
            let note = [
                supply.as_str(),
                "Until source points at the uploaded file, the provider proposes a replacement:",
                "a re-upload and a Keycloak restart.",
            ];
            file.add(block, &note);
            let id = format!("{cluster_id}/{}/{}", ext.id, version.id);
            file.add(r::import("phasetwo_cluster_extension_version", &v_label, &id), &[]);
        }
    }
}

/// Whether `name` is a valid Terraform name: what the tests hold every `ident` to.
#[cfg(test)]
pub fn valid_name(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && super::hcl::ident(name, "x") == name
}
