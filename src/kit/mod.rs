//! The shared pieces every screen is built from: page chrome (title, h1, focus,
//! breadcrumbs), a read's loading and failure (`Loaded`, `ErrorPanel`), the resource table
//! (given a read as one `TableRead`), its pages, the URL-kept filter, a labelled text field
//! (`TextField`), a button (`Button`), the copy button, the write runner, the confirmation
//! dialog and the lazily loaded modules (`lazy` for screens, `split_part` for parts of one).
//! Each takes type-erased inputs (cells, callbacks, boxed futures, `AnyView`) so it compiles
//! once however many screens use it: screens describe what to do and the kit does it the same
//! way everywhere. The kit knows no screen.

pub mod badge;
mod button;
pub mod chart;
pub mod code;
pub mod coded;
pub mod copy;
pub mod counts;
pub mod dialog;
pub mod dynamic;
mod error_panel;
mod field;
pub mod filter;
pub mod focus;
pub mod lazy;
mod loaded;
pub mod name_check;
mod outlet;
pub mod page;
pub mod pager;
pub mod pool;
pub mod redirecting;
pub mod save;
pub mod sort;
pub mod split_part;
pub mod table;
pub mod tabs;
pub mod theirs;
pub mod virtual_table;
pub mod write;

pub use badge::{Badge, Tone, toned};
pub use button::Button;
pub use dialog::{Confirm, ConfirmDialog, ConfirmStyle};
pub use error_panel::ErrorPanel;
pub use field::TextField;
pub use loaded::{Loaded, permitted, waiting, waiting_inline, waiting_status};
pub use outlet::{Outlet, Slot, use_id};
pub use write::{Work, Writable, Write};
