//! Export as Terraform on acme-prod (seeded with one of everything the export writes): the
//! downloaded file's content, taken from the Blob the page hands to `<a download>`; and an
//! export that stops at a refused read with what could not be read, and no file.

use cluster_sandbox::store::export_seed as seeded;
use cluster_sandbox::{Config, demo};

use super::saved::{capture, saved_text};
use super::{Flow, sign_in_again};
use crate::harness::{Ctx, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("terraform_export_acme_prod_downloads_the_file", |d| Box::pin(run_flow(d, seeded(), export_prod))),
        ("terraform_export_stops_at_a_refused_read_for_a_viewer", |d| {
            Box::pin(run_flow(d, seeded(), refused))
        }),
    ]
}

fn seeded() -> Config {
    Config { export_seed: true, ..Config::default() }
}

const PROD: &str = "/clusters/cl-acme-prod";

async fn export_prod(ctx: Ctx) {
    ctx.goto(PROD).await;
    sign_in_again(&ctx, PROD).await;
    ctx.find("#export-terraform").await;
    capture(&ctx).await;
    ctx.click("#export-terraform").await;
    ctx.wait_text("#export-done", "Downloaded acme-prod.tf").await;
    let (name, text, _) = saved_text(&ctx).await;
    assert_eq!(name, "acme-prod.tf");
    for must in [
        "required_version = \">= 1.5\"",
        "source = \"p2-inc/phasetwo\"",
        &format!("base_url = \"{}/auth\"", ctx.base),
        "data \"phasetwo_organization\" \"owner\" {\n  id = \"org-acme\"\n}",
        "region            = \"EU_CENTRAL_1\"",
        "    ignore_changes  = [payment_method_id, billing_period]\n    prevent_destroy = true",
        "resource \"phasetwo_realm\" \"customers\"",
        "  id = \"cl-acme-prod/dep-acme-customers\"",
        &format!("  id = \"dep-acme-customers/{}\"", seeded::PROD_CREDENTIAL),
        "host       = \"login.acme.com\"",
        "host       = \"acme-prod.global.auth.ac\"",
        "variable \"smtp_password_value\"",
        "sensitive   = true",
        "value      = var.smtp_password_value",
        "admin_allow {\n    alias   = \"office\"",
        "realm_block {",
        "keycloak_major_version = 26",
        "# Not in this file: WELL_KNOWN extensions, which have no provider resource: well-known.",
    ] {
        assert!(text.contains(must), "the file lacks {must:?}:\n{text}");
    }
    for kind in [
        "phasetwo_cluster",
        "phasetwo_realm",
        "phasetwo_realm_credential",
        "phasetwo_cluster_domain",
        "phasetwo_cluster_primary_host",
        "phasetwo_cluster_environment_variable",
        "phasetwo_cluster_ip_rules",
        "phasetwo_cluster_extension",
        "phasetwo_cluster_extension_version",
    ] {
        assert!(text.contains(&format!("resource \"{kind}\" ")), "no {kind}:\n{text}");
    }
    let resources = text.matches("\nresource \"").count();
    assert_eq!(text.matches("\nimport {").count(), resources, "an import block for every resource");
    assert!(
        !text.contains(seeded::PROD_SECRET_VALUE) && !text.contains("seeded-credential-secret"),
        "a secret is in the file"
    );
    // The blacklist's version has no Keycloak version; only the jar's does.
    assert_eq!(text.matches("keycloak_major_version").count(), 1);
    // Every realm's credentials were read (the admin holds manage-clusters), then the URL was revoked.
    assert!(ctx.calls("deployment.credential.list", "200").await >= 4);
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(saved_text(&ctx).await.2, "the object URL was not revoked");
}

/// A real viewer (view-clusters only): the Realms issue gives realm credentials to the manage
/// role, so the sandbox refuses the credentials read with a 403 naming manage-clusters. Nothing
/// in the page is faked: the export stops there, names what, and makes no file.
async fn refused(ctx: Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
    ctx.click("a[href='/clusters/cl-acme-prod']").await;
    ctx.find("#export-terraform").await;
    capture(&ctx).await;
    ctx.click("#export-terraform").await;
    let text = ctx.wait_text("#export-error", "could not be read").await;
    assert!(text.contains("Export stopped: the credentials of realm"), "{text}");
    assert!(text.contains("manage-clusters"), "the reason is not given: {text}");
    assert!(text.contains("No file was downloaded."), "{text}");
    assert!(saved_text(&ctx).await.1.is_empty(), "a file was made anyway");
    assert!(!ctx.exists("#export-done").await);
    // The refusal is the service's own: the list was asked for and answered 403, never 200.
    assert!(ctx.calls("deployment.credential.list", "403").await >= 1, "the sandbox did not refuse the list");
    assert_eq!(ctx.calls("deployment.credential.list", "200").await, 0, "a viewer was given the credentials");
}
