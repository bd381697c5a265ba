//! Lower-casing for sorting, filtering and matching words, done by the browser.
//!
//! Rust's `str::to_lowercase` carries Unicode's lower-case table (15.6 KB of data, ~5 KB
//! gzip) into the module that calls it; the clusters list, the table kit and the filter
//! are in the download every visit pays for. The browser's `String.prototype.toLowerCase`
//! applies the same Unicode mapping. Natively (the unit tests) it is Rust's own.

/// `text` in lower case.
pub fn lower(text: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        String::from(js_sys::JsString::from(text).to_lower_case())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        text.to_lowercase()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn lowers_beyond_ascii() {
        assert_eq!(super::lower("Acme-PROD Été ΟΔΟΣ"), "acme-prod été οδος");
    }
}
