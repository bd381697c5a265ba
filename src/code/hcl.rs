//! The Terraform tab of the Code panel: the `p2-inc/phasetwo` provider's configuration
//! for what a form writes, built with the shared writer in `crate::terraform`. A form
//! that changes something that exists gets an `import` block too (with the provider's
//! import ID), so `terraform plan` adopts it instead of creating another.

use cluster_api::{DedicatedClusterRequest, IpRule};

use super::Target;
use crate::terraform::hcl::{Block, Body, Value, ident, reference, s};
use crate::terraform::resources::{self as tf, Target as Where};

/// The provider block for the environment the script targets: the hosted environments by
/// name, any other (the sandbox) by its auth root.
fn provider(target: &Target) -> Block {
    let origin = target.api_base.strip_suffix(cluster_api::API_PREFIX).unwrap_or(&target.api_base);
    match origin {
        "https://app.phasetwo.io" => tf::provider(Where::Environment("app")),
        "https://app-staging.phasetwo.io" => tf::provider(Where::Environment("app-staging")),
        _ => tf::provider(Where::BaseUrl(&format!("{origin}/auth"))),
    }
}

fn file(target: &Target, blocks: Vec<(Block, &[&str])>) -> String {
    let mut body = Body::default();
    body.add(tf::terraform(), &[]);
    body.add(
        provider(target),
        &["Credentials come from PHASETWO_CLIENT_ID and PHASETWO_CLIENT_SECRET in the environment."],
    );
    for (block, comments) in blocks {
        body.add(block, comments);
    }
    body.render()
}

/// `phasetwo_cluster` for the wizard. A saved card is used as chosen; paying on the
/// checkout page has no provider equivalent, so the organization's default card stands in.
pub fn cluster(target: &Target, c: &DedicatedClusterRequest) -> String {
    let label = ident(&c.name, "cluster");
    let mut blocks: Vec<(Block, &[&str])> = vec![(tf::organization("org", &c.org_id), &[])];
    let payment = match &c.payment_method_id {
        Some(card) => s(card),
        None => {
            let org = reference(&["data", "phasetwo_organization", "org", "id"]);
            blocks.push((
                tf::default_payment_method("default", org),
                &["The provider charges a saved card: the organization's default one."],
            ));
            reference(&["data", "phasetwo_payment_method", "default", "id"])
        }
    };
    let (tier, period) = (c.tier.as_ref().map(|t| t.as_str()), c.billing_period.as_ref().map(|p| p.as_str()));
    let cluster = tf::Cluster {
        name: &c.name,
        region: &c.region,
        tier,
        billing_period: period,
        domain: c.domain.as_deref(),
        organization_id: reference(&["data", "phasetwo_organization", "org", "id"]),
        payment_method_id: payment,
    };
    blocks.push((
        tf::cluster(&label, cluster),
        &["Every argument of phasetwo_cluster forces a replacement when changed."],
    ));
    file(target, blocks)
}

pub fn realm(target: &Target, cluster_id: &str, name: &str) -> String {
    file(target, vec![(tf::realm(&ident(name, "realm"), s(cluster_id), name, None), &[])])
}

pub fn realm_credential(
    target: &Target,
    realm_id: &str,
    name: Option<&str>,
    description: Option<&str>,
    roles: &[String],
) -> String {
    let label = ident(name.unwrap_or(""), "credential");
    let block = tf::realm_credential(&label, s(realm_id), name, description, Some(roles));
    file(target, vec![(block, &["The client secret is not an argument: read it from the console's Reveal."])])
}

pub fn domain(target: &Target, cluster_id: &str, host: &str) -> String {
    file(target, vec![(tf::cluster_domain(&ident(host, "domain"), s(cluster_id), host), &[])])
}

pub fn primary_host(target: &Target, cluster_id: &str, host: &str) -> String {
    let block = tf::cluster_primary_host("primary", s(cluster_id), s(host));
    file(
        target,
        vec![(block, &[]), (tf::import("phasetwo_cluster_primary_host", "primary", cluster_id), &[])],
    )
}

/// An environment variable; a SECRET's value comes from a sensitive variable, never the
/// file. `existing` (the variable's ID) when the form saves one that exists.
pub fn env_var(
    target: &Target,
    cluster_id: &str,
    existing: Option<&str>,
    name: &str,
    value: &str,
    secret: bool,
) -> String {
    let label = ident(name, "variable");
    let mut blocks: Vec<(Block, &[&str])> = Vec::new();
    let value = if secret {
        let var = format!("{label}_value");
        blocks.push((tf::sensitive_variable(&var, &format!("The value of the secret {name}")), &[]));
        reference(&["var", &var])
    } else {
        s(value)
    };
    let kind = if secret { "SECRET" } else { "STRING" };
    let resource = "phasetwo_cluster_environment_variable";
    blocks.push((tf::cluster_environment_variable(&label, s(cluster_id), name, value, kind), &[]));
    if let Some(id) = existing {
        blocks.push((tf::import(resource, &label, &format!("{cluster_id}/{id}")), &[]));
    }
    file(target, blocks)
}

