//! The registries: every schema type (by its YAML name) and every op struct (filled
//! with sample parameters). A renamed or missing type stops these from compiling.

use std::collections::BTreeMap;

use cluster_api::ops::*;
use cluster_api::request::{Call, DecodeError, Operation, Part, Reply};
use cluster_api::*;

use crate::{RoundTrip, round_trip};

// ---------------------------------------------------------------------------------------
// Schema types
// ---------------------------------------------------------------------------------------

pub struct EnumFns {
    pub round_trip: RoundTrip,
    /// `KNOWN`, as wire strings.
    pub known: fn() -> Vec<String>,
    /// Whether `from_wire` lands on `Unknown`.
    pub is_unknown: fn(&str) -> bool,
}

pub enum Registered {
    Object(RoundTrip),
    Enum(EnumFns),
}

/// Schema name → the Rust type of that name. The `stringify!`ed ident is both the YAML
/// name looked up and the `cluster_api` type used, so a renamed type stops compiling.
macro_rules! schema_registry {
    (objects: [$($object:ident),* $(,)?], enums: [$($enumeration:ident),* $(,)?] $(,)?) => {
        pub fn registry() -> BTreeMap<&'static str, Registered> {
            let mut map = BTreeMap::new();
            $(
                assert!(
                    map.insert(stringify!($object), Registered::Object(round_trip::<cluster_api::$object>))
                        .is_none(),
                    "{} registered twice", stringify!($object)
                );
            )*
            $(
                assert!(
                    map.insert(
                        stringify!($enumeration),
                        Registered::Enum(EnumFns {
                            round_trip: round_trip::<cluster_api::$enumeration>,
                            known: || {
                                let known = cluster_api::$enumeration::KNOWN.iter();
                                known.map(|v| v.as_str().to_string()).collect()
                            },
                            is_unknown: |wire| matches!(
                                cluster_api::$enumeration::from_wire(wire),
                                cluster_api::$enumeration::Unknown(_)
                            ),
                        }),
                    ).is_none(),
                    "{} registered twice", stringify!($enumeration)
                );
            )*
            map
        }
    };
}

schema_registry! {
    objects: [
        AppLinkRequest,
        BillingContact,
        Cluster,
        ClusterCreationResult,
        ClusterDeploymentRequest,
        ClusterDomain,
        ConsoleLink,
        CustomerDomain,
        CustomerDomainValidation,
        DedicatedClusterRequest,
        Deployment,
        DomainRecord,
        EnvironmentVariableRepresentation,
        EnvironmentVariableRequest,
        Extension,
        ExtensionRequest,
        ExtensionVersion,
        ExtensionVersionLocationValidationRequest,
        ExtensionVersionRequest,
        ExtensionVersionUploadUrlRequest,
        IpRestrictionsRequest,
        IpRule,
        IpRuleRepresentation,
        IpRulesRepresentation,
        LogFile,
        Metrics,
        NameAvailability,
        Org,
        PaymentMethod,
        PresignedUrl,
        RedirectLink,
        RedirectRequest,
        Region,
        RestartStatus,
        ResumeCheckoutRequest,
        Secret,
        SecretRequest,
        Subscription,
        SystemInfoRepresentation,
        ToggleExtensionRequest,
        ToggleExtensionVersionValidRequest,
        TokenResponse,
        WellKnown,
        WellKnownFile,
    ],
    enums: [
        BillingPeriod,
        CertificateStatusMapping,
        ClusterState,
        DeploymentState,
        DomainRecordType,
        DomainStatusMapping,
        DomainType,
        EndpointType,
        EnvironmentVariableType,
        ResourceLimits,
        ResourceType,
        Tier,
    ],
}

// ---------------------------------------------------------------------------------------
// Op structs
// ---------------------------------------------------------------------------------------

/// What one op struct produces, type-erased.
pub struct OpCheck {
    pub operation: &'static Operation,
    /// `request()` of `Default::default()`.
    pub default_request: ApiRequest,
    /// `request()` of the instance with every path parameter (and optional query /
    /// body) filled.
    pub filled_request: ApiRequest,
    /// The path parameters of the filled instance, in template order.
    pub params: Vec<&'static str>,
    pub decode: for<'a> fn(Reply<'a>) -> Result<(), DecodeError>,
}

fn decode_discarding<T: Call>(reply: Reply<'_>) -> Result<(), DecodeError> {
    T::decode(reply).map(|_| ())
}

