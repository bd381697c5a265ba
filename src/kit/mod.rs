//! The console's shared machinery, type-erased so each piece compiles once: screens
//! describe what to do and the kit does it the same way everywhere.

pub mod dialog;
pub mod write;

pub use dialog::{Confirm, ConfirmDialog, Tone};
pub use write::{Work, Write};
