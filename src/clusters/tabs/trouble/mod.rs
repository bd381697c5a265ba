//! Trouble on the Overview tab: what the last hour of log files says. Only the pure figures
//! (`figures.rs`) are compiled into every group that uses them; the card that reads the
//! files and draws them (`card.rs`) is its own split-off module, fetched after the tab's
//! own reads answered (`load.rs`), so the Overview's group does not grow with it.

pub mod figures;
