//! Terraform for the `p2-inc/phasetwo` provider: an HCL writer and the provider's blocks,
//! shared by the Code panel and Export as Terraform (each uses a part of them), and the export.

pub mod hcl;
pub mod names;
pub mod progress;
pub mod resources;
pub mod run;
pub mod tf_file;

#[cfg(test)]
mod tf_file_tests;
