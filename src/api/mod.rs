//! Talking to the service: the HTTP client and its errors.

mod client;
mod error;
mod multipart;

pub use client::{call, exchange, page_origin};
pub use error::ApiError;
