//! Every operation of the contract as data, in the order of `openapi-v2.yaml` ([`ALL`]),
//! then those only the later contract `openapi-v2-next.yaml` has ([`NEXT`]). Each entry
//! is the one statement of its operation's facts: ID, method, path template, first tag,
//! request body (`.json()`: required JSON, `.optional_json()`, `.multipart()`; none
//! otherwise) and deprecation. The typed requests (`ops`), the sandbox's routing and
//! body checks, and the role table (`roles`) all read them from here.

use crate::request::Operation;

pub const CLUSTER_LIST: Operation = Operation::get("cluster.list", "/clusters", "clusters");
pub const CLUSTER_CREATE: Operation = Operation::post("cluster.create", "/clusters", "clusters").json();
pub const CLUSTER_NAMEAVAILABILITY_CHECK: Operation =
    Operation::get("cluster.nameAvailability.check", "/clusters/name-available", "clusters");
pub const CLUSTER_REGION_LIST: Operation =
    Operation::get("cluster.region.list", "/clusters/regions", "clusters");
pub const CLUSTER_DETAIL: Operation = Operation::get("cluster.detail", "/clusters/{id}", "clusters");
pub const CLUSTER_DELETE: Operation = Operation::delete("cluster.delete", "/clusters/{id}", "clusters");
pub const CLUSTER_SUBSCRIPTION_DETAIL: Operation =
    Operation::get("cluster.subscription.detail", "/clusters/{id}/billing", "clusters");
pub const CLUSTER_BILLINGSESSION_CREATE: Operation =
    Operation::post("cluster.billingSession.create", "/clusters/{id}/billing", "clusters").deprecated();
pub const CLUSTER_CHECKOUT_RESUME: Operation =
    Operation::post("cluster.checkout.resume", "/clusters/{id}/checkout", "clusters").optional_json();
pub const CLUSTER_DEPLOYMENT_LIST: Operation =
    Operation::get("cluster.deployment.list", "/clusters/{id}/deployments", "clusters");
pub const CLUSTER_DEPLOYMENT_CREATE: Operation =
    Operation::post("cluster.deployment.create", "/clusters/{id}/deployments", "clusters").json();
pub const CLUSTER_DEPLOYMENT_IMPORT: Operation =
    Operation::post("cluster.deployment.import", "/clusters/{id}/deployments/import", "clusters").multipart();
pub const CLUSTER_DEPLOYMENT_NAMEAVAILABILITY_CHECK: Operation = Operation::get(
    "cluster.deployment.nameAvailability.check",
    "/clusters/{id}/deployments/name-available",
    "clusters",
);
pub const CLUSTER_DOMAIN_LIST: Operation =
    Operation::get("cluster.domain.list", "/clusters/{id}/domains", "customer-domains");
pub const CLUSTER_DOMAIN_CREATE: Operation =
    Operation::post("cluster.domain.create", "/clusters/{id}/domains", "customer-domains").json();
pub const CLUSTER_DOMAIN_DETAIL: Operation =
    Operation::get("cluster.domain.detail", "/clusters/{id}/domains/{domainId}", "customer-domains");
pub const CLUSTER_DOMAIN_DELETE: Operation =
    Operation::delete("cluster.domain.delete", "/clusters/{id}/domains/{domainId}", "customer-domains");
pub const CLUSTER_DOMAIN_STATUS_DETAIL: Operation = Operation::get(
    "cluster.domain.status.detail",
    "/clusters/{id}/domains/{domainId}/status",
    "customer-domains",
);
pub const CLUSTER_ENVVAR_LIST: Operation =
    Operation::get("cluster.envVar.list", "/clusters/{id}/env-vars", "environment-variables");
pub const CLUSTER_ENVVAR_CREATE: Operation =
    Operation::post("cluster.envVar.create", "/clusters/{id}/env-vars", "environment-variables").json();
