//! A cluster's Logs tab: a viewer over Keycloak's hourly log files (read and gunzipped in the
//! browser), the files themselves to download, and telemetry export. The pure parts (line
//! parser, search operators, URL filters, window arithmetic, matching) are tested natively.

mod bar;
mod download;
mod drawer;
mod events;
mod export;
mod filters;
mod follow;
mod line;
mod matching;
mod narrowing;
mod needle;
mod notes;
mod page;
mod read;
mod reader;
mod search;
mod viewer;
mod window;

pub use page::ClusterLogs;
