//! HTTP tests: each starts its own in-process sandbox (in memory, free port) and
//! talks to it with reqwest. One test binary, so the dependency tree links once.

mod auth;
mod clusters;
mod common;
mod console;
mod dispatch;
mod lifecycle;
mod token;
