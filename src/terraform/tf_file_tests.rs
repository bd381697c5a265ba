//! The export against golden files, the provider's docs (testdata/provider.txt) and a real HCL
//! parser (hcl-rs). `UPDATE_GOLDEN=1 cargo test -p cluster-console --bins terraform` rewrites
//! the golden files; review their diff like code.

use cluster_api::*;
use hcl::Expression;

use super::resources::tests::{doc_for, provider_docs};
use super::tf_file::{Snapshot, bare_host, export, file_name, source_file, target, valid_name};

const SANDBOX: &str = "http://127.0.0.1:8080";
const SECRET_VALUE: &str = "hunter2-smtp";
const CREDENTIAL_SECRET: &str = "cs-0123456789";

fn rule(alias: &str, address: &str) -> IpRuleRepresentation {
    IpRuleRepresentation {
        id: format!("ipr-{alias}"),
        alias: alias.into(),
        address: address.into(),
        ..Default::default()
    }
}

fn version(id: &str, label: Option<&str>, major: Option<i32>) -> ExtensionVersion {
    ExtensionVersion {
        id: id.into(),
        valid: true,
        label: label.map(Into::into),
        keycloak_major_version: major,
        ..Default::default()
    }
}

fn extension(id: &str, name: &str, kind: ResourceType, versions: Vec<ExtensionVersion>) -> Extension {
    Extension {
        id: id.into(),
        name: name.into(),
        enabled: true,
        resource_type: kind,
        versions: Some(versions),
        ..Default::default()
    }
}

fn realm(id: &str, name: &str, display: Option<&str>) -> Deployment {
    Deployment {
        id: id.into(),
        name: name.into(),
        display_name: display.map(Into::into),
        state: DeploymentState::Active,
        ..Default::default()
    }
}

