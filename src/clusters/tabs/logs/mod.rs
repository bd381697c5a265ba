//! A cluster's Logs tab: a viewer over Keycloak's hourly log files (read and gunzipped in the
//! browser), the files themselves to download, and telemetry export. The pure parts (line
//! parser, search operators, URL filters, window arithmetic, matching) are tested natively.
//! The Overview's trouble card (`tabs/trouble/`) reads and counts with the same parts: the
//! modules it uses are `pub(crate)`.

mod bar;
mod buckets;
mod download_lines;
mod drawer;
mod events;
pub(crate) mod fetch;
pub(crate) mod filters;
mod follow;
mod histogram;
pub(crate) mod line;
mod matching;
mod narrowing;
mod needle;
mod notes;
mod page;
pub(crate) mod search;
mod telemetry_export;
pub(crate) mod timing;
mod uncut;
mod viewer;
pub(crate) mod window;
mod window_files;

pub use page::ClusterLogs;

pub use crate::i18n::around;

#[cfg(test)]
mod tests {
    #[test]
    fn sentences_are_cut_at_their_slot() {
        assert_eq!(super::around("Reading {name}…", "name"), ("Reading ", "…"));
        assert_eq!(super::around("{name} est lu", "name"), ("", " est lu"));
        assert_eq!(super::around("no slot", "name"), ("no slot", ""));
    }
}
