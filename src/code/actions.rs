//! The one-request writes on things that exist: deletes, switches and links. Each is the
//! script of exactly the request the console sends, built from the same typed request, so
//! the panel cannot drift from the button. Names only ever reach a `#` comment (cleaned) or
//! a quoted body; IDs go into the URL, percent-encoded by the request builder.

use cluster_api::RedirectRequest;
use cluster_api::{
    AppLinkRequest, Call, ClusterDomain, Deployment, ToggleExtensionVersionValidRequest, WellKnown, ops,
};

use super::{Target, named, single};

pub fn card_make_default(t: &Target, org_id: &str, pm_id: &str, label: &str) -> String {
    let op = ops::OrgPaymentMethodSetDefault { org_id: org_id.into(), pm_id: pm_id.into() };
    single(t, &named("Make the default card", label), &op.request())
}

pub fn card_remove(t: &Target, org_id: &str, pm_id: &str, label: &str) -> String {
    let op = ops::OrgPaymentMethodDelete { org_id: org_id.into(), pm_id: pm_id.into() };
    single(t, &named("Remove the card", label), &op.request())
}

/// The hosted card setup page: the answer's `link` is opened in a browser.
pub fn card_setup(t: &Target, org_id: &str, return_to: &str) -> String {
    let body = RedirectRequest { redirect_uri: Some(return_to.to_string()) };
    single(
        t,
        "Open a card setup page (open the answer's link in a browser)",
        &ops::OrgPaymentMethodSetupSessionCreate { org_id: org_id.into(), body }.request(),
    )
}

/// The billing portal: the answer's `link` is opened in a browser.
pub fn billing_portal(t: &Target, org_id: &str, return_to: &str) -> String {
    let body = Some(RedirectRequest { redirect_uri: Some(return_to.to_string()) });
    single(
        t,
        "Open the billing portal (open the answer's link in a browser)",
        &ops::OrgBillingPortalSessionCreate { org_id: org_id.into(), body }.request(),
    )
}

/// Paying for a cluster: a new checkout or the open invoice, as a link for a browser.
pub fn checkout_resume(t: &Target, cluster_id: &str, name: &str) -> String {
    let what = named("Open the payment page (open the answer's link in a browser) of the cluster", name);
    single(t, &what, &ops::ClusterCheckoutResume { id: cluster_id.into(), body: None }.request())
}

/// Switching the primary host (back to the default one, or to a domain).
pub fn primary_host(t: &Target, cluster_id: &str, host: &str) -> String {
    let op = ops::ClusterHostUpdate { id: cluster_id.into(), body: ClusterDomain { host: host.into() } };
    single(t, &named("Make the primary host", host), &op.request())
}

pub fn domain_delete(t: &Target, cluster_id: &str, domain_id: &str, host: &str) -> String {
    let op = ops::ClusterDomainDelete { id: cluster_id.into(), domain_id: domain_id.into() };
    single(t, &named("Delete the custom domain", host), &op.request())
}

pub fn env_var_delete(t: &Target, cluster_id: &str, variable_id: &str, name: &str) -> String {
    let op = ops::ClusterEnvVarDelete { id: cluster_id.into(), env_variable_id: variable_id.into() };
    single(t, &named("Delete the environment variable", name), &op.request())
}

/// The realm's display name: `body` is the whole record as read, with the new display name
/// (the service takes it back whole; see `realms::page::fields::echo`).
pub fn realm_rename(t: &Target, body: &Deployment) -> String {
    let op = ops::DeploymentUpdate { id: body.id.clone(), body: body.clone() };
    single(t, &named("Set the display name of the realm", &body.name), &op.request())
}

pub fn realm_delete(t: &Target, realm_id: &str, name: &str) -> String {
    single(t, &named("Delete the realm", name), &ops::DeploymentDelete { id: realm_id.into() }.request())
}

pub fn app_link(t: &Target, realm_id: &str, name: &str, client_id: &str, redirect_uri: &str) -> String {
    let body = AppLinkRequest { client_id: client_id.into(), redirect_uri: redirect_uri.into() };
    single(
        t,
        &named("Create an app link into the realm", name),
        &ops::DeploymentAppLinkCreate { id: realm_id.into(), body }.request(),
    )
}