/// The IP rules as they will be after the save: the provider sends every category on each
/// apply, so all three are listed (an empty one is cleared).
pub fn ip_rules(
    target: &Target,
    cluster_id: &str,
    admin: &[IpRule],
    realm_allow: &[IpRule],
    realm_block: &[IpRule],
) -> String {
    fn pairs(rules: &[IpRule]) -> Vec<(&str, &str)> {
        rules.iter().map(|r| (r.alias.as_str(), r.address.as_str())).collect()
    }
    let block =
        tf::cluster_ip_rules("rules", s(cluster_id), &pairs(admin), &pairs(realm_allow), &pairs(realm_block));
    let note: &[&str] =
        &["All three categories, as they are after this save: a category with no blocks is cleared."];
    file(target, vec![(block, note), (tf::import("phasetwo_cluster_ip_rules", "rules", cluster_id), &[])])
}

pub fn extension(target: &Target, cluster_id: &str, name: &str, resource_type: &str) -> String {
    file(
        target,
        vec![(
            tf::cluster_extension(&ident(name, "extension"), s(cluster_id), name, resource_type, true),
            &[],
        )],
    )
}

/// A realm that exists, with its display name as saved; imported by `cluster_id/realm_id`.
pub fn realm_display_name(
    target: &Target,
    cluster_id: &str,
    realm_id: &str,
    name: &str,
    display_name: Option<&str>,
) -> String {
    let label = ident(name, "realm");
    let import = tf::import("phasetwo_realm", &label, &format!("{cluster_id}/{realm_id}"));
    file(target, vec![(tf::realm(&label, s(cluster_id), name, display_name), &[]), (import, &[])])
}

/// A file uploaded as a version of an existing extension (`major` None for a password
/// denylist, which is version-independent).
pub fn extension_version(
    target: &Target,
    cluster_id: &str,
    extension_id: &str,
    file_name: &str,
    major: Option<i64>,
    label: &str,
) -> String {
    let name = ident(if label.is_empty() { file_name } else { label }, "version");
    let source = Value::Expr(format!("\"${{path.module}}/{}\"", safe_path(file_name)));
    let block = tf::cluster_extension_version(
        &name,
        s(cluster_id),
        s(extension_id),
        source,
        major,
        (!label.is_empty()).then_some(label),
    );
    file(target, vec![(block, &["source is the file on your machine, relative to this configuration."])])
}

/// A file name inside the `source` template: only characters that need no escaping in HCL.
fn safe_path(name: &str) -> String {
    let kept: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' }).collect();
    if kept.is_empty() { "file".into() } else { kept }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::testing::{HOSTILE, assert_absent, sandbox};
    use cluster_api::{BillingPeriod, Tier};

    #[test]
    fn the_cluster_uses_the_provider_arguments() {
        let c = DedicatedClusterRequest {
            name: "acme-new".into(),
            region: "US_EAST_1".into(),
            tier: Some(Tier::Premium),
            billing_period: Some(BillingPeriod::Monthly),
            org_id: "org-acme".into(),
            payment_method_id: None,
            ..Default::default()
        };
        let text = cluster(&sandbox(), &c);
        assert!(text.contains("base_url = \"http://127.0.0.1:8080/auth\""), "{text}");
        assert!(text.contains("resource \"phasetwo_cluster\" \"acme_new\" {"), "{text}");
        assert!(text.contains("region            = \"US_EAST_1\""), "{text}");
        assert!(text.contains("payment_method_id = data.phasetwo_payment_method.default.id"), "{text}");
        let production =
            Target { api_base: format!("https://app.phasetwo.io{}", cluster_api::API_PREFIX), ..sandbox() };
        assert!(cluster(&production, &c).contains("environment = \"app\""));
    }

    #[test]
    fn a_secret_is_a_sensitive_variable() {
        let text = env_var(&sandbox(), "c1", Some("ev1"), "DB_PASSWORD", "hunter2", true);
        assert_absent(&text, "hunter2");
        assert!(
            text.contains("value      = var.db_password_value") || text.contains("= var.db_password_value"),
            "{text}"
        );
        assert!(text.contains("sensitive   = true"), "{text}");
        assert!(text.contains("id = \"c1/ev1\""), "{text}");
    }

    #[test]
    fn ip_rules_list_every_category() {
        let r = |a: &str, b: &str| IpRule { alias: a.into(), address: b.into() };
        let text = ip_rules(&sandbox(), "c1", &[r("office", "10.0.0.0/8")], &[], &[r("bad", "1.2.3.4/32")]);
        assert!(text.contains("admin_allow {") && text.contains("realm_block {"), "{text}");
        assert!(!text.contains("realm_allow {"), "{text}");
        assert!(text.contains("cleared"), "{text}");
    }

    #[test]
    fn hostile_names_are_escaped_strings() {
        for name in HOSTILE {
            let text = realm(&sandbox(), "c1", name);
            assert!(!text.contains("${y}") || text.contains("$${y}"), "{text}");
            assert!(
                text.lines()
                    .filter(|l| l.trim_start().starts_with('#'))
                    .all(|l| !l.chars().any(char::is_control))
            );
            let version = extension_version(&sandbox(), "c1", "e1", name, Some(26), "");
            assert!(version.contains("source") && !version.contains("$(rm"), "{version}");
        }
    }
}