fn check<T: Call + Default>(filled: T, params: &[&'static str]) -> OpCheck {
    OpCheck {
        operation: T::OPERATION,
        default_request: T::default().request(),
        filled_request: filled.request(),
        params: params.to_vec(),
        decode: decode_discarding::<T>,
    }
}

/// Path parameter values: each holds a `/` and a space, so encoding shows.
const P1: &str = "c/1 x";
const P2: &str = "e/2 y";
const P3: &str = "v/3 z";
pub const LOG_PATH: &str = "2026/09/01/keycloak.log.gz";

/// Lists every op struct: `Type { field: value, ... } => [path params in order]`; fields
/// not named keep their `Default` value.
macro_rules! all_ops {
    ($( $ty:ident { $($field:ident : $value:expr),* $(,)? } => [$($param:expr),* $(,)?] ),* $(,)?) => {
        #[allow(clippy::needless_update)]
        pub fn all_op_checks() -> Vec<OpCheck> {
            vec![
                $(
                    check::<$ty>(
                        $ty { $($field: $value.into(),)* ..Default::default() },
                        &[$($param),*],
                    ),
                )*
            ]
        }
    };
}

all_ops! {
    // clusters
    ClusterList {} => [],
    ClusterCreate {
        body: DedicatedClusterRequest {
            name: "acme".into(),
            region: "US_EAST_1".into(),
            tier: Some(Tier::Premium),
            billing_period: Some(BillingPeriod::Monthly),
            org_id: "o1".into(),
            ..Default::default()
        }
    } => [],
    ClusterNameAvailabilityCheck { name: "acme prod/1" } => [],
    ClusterRegionList {} => [],
    ClusterDetail { id: P1 } => [P1],
    ClusterDelete { id: P1 } => [P1],
    ClusterSubscriptionDetail { id: P1 } => [P1],
    ClusterBillingSessionCreate { id: P1 } => [P1],
    ClusterCheckoutResume {
        id: P1,
        body: Some(ResumeCheckoutRequest { billing_period: Some(BillingPeriod::Annual), price_id: None })
    } => [P1],
    ClusterDeploymentList { id: P1, search: Some("ten ant".to_string()) } => [P1],
    ClusterDeploymentCreate { id: P1, body: ClusterDeploymentRequest { name: "tenant-acme".into() } } => [P1],
    ClusterDeploymentImport {
        id: P1,
        file: Part::file("file", "realm.json", "application/json", br#"{"realm":"x"}"#.to_vec()),
        deployment_name: "imported"
    } => [P1],
    ClusterDeploymentNameAvailabilityCheck { id: P1, name: "tenant" } => [P1],
    ClusterHostUpdate { id: P1, body: ClusterDomain { host: "auth.example.com".into() } } => [P1],
    ClusterMetricsDetail { id: P1 } => [P1],
    ClusterRestartStatusDetail { id: P1 } => [P1],
    ClusterSystemInfoDetail { id: P1 } => [P1],
    // customer-domains
    ClusterDomainList { id: P1 } => [P1],
    ClusterDomainCreate { id: P1, body: ClusterDomain { host: "auth.example.com".into() } } => [P1],
    ClusterDomainDetail { id: P1, domain_id: P2 } => [P1, P2],
    ClusterDomainDelete { id: P1, domain_id: P2 } => [P1, P2],
    ClusterDomainStatusDetail { id: P1, domain_id: P2 } => [P1, P2],
    // environment-variables
    ClusterEnvVarList { id: P1 } => [P1],
    ClusterEnvVarCreate {
        id: P1,
        body: EnvironmentVariableRequest {
            name: "KC_SPI_X".into(),
            value: "1".into(),
            r#type: Some(EnvironmentVariableType::Secret)
        }
    } => [P1],
    ClusterEnvVarDetail { id: P1, env_variable_id: P2 } => [P1, P2],
    ClusterEnvVarUpdate { id: P1, env_variable_id: P2 } => [P1, P2],
    ClusterEnvVarDelete { id: P1, env_variable_id: P2 } => [P1, P2],
    // extensions
    ClusterExtensionList { id: P1, r#type: Some(ResourceType::Theme) } => [P1],
    ClusterExtensionCreate {
        id: P1,
        body: ExtensionRequest { name: "theme".into(), resource_type: ResourceType::Theme }
    } => [P1],
    ClusterExtensionReconcile { id: P1 } => [P1],
    ClusterExtensionKeycloakVersionList { id: P1 } => [P1],
    ClusterExtensionDetail { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionUpdate {
        id: P1,
        extension_id: P2,
        body: ToggleExtensionRequest { enabled: true }
    } => [P1, P2],
    ClusterExtensionDelete { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionStandaloneUploadUrlCreate { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionStandaloneConfirm { id: P1, extension_id: P2 } => [P1, P2],
    ClusterExtensionVersionCreate {
        id: P1,
        extension_id: P2,
        body: ExtensionVersionRequest { keycloak_major_version: 26 }
    } => [P1, P2],
    ClusterExtensionVersionDelete { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterExtensionVersionConfirm { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterExtensionVersionUploadUrlCreate { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterExtensionVersionValidate { id: P1, extension_id: P2, version_id: P3 } => [P1, P2, P3],
    ClusterWellKnownGet { id: P1, extension_id: P2 } => [P1, P2],
    ClusterWellKnownChangePasswordSet {
        id: P1,
        extension_id: P2,
        body: Some(WellKnown { change_password_url: Some("https://x/pw".into()), ..Default::default() })
    } => [P1, P2],
    ClusterWellKnownDelete { id: P1, extension_id: P2, file: "assetlinks.json" }
        => [P1, P2, "assetlinks.json"],
    ClusterWellKnownConfirm { id: P1, extension_id: P2, file: "apple-app-site-association" }
        => [P1, P2, "apple-app-site-association"],
    ClusterWellKnownUploadUrlCreate { id: P1, extension_id: P2, file: "assetlinks.json" }
        => [P1, P2, "assetlinks.json"],
    // ip-rules
    ClusterIpRuleList { id: P1 } => [P1],
    ClusterIpRuleUpdate { id: P1 } => [P1],
    ClusterIpRuleDetail { id: P1, ip_rule_id: P2 } => [P1, P2],
    // logs
    ClusterLogList {
        id: P1,
        from: Some("2026-09-01T00:00:00Z".to_string()),
        max: Some(20),
        start: Some(0),
        to: Some("2026-09-02T00:00:00Z".to_string())
    } => [P1],
    ClusterLogDetail { id: P1, path: LOG_PATH, minutes: Some(10) } => [P1, LOG_PATH],
    // deployments
    DeploymentDetail { id: P1 } => [P1],
    DeploymentUpdate { id: P1 } => [P1],
    DeploymentDelete { id: P1 } => [P1],
    DeploymentAppLinkCreate {
        id: P1,
        body: AppLinkRequest { client_id: "app".into(), redirect_uri: "https://app/cb".into() }
    } => [P1],
    DeploymentConsoleLinkCreate { id: P1 } => [P1],
    DeploymentMetricsDetail { id: P1 } => [P1],
    DeploymentTokenCreate { id: P1 } => [P1],
    // orgs
    OrgList {} => [],
    OrgApiSecretList { org_id: P1 } => [P1],
    OrgApiSecretCreate {
        org_id: P1,
        body: SecretRequest { name: "ci".into(), roles: Some(vec!["view-clusters".into()]) }
    } => [P1],
    OrgApiSecretCount { org_id: P1 } => [P1],
    OrgApiSecretDetail { org_id: P1, secret_id: P2 } => [P1, P2],
    OrgApiSecretDelete { org_id: P1, secret_id: P2 } => [P1, P2],
    // billing
    OrgBillingContactList { org_id: P1 } => [P1],
    OrgBillingContactCreate { org_id: P1, user_id: P2 } => [P1, P2],
    OrgBillingContactDelete { org_id: P1, user_id: P2 } => [P1, P2],
    OrgPaymentMethodList { org_id: P1 } => [P1],
    OrgPaymentMethodSetupSessionCreate {
        org_id: P1,
        body: RedirectRequest { redirect_uri: Some("https://console/back".into()) }
    } => [P1],
    OrgPaymentMethodDelete { org_id: P1, pm_id: P2 } => [P1, P2],
    OrgPaymentMethodSetDefault { org_id: P1, pm_id: P2 } => [P1, P2],
    OrgBillingPortalSessionCreate {
        org_id: P1,
        body: Some(RedirectRequest { redirect_uri: Some("https://console/back".into()) })
    } => [P1],
    OrgSubscriptionList { org_id: P1 } => [P1],
}
