//! One plain function per block of the `p2-inc/phasetwo` provider, with its exact argument
//! names (docs/resources/*.md and docs/data-sources/*.md of p2-inc/terraform-provider-phasetwo;
//! the commits are named in src/terraform/testdata/provider.txt, which the tests check against).
//! Inputs are plain values: a reference (`hcl::reference`) where the block points at another,
//! a string where the caller has the literal.

use super::hcl::{Block, Value, reference, s};

/// The provider's source address. Terraform refuses a type that keeps the
/// `terraform-provider-` prefix, so this is the short form.
pub const SOURCE: &str = "p2-inc/phasetwo";

/// `terraform { required_version … required_providers { phasetwo = { source … } } }`.
/// 1.5 is the first version with `import` blocks.
pub fn terraform() -> Block {
    Block::new("terraform", &[]).attr("required_version", s(">= 1.5")).block(
        Block::new("required_providers", &[])
            .attr("phasetwo", Value::Object(vec![("source".to_owned(), s(SOURCE))])),
    )
}

/// Where the provider talks to: a hosted environment (`app`, `app-staging`) or an auth root.
pub enum Target<'a> {
    Environment(&'a str),
    BaseUrl(&'a str),
}

pub fn provider(target: Target) -> Block {
    let block = Block::new("provider", &["phasetwo"]);
    match target {
        Target::Environment(name) => block.attr("environment", s(name)),
        Target::BaseUrl(url) => block.attr("base_url", s(url)),
    }
}

/// `data "phasetwo_organization"` looked up by id.
pub fn organization(label: &str, id: &str) -> Block {
    Block::new("data", &["phasetwo_organization", label]).attr("id", s(id))
}

/// `data "phasetwo_payment_method"`: the organization's default card.
pub fn default_payment_method(label: &str, organization_id: Value) -> Block {
    Block::new("data", &["phasetwo_payment_method", label])
        .attr("organization_id", organization_id)
        .attr("default", Value::Bool(true))
}

/// The arguments of `phasetwo_cluster` (every one forces replacement).
pub struct Cluster<'a> {
    pub name: &'a str,
    /// The region's `name`, such as `US_EAST_1`.
    pub region: &'a str,
    pub tier: Option<&'a str>,
    pub billing_period: Option<&'a str>,
    pub domain: Option<&'a str>,
    pub organization_id: Value,
    pub payment_method_id: Value,
}

pub fn cluster(label: &str, c: Cluster) -> Block {
    Block::new("resource", &["phasetwo_cluster", label])
        .attr("name", s(c.name))
        .attr("region", s(c.region))
        .attr_opt("tier", c.tier.map(s))
        .attr_opt("billing_period", c.billing_period.map(s))
        .attr_opt("domain", c.domain.map(s))
        .attr("organization_id", c.organization_id)
        .attr("payment_method_id", c.payment_method_id)
}

pub fn realm(label: &str, cluster_id: Value, name: &str, display_name: Option<&str>) -> Block {
    Block::new("resource", &["phasetwo_realm", label])
        .attr("cluster_id", cluster_id)
        .attr("name", s(name))
        .attr_opt("display_name", display_name.map(s))
}

/// `phasetwo_realm_credential`. The provider has no secret argument, by design.
pub fn realm_credential(
    label: &str,
    realm_id: Value,
    name: Option<&str>,
    description: Option<&str>,
    roles: Option<&[String]>,
) -> Block {
    Block::new("resource", &["phasetwo_realm_credential", label])
        .attr("realm_id", realm_id)
        .attr_opt("name", name.map(s))
        .attr_opt("description", description.map(s))
        .attr_opt("roles", roles.map(|r| Value::List(r.iter().map(|x| s(x)).collect())))
}

pub fn cluster_domain(label: &str, cluster_id: Value, host: &str) -> Block {
    Block::new("resource", &["phasetwo_cluster_domain", label])
        .attr("cluster_id", cluster_id)
        .attr("host", s(host))
}

