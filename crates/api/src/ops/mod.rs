//! One typed request per operation: build it, hand `request()` to any HTTP client,
//! and turn the reply into the response type with `decode()`.

mod billing;
mod clusters;
mod deployments;
mod domains;
mod env_vars;
mod extensions;
mod ip_rules;
mod logs;
mod orgs;
mod telemetry;

pub use billing::*;
pub use clusters::*;
pub use deployments::*;
pub use domains::*;
pub use env_vars::*;
pub use extensions::*;
pub use ip_rules::*;
pub use logs::*;
pub use orgs::*;
pub use telemetry::*;
