//! A cluster's Logs tab: downloadable log files by time window, and telemetry export.

mod export;
mod page;
mod window;

pub use page::ClusterLogs;
