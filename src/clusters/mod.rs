//! The clusters resource group: list, detail with live status, and delete.

mod delete;
mod detail;
mod filter;
mod list;
mod watch;

pub use detail::ClusterDetail;
pub use list::ClusterList;
pub use watch::provide_watchers;
