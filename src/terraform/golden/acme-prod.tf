# acme-prod (cl-acme-prod), exported by the Cluster console.
# Run terraform plan: the import blocks adopt what exists instead of creating it.
# Not in this file: WELL_KNOWN extensions, which have no provider resource: well-known.
terraform {
  required_version = ">= 1.5"

  required_providers {
    phasetwo = {
      source = "p2-inc/phasetwo"
    }
  }
}

# Credentials come from PHASETWO_CLIENT_ID and PHASETWO_CLIENT_SECRET.
provider "phasetwo" {
  base_url = "http://127.0.0.1:8080/auth"
}

data "phasetwo_organization" "owner" {
  id = "org-acme"
}

# The organization's default card, added in the console.
data "phasetwo_payment_method" "default" {
  organization_id = data.phasetwo_organization.owner.id
  default         = true
}

# Every argument of phasetwo_cluster forces replacement, and payment_method_id and
# billing_period cannot be read back. Without ignore_changes, the first plan after import
# would replace this cluster and every realm on it. prevent_destroy makes Terraform refuse
# any plan that would destroy it.
resource "phasetwo_cluster" "acme_prod" {
  name              = "acme-prod"
  region            = "EU_CENTRAL_1"
  tier              = "enterprise"
  organization_id   = data.phasetwo_organization.owner.id
  payment_method_id = data.phasetwo_payment_method.default.id

  lifecycle {
    ignore_changes  = [payment_method_id, billing_period]
    prevent_destroy = true
  }
}

import {
  to = phasetwo_cluster.acme_prod
  id = "cl-acme-prod"
}

resource "phasetwo_realm" "customers" {
  cluster_id   = phasetwo_cluster.acme_prod.id
  name         = "customers"
  display_name = "Acme customers"
}

import {
  to = phasetwo_realm.customers
  id = "cl-acme-prod/dep-acme-customers"
}

# No client secret here: read it with the phasetwo_realm_credential_secret ephemeral resource.
resource "phasetwo_realm_credential" "customers_terraform" {
  realm_id    = phasetwo_realm.customers.id
  name        = "terraform"
  description = "Terraform for the customers realm"
  roles       = ["realm-admin"]
}

import {
  to = phasetwo_realm_credential.customers_terraform
  id = "dep-acme-customers/api-terraform-5e1d2c3b"
}

resource "phasetwo_realm" "internal" {
  cluster_id = phasetwo_cluster.acme_prod.id
  name       = "internal"
}

import {
  to = phasetwo_realm.internal
  id = "cl-acme-prod/dep-acme-internal"
}

# The realm is FAILED: Import failed: client #3 has no clientId.
resource "phasetwo_realm" "legacy_import" {
  cluster_id   = phasetwo_cluster.acme_prod.id
  name         = "legacy-import"
  display_name = "Legacy SSO"
}

import {
  to = phasetwo_realm.legacy_import
  id = "cl-acme-prod/dep-acme-legacy-import"
}

resource "phasetwo_cluster_domain" "login_acme_com" {
  cluster_id = phasetwo_cluster.acme_prod.id
  host       = "login.acme.com"
}

import {
  to = phasetwo_cluster_domain.login_acme_com
  id = "cl-acme-prod/dom-acme-prod-login"
}

resource "phasetwo_cluster_primary_host" "acme_prod_primary_host" {
  cluster_id = phasetwo_cluster.acme_prod.id
  host       = "acme-prod.global.auth.ac"
}

import {
  to = phasetwo_cluster_primary_host.acme_prod_primary_host
  id = "cl-acme-prod"
}

resource "phasetwo_cluster_environment_variable" "kc_spi_events_log_level" {
  cluster_id = phasetwo_cluster.acme_prod.id
  name       = "KC_SPI_EVENTS_LOG_LEVEL"
  value      = "INFO"
  type       = "STRING"
}

import {
  to = phasetwo_cluster_environment_variable.kc_spi_events_log_level
  id = "cl-acme-prod/env-1"
}

# Supply it as TF_VAR_ with this name; it is never in this file.
variable "smtp_password_value" {
  description = "The value of the SECRET environment variable SMTP_PASSWORD."
  type        = string
  sensitive   = true
}

# A SECRET's value cannot be read back, so the first plan after import shows a change.
resource "phasetwo_cluster_environment_variable" "smtp_password" {
  cluster_id = phasetwo_cluster.acme_prod.id
  name       = "SMTP_PASSWORD"
  value      = var.smtp_password_value
  type       = "SECRET"
}

import {
  to = phasetwo_cluster_environment_variable.smtp_password
  id = "cl-acme-prod/env-2"
}

# One resource holds all three categories of IP rules.
# No rules in: realm_allow. Each apply sends every category, so these stay empty.
resource "phasetwo_cluster_ip_rules" "ip_rules" {
  cluster_id = phasetwo_cluster.acme_prod.id

  admin_allow {
    alias   = "office"
    address = "203.0.113.0/24"
  }

  realm_block {
    alias   = "known-abuse"
    address = "192.0.2.0/24"
  }
}

import {
  to = phasetwo_cluster_ip_rules.ip_rules
  id = "cl-acme-prod"
}

resource "phasetwo_cluster_extension" "acme_authenticator" {
  cluster_id    = phasetwo_cluster.acme_prod.id
  name          = "acme-authenticator"
  resource_type = "EXTENSION"
  enabled       = true
}

import {
  to = phasetwo_cluster_extension.acme_authenticator
  id = "cl-acme-prod/ext-auth"
}

# source: supply the file that was uploaded as this version, at files/acme-authenticator-1.4.0.jar.
# Until source points at the uploaded file, the provider proposes a replacement:
# a re-upload and a Keycloak restart.
resource "phasetwo_cluster_extension_version" "acme_authenticator_1_4_0" {
  cluster_id             = phasetwo_cluster.acme_prod.id
  extension_id           = phasetwo_cluster_extension.acme_authenticator.id
  source                 = "${path.module}/files/acme-authenticator-1.4.0.jar"
  keycloak_major_version = 26
  label                  = "1.4.0"
}

import {
  to = phasetwo_cluster_extension_version.acme_authenticator_1_4_0
  id = "cl-acme-prod/ext-auth/ver-auth-26"
}

resource "phasetwo_cluster_extension" "common_passwords" {
  cluster_id    = phasetwo_cluster.acme_prod.id
  name          = "common-passwords"
  resource_type = "PASSWORD_BLACKLIST"
  enabled       = true
}

import {
  to = phasetwo_cluster_extension.common_passwords
  id = "cl-acme-prod/ext-bl"
}

# source: supply the file that was uploaded as this version, at files/common-passwords.txt.
# Until source points at the uploaded file, the provider proposes a replacement:
# a re-upload and a Keycloak restart.
resource "phasetwo_cluster_extension_version" "common_passwords_common_passwords_txt" {
  cluster_id   = phasetwo_cluster.acme_prod.id
  extension_id = phasetwo_cluster_extension.common_passwords.id
  source       = "${path.module}/files/common-passwords.txt"
  label        = "common-passwords.txt"
}

import {
  to = phasetwo_cluster_extension_version.common_passwords_common_passwords_txt
  id = "cl-acme-prod/ext-bl/ver-bl"
}
