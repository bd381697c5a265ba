//! Every operation of the contract as data, in the order of `openapi-v2.yaml` ([`ALL`]),
//! then those only the later contract `openapi-v2-next.yaml` has ([`NEXT`]).

use crate::request::{Method, Operation};

pub const CLUSTER_LIST: Operation = Operation {
    id: "cluster.list",
    method: Method::Get,
    path: "/clusters",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_CREATE: Operation = Operation {
    id: "cluster.create",
    method: Method::Post,
    path: "/clusters",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_NAMEAVAILABILITY_CHECK: Operation = Operation {
    id: "cluster.nameAvailability.check",
    method: Method::Get,
    path: "/clusters/name-available",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_REGION_LIST: Operation = Operation {
    id: "cluster.region.list",
    method: Method::Get,
    path: "/clusters/regions",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_DETAIL: Operation = Operation {
    id: "cluster.detail",
    method: Method::Get,
    path: "/clusters/{id}",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_DELETE: Operation = Operation {
    id: "cluster.delete",
    method: Method::Delete,
    path: "/clusters/{id}",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_SUBSCRIPTION_DETAIL: Operation = Operation {
    id: "cluster.subscription.detail",
    method: Method::Get,
    path: "/clusters/{id}/billing",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_BILLINGSESSION_CREATE: Operation = Operation {
    id: "cluster.billingSession.create",
    method: Method::Post,
    path: "/clusters/{id}/billing",
    tag: "clusters",
    deprecated: true,
};
pub const CLUSTER_CHECKOUT_RESUME: Operation = Operation {
    id: "cluster.checkout.resume",
    method: Method::Post,
    path: "/clusters/{id}/checkout",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_DEPLOYMENT_LIST: Operation = Operation {
    id: "cluster.deployment.list",
    method: Method::Get,
    path: "/clusters/{id}/deployments",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_DEPLOYMENT_CREATE: Operation = Operation {
    id: "cluster.deployment.create",
    method: Method::Post,
    path: "/clusters/{id}/deployments",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_DEPLOYMENT_IMPORT: Operation = Operation {
    id: "cluster.deployment.import",
    method: Method::Post,
    path: "/clusters/{id}/deployments/import",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_DEPLOYMENT_NAMEAVAILABILITY_CHECK: Operation = Operation {
    id: "cluster.deployment.nameAvailability.check",
    method: Method::Get,
    path: "/clusters/{id}/deployments/name-available",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_DOMAIN_LIST: Operation = Operation {
    id: "cluster.domain.list",
    method: Method::Get,
    path: "/clusters/{id}/domains",
    tag: "customer-domains",
    deprecated: false,
};
pub const CLUSTER_DOMAIN_CREATE: Operation = Operation {
    id: "cluster.domain.create",
    method: Method::Post,
    path: "/clusters/{id}/domains",
    tag: "customer-domains",
    deprecated: false,
};
pub const CLUSTER_DOMAIN_DETAIL: Operation = Operation {
    id: "cluster.domain.detail",
    method: Method::Get,
    path: "/clusters/{id}/domains/{domainId}",
    tag: "customer-domains",
    deprecated: false,
};
pub const CLUSTER_DOMAIN_DELETE: Operation = Operation {
    id: "cluster.domain.delete",
    method: Method::Delete,
    path: "/clusters/{id}/domains/{domainId}",
    tag: "customer-domains",
    deprecated: false,
};
pub const CLUSTER_DOMAIN_STATUS_DETAIL: Operation = Operation {
    id: "cluster.domain.status.detail",
    method: Method::Get,
    path: "/clusters/{id}/domains/{domainId}/status",
    tag: "customer-domains",
    deprecated: false,
};
pub const CLUSTER_ENVVAR_LIST: Operation = Operation {
    id: "cluster.envVar.list",
    method: Method::Get,
    path: "/clusters/{id}/env-vars",
    tag: "environment-variables",
    deprecated: false,
};
pub const CLUSTER_ENVVAR_CREATE: Operation = Operation {
    id: "cluster.envVar.create",
    method: Method::Post,
    path: "/clusters/{id}/env-vars",
    tag: "environment-variables",
    deprecated: false,
};
pub const CLUSTER_ENVVAR_DETAIL: Operation = Operation {
    id: "cluster.envVar.detail",
    method: Method::Get,
    path: "/clusters/{id}/env-vars/{envVariableId}",
    tag: "environment-variables",
    deprecated: false,
};
pub const CLUSTER_ENVVAR_UPDATE: Operation = Operation {
    id: "cluster.envVar.update",
    method: Method::Put,
    path: "/clusters/{id}/env-vars/{envVariableId}",
    tag: "environment-variables",
    deprecated: false,
};
pub const CLUSTER_ENVVAR_DELETE: Operation = Operation {
    id: "cluster.envVar.delete",
    method: Method::Delete,
    path: "/clusters/{id}/env-vars/{envVariableId}",
    tag: "environment-variables",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_LIST: Operation = Operation {
    id: "cluster.extension.list",
    method: Method::Get,
    path: "/clusters/{id}/extensions",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_CREATE: Operation = Operation {
    id: "cluster.extension.create",
    method: Method::Post,
    path: "/clusters/{id}/extensions",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_RECONCILE: Operation = Operation {
    id: "cluster.extension.reconcile",
    method: Method::Post,
    path: "/clusters/{id}/extensions/cluster-update",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_KEYCLOAKVERSION_LIST: Operation = Operation {
    id: "cluster.extension.keycloakVersion.list",
    method: Method::Get,
    path: "/clusters/{id}/extensions/keycloak-versions",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_DETAIL: Operation = Operation {
    id: "cluster.extension.detail",
    method: Method::Get,
    path: "/clusters/{id}/extensions/{extensionId}",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_UPDATE: Operation = Operation {
    id: "cluster.extension.update",
    method: Method::Put,
    path: "/clusters/{id}/extensions/{extensionId}",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_DELETE: Operation = Operation {
    id: "cluster.extension.delete",
    method: Method::Delete,
    path: "/clusters/{id}/extensions/{extensionId}",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_STANDALONE_UPLOADURL_CREATE: Operation = Operation {
    id: "cluster.extension.standalone.uploadUrl.create",
    method: Method::Post,
    path: "/clusters/{id}/extensions/{extensionId}/standalone",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_STANDALONE_CONFIRM: Operation = Operation {
    id: "cluster.extension.standalone.confirm",
    method: Method::Put,
    path: "/clusters/{id}/extensions/{extensionId}/standalone/confirm",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_VERSION_CREATE: Operation = Operation {
    id: "cluster.extension.version.create",
    method: Method::Post,
    path: "/clusters/{id}/extensions/{extensionId}/versions",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_VERSION_DELETE: Operation = Operation {
    id: "cluster.extension.version.delete",
    method: Method::Delete,
    path: "/clusters/{id}/extensions/{extensionId}/versions/{versionId}",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_VERSION_CONFIRM: Operation = Operation {
    id: "cluster.extension.version.confirm",
    method: Method::Put,
    path: "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/confirm",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_VERSION_UPLOADURL_CREATE: Operation = Operation {
    id: "cluster.extension.version.uploadUrl.create",
    method: Method::Post,
    path: "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/upload-url",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_VERSION_VALIDATE: Operation = Operation {
    id: "cluster.extension.version.validate",
    method: Method::Put,
    path: "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/validate",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_WELLKNOWN_GET: Operation = Operation {
    id: "cluster.wellKnown.get",
    method: Method::Get,
    path: "/clusters/{id}/extensions/{extensionId}/well-known",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_WELLKNOWN_CHANGEPASSWORD_SET: Operation = Operation {
    id: "cluster.wellKnown.changePassword.set",
    method: Method::Put,
    path: "/clusters/{id}/extensions/{extensionId}/well-known/change-password",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_WELLKNOWN_DELETE: Operation = Operation {
    id: "cluster.wellKnown.delete",
    method: Method::Delete,
    path: "/clusters/{id}/extensions/{extensionId}/well-known/{file}",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_WELLKNOWN_CONFIRM: Operation = Operation {
    id: "cluster.wellKnown.confirm",
    method: Method::Put,
    path: "/clusters/{id}/extensions/{extensionId}/well-known/{file}/confirm",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_WELLKNOWN_UPLOADURL_CREATE: Operation = Operation {
    id: "cluster.wellKnown.uploadUrl.create",
    method: Method::Post,
    path: "/clusters/{id}/extensions/{extensionId}/well-known/{file}/upload-url",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_HOST_UPDATE: Operation = Operation {
    id: "cluster.host.update",
    method: Method::Put,
    path: "/clusters/{id}/host",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_IPRULE_LIST: Operation = Operation {
    id: "cluster.ipRule.list",
    method: Method::Get,
    path: "/clusters/{id}/ip-rules",
    tag: "ip-rules",
    deprecated: false,
};
pub const CLUSTER_IPRULE_UPDATE: Operation = Operation {
    id: "cluster.ipRule.update",
    method: Method::Post,
    path: "/clusters/{id}/ip-rules",
    tag: "ip-rules",
    deprecated: false,
};
pub const CLUSTER_IPRULE_DETAIL: Operation = Operation {
    id: "cluster.ipRule.detail",
    method: Method::Get,
    path: "/clusters/{id}/ip-rules/{ipRuleId}",
    tag: "ip-rules",
    deprecated: false,
};
pub const CLUSTER_LOG_LIST: Operation = Operation {
    id: "cluster.log.list",
    method: Method::Get,
    path: "/clusters/{id}/logs",
    tag: "logs",
    deprecated: false,
};
pub const CLUSTER_LOG_DETAIL: Operation = Operation {
    id: "cluster.log.detail",
    method: Method::Get,
    path: "/clusters/{id}/logs/{path}",
    tag: "logs",
    deprecated: false,
};
pub const CLUSTER_METRICS_DETAIL: Operation = Operation {
    id: "cluster.metrics.detail",
    method: Method::Get,
    path: "/clusters/{id}/metrics",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_RESTARTSTATUS_DETAIL: Operation = Operation {
    id: "cluster.restartStatus.detail",
    method: Method::Get,
    path: "/clusters/{id}/restart-status",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_SYSTEMINFO_DETAIL: Operation = Operation {
    id: "cluster.systemInfo.detail",
    method: Method::Get,
    path: "/clusters/{id}/systeminfo",
    tag: "clusters",
    deprecated: false,
};
pub const DEPLOYMENT_DETAIL: Operation = Operation {
    id: "deployment.detail",
    method: Method::Get,
    path: "/deployments/{id}",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_UPDATE: Operation = Operation {
    id: "deployment.update",
    method: Method::Put,
    path: "/deployments/{id}",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_DELETE: Operation = Operation {
    id: "deployment.delete",
    method: Method::Delete,
    path: "/deployments/{id}",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_APPLINK_CREATE: Operation = Operation {
    id: "deployment.appLink.create",
    method: Method::Post,
    path: "/deployments/{id}/app-link",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_CONSOLELINK_CREATE: Operation = Operation {
    id: "deployment.consoleLink.create",
    method: Method::Post,
    path: "/deployments/{id}/console-link",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_METRICS_DETAIL: Operation = Operation {
    id: "deployment.metrics.detail",
    method: Method::Get,
    path: "/deployments/{id}/metrics",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_TOKEN_CREATE: Operation = Operation {
    id: "deployment.token.create",
    method: Method::Post,
    path: "/deployments/{id}/token",
    tag: "deployments",
    deprecated: false,
};
pub const ORG_LIST: Operation =
    Operation { id: "org.list", method: Method::Get, path: "/orgs", tag: "orgs", deprecated: false };
pub const ORG_BILLINGCONTACT_LIST: Operation = Operation {
    id: "org.billingContact.list",
    method: Method::Get,
    path: "/orgs/{orgId}/billing/contacts",
    tag: "billing",
    deprecated: false,
};
pub const ORG_BILLINGCONTACT_CREATE: Operation = Operation {
    id: "org.billingContact.create",
    method: Method::Post,
    path: "/orgs/{orgId}/billing/contacts/{userId}",
    tag: "billing",
    deprecated: false,
};
pub const ORG_BILLINGCONTACT_DELETE: Operation = Operation {
    id: "org.billingContact.delete",
    method: Method::Delete,
    path: "/orgs/{orgId}/billing/contacts/{userId}",
    tag: "billing",
    deprecated: false,
};
pub const ORG_PAYMENTMETHOD_LIST: Operation = Operation {
    id: "org.paymentMethod.list",
    method: Method::Get,
    path: "/orgs/{orgId}/billing/payment-methods",
    tag: "billing",
    deprecated: false,
};
pub const ORG_PAYMENTMETHOD_SETUPSESSION_CREATE: Operation = Operation {
    id: "org.paymentMethod.setupSession.create",
    method: Method::Post,
    path: "/orgs/{orgId}/billing/payment-methods",
    tag: "billing",
    deprecated: false,
};
pub const ORG_PAYMENTMETHOD_DELETE: Operation = Operation {
    id: "org.paymentMethod.delete",
    method: Method::Delete,
    path: "/orgs/{orgId}/billing/payment-methods/{pmId}",
    tag: "billing",
    deprecated: false,
};
pub const ORG_PAYMENTMETHOD_SETDEFAULT: Operation = Operation {
    id: "org.paymentMethod.setDefault",
    method: Method::Post,
    path: "/orgs/{orgId}/billing/payment-methods/{pmId}/default",
    tag: "billing",
    deprecated: false,
};
pub const ORG_BILLINGPORTALSESSION_CREATE: Operation = Operation {
    id: "org.billingPortalSession.create",
    method: Method::Post,
    path: "/orgs/{orgId}/billing/portal",
    tag: "billing",
    deprecated: false,
};
pub const ORG_SUBSCRIPTION_LIST: Operation = Operation {
    id: "org.subscription.list",
    method: Method::Get,
    path: "/orgs/{orgId}/billing/subscriptions",
    tag: "billing",
    deprecated: false,
};
pub const ORG_APISECRET_LIST: Operation = Operation {
    id: "org.apiSecret.list",
    method: Method::Get,
    path: "/orgs/{orgId}/secrets",
    tag: "orgs",
    deprecated: false,
};
pub const ORG_APISECRET_CREATE: Operation = Operation {
    id: "org.apiSecret.create",
    method: Method::Post,
    path: "/orgs/{orgId}/secrets",
    tag: "orgs",
    deprecated: false,
};
pub const ORG_APISECRET_COUNT: Operation = Operation {
    id: "org.apiSecret.count",
    method: Method::Get,
    path: "/orgs/{orgId}/secrets/count",
    tag: "orgs",
    deprecated: false,
};
pub const ORG_APISECRET_DETAIL: Operation = Operation {
    id: "org.apiSecret.detail",
    method: Method::Get,
    path: "/orgs/{orgId}/secrets/{secretId}",
    tag: "orgs",
    deprecated: false,
};
pub const ORG_APISECRET_DELETE: Operation = Operation {
    id: "org.apiSecret.delete",
    method: Method::Delete,
    path: "/orgs/{orgId}/secrets/{secretId}",
    tag: "orgs",
    deprecated: false,
};

/// All 73 operations.
pub const ALL: &[Operation] = &[
    CLUSTER_LIST,
    CLUSTER_CREATE,
    CLUSTER_NAMEAVAILABILITY_CHECK,
    CLUSTER_REGION_LIST,
    CLUSTER_DETAIL,
    CLUSTER_DELETE,
    CLUSTER_SUBSCRIPTION_DETAIL,
    CLUSTER_BILLINGSESSION_CREATE,
    CLUSTER_CHECKOUT_RESUME,
    CLUSTER_DEPLOYMENT_LIST,
    CLUSTER_DEPLOYMENT_CREATE,
    CLUSTER_DEPLOYMENT_IMPORT,
    CLUSTER_DEPLOYMENT_NAMEAVAILABILITY_CHECK,
    CLUSTER_DOMAIN_LIST,
    CLUSTER_DOMAIN_CREATE,
    CLUSTER_DOMAIN_DETAIL,
    CLUSTER_DOMAIN_DELETE,
    CLUSTER_DOMAIN_STATUS_DETAIL,
    CLUSTER_ENVVAR_LIST,
    CLUSTER_ENVVAR_CREATE,
    CLUSTER_ENVVAR_DETAIL,
    CLUSTER_ENVVAR_UPDATE,
    CLUSTER_ENVVAR_DELETE,
    CLUSTER_EXTENSION_LIST,
    CLUSTER_EXTENSION_CREATE,
    CLUSTER_EXTENSION_RECONCILE,
    CLUSTER_EXTENSION_KEYCLOAKVERSION_LIST,
    CLUSTER_EXTENSION_DETAIL,
    CLUSTER_EXTENSION_UPDATE,
    CLUSTER_EXTENSION_DELETE,
    CLUSTER_EXTENSION_STANDALONE_UPLOADURL_CREATE,
    CLUSTER_EXTENSION_STANDALONE_CONFIRM,
    CLUSTER_EXTENSION_VERSION_CREATE,
    CLUSTER_EXTENSION_VERSION_DELETE,
    CLUSTER_EXTENSION_VERSION_CONFIRM,
    CLUSTER_EXTENSION_VERSION_UPLOADURL_CREATE,
    CLUSTER_EXTENSION_VERSION_VALIDATE,
    CLUSTER_WELLKNOWN_GET,
    CLUSTER_WELLKNOWN_CHANGEPASSWORD_SET,
    CLUSTER_WELLKNOWN_DELETE,
    CLUSTER_WELLKNOWN_CONFIRM,
    CLUSTER_WELLKNOWN_UPLOADURL_CREATE,
    CLUSTER_HOST_UPDATE,
    CLUSTER_IPRULE_LIST,
    CLUSTER_IPRULE_UPDATE,
    CLUSTER_IPRULE_DETAIL,
    CLUSTER_LOG_LIST,
    CLUSTER_LOG_DETAIL,
    CLUSTER_METRICS_DETAIL,
    CLUSTER_RESTARTSTATUS_DETAIL,
    CLUSTER_SYSTEMINFO_DETAIL,
    DEPLOYMENT_DETAIL,
    DEPLOYMENT_UPDATE,
    DEPLOYMENT_DELETE,
    DEPLOYMENT_APPLINK_CREATE,
    DEPLOYMENT_CONSOLELINK_CREATE,
    DEPLOYMENT_METRICS_DETAIL,
    DEPLOYMENT_TOKEN_CREATE,
    ORG_LIST,
    ORG_BILLINGCONTACT_LIST,
    ORG_BILLINGCONTACT_CREATE,
    ORG_BILLINGCONTACT_DELETE,
    ORG_PAYMENTMETHOD_LIST,
    ORG_PAYMENTMETHOD_SETUPSESSION_CREATE,
    ORG_PAYMENTMETHOD_DELETE,
    ORG_PAYMENTMETHOD_SETDEFAULT,
    ORG_BILLINGPORTALSESSION_CREATE,
    ORG_SUBSCRIPTION_LIST,
    ORG_APISECRET_LIST,
    ORG_APISECRET_CREATE,
    ORG_APISECRET_COUNT,
    ORG_APISECRET_DETAIL,
    ORG_APISECRET_DELETE,
];

// The operations only `openapi-v2-next.yaml` has, in its document order.
pub const CLUSTER_EXTENSION_VERSION_ADMINBLOCK: Operation = Operation {
    id: "cluster.extension.version.adminBlock",
    method: Method::Put,
    path: "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/admin-block",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_EXTENSION_VERSION_REPORT: Operation = Operation {
    id: "cluster.extension.version.report",
    method: Method::Get,
    path: "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/report",
    tag: "extensions",
    deprecated: false,
};
pub const CLUSTER_TELEMETRYEXPORT_DETAIL: Operation = Operation {
    id: "cluster.telemetryExport.detail",
    method: Method::Get,
    path: "/clusters/{id}/telemetry-export",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_TELEMETRYEXPORT_UPDATE: Operation = Operation {
    id: "cluster.telemetryExport.update",
    method: Method::Put,
    path: "/clusters/{id}/telemetry-export",
    tag: "clusters",
    deprecated: false,
};
pub const CLUSTER_TELEMETRYEXPORT_ENDPOINT_VALIDATE: Operation = Operation {
    id: "cluster.telemetryExport.endpoint.validate",
    method: Method::Get,
    path: "/clusters/{id}/telemetry-export/validate-endpoint",
    tag: "clusters",
    deprecated: false,
};
pub const DEPLOYMENT_CREDENTIAL_LIST: Operation = Operation {
    id: "deployment.credential.list",
    method: Method::Get,
    path: "/deployments/{id}/credentials",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_CREDENTIAL_CREATE: Operation = Operation {
    id: "deployment.credential.create",
    method: Method::Post,
    path: "/deployments/{id}/credentials",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_CREDENTIAL_DELETE: Operation = Operation {
    id: "deployment.credential.delete",
    method: Method::Delete,
    path: "/deployments/{id}/credentials/{clientId}",
    tag: "deployments",
    deprecated: false,
};
pub const DEPLOYMENT_CREDENTIAL_SECRET_READ: Operation = Operation {
    id: "deployment.credential.secret.read",
    method: Method::Get,
    path: "/deployments/{id}/credentials/{clientId}/secret",
    tag: "deployments",
    deprecated: false,
};

/// The operations `openapi-v2-next.yaml` adds to [`ALL`].
pub const NEXT: &[Operation] = &[
    CLUSTER_EXTENSION_VERSION_ADMINBLOCK,
    CLUSTER_EXTENSION_VERSION_REPORT,
    CLUSTER_TELEMETRYEXPORT_DETAIL,
    CLUSTER_TELEMETRYEXPORT_UPDATE,
    CLUSTER_TELEMETRYEXPORT_ENDPOINT_VALIDATE,
    DEPLOYMENT_CREDENTIAL_LIST,
    DEPLOYMENT_CREDENTIAL_CREATE,
    DEPLOYMENT_CREDENTIAL_DELETE,
    DEPLOYMENT_CREDENTIAL_SECRET_READ,
];

/// Every operation the console and the sandbox know: [`ALL`], then [`NEXT`].
pub fn every() -> impl Iterator<Item = &'static Operation> {
    ALL.iter().chain(NEXT)
}