pub const CLUSTER_ENVVAR_DETAIL: Operation = Operation::get(
    "cluster.envVar.detail",
    "/clusters/{id}/env-vars/{envVariableId}",
    "environment-variables",
);
pub const CLUSTER_ENVVAR_UPDATE: Operation = Operation::put(
    "cluster.envVar.update",
    "/clusters/{id}/env-vars/{envVariableId}",
    "environment-variables",
)
.json();
pub const CLUSTER_ENVVAR_DELETE: Operation = Operation::delete(
    "cluster.envVar.delete",
    "/clusters/{id}/env-vars/{envVariableId}",
    "environment-variables",
);
pub const CLUSTER_EXTENSION_LIST: Operation =
    Operation::get("cluster.extension.list", "/clusters/{id}/extensions", "extensions");
pub const CLUSTER_EXTENSION_CREATE: Operation =
    Operation::post("cluster.extension.create", "/clusters/{id}/extensions", "extensions").json();
pub const CLUSTER_EXTENSION_RECONCILE: Operation =
    Operation::post("cluster.extension.reconcile", "/clusters/{id}/extensions/cluster-update", "extensions");
pub const CLUSTER_EXTENSION_KEYCLOAKVERSION_LIST: Operation = Operation::get(
    "cluster.extension.keycloakVersion.list",
    "/clusters/{id}/extensions/keycloak-versions",
    "extensions",
);
pub const CLUSTER_EXTENSION_DETAIL: Operation =
    Operation::get("cluster.extension.detail", "/clusters/{id}/extensions/{extensionId}", "extensions");
pub const CLUSTER_EXTENSION_UPDATE: Operation =
    Operation::put("cluster.extension.update", "/clusters/{id}/extensions/{extensionId}", "extensions")
        .json();
pub const CLUSTER_EXTENSION_DELETE: Operation =
    Operation::delete("cluster.extension.delete", "/clusters/{id}/extensions/{extensionId}", "extensions");
pub const CLUSTER_EXTENSION_STANDALONE_UPLOADURL_CREATE: Operation = Operation::post(
    "cluster.extension.standalone.uploadUrl.create",
    "/clusters/{id}/extensions/{extensionId}/standalone",
    "extensions",
)
.json();
pub const CLUSTER_EXTENSION_STANDALONE_CONFIRM: Operation = Operation::put(
    "cluster.extension.standalone.confirm",
    "/clusters/{id}/extensions/{extensionId}/standalone/confirm",
    "extensions",
)
.json();
pub const CLUSTER_EXTENSION_VERSION_CREATE: Operation = Operation::post(
    "cluster.extension.version.create",
    "/clusters/{id}/extensions/{extensionId}/versions",
    "extensions",
)
.json();
pub const CLUSTER_EXTENSION_VERSION_DELETE: Operation = Operation::delete(
    "cluster.extension.version.delete",
    "/clusters/{id}/extensions/{extensionId}/versions/{versionId}",
    "extensions",
);
pub const CLUSTER_EXTENSION_VERSION_CONFIRM: Operation = Operation::put(
    "cluster.extension.version.confirm",
    "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/confirm",
    "extensions",
)
.json();
pub const CLUSTER_EXTENSION_VERSION_UPLOADURL_CREATE: Operation = Operation::post(
    "cluster.extension.version.uploadUrl.create",
    "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/upload-url",
    "extensions",
)
.json();
pub const CLUSTER_EXTENSION_VERSION_VALIDATE: Operation = Operation::put(
    "cluster.extension.version.validate",
    "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/validate",
    "extensions",
)
.json();
pub const CLUSTER_WELLKNOWN_GET: Operation = Operation::get(
    "cluster.wellKnown.get",
    "/clusters/{id}/extensions/{extensionId}/well-known",
    "extensions",
);
pub const CLUSTER_WELLKNOWN_CHANGEPASSWORD_SET: Operation = Operation::put(
    "cluster.wellKnown.changePassword.set",
    "/clusters/{id}/extensions/{extensionId}/well-known/change-password",
    "extensions",
)
.optional_json();
pub const CLUSTER_WELLKNOWN_DELETE: Operation = Operation::delete(
    "cluster.wellKnown.delete",
    "/clusters/{id}/extensions/{extensionId}/well-known/{file}",
    "extensions",
);
pub const CLUSTER_WELLKNOWN_CONFIRM: Operation = Operation::put(
    "cluster.wellKnown.confirm",
    "/clusters/{id}/extensions/{extensionId}/well-known/{file}/confirm",
    "extensions",
);
pub const CLUSTER_WELLKNOWN_UPLOADURL_CREATE: Operation = Operation::post(
    "cluster.wellKnown.uploadUrl.create",
    "/clusters/{id}/extensions/{extensionId}/well-known/{file}/upload-url",
    "extensions",
);
pub const CLUSTER_HOST_UPDATE: Operation =
    Operation::put("cluster.host.update", "/clusters/{id}/host", "clusters").json();
