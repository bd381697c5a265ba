//! Why a split-off wasm module did not download. A Foundation type, not a kit one: the
//! Foundation itself loads code on demand (`account::later`), and the Foundation draws
//! nothing, so it must not reach into the kit for it. The kit's lazy screens use it too.

use crate::i18n::{k, t};

/// Why a module could not be loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct ChunkError;

impl ChunkError {
    /// What probably happened, for every message about a module that did not download, in
    /// the person's language.
    pub fn likely() -> &'static str {
        t(k::chunk::LIKELY)
    }
}

impl From<leptos::wasm_split::SplitLoaderError> for ChunkError {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> ChunkError {
        // The loader logs the details to the browser console; the person needs the gist.
        ChunkError
    }
}