pub fn admin_token(t: &Target, realm_id: &str, name: &str) -> String {
    single(
        t,
        &named("Create an admin token for the realm", name),
        &ops::DeploymentTokenCreate { id: realm_id.into() }.request(),
    )
}

pub fn console_link(t: &Target, realm_id: &str, name: &str) -> String {
    let what = named("Create a single-use admin console link for the realm", name);
    single(t, &what, &ops::DeploymentConsoleLinkCreate { id: realm_id.into() }.request())
}

pub fn credential_revoke(t: &Target, realm_id: &str, client_id: &str) -> String {
    let op = ops::DeploymentCredentialDelete { id: realm_id.into(), client_id: client_id.into() };
    single(t, &named("Revoke the realm credential", client_id), &op.request())
}

pub fn api_secret_delete(t: &Target, org_id: &str, secret_id: &str) -> String {
    let op = ops::OrgApiSecretDelete { org_id: org_id.into(), secret_id: secret_id.into() };
    single(t, &named("Delete the API secret", secret_id), &op.request())
}

pub fn contact_delete(t: &Target, org_id: &str, user_id: &str, email: &str) -> String {
    let op = ops::OrgBillingContactDelete { org_id: org_id.into(), user_id: user_id.into() };
    single(t, &named("Remove the billing contact", email), &op.request())
}

pub fn extension_delete(t: &Target, cluster_id: &str, extension_id: &str, name: &str) -> String {
    let op = ops::ClusterExtensionDelete { id: cluster_id.into(), extension_id: extension_id.into() };
    single(t, &named("Delete the resource", name), &op.request())
}

pub fn version_delete(
    t: &Target,
    cluster_id: &str,
    extension_id: &str,
    version_id: &str,
    label: &str,
) -> String {
    let op = ops::ClusterExtensionVersionDelete {
        id: cluster_id.into(),
        extension_id: extension_id.into(),
        version_id: version_id.into(),
    };
    single(t, &named("Delete the version", label), &op.request())
}

/// Approving (`valid`) or withdrawing approval of a version; a reason when the scan did not pass.
pub fn version_approve(
    t: &Target,
    cluster_id: &str,
    extension_id: &str,
    version_id: &str,
    valid: bool,
    reason: Option<&str>,
) -> String {
    let body = ToggleExtensionVersionValidRequest { valid, reason: reason.map(str::to_string) };
    let op = ops::ClusterExtensionVersionValidate {
        id: cluster_id.into(),
        extension_id: extension_id.into(),
        version_id: version_id.into(),
        body,
    };
    single(
        t,
        &named(if valid { "Approve the version" } else { "Withdraw approval of the version" }, version_id),
        &op.request(),
    )
}

/// Stops publishing an app-association file.
pub fn well_known_delete(t: &Target, cluster_id: &str, extension_id: &str, file: &str) -> String {
    let op = ops::ClusterWellKnownDelete {
        id: cluster_id.into(),
        extension_id: extension_id.into(),
        file: file.into(),
    };
    single(t, &named("Stop publishing", file), &op.request())
}

/// Sets the change-password redirect; an empty `url` clears it, as the console sends.
pub fn change_password(t: &Target, cluster_id: &str, extension_id: &str, url: &str) -> String {
    let body = WellKnown { change_password_url: Some(url.to_string()), ..WellKnown::default() };
    let op = ops::ClusterWellKnownChangePasswordSet {
        id: cluster_id.into(),
        extension_id: extension_id.into(),
        body: Some(body),
    };
    let what = if url.is_empty() {
        "Clear the change-password redirect".to_string()
    } else {
        named("Redirect change-password to", url)
    };
    single(t, &what, &op.request())
}

/// "Apply to cluster": reconcile, which restarts Keycloak on the cluster.
pub fn apply(t: &Target, cluster_id: &str, cluster: &str) -> String {
    single(
        t,
        &named("Apply the approved resources and restart", cluster),
        &ops::ClusterExtensionReconcile { id: cluster_id.into() }.request(),
    )
}

#[cfg(test)]
#[path = "actions_tests.rs"]
mod tests;
