//! The cluster page's tabs, each drawn inside `ClusterLayout` from its `ClusterCtx`:
//! the overview, the cluster's billing and its Resources (themes, extensions, password
//! denylists, app-association files).

mod billing;
mod overview;
pub mod resources;
mod summary;

pub use billing::ClusterBilling;
pub use overview::ClusterOverview;
