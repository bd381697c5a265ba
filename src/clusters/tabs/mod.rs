//! The cluster page's tabs, each drawn inside `ClusterLayout` from its `ClusterCtx`:
//! the overview, realms, domains, Keycloak settings (environment variables), access (IP
//! rules), Resources (themes, extensions, password denylists, app-association files), logs
//! and the cluster's billing.

mod billing;
mod overview;
pub mod access;
pub mod domains;
pub mod logs;
pub mod realms;
pub mod resources;
pub mod settings;
mod summary;

pub use billing::ClusterBilling;
pub use overview::ClusterOverview;
