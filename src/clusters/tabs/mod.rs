//! The cluster page's tabs, each drawn inside `ClusterLayout` from its `ClusterCtx`:
//! the overview, realms, domains, environment variables, access (IP
//! rules), Resources (themes, extensions, password denylists, app-association files), logs
//! and the cluster's billing.

pub mod access;
mod billing;
pub mod domains;
pub mod env_vars;
mod health;
pub mod logs;
mod overview;
pub mod realms;
pub mod resources;
mod summary;
mod trouble;
mod uptime;

pub use billing::ClusterBilling;
pub use overview::ClusterOverview;