pub const CLUSTER_IPRULE_LIST: Operation =
    Operation::get("cluster.ipRule.list", "/clusters/{id}/ip-rules", "ip-rules");
pub const CLUSTER_IPRULE_UPDATE: Operation =
    Operation::post("cluster.ipRule.update", "/clusters/{id}/ip-rules", "ip-rules").json();
pub const CLUSTER_IPRULE_DETAIL: Operation =
    Operation::get("cluster.ipRule.detail", "/clusters/{id}/ip-rules/{ipRuleId}", "ip-rules");
pub const CLUSTER_LOG_LIST: Operation = Operation::get("cluster.log.list", "/clusters/{id}/logs", "logs");
pub const CLUSTER_LOG_DETAIL: Operation =
    Operation::get("cluster.log.detail", "/clusters/{id}/logs/{path}", "logs");
pub const CLUSTER_METRICS_DETAIL: Operation =
    Operation::get("cluster.metrics.detail", "/clusters/{id}/metrics", "clusters");
pub const CLUSTER_RESTARTSTATUS_DETAIL: Operation =
    Operation::get("cluster.restartStatus.detail", "/clusters/{id}/restart-status", "clusters");
pub const CLUSTER_SYSTEMINFO_DETAIL: Operation =
    Operation::get("cluster.systemInfo.detail", "/clusters/{id}/systeminfo", "clusters");
pub const DEPLOYMENT_DETAIL: Operation =
    Operation::get("deployment.detail", "/deployments/{id}", "deployments");
pub const DEPLOYMENT_UPDATE: Operation =
    Operation::put("deployment.update", "/deployments/{id}", "deployments").json();
pub const DEPLOYMENT_DELETE: Operation =
    Operation::delete("deployment.delete", "/deployments/{id}", "deployments");
pub const DEPLOYMENT_APPLINK_CREATE: Operation =
    Operation::post("deployment.appLink.create", "/deployments/{id}/app-link", "deployments").json();
pub const DEPLOYMENT_CONSOLELINK_CREATE: Operation =
    Operation::post("deployment.consoleLink.create", "/deployments/{id}/console-link", "deployments");
pub const DEPLOYMENT_METRICS_DETAIL: Operation =
    Operation::get("deployment.metrics.detail", "/deployments/{id}/metrics", "deployments");
pub const DEPLOYMENT_TOKEN_CREATE: Operation =
    Operation::post("deployment.token.create", "/deployments/{id}/token", "deployments");
pub const ORG_LIST: Operation = Operation::get("org.list", "/orgs", "orgs");
pub const ORG_BILLINGCONTACT_LIST: Operation =
    Operation::get("org.billingContact.list", "/orgs/{orgId}/billing/contacts", "billing");
pub const ORG_BILLINGCONTACT_CREATE: Operation =
    Operation::post("org.billingContact.create", "/orgs/{orgId}/billing/contacts/{userId}", "billing");
pub const ORG_BILLINGCONTACT_DELETE: Operation =
    Operation::delete("org.billingContact.delete", "/orgs/{orgId}/billing/contacts/{userId}", "billing");
