//! The frame around every screen: header, navigation, sign-in and the
//! pages for a missing route or a broken configuration.

pub mod account_menu;
mod account_panel;
mod boot;
mod config_error;
mod language_picker;
mod layout;
mod not_found;
mod services;
mod sign_in;
mod theme_picker;

pub use boot::Boot;
pub use config_error::ConfigError;
pub use layout::Shell;
pub use not_found::NotFound;
pub use sign_in::SignIn;
