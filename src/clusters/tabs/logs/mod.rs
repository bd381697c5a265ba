//! A cluster's Logs tab: a viewer over Keycloak's hourly log files (read and gunzipped in the
//! browser), the files themselves to download, and telemetry export. The pure parts (line
//! parser, search operators, URL filters, window arithmetic, matching) are tested natively.
//! The Overview's trouble card (`tabs/trouble/`) reads and counts with the same parts: the
//! modules it uses are `pub(crate)`.
//!
//! The tab's code group (`cluster_logs`) holds what the first screen needs: the viewer, its
//! filters, table and notes. Its late parts are one split-off module, `log_extras`
//! (`later.rs`), fetched as soon as the tab is drawn: the histogram (`histogram/drawn.rs`),
//! the window's files below the viewer (`files/table.rs`), a line's detail
//! (`drawer/dialog.rs`), the Events view's filters and counts (`event_bar.rs`), saving the
//! lines (`download_lines/save.rs`) and telemetry export's section
//! (`telemetry_export/form.rs`), each beside the frame the tab's own module draws for it
//! meanwhile.

mod bar;
mod buckets;
mod download_lines;
mod drawer;
mod event_bar;
mod events;
pub(crate) mod fetch;
mod files;
pub(crate) mod filters;
mod follow;
mod histogram;
mod later;
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
