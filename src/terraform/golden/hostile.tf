# <img src=x onerror=alert(1)> (cl-acme-prod), exported by the Cluster console.
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
  environment = "app"
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
resource "phasetwo_cluster" "img_src_x_onerror_alert_1" {
  name              = "<img src=x onerror=alert(1)>"
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
  to = phasetwo_cluster.img_src_x_onerror_alert_1
  id = "cl-acme-prod"
}

resource "phasetwo_realm" "img_src_x_onerror_alert_1_2" {
  cluster_id   = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name         = "<img src=x onerror=alert(1)>"
  display_name = "Quote \" backslash \\ newline\n$${var.x} %%{ if }"
}

import {
  to = phasetwo_realm.img_src_x_onerror_alert_1_2
  id = "cl-acme-prod/dep-1"
}

resource "phasetwo_realm" "evil" {
  cluster_id   = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name         = "שלום‮evil"
  display_name = "‮RTL"
}

import {
  to = phasetwo_realm.evil
  id = "cl-acme-prod/dep-2"
}

resource "phasetwo_realm" "realm" {
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name       = "🚀"
}

import {
  to = phasetwo_realm.realm
  id = "cl-acme-prod/dep-3"
}

resource "phasetwo_realm" "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww" {
  cluster_id   = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name         = "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"
  display_name = "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"
}

import {
  to = phasetwo_realm.wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww
  id = "cl-acme-prod/dep-4"
}

resource "phasetwo_realm" "img_src_x_onerror_alert_1_3" {
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name       = "img-src-x-onerror-alert-1"
}

import {
  to = phasetwo_realm.img_src_x_onerror_alert_1_3
  id = "cl-acme-prod/dep-5"
}

resource "phasetwo_cluster_domain" "login_acme_com" {
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id
  host       = "login.acme.com"
}

import {
  to = phasetwo_cluster_domain.login_acme_com
  id = "cl-acme-prod/dom-acme-prod-login"
}

resource "phasetwo_cluster_primary_host" "img_src_x_onerror_alert_1_primary_host" {
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id
  host       = phasetwo_cluster_domain.login_acme_com.host
}

import {
  to = phasetwo_cluster_primary_host.img_src_x_onerror_alert_1_primary_host
  id = "cl-acme-prod"
}

resource "phasetwo_cluster_environment_variable" "kc_spi_events_log_level" {
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id
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
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name       = "SMTP_PASSWORD"
  value      = var.smtp_password_value
  type       = "SECRET"
}

import {
  to = phasetwo_cluster_environment_variable.smtp_password
  id = "cl-acme-prod/env-2"
}

resource "phasetwo_cluster_environment_variable" "img_src_x_onerror_alert_1_4" {
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name       = "img_src_x_onerror_alert_1"
  value      = "$${jndi:ldap://x}"
  type       = "STRING"
}

import {
  to = phasetwo_cluster_environment_variable.img_src_x_onerror_alert_1_4
  id = "cl-acme-prod/env-3"
}

# One resource holds all three categories of IP rules.
# No rules in: realm_allow. Each apply sends every category, so these stay empty.
resource "phasetwo_cluster_ip_rules" "ip_rules" {
  cluster_id = phasetwo_cluster.img_src_x_onerror_alert_1.id

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

resource "phasetwo_cluster_extension" "auth_resource_x_y" {
  cluster_id    = phasetwo_cluster.img_src_x_onerror_alert_1.id
  name          = "auth\nresource \"x\" \"y\" {"
  resource_type = "EXTENSION"
  enabled       = true
}

import {
  to = phasetwo_cluster_extension.auth_resource_x_y
  id = "cl-acme-prod/ext-auth"
}

# source: supply the file that was uploaded as this version, at files/auth-resource--x---y----1.4.0.jar.
# Until source points at the uploaded file, the provider proposes a replacement:
# a re-upload and a Keycloak restart.
resource "phasetwo_cluster_extension_version" "auth_resource_x_y_1_4_0" {
  cluster_id             = phasetwo_cluster.img_src_x_onerror_alert_1.id
  extension_id           = phasetwo_cluster_extension.auth_resource_x_y.id
  source                 = "${path.module}/files/auth-resource--x---y----1.4.0.jar"
  keycloak_major_version = 26
  label                  = "1.4.0"
}

import {
  to = phasetwo_cluster_extension_version.auth_resource_x_y_1_4_0
  id = "cl-acme-prod/ext-auth/ver-auth-26"
}

resource "phasetwo_cluster_extension" "common_passwords" {
  cluster_id    = phasetwo_cluster.img_src_x_onerror_alert_1.id
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
  cluster_id   = phasetwo_cluster.img_src_x_onerror_alert_1.id
  extension_id = phasetwo_cluster_extension.common_passwords.id
  source       = "${path.module}/files/common-passwords.txt"
  label        = "common-passwords.txt"
}

import {
  to = phasetwo_cluster_extension_version.common_passwords_common_passwords_txt
  id = "cl-acme-prod/ext-bl/ver-bl"
}
