//! A cluster's Access tab: its IP rules in three sections (admin paths, public allowed
//! paths, public blocked paths), and a page per rule.

mod ask;
mod detail;
mod page;
mod rules;
mod section;

pub use detail::ClusterIpRule;
pub use page::ClusterAccess;
