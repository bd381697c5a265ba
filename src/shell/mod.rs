//! The frame around every screen: header, navigation, sign-in and the
//! pages for a missing route or a broken configuration.

pub mod account_menu;
mod account_panel;
mod config_error;
mod layout;
mod not_found;
mod services;
mod sign_in;

pub use config_error::ConfigError;
pub use layout::Shell;
pub use not_found::NotFound;
pub use sign_in::SignIn;
