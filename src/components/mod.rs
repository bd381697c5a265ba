//! Small presentational pieces shared by the screens.

mod error_panel;
pub mod status_badge;

pub use error_panel::ErrorPanel;
pub use status_badge::StatusBadge;
