//! acme-prod with the export seed (`Config::export_seed`, on for `make run`): one of each
//! thing Export as Terraform writes, read back through the API like the console reads it.

use crate::common::Harness;
use cluster_api::{
    CustomerDomain, DeploymentCredential, EnvironmentVariableRepresentation, EnvironmentVariableType,
    Extension, IpRulesRepresentation, ResourceType,
};
use cluster_sandbox::Config;
use cluster_sandbox::demo::{self, ACME_PROD};
use cluster_sandbox::store::export_seed as seeded;

#[tokio::test]
async fn acme_prod_holds_one_of_everything_the_export_writes_and_secrets_stay_masked() {
    let h = Harness::with(Config { export_seed: true, ..Config::default() }).await;
    // A viewer reads all of it but the realm credentials (the manage role's), where a
    // viewer's export stops.
    let viewer = h.viewer().await;
    for token in [h.admin().await, viewer.clone()] {
        let base = format!("/clusters/{ACME_PROD}");
        let domains: Vec<CustomerDomain> = h.get(&format!("{base}/domains"), &token).await.json();
        assert_eq!(domains.iter().map(|d| d.domain.as_str()).collect::<Vec<_>>(), [seeded::PROD_DOMAIN_HOST]);

        let reply = h.get(&format!("{base}/env-vars"), &token).await;
        assert!(!reply.body.contains(seeded::PROD_SECRET_VALUE), "a secret's value left the sandbox");
        let vars: Vec<EnvironmentVariableRepresentation> = reply.json();
        let kinds: Vec<_> = vars.iter().map(|v| v.r#type.clone()).collect();
        assert_eq!(kinds.len(), seeded::PROD_ENV_VARS);
        assert!(
            kinds.contains(&EnvironmentVariableType::String)
                && kinds.contains(&EnvironmentVariableType::Secret)
        );

        let rules: IpRulesRepresentation = h.get(&format!("{base}/ip-rules"), &token).await.json();
        assert_eq!(
            (
                rules.admin_allowed_ip_rules.len(),
                rules.realm_allowed_ip_rules.len(),
                rules.realm_blocked_ip_rules.len()
            ),
            (1, 0, 1)
        );

        let extensions: Vec<Extension> = h.get(&format!("{base}/extensions"), &token).await.json();
        assert_eq!(extensions.len(), seeded::PROD_EXTENSIONS);
        let of = |kind: ResourceType| {
            extensions.iter().find(|e| e.resource_type == kind).cloned().unwrap_or_default()
        };
        let jar = of(ResourceType::Extension).versions.unwrap_or_default();
        assert_eq!(jar.iter().map(|v| v.keycloak_major_version).collect::<Vec<_>>(), [Some(26)]);
        let blacklist = of(ResourceType::PasswordBlacklist).versions.unwrap_or_default();
        assert_eq!(blacklist.iter().map(|v| v.keycloak_major_version).collect::<Vec<_>>(), [None]);
        assert_eq!(of(ResourceType::WellKnown).id, seeded::PROD_WELL_KNOWN);

        let reply = h.get(&format!("/deployments/{}/credentials", demo::REALM_CUSTOMERS), &token).await;
        assert!(!reply.body.contains("seeded-credential-secret"), "a credential's secret was listed");
        if token == viewer {
            assert_eq!(reply.status, reqwest::StatusCode::FORBIDDEN, "{}", reply.body);
            assert!(reply.error().contains("manage-clusters"), "{}", reply.error());
            continue;
        }
        let credentials: Vec<DeploymentCredential> = reply.json();
        assert_eq!(
            credentials.iter().map(|c| c.client_id.as_str()).collect::<Vec<_>>(),
            [seeded::PROD_CREDENTIAL]
        );
    }
}

#[tokio::test]
async fn tests_start_without_it() {
    let h = Harness::start().await;
    let token = h.admin().await;
    let extensions: Vec<Extension> = h.get(&format!("/clusters/{ACME_PROD}/extensions"), &token).await.json();
    assert!(extensions.is_empty());
}