pub const ORG_PAYMENTMETHOD_LIST: Operation =
    Operation::get("org.paymentMethod.list", "/orgs/{orgId}/billing/payment-methods", "billing");
pub const ORG_PAYMENTMETHOD_SETUPSESSION_CREATE: Operation = Operation::post(
    "org.paymentMethod.setupSession.create",
    "/orgs/{orgId}/billing/payment-methods",
    "billing",
)
.json();
pub const ORG_PAYMENTMETHOD_DELETE: Operation =
    Operation::delete("org.paymentMethod.delete", "/orgs/{orgId}/billing/payment-methods/{pmId}", "billing");
pub const ORG_PAYMENTMETHOD_SETDEFAULT: Operation = Operation::post(
    "org.paymentMethod.setDefault",
    "/orgs/{orgId}/billing/payment-methods/{pmId}/default",
    "billing",
);
pub const ORG_BILLINGPORTALSESSION_CREATE: Operation =
    Operation::post("org.billingPortalSession.create", "/orgs/{orgId}/billing/portal", "billing")
        .optional_json();
pub const ORG_SUBSCRIPTION_LIST: Operation =
    Operation::get("org.subscription.list", "/orgs/{orgId}/billing/subscriptions", "billing");
pub const ORG_APISECRET_LIST: Operation =
    Operation::get("org.apiSecret.list", "/orgs/{orgId}/secrets", "orgs");
pub const ORG_APISECRET_CREATE: Operation =
    Operation::post("org.apiSecret.create", "/orgs/{orgId}/secrets", "orgs").json();
pub const ORG_APISECRET_COUNT: Operation =
    Operation::get("org.apiSecret.count", "/orgs/{orgId}/secrets/count", "orgs");
pub const ORG_APISECRET_DETAIL: Operation =
    Operation::get("org.apiSecret.detail", "/orgs/{orgId}/secrets/{secretId}", "orgs");
pub const ORG_APISECRET_DELETE: Operation =
    Operation::delete("org.apiSecret.delete", "/orgs/{orgId}/secrets/{secretId}", "orgs");

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
pub const CLUSTER_EXTENSION_VERSION_ADMINBLOCK: Operation = Operation::put(
    "cluster.extension.version.adminBlock",
    "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/admin-block",
    "extensions",
)
.json();
pub const CLUSTER_EXTENSION_VERSION_REPORT: Operation = Operation::get(
    "cluster.extension.version.report",
    "/clusters/{id}/extensions/{extensionId}/versions/{versionId}/report",
    "extensions",
);
pub const CLUSTER_TELEMETRYEXPORT_DETAIL: Operation =
    Operation::get("cluster.telemetryExport.detail", "/clusters/{id}/telemetry-export", "clusters");
pub const CLUSTER_TELEMETRYEXPORT_UPDATE: Operation =
    Operation::put("cluster.telemetryExport.update", "/clusters/{id}/telemetry-export", "clusters")
        .optional_json();
pub const CLUSTER_TELEMETRYEXPORT_ENDPOINT_VALIDATE: Operation = Operation::get(
    "cluster.telemetryExport.endpoint.validate",
    "/clusters/{id}/telemetry-export/validate-endpoint",
    "clusters",
);
pub const DEPLOYMENT_CREDENTIAL_LIST: Operation =
    Operation::get("deployment.credential.list", "/deployments/{id}/credentials", "deployments");
pub const DEPLOYMENT_CREDENTIAL_CREATE: Operation =
    Operation::post("deployment.credential.create", "/deployments/{id}/credentials", "deployments")
        .optional_json();
pub const DEPLOYMENT_CREDENTIAL_DELETE: Operation = Operation::delete(
    "deployment.credential.delete",
    "/deployments/{id}/credentials/{clientId}",
    "deployments",
);
pub const DEPLOYMENT_CREDENTIAL_SECRET_READ: Operation = Operation::get(
    "deployment.credential.secret.read",
    "/deployments/{id}/credentials/{clientId}/secret",
    "deployments",
);

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
