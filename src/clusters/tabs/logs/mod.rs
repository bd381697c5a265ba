//! A cluster's Logs tab: a viewer over Keycloak's hourly log files (read and gunzipped in the
//! browser), the files themselves to download, and telemetry export. The pure parts (line
//! parser, search operators, URL filters, window arithmetic, matching) are tested natively.

mod bar;
mod buckets;
mod download;
mod drawer;
mod events;
mod export;
mod filters;
mod follow;
mod histogram;
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