fn var(
    id: &str,
    name: &str,
    value: &str,
    kind: EnvironmentVariableType,
) -> EnvironmentVariableRepresentation {
    EnvironmentVariableRepresentation { id: id.into(), name: name.into(), value: value.into(), r#type: kind }
}

/// acme-prod as the sandbox seeds it.
fn acme_prod() -> Snapshot {
    let cluster = Cluster {
        id: "cl-acme-prod".into(),
        name: "acme-prod".into(),
        host: "https://acme-prod.global.auth.ac".into(),
        region: Region { name: "EU_CENTRAL_1".into(), provider: "aws".into(), region: "eu-central-1".into() },
        owner: Some("org-acme".into()),
        tier: Tier::Enterprise,
        status: ClusterState::Active,
        ..Default::default()
    };
    let credential = DeploymentCredential {
        client_id: "api-terraform-5e1d2c3b".into(),
        client_secret: Some(CREDENTIAL_SECRET.into()),
        name: Some("terraform".into()),
        description: Some("Terraform for the customers realm".into()),
        roles: vec!["realm-admin".into()],
        server_url: "https://acme-prod.global.auth.ac".into(),
        realm: "customers".into(),
    };
    let mut failed = realm("dep-acme-legacy-import", "legacy-import", Some("Legacy SSO"));
    failed.state = DeploymentState::Failed;
    failed.state_error = Some("Import failed: client #3 has no clientId.".into());
    Snapshot {
        cluster,
        realms: vec![
            (realm("dep-acme-customers", "customers", Some("Acme customers")), vec![credential]),
            (realm("dep-acme-internal", "internal", None), vec![]),
            (failed, vec![]),
        ],
        domains: vec![CustomerDomain {
            id: "dom-acme-prod-login".into(),
            domain: "login.acme.com".into(),
            ..Default::default()
        }],
        env_vars: vec![
            var("env-1", "KC_SPI_EVENTS_LOG_LEVEL", "INFO", EnvironmentVariableType::String),
            var("env-2", "SMTP_PASSWORD", SECRET_VALUE, EnvironmentVariableType::Secret),
        ],
        ip_rules: IpRulesRepresentation {
            admin_allowed_ip_rules: vec![rule("office", "203.0.113.0/24")],
            realm_allowed_ip_rules: vec![],
            realm_blocked_ip_rules: vec![rule("known-abuse", "192.0.2.0/24")],
        },
        extensions: vec![
            extension(
                "ext-auth",
                "acme-authenticator",
                ResourceType::Extension,
                vec![version("ver-auth-26", Some("1.4.0"), Some(26))],
            ),
            extension(
                "ext-bl",
                "common-passwords",
                ResourceType::PasswordBlacklist,
                vec![version("ver-bl", Some("common-passwords.txt"), Some(26))],
            ),
            extension("ext-wk", "well-known", ResourceType::WellKnown, vec![]),
        ],
    }
}

/// Names from the hostile demo world, clashing with each other once made identifiers.
fn hostile() -> Snapshot {
    let mut snap = acme_prod();
    snap.cluster.name = "<img src=x onerror=alert(1)>".into();
    snap.cluster.host = "https://login.acme.com/".into();
    let long = "w".repeat(2000);
    snap.realms = vec![
        (
            realm(
                "dep-1",
                "<img src=x onerror=alert(1)>",
                Some("Quote \" backslash \\ newline\n${var.x} %{ if }"),
            ),
            vec![],
        ),
        (realm("dep-2", "שלום\u{202E}evil", Some("\u{202E}RTL")), vec![]),
        (realm("dep-3", "🚀", None), vec![]),
        (realm("dep-4", &long, Some(&long)), vec![]),
        (realm("dep-5", "img-src-x-onerror-alert-1", None), vec![]),
    ];
    snap.env_vars.push(var(
        "env-3",
        "img_src_x_onerror_alert_1",
        "${jndi:ldap://x}",
        EnvironmentVariableType::String,
    ));
    snap.extensions[0].name = "auth\nresource \"x\" \"y\" {".into();
    snap
}

fn golden(name: &str, text: &str) {
    let path = format!("{}/src/terraform/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var("UPDATE_GOLDEN").is_ok() {
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let want =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e} (UPDATE_GOLDEN=1 writes it)"));
    assert!(text == want, "{name} differs from its golden file:\n{text}");
}

#[test]
fn the_layout_matches_the_golden_files() {
    golden("acme-prod.tf", &export(&acme_prod(), SANDBOX));
    golden("hostile.tf", &export(&hostile(), "https://app.phasetwo.io"));
}

fn parse(text: &str) -> hcl::Body {
    hcl::parse(text).unwrap_or_else(|e| panic!("not valid HCL: {e}\n{text}"))
}

fn string_attr(block: &hcl::Block, key: &str) -> Option<String> {
    block.body().attributes().find(|a| a.key() == key).and_then(|a| match a.expr() {
        Expression::String(s) => Some(s.clone()),
        _ => None,
    })
}

/// Every block checked against the provider's docs; returns (argument count, resource types).
fn check_against_docs(body: &hcl::Body) -> (usize, Vec<String>) {
    let docs = provider_docs();
    let (mut checked, mut types) = (0, Vec::new());
    for block in body.blocks() {
        let kind = block.identifier();
        if !matches!(kind, "resource" | "data" | "provider") {
            continue;
        }
        let name = block.labels()[0].as_str();
        let doc = doc_for(&docs, kind, name);
        if kind == "resource" && !types.contains(&name.to_string()) {
            types.push(name.to_string());
        }
        for attr in block.body().attributes() {
            assert!(doc.args.iter().any(|a| a == attr.key()), "{name} has no argument {}", attr.key());
            checked += 1;
        }
        for inner in block.body().blocks() {
            if inner.identifier() == "lifecycle" {
                continue;
            }
            assert!(
                doc.blocks.iter().any(|b| b == inner.identifier()),
                "{name} has no block {}",
                inner.identifier()
            );
            for attr in inner.body().attributes() {
                assert!(doc.block_args.iter().any(|a| a == attr.key()), "{name} block has no {}", attr.key());
                checked += 1;
            }
        }
    }
    (checked, types)
}

#[test]
fn the_export_parses_and_uses_only_the_providers_arguments() {
    let body = parse(&export(&acme_prod(), SANDBOX));
    let (checked, types) = check_against_docs(&body);
    let docs = provider_docs();
    let all: Vec<&str> = docs.iter().filter(|d| d.kind == "resource").map(|d| d.name.as_str()).collect();
    assert_eq!(types, all, "every resource type of the provider is exported");
    println!("arguments checked against the provider's docs: {checked}");
    assert!(checked >= 50, "{checked}");
    check_against_docs(&parse(&export(&hostile(), SANDBOX)));
}

#[test]
fn every_resource_has_an_import_block_in_the_providers_format() {
    let snap = acme_prod();
    let body = parse(&export(&snap, SANDBOX));
    let docs = provider_docs();
    let resources: Vec<String> = body
        .blocks()
        .filter(|b| b.identifier() == "resource")
        .map(|b| format!("{}.{}", b.labels()[0].as_str(), b.labels()[1].as_str()))
        .collect();
    let imports: Vec<(String, String)> = body
        .blocks()
        .filter(|b| b.identifier() == "import")
        .map(|b| {
            let to = b
                .body()
                .attributes()
                .find(|a| a.key() == "to")
                .map(|a| a.expr().to_string())
                .unwrap_or_default();
            (to, string_attr(b, "id").unwrap_or_default())
        })
        .collect();
    assert_eq!(imports.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>(), resources);
    for (to, id) in &imports {
        let kind = to.split('.').next().unwrap_or_default();
        let format = doc_for(&docs, "resource", kind).import.clone().unwrap_or_default();
        let parts: Vec<&str> = id.split('/').collect();
        let slots: Vec<&str> = format.split('/').collect();
        assert_eq!(parts.len(), slots.len(), "{to}: {id} is not {format}");
        for (part, slot) in parts.iter().zip(&slots) {
            let ok = match *slot {
                "{cluster_id}" => *part == "cl-acme-prod",
                "{realm_id}" => part.starts_with("dep-"),
                "{client_id}" => part.starts_with("api-"),
                "{domain_id}" => part.starts_with("dom-"),
                "{variable_id}" => part.starts_with("env-"),
                "{extension_id}" => part.starts_with("ext-"),
                "{version_id}" => part.starts_with("ver-"),
                other => panic!("unknown slot {other}"),
            };
            assert!(ok, "{to}: {part} in {id} is not a {slot}");
        }
    }
    assert!(imports.contains(&("phasetwo_realm.customers".into(), "cl-acme-prod/dep-acme-customers".into())));
}

#[test]
fn secrets_are_never_in_the_file() {
    for text in [export(&acme_prod(), SANDBOX), export(&hostile(), SANDBOX)] {
        assert!(!text.contains(SECRET_VALUE) && !text.contains(CREDENTIAL_SECRET), "{text}");
        assert!(!text.contains("client_secret"));
        let body = parse(&text);
        // ok: a test; a missing block fails it, as it should
        let secret = body.blocks().find(|b| b.identifier() == "variable").expect("a variable for the secret");
        let sensitive = secret.body().attributes().find(|a| a.key() == "sensitive").map(|a| a.expr().clone());
        assert_eq!(sensitive, Some(Expression::Bool(true)));
        assert!(
            secret.body().attributes().all(|a| a.key() != "default"),
            "a variable with a default holds a value"
        );
        let env = body
            .blocks()
            .find(|b| {
                b.identifier() == "resource" && string_attr(b, "name").as_deref() == Some("SMTP_PASSWORD")
            })
            .expect("the secret's resource"); // ok: a test; a missing block fails it, as it should
        let value = env.body().attributes().find(|a| a.key() == "value").map(|a| a.expr().to_string());
        assert_eq!(value.as_deref(), Some("var.smtp_password_value"));
    }
}

#[test]
fn names_are_valid_and_unique_and_strings_survive_whatever_they_hold() {
    let snap = hostile();
    let body = parse(&export(&snap, SANDBOX));
    let mut seen = std::collections::BTreeSet::new();
    for block in body.blocks().filter(|b| matches!(b.identifier(), "resource" | "data" | "variable")) {
        let name = block.labels().last().map(|l| l.as_str().to_string()).unwrap_or_default();
        assert!(valid_name(&name) && name.len() <= 60, "{name}");
        assert!(seen.insert(name.clone()), "{name} is used twice");
    }
    let names: Vec<String> = body
        .blocks()
        .filter(|b| b.labels().first().map(|l| l.as_str()) == Some("phasetwo_realm"))
        .filter_map(|b| string_attr(b, "name"))
        .collect();
    let want: Vec<String> = snap.realms.iter().map(|(r, _)| r.name.clone()).collect();
    assert_eq!(names, want, "names come back exactly as they were");
    let display = body.blocks().find_map(|b| string_attr(b, "display_name"));
    assert_eq!(display, snap.realms[0].0.display_name);
    let text = export(&snap, SANDBOX);
    assert!(text.lines().filter(|l| l.trim_start().starts_with('#')).all(|l| !l.contains('\u{202E}')));
    assert!(!text.contains("\nresource \"x\""), "a name broke out of its comment");
}

#[test]
fn the_cluster_is_guarded_against_replacement_and_destruction() {
    let body = parse(&export(&acme_prod(), SANDBOX));
    let cluster = body
        .blocks()
        .find(|b| b.labels().first().map(|l| l.as_str()) == Some("phasetwo_cluster"))
        .expect("cluster"); // ok: a test; a missing block fails it, as it should
    assert_eq!(string_attr(cluster, "region").as_deref(), Some("EU_CENTRAL_1"));
    // ok: a test; a missing block fails it, as it should
    let lifecycle = cluster.body().blocks().find(|b| b.identifier() == "lifecycle").expect("lifecycle");
    let get = |k: &str| {
        let text = lifecycle
            .body()
            .attributes()
            .find(|a| a.key() == k)
            .map(|a| a.expr().to_string())
            .unwrap_or_default();
        Some(text.split_whitespace().collect::<String>())
    };
    assert_eq!(get("ignore_changes").as_deref(), Some("[payment_method_id,billing_period]"));
    assert_eq!(get("prevent_destroy").as_deref(), Some("true"));
    let text = export(&acme_prod(), SANDBOX);
    assert!(text.contains("# Every argument of phasetwo_cluster forces replacement"));
}

#[test]
fn provider_target_file_name_host_and_sources() {
    assert_eq!(target("https://app.phasetwo.io/"), (Some("app"), String::new()));
    assert_eq!(target("https://app-staging.phasetwo.io"), (Some("app-staging"), String::new()));
    assert_eq!(target("http://127.0.0.1:8080"), (None, "http://127.0.0.1:8080/auth".to_string()));
    assert!(export(&acme_prod(), SANDBOX).contains("base_url = \"http://127.0.0.1:8080/auth\""));
    assert!(export(&acme_prod(), "https://app.phasetwo.io").contains("environment = \"app\""));
    assert_eq!(file_name("acme-prod"), "acme-prod.tf");
    assert_eq!(file_name("<img src=x>"), "img-src-x.tf");
    assert_eq!(file_name("🚀"), "cluster.tf");
    assert_eq!(bare_host("https://acme-prod.global.auth.ac/"), "acme-prod.global.auth.ac");
    assert_eq!(bare_host("login.acme.com"), "login.acme.com");
    assert_eq!(source_file("acme-authenticator", Some("1.4.0"), false), "acme-authenticator-1.4.0.jar");
    assert_eq!(source_file("common-passwords", Some("common-passwords.txt"), true), "common-passwords.txt");
    assert_eq!(source_file("../../etc", None, false), "etc.jar");
}

#[test]
fn blacklists_omit_the_keycloak_version_and_well_known_is_listed_not_exported() {
    let text = export(&acme_prod(), SANDBOX);
    let body = parse(&text);
    let versions: Vec<&hcl::Block> = body
        .blocks()
        .filter(|b| b.labels().first().map(|l| l.as_str()) == Some("phasetwo_cluster_extension_version"))
        .collect();
    assert_eq!(versions.len(), 2);
    let has_major = |b: &hcl::Block| b.body().attributes().any(|a| a.key() == "keycloak_major_version");
    assert!(has_major(versions[0]) && !has_major(versions[1]));
    assert!(
        text.contains(
            "# Not in this file: WELL_KNOWN extensions, which have no provider resource: well-known."
        )
    );
    assert!(!text.contains("name          = \"well-known\""));
    assert!(text.contains("proposes a replacement"));
}
