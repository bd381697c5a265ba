//! The clusters resource group: list, create, the cluster page with live status, its
//! tabs (`tabs/`: overview, billing, resources), payment, and delete.

mod attention;
mod create;
mod ctx;
mod delete;
pub mod export_button;
mod layout;
pub mod list;
mod org_filter;
mod payment;
pub mod status_badge;
pub mod tabs;
pub mod track;
pub mod watch;

pub use create::{CreateCluster, plans};
pub use ctx::ClusterCtx;
pub use layout::ClusterLayout;
pub use list::ClusterList;
pub use watch::provide_watchers;