pub fn cluster_primary_host(label: &str, cluster_id: Value, host: Value) -> Block {
    Block::new("resource", &["phasetwo_cluster_primary_host", label])
        .attr("cluster_id", cluster_id)
        .attr("host", host)
}

/// `phasetwo_cluster_environment_variable`; `kind` is `STRING` or `SECRET`. For a secret pass
/// a reference to a sensitive variable as `value`, never the value itself.
pub fn cluster_environment_variable(
    label: &str,
    cluster_id: Value,
    name: &str,
    value: Value,
    kind: &str,
) -> Block {
    Block::new("resource", &["phasetwo_cluster_environment_variable", label])
        .attr("cluster_id", cluster_id)
        .attr("name", s(name))
        .attr("value", value)
        .attr("type", s(kind))
}

/// One IP rule: (alias, address).
pub type Rule<'a> = (&'a str, &'a str);

/// `phasetwo_cluster_ip_rules`: the single resource holding all three categories. The
/// provider sends every category on each apply, so a category without blocks is cleared.
pub fn cluster_ip_rules(
    label: &str,
    cluster_id: Value,
    admin_allow: &[Rule],
    realm_allow: &[Rule],
    realm_block: &[Rule],
) -> Block {
    let mut block =
        Block::new("resource", &["phasetwo_cluster_ip_rules", label]).attr("cluster_id", cluster_id);
    for (kind, rules) in
        [("admin_allow", admin_allow), ("realm_allow", realm_allow), ("realm_block", realm_block)]
    {
        for (alias, address) in rules {
            block = block.block(Block::new(kind, &[]).attr("alias", s(alias)).attr("address", s(address)));
        }
    }
    block
}

/// `phasetwo_cluster_extension`; `resource_type` is EXTENSION, THEME or PASSWORD_BLACKLIST.
pub fn cluster_extension(
    label: &str,
    cluster_id: Value,
    name: &str,
    resource_type: &str,
    enabled: bool,
) -> Block {
    Block::new("resource", &["phasetwo_cluster_extension", label])
        .attr("cluster_id", cluster_id)
        .attr("name", s(name))
        .attr("resource_type", s(resource_type))
        .attr("enabled", Value::Bool(enabled))
}

/// `phasetwo_cluster_extension_version`. `keycloak_major_version` must be `None` for a
/// PASSWORD_BLACKLIST extension, which is version-independent.
pub fn cluster_extension_version(
    label: &str,
    cluster_id: Value,
    extension_id: Value,
    source: Value,
    keycloak_major_version: Option<i64>,
    version_label: Option<&str>,
) -> Block {
    Block::new("resource", &["phasetwo_cluster_extension_version", label])
        .attr("cluster_id", cluster_id)
        .attr("extension_id", extension_id)
        .attr("source", source)
        .attr_opt("keycloak_major_version", keycloak_major_version.map(Value::Num))
        .attr_opt("label", version_label.map(s))
}

/// A `variable` holding a secret: sensitive, with no default, so its value is supplied at plan
/// time and never written into the file.
pub fn sensitive_variable(name: &str, description: &str) -> Block {
    Block::new("variable", &[name])
        .attr("description", s(description))
        .attr("type", Value::Expr("string".to_owned()))
        .attr("sensitive", Value::Bool(true))
}

/// An `import` block adopting what exists at `id` as `resource_type.label`.
pub fn import(resource_type: &str, label: &str, id: &str) -> Block {
    Block::new("import", &[]).attr("to", reference(&[resource_type, label])).attr("id", s(id))
}

/// `resource_type.label.id`, the usual way one block points at another.
pub fn id_of(resource_type: &str, label: &str) -> Value {
    reference(&[resource_type, label, "id"])
}

#[cfg(test)]
#[path = "resources_tests.rs"]
pub mod tests;
