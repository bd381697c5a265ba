//! Terraform for the `p2-inc/phasetwo` provider: an HCL writer and the provider's blocks,
//! shared by the Code panel and Export as Terraform (each uses a part of them).

#![allow(dead_code)]

pub mod hcl;
pub mod resources;
