//! A cluster's Logs tab: a viewer over Keycloak's hourly log files (read in the browser),
//! the files themselves to download, and telemetry export.

mod export;
mod filters;
mod line;
mod matching;
mod page;
mod search;
mod window;

pub use page::ClusterLogs;
