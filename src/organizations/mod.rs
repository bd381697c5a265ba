//! The organizations resource group: which organizations this API secret sees, and its roles there.

mod page;
pub mod secrets;

pub use page::Organizations;
