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
mod ext_helpers;
mod ext_versions;
mod extensions;
mod lifecycle;
mod payment_methods;
mod staff;
mod storage;
mod token;
mod well_known;
