//! The blocks use the provider's argument names exactly, as kept in testdata/provider.txt.

use crate::terraform::hcl::{Block, Item, Value, reference, s};
use crate::terraform::resources::*;

/// (kind, type) -> (args, block lists, block args, import format) from the fixture.
pub struct Doc {
    pub kind: String,
    pub name: String,
    pub args: Vec<String>,
    pub blocks: Vec<String>,
    pub block_args: Vec<String>,
    pub import: Option<String>,
}

pub fn provider_docs() -> Vec<Doc> {
    include_str!("testdata/provider.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut words = line.split_whitespace();
            let kind = words.next().unwrap_or_default().to_owned();
            let name = words.next().unwrap_or_default().to_owned();
            let mut doc = Doc { kind, name, args: vec![], blocks: vec![], block_args: vec![], import: None };
            for word in words {
                let (key, value) = word.split_once('=').unwrap_or((word, ""));
                let list = || value.split(',').map(str::to_owned).collect::<Vec<_>>();
                match key {
                    "args" => doc.args = list(),
                    "blocks" => doc.blocks = list(),
                    "block_args" => doc.block_args = list(),
                    "import" => doc.import = Some(value.to_owned()),
                    "commit" => assert_eq!(value.len(), 40, "a full commit id: {line}"),
                    other => panic!("unknown field {other} in {line}"),
                }
            }
            doc
        })
        .collect()
}

pub fn doc_for<'a>(docs: &'a [Doc], kind: &str, name: &str) -> &'a Doc {
    docs.iter()
        .find(|d| d.kind == kind && d.name == name)
        .unwrap_or_else(|| panic!("{kind} {name} not in the fixture"))
}

/// Meta-arguments Terraform accepts on every resource.
const META: [&str; 4] = ["lifecycle", "depends_on", "count", "provider"];

/// Checks a block against the fixture; returns how many arguments were checked.
pub fn check_block(docs: &[Doc], block: &Block) -> usize {
    let (kind, name) = match block.kind.as_str() {
        "resource" | "data" => (block.kind.as_str(), block.labels[0].as_str()),
        "provider" => ("provider", block.labels[0].as_str()),
        other => panic!("not a provider block: {other}"),
    };
    let doc = doc_for(docs, kind, name);
    let mut checked = 0;
    for entry in &block.body.entries {
        match &entry.item {
            Item::Attr(arg, _) => {
                assert!(doc.args.contains(arg), "{name} has no argument {arg}");
                checked += 1;
            }
            Item::Block(inner) if META.contains(&inner.kind.as_str()) => {}
            Item::Block(inner) => {
                assert!(doc.blocks.contains(&inner.kind), "{name} has no block {}", inner.kind);
                for e in &inner.body.entries {
                    let Item::Attr(arg, _) = &e.item else { panic!("nested block in {}", inner.kind) };
                    assert!(doc.block_args.contains(arg), "{name}.{} has no argument {arg}", inner.kind);
                    checked += 1;
                }
            }
        }
    }
    checked
}

#[test]
fn every_block_builder_uses_the_providers_argument_names() {
    let docs = provider_docs();
    let cid = || reference(&["phasetwo_cluster", "main", "id"]);
    let roles = vec!["view-users".to_owned()];
    let blocks = [
        provider(Target::Environment("app")),
        provider(Target::BaseUrl("http://localhost/auth")),
        organization("owner", "org-1"),
        default_payment_method("default", reference(&["data", "phasetwo_organization", "owner", "id"])),
        cluster(
            "main",
            Cluster {
                name: "n",
                region: "US_EAST_1",
                tier: Some("premium"),
                billing_period: Some("annual"),
                domain: Some("d"),
                organization_id: s("o"),
                payment_method_id: s("p"),
            },
        ),
        realm("r", cid(), "app", Some("App")),
        realm_credential("c", s("realm"), Some("ci"), Some("d"), Some(&roles)),
        cluster_domain("d", cid(), "auth.example.com"),
        cluster_primary_host("h", cid(), s("auth.example.com")),
        cluster_environment_variable("e", cid(), "A", s("b"), "STRING"),
        cluster_ip_rules(
            "i",
            cid(),
            &[("office", "203.0.113.0/24")],
            &[("vpn", "198.51.100.7")],
            &[("bad", "192.0.2.0/24")],
        ),
        cluster_extension("x", cid(), "auth", "EXTENSION", true),
        cluster_extension_version("v", cid(), s("x"), s("f.jar"), Some(26), Some("1.0")),
    ];
    let checked: usize = blocks.iter().map(|b| check_block(&docs, b)).sum();
    assert_eq!(checked, 43);
    let kinds: Vec<&str> =
        blocks.iter().filter(|b| b.kind == "resource").map(|b| b.labels[0].as_str()).collect();
    for doc in docs.iter().filter(|d| d.kind == "resource") {
        assert!(kinds.contains(&doc.name.as_str()), "no builder for {}", doc.name);
    }
}

#[test]
fn the_terraform_block_pins_the_short_source_and_the_import_capable_version() {
    assert_eq!(
        terraform().render(),
        "terraform {\n  required_version = \">= 1.5\"\n\n  required_providers {\n    phasetwo = {\n      \
         source = \"p2-inc/phasetwo\"\n    }\n  }\n}\n"
    );
}

#[test]
fn a_blacklist_version_has_no_keycloak_major_version() {
    let v = cluster_extension_version("v", s("c"), s("x"), s("list.txt"), None, None);
    assert!(!v.render().contains("keycloak_major_version"));
    let v = cluster_extension_version("v", s("c"), s("x"), s("a.jar"), Some(26), None);
    assert!(v.render().contains("keycloak_major_version = 26"));
    assert!(matches!(v.body.entries[3].item, Item::Attr(_, Value::Num(26))));
}
