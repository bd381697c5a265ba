//! Talking to the service: the HTTP client, its errors, and the roles operations need.

mod client;
mod error;
mod multipart;
pub mod roles;

pub use client::{call, exchange, page_origin};
pub use error::ApiError;
