//! Every schema of `openapi-v2.yaml`, one module per resource group.
//!
//! Fields the contract marks required are plain; the rest are `Option`. Enums keep
//! values they do not know (`Unknown`), so a newer server never breaks an older console.

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
