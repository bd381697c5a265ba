//! HTTP tests: each starts its own in-process sandbox (in memory, free port) and
//! talks to it with reqwest. One test binary, so the dependency tree links once.

mod auth;
mod billing;
mod billing_calls;
mod clusters;
mod common;
mod console;
mod contacts;
mod create;
mod dispatch;
mod domains;
mod env_vars;
mod export_seed;
mod ext_helpers;
mod ext_versions;
mod extensions;
mod faults;
mod identity;
mod ip_rules;
mod lifecycle;
mod logs;
mod payment_methods;
mod proxy;
mod realm_credentials;
mod realm_helpers;
mod realm_import;
mod realm_ops;
mod realms;
mod secrets;
mod signin;
mod staff;
mod storage;
mod strict;
mod telemetry;
mod token;
mod well_known;
