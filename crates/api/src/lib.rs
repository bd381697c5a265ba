//! The Cluster Management API v2 (`openapi-v2.yaml`) in Rust: wire types, the operation
//! catalogue, and typed request builders. No I/O: the console (wasm) and the sandbox and
//! tests (native) build and read requests the same way.

pub mod catalogue;
pub mod domain_rules;
pub mod env_var_rules;
pub mod identity;
pub mod ip_rule_rules;
pub mod jar_rules;
pub mod model;
pub mod name_rules;
pub mod ops;
pub mod realms;
pub mod request;
pub mod restarts;
pub mod roles;
pub mod secret_rules;
pub mod time;
pub mod well_known;
pub mod wire_enum;

pub use model::*;
pub use request::{ApiRequest, Body, Call, Created, DecodeError, Method, Operation, Part, Reply};
pub use time::EpochMillis;

/// Where the API lives on a console host.
pub const API_PREFIX: &str = "/auth/realms/self/v2";
/// The client-credentials token endpoint on a console host.
pub const TOKEN_PATH: &str = "/auth/realms/self/protocol/openid-connect/token";

/// The token endpoint's answer.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AccessToken {
    pub access_token: String,
    pub token_type: String,
    pub expires_in: i64,
}

/// The error body every failing call carries: `{"error": "human message"}`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ErrorBody {
    pub error: String,
}
