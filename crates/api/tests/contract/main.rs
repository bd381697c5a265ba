//! The crate against its contract, `openapi-v2.yaml`, read at test time.
//!
//! (a) operations: the catalogue and the YAML list the same 73 operations;
//! (b) schemas: every YAML schema has a Rust type of the same name that carries every
//!     property under its exact wire name, and accepts an object holding only the
//!     required ones;
//! (c) typed requests: every op struct names the right catalogue entry, fills its path
//!     template with percent-encoded parameters, sends the query and body the YAML
//!     describes, and decodes the YAML's success response;
//! (g) next: `catalogue::NEXT` holds what `openapi-v2-next.yaml` adds.
//!
//! `yaml` loads and walks the contract, `registry` lists every schema type and every op
//! struct, `samples` builds values from schemas; the other modules hold the tests.

#[path = "../common/mod.rs"]
mod common;

mod enums;
mod next;
mod operations;
mod registry;
mod request_bodies;
mod request_paths;
mod requests;
mod samples;
mod schemas;
mod yaml;

use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

/// A round-trip through one Rust type, type-erased.
type RoundTrip = fn(Value) -> Result<Value, String>;

/// Deserializes into `T` and serializes back.
fn round_trip<T: Serialize + DeserializeOwned>(value: Value) -> Result<Value, String> {
    common::reencode::<T>(value).map(|(_, back)| back)
}
