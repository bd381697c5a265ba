//! Talking to the service: the HTTP client and its errors. Every call needs an [`Api`],
//! which only exists while signed in.

pub(crate) mod client;
mod error;
mod multipart;

pub use crate::session::Api;
pub use client::{call, exchange, page_origin};
pub use error::ApiError;

/// The handle the Shell provides to every screen it renders (it renders them only while
/// signed in).
pub fn use_api() -> Api {
    leptos::prelude::expect_context::<Api>()
}
