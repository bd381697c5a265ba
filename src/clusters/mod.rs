//! The clusters resource group: list, create, the cluster page (overview, billing) with
//! live status, payment, and delete.

mod billing_tab;
mod create;
mod delete;
mod layout;
mod list;
mod overview;
mod payment;
pub mod watch;

pub use billing_tab::ClusterBilling;
pub use create::CreateCluster;
pub use layout::{ClusterCtx, ClusterLayout};
pub use list::ClusterList;
pub use overview::ClusterOverview;
pub use watch::provide_watchers;
