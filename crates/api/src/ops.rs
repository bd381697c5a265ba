//! One typed request per operation: build it, hand `request()` to any HTTP client,
//! and turn the reply into the response type with `decode()`.
//!
//! Each request names its catalogue entry and nothing else of the contract: the path is
//! the entry's template filled from the path parameters ([`Operation::fill`]), and the
//! compiler checks that the parameters are exactly the template's, in order, and that
//! the body agrees with the entry's [`BodyKind`] (`requests!`).

use crate::{catalogue, model::*, request::*};

/// Declares typed requests, one a line:
///
/// ```text
/// /// docs
/// Name = CATALOGUE_ENTRY(path, params) query(name: Type, ..) json(Body) -> json(Response);
/// ```
///
/// - `(..)`: the path parameters, `String` fields named as the template's parameters in
///   snake_case (`extension_id` fills `{extensionId}`), in template order.
/// - `query(..)`: query parameters in the contract's order, each sent under its field's
///   name; a `String` always, an `Option` when set.
/// - `json(T)`: a `body: T` sent as JSON; `optional_json(T)`: a `body: Option<T>` left
///   out when `None`; neither: no body.
/// - `-> json(T)`: the reply is JSON read as `T`; `-> empty`: nothing is read (`()`);
///   `-> created`: the new resource is read from `Location` ([`Created`]); `-> validation`:
///   an endpoint check's outcome ([`EndpointValidation`], read tolerantly).
///
/// A request with no fields is a unit struct (`ops::OrgList`).
macro_rules! requests {
    ($(
        $(#[$doc:meta])*
        $name:ident = $op:ident($($path:ident),*)
        $(query($($query:ident: $query_type:ty),+))?
        $(json($body:ty))?
        $(optional_json($optional:ty))?
        -> $reply:ident $(($response:ty))?;
    )*) => {$(
        requests!(@struct $(#[$doc])* $name {
            $(pub $path: String,)*
            $($(pub $query: $query_type,)+)?
            $(pub body: $body,)?
            $(pub body: Option<$optional>,)?
        });

        const _: () = assert!(
            catalogue::$op.takes(&[$(stringify!($path)),*])
                && sends(catalogue::$op.body, requests!(@given $($body)?), requests!(@given $($optional)?)),
            concat!(stringify!($name), ": path parameters or body differ from catalogue::", stringify!($op)),
        );

        impl Call for $name {
            type Response = requests!(@response $reply $(($response))?);
            const OPERATION: &'static Operation = &catalogue::$op;
            fn request(&self) -> ApiRequest {
                #[allow(unused_mut)]
                let mut query = Query::default();
                $($(query.field(stringify!($query).trim_start_matches("r#"), &self.$query);)+)?
                let body = requests!(@first
                    $(Body::json::<$body>(&self.body),)?
                    $(Body::json_opt::<$optional>(self.body.as_ref()),)?
                    Body::Empty,
                );
                ApiRequest::new(Self::OPERATION, &[$((stringify!($path), &self.$path)),*], query, body)
            }
            fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
                $reply(reply)
            }
        }
    )*};
    (@struct $(#[$doc:meta])* $name:ident {}) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Default)]
        pub struct $name;
    };
    (@struct $(#[$doc:meta])* $name:ident { $($fields:tt)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Default)]
        pub struct $name { $($fields)+ }
    };
    (@given) => { false };
    (@given $body:ty) => { true };
    (@first $first:expr, $($rest:expr,)*) => { $first };
    (@response json ($response:ty)) => { $response };
    (@response empty) => { () };
    (@response created) => { Created };
    (@response validation) => { EndpointValidation };
}

/// The reply of `cluster.telemetryExport.endpoint.validate`, read tolerantly.
fn validation(reply: Reply<'_>) -> Result<EndpointValidation, DecodeError> {
    EndpointValidation::read(reply.body).map_err(|e| DecodeError::Json(e.to_string()))
}

/// Does a request with a `json` body (`required`) or an `optional_json` one (`optional`),
/// or neither, send what the catalogue says the operation takes? A JSON body the contract
/// lets be left out may be sent always (`cluster.telemetryExport.update`).
const fn sends(kind: BodyKind, required: bool, optional: bool) -> bool {
    match kind {
        BodyKind::None => !required && !optional,
        BodyKind::Json => required,
        BodyKind::OptionalJson => required || optional,
        BodyKind::Multipart => false,
    }
}

requests! {
    // clusters
    /// `cluster.list`: List your dedicated clusters.
    ClusterList = CLUSTER_LIST() -> json(Vec<Cluster>);
    /// `cluster.create`: Create a dedicated cluster.
    ClusterCreate = CLUSTER_CREATE() json(DedicatedClusterRequest) -> json(ClusterCreationResult);
    /// `cluster.nameAvailability.check`: Check whether a cluster name is available.
    ClusterNameAvailabilityCheck = CLUSTER_NAMEAVAILABILITY_CHECK()
        query(name: String) -> json(NameAvailability);
    /// `cluster.region.list`: List regions available for dedicated clusters.
    ClusterRegionList = CLUSTER_REGION_LIST() -> json(Vec<Region>);
    /// `cluster.detail`: Get a dedicated cluster by ID.
    ClusterDetail = CLUSTER_DETAIL(id) -> json(Cluster);
    /// `cluster.delete`: Remove a dedicated cluster.
    ClusterDelete = CLUSTER_DELETE(id) -> empty;
    /// `cluster.subscription.detail`: Get subscription and billing information for a dedicated cluster.
    ClusterSubscriptionDetail = CLUSTER_SUBSCRIPTION_DETAIL(id) -> json(Subscription);
    /// `cluster.billingSession.create`: Create a Stripe billing portal session link for a cluster.
    /// (deprecated)
    ClusterBillingSessionCreate = CLUSTER_BILLINGSESSION_CREATE(id) -> json(RedirectLink);
    /// `cluster.checkout.resume`: Resume Stripe checkout for a cluster whose billing setup was not
    /// completed. Returns a link to complete payment setup within a browser.
    ClusterCheckoutResume = CLUSTER_CHECKOUT_RESUME(id)
        optional_json(ResumeCheckoutRequest) -> json(RedirectLink);
    /// `cluster.deployment.list`: List deployments for a dedicated cluster.
    ClusterDeploymentList = CLUSTER_DEPLOYMENT_LIST(id)
        query(search: Option<String>) -> json(Vec<Deployment>);
    /// `cluster.deployment.create`: Create a deployment for a dedicated cluster.
    ClusterDeploymentCreate = CLUSTER_DEPLOYMENT_CREATE(id) json(ClusterDeploymentRequest) -> created;
    /// `cluster.deployment.nameAvailability.check`: Check whether a deployment name is available on
    /// a cluster.
    ClusterDeploymentNameAvailabilityCheck = CLUSTER_DEPLOYMENT_NAMEAVAILABILITY_CHECK(id)
        query(name: String) -> json(NameAvailability);
    /// `cluster.host.update`: Change the cluster's primary hostname.
    ClusterHostUpdate = CLUSTER_HOST_UPDATE(id) json(ClusterDomain) -> json(Cluster);
    /// `cluster.metrics.detail`: Get health metrics for a dedicated cluster.
    ClusterMetricsDetail = CLUSTER_METRICS_DETAIL(id) -> json(Metrics);
    /// `cluster.restartStatus.detail`: Check whether a cluster restart is in progress.
    ClusterRestartStatusDetail = CLUSTER_RESTARTSTATUS_DETAIL(id) -> json(RestartStatus);
    /// `cluster.systemInfo.detail`: Get system info for a dedicated cluster.
    ClusterSystemInfoDetail = CLUSTER_SYSTEMINFO_DETAIL(id) -> json(SystemInfoRepresentation);

    // customer-domains
    /// `cluster.domain.list`: List custom domains for a cluster.
    ClusterDomainList = CLUSTER_DOMAIN_LIST(id) -> json(Vec<CustomerDomain>);
    /// `cluster.domain.create`: Add a custom domain to a cluster.
    ClusterDomainCreate = CLUSTER_DOMAIN_CREATE(id) json(ClusterDomain) -> json(CustomerDomainValidation);
    /// `cluster.domain.detail`: Get a custom domain by ID.
    ClusterDomainDetail = CLUSTER_DOMAIN_DETAIL(id, domain_id) -> json(CustomerDomain);
    /// `cluster.domain.delete`: Remove a custom domain by ID.
    ClusterDomainDelete = CLUSTER_DOMAIN_DELETE(id, domain_id) -> empty;
    /// `cluster.domain.status.detail`: Get a custom domain's provisioning status.
    ClusterDomainStatusDetail = CLUSTER_DOMAIN_STATUS_DETAIL(id, domain_id) -> json(CustomerDomainValidation);

    // environment-variables
    /// `cluster.envVar.list`: List environment variables for a cluster.
    ClusterEnvVarList = CLUSTER_ENVVAR_LIST(id) -> json(Vec<EnvironmentVariableRepresentation>);
    /// `cluster.envVar.create`: Add an environment variable to a cluster.
    ClusterEnvVarCreate = CLUSTER_ENVVAR_CREATE(id)
        json(EnvironmentVariableRequest) -> json(EnvironmentVariableRepresentation);
    /// `cluster.envVar.detail`: Get an environment variable by ID.
    ClusterEnvVarDetail = CLUSTER_ENVVAR_DETAIL(id, env_variable_id)
        -> json(EnvironmentVariableRepresentation);
    /// `cluster.envVar.update`: Update an environment variable.
    ClusterEnvVarUpdate = CLUSTER_ENVVAR_UPDATE(id, env_variable_id)
        json(EnvironmentVariableRequest) -> json(EnvironmentVariableRepresentation);
    /// `cluster.envVar.delete`: Remove an environment variable.
    ClusterEnvVarDelete = CLUSTER_ENVVAR_DELETE(id, env_variable_id) -> empty;

    // extensions (and the well-known files under them)
    /// `cluster.extension.list`: List extensions for a cluster.
    ClusterExtensionList = CLUSTER_EXTENSION_LIST(id)
        query(r#type: Option<ResourceType>) -> json(Vec<Extension>);
    /// `cluster.extension.create`: Create an extension for a cluster.
    ClusterExtensionCreate = CLUSTER_EXTENSION_CREATE(id) json(ExtensionRequest) -> created;
    /// `cluster.extension.reconcile`: Restart a cluster to apply extension changes.
    ClusterExtensionReconcile = CLUSTER_EXTENSION_RECONCILE(id) -> empty;
    /// `cluster.extension.keycloakVersion.list`: List Keycloak major versions supported for extensions.
    ClusterExtensionKeycloakVersionList = CLUSTER_EXTENSION_KEYCLOAKVERSION_LIST(id) -> json(Vec<i32>);
    /// `cluster.extension.detail`: Get an extension by ID.
    ClusterExtensionDetail = CLUSTER_EXTENSION_DETAIL(id, extension_id) -> json(Extension);
    /// `cluster.extension.update`: Enable or disable an extension.
    ClusterExtensionUpdate = CLUSTER_EXTENSION_UPDATE(id, extension_id)
        json(ToggleExtensionRequest) -> json(Extension);
    /// `cluster.extension.delete`: Remove an extension by ID.
    ClusterExtensionDelete = CLUSTER_EXTENSION_DELETE(id, extension_id) -> empty;
    /// `cluster.extension.standalone.uploadUrl.create`: Create an upload URL for a standalone extension.
    ClusterExtensionStandaloneUploadUrlCreate =
        CLUSTER_EXTENSION_STANDALONE_UPLOADURL_CREATE(id, extension_id)
        json(ExtensionVersionUploadUrlRequest) -> json(PresignedUrl);
    /// `cluster.extension.standalone.confirm`: Confirm a standalone extension upload.
    ClusterExtensionStandaloneConfirm = CLUSTER_EXTENSION_STANDALONE_CONFIRM(id, extension_id)
        json(ExtensionVersionLocationValidationRequest) -> json(ExtensionVersion);
    /// `cluster.extension.version.create`: Create a new extension version.
    ClusterExtensionVersionCreate = CLUSTER_EXTENSION_VERSION_CREATE(id, extension_id)
        json(ExtensionVersionRequest) -> json(ExtensionVersion);
    /// `cluster.extension.version.delete`: Remove an extension version by ID.
    ClusterExtensionVersionDelete = CLUSTER_EXTENSION_VERSION_DELETE(id, extension_id, version_id) -> empty;
    /// `cluster.extension.version.confirm`: Confirm an extension version upload.
    ClusterExtensionVersionConfirm = CLUSTER_EXTENSION_VERSION_CONFIRM(id, extension_id, version_id)
        json(ExtensionVersionLocationValidationRequest) -> json(ExtensionVersion);
    /// `cluster.extension.version.uploadUrl.create`: Create an upload URL for an extension version.
    ClusterExtensionVersionUploadUrlCreate =
        CLUSTER_EXTENSION_VERSION_UPLOADURL_CREATE(id, extension_id, version_id)
        json(ExtensionVersionUploadUrlRequest) -> json(PresignedUrl);
    /// `cluster.extension.version.validate`: Approve or reject an extension version.
    ClusterExtensionVersionValidate = CLUSTER_EXTENSION_VERSION_VALIDATE(id, extension_id, version_id)
        json(ToggleExtensionVersionValidRequest) -> json(ExtensionVersion);
    /// `cluster.wellKnown.get`: Get app association file state for a custom domain.
    ClusterWellKnownGet = CLUSTER_WELLKNOWN_GET(id, extension_id) -> json(WellKnown);
    /// `cluster.wellKnown.changePassword.set`: Set the change-password redirect for a custom domain.
    ClusterWellKnownChangePasswordSet = CLUSTER_WELLKNOWN_CHANGEPASSWORD_SET(id, extension_id)
        optional_json(WellKnown) -> json(WellKnown);
    /// `cluster.wellKnown.delete`: Remove an app association file from a custom domain.
    ClusterWellKnownDelete = CLUSTER_WELLKNOWN_DELETE(id, extension_id, file) -> json(WellKnown);
    /// `cluster.wellKnown.confirm`: Validate and publish an uploaded app association file.
    ClusterWellKnownConfirm = CLUSTER_WELLKNOWN_CONFIRM(id, extension_id, file) -> json(WellKnown);
    /// `cluster.wellKnown.uploadUrl.create`: Create an upload URL for an app association file.
    ClusterWellKnownUploadUrlCreate = CLUSTER_WELLKNOWN_UPLOADURL_CREATE(id, extension_id, file)
        -> json(PresignedUrl);
    /// `cluster.extension.version.adminBlock` (openapi-v2-next.yaml, staff only): block or unblock a version.
    ClusterExtensionVersionAdminBlock = CLUSTER_EXTENSION_VERSION_ADMINBLOCK(id, extension_id, version_id)
        json(AdminBlockExtensionVersionRequest) -> json(ExtensionVersion);
    /// `cluster.extension.version.report` (openapi-v2-next.yaml, staff only): the scanner's report,
    /// a JSON object the contract gives no schema.
    ClusterExtensionVersionReport = CLUSTER_EXTENSION_VERSION_REPORT(id, extension_id, version_id)
        -> json(serde_json::Value);

    // ip-rules
    /// `cluster.ipRule.list`: List IP rules for a cluster.
    ClusterIpRuleList = CLUSTER_IPRULE_LIST(id) -> json(IpRulesRepresentation);
    /// `cluster.ipRule.update`: Replace IP rules for a cluster.
    ClusterIpRuleUpdate = CLUSTER_IPRULE_UPDATE(id)
        json(IpRestrictionsRequest) -> json(IpRulesRepresentation);
    /// `cluster.ipRule.detail`: Get an IP rule by ID.
    ClusterIpRuleDetail = CLUSTER_IPRULE_DETAIL(id, ip_rule_id) -> json(IpRuleRepresentation);

    // logs
    /// `cluster.log.list`: List log files for a cluster.
    ClusterLogList = CLUSTER_LOG_LIST(id)
        query(from: Option<String>, max: Option<i32>, start: Option<i32>, to: Option<String>)
        ->
        json(Vec<LogFile>);
    /// `cluster.log.detail`: Get a cluster log file.
    ClusterLogDetail = CLUSTER_LOG_DETAIL(id, path) query(minutes: Option<i32>) -> json(LogFile);

    // deployments
    /// `deployment.detail`: Get a deployment by ID.
    DeploymentDetail = DEPLOYMENT_DETAIL(id) -> json(Deployment);
    /// `deployment.update`: Update a deployment by ID.
    DeploymentUpdate = DEPLOYMENT_UPDATE(id) json(Deployment) -> empty;
    /// `deployment.delete`: Remove a deployment by ID.
    DeploymentDelete = DEPLOYMENT_DELETE(id) -> empty;
    /// `deployment.appLink.create`: Create an app link for a deployment.
    DeploymentAppLinkCreate = DEPLOYMENT_APPLINK_CREATE(id) json(AppLinkRequest) -> json(ConsoleLink);
    /// `deployment.consoleLink.create`: Create an admin console link for a deployment.
    DeploymentConsoleLinkCreate = DEPLOYMENT_CONSOLELINK_CREATE(id) -> json(ConsoleLink);
    /// `deployment.metrics.detail`: Get metrics for a deployment by ID.
    DeploymentMetricsDetail = DEPLOYMENT_METRICS_DETAIL(id) -> json(Metrics);
    /// `deployment.token.create`: Exchange a token for a deployment access token.
    DeploymentTokenCreate = DEPLOYMENT_TOKEN_CREATE(id) -> json(TokenResponse);
    /// `deployment.credential.list`: List admin credentials for a deployment (no secrets).
    DeploymentCredentialList = DEPLOYMENT_CREDENTIAL_LIST(id) -> json(Vec<DeploymentCredential>);
    /// `deployment.credential.create`: Create an admin credential (the body is optional).
    DeploymentCredentialCreate = DEPLOYMENT_CREDENTIAL_CREATE(id)
        optional_json(DeploymentCredentialRequest) -> json(DeploymentCredential);
    /// `deployment.credential.delete`: Revoke an admin credential.
    DeploymentCredentialDelete = DEPLOYMENT_CREDENTIAL_DELETE(id, client_id) -> empty;
    /// `deployment.credential.secret.read`: Read an admin credential's secret, live from the realm.
    DeploymentCredentialSecretRead = DEPLOYMENT_CREDENTIAL_SECRET_READ(id, client_id)
        -> json(DeploymentCredential);

    // orgs: the organization and its API secrets
    /// `org.list`: List your organizations.
    OrgList = ORG_LIST() -> json(Vec<Org>);
    /// `org.apiSecret.list`: List API secrets for this organization.
    OrgApiSecretList = ORG_APISECRET_LIST(org_id) -> json(Vec<Secret>);
    /// `org.apiSecret.create`: Create an API secret for this organization.
    OrgApiSecretCreate = ORG_APISECRET_CREATE(org_id) json(SecretRequest) -> json(Secret);
    /// `org.apiSecret.count`: Count API secrets for this organization.
    OrgApiSecretCount = ORG_APISECRET_COUNT(org_id) -> json(i64);
    /// `org.apiSecret.detail`: Get an API secret.
    OrgApiSecretDetail = ORG_APISECRET_DETAIL(org_id, secret_id) -> json(Secret);
    /// `org.apiSecret.delete`: Remove an API secret.
    OrgApiSecretDelete = ORG_APISECRET_DELETE(org_id, secret_id) -> empty;

    // billing
    /// `org.billingContact.list`: List billing contacts for this organization.
    OrgBillingContactList = ORG_BILLINGCONTACT_LIST(org_id) -> json(Vec<BillingContact>);
    /// `org.billingContact.create`: Add a billing contact.
    OrgBillingContactCreate = ORG_BILLINGCONTACT_CREATE(org_id, user_id) -> empty;
    /// `org.billingContact.delete`: Remove a billing contact.
    OrgBillingContactDelete = ORG_BILLINGCONTACT_DELETE(org_id, user_id) -> empty;
    /// `org.paymentMethod.list`: List payment methods for this organization.
    OrgPaymentMethodList = ORG_PAYMENTMETHOD_LIST(org_id) -> json(Vec<PaymentMethod>);
    /// `org.paymentMethod.setupSession.create`: Create a Stripe Checkout link to add a payment method.
    OrgPaymentMethodSetupSessionCreate = ORG_PAYMENTMETHOD_SETUPSESSION_CREATE(org_id)
        json(RedirectRequest) -> json(RedirectLink);
    /// `org.paymentMethod.delete`: Remove a payment method.
    OrgPaymentMethodDelete = ORG_PAYMENTMETHOD_DELETE(org_id, pm_id) -> empty;
    /// `org.paymentMethod.setDefault`: Set this organization's default payment method.
    OrgPaymentMethodSetDefault = ORG_PAYMENTMETHOD_SETDEFAULT(org_id, pm_id) -> empty;
    /// `org.billingPortalSession.create`: Create a Stripe billing portal session link.
    OrgBillingPortalSessionCreate = ORG_BILLINGPORTALSESSION_CREATE(org_id)
        optional_json(RedirectRequest) -> json(RedirectLink);
    /// `org.subscription.list`: List subscriptions for this organization.
    OrgSubscriptionList = ORG_SUBSCRIPTION_LIST(org_id) -> json(Vec<Subscription>);

    // telemetry export (openapi-v2-next.yaml)
    /// `cluster.telemetryExport.detail`: the cluster's export configuration. The
    /// contract attaches no schema to the 200; it is read as a `TelemetryExport`.
    ClusterTelemetryExportDetail = CLUSTER_TELEMETRYEXPORT_DETAIL(id) -> json(TelemetryExport);
    /// `cluster.telemetryExport.update` (PUT): store the configuration; omit `token` to
    /// keep the stored one.
    ClusterTelemetryExportUpdate = CLUSTER_TELEMETRYEXPORT_UPDATE(id)
        json(TelemetryExport) -> json(TelemetryExport);
    /// `cluster.telemetryExport.endpoint.validate`: check an endpoint without saving.
    /// The 200 "validation outcome" has no schema in the contract: it is read tolerantly
    /// (`EndpointValidation::read`).
    ClusterTelemetryExportEndpointValidate = CLUSTER_TELEMETRYEXPORT_ENDPOINT_VALIDATE(id)
        query(endpoint: String) -> validation;
}

/// `cluster.deployment.import`: Create a deployment from a realm export. The one
/// multipart body, so written out: the `file` part and the `deployment-name` text.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDeploymentImport {
    pub id: String,
    pub file: Part,
    pub deployment_name: String,
}
const _: () = assert!(
    catalogue::CLUSTER_DEPLOYMENT_IMPORT.takes(&["id"])
        && matches!(catalogue::CLUSTER_DEPLOYMENT_IMPORT.body, BodyKind::Multipart)
);
impl Call for ClusterDeploymentImport {
    type Response = Created;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DEPLOYMENT_IMPORT;
    fn request(&self) -> ApiRequest {
        // The contract names the part `file`, whatever name the caller's `Part` carries.
        let file = Part { name: "file".to_string(), ..self.file.clone() };
        let body = Body::Multipart(vec![file, Part::text("deployment-name", &self.deployment_name)]);
        ApiRequest::new(Self::OPERATION, &[("id", &self.id)], Query::default(), body)
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        created(reply)
    }
}
