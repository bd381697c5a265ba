//! Fetching and reading a catalogue: a module of its own (`i18n_load`), downloaded only
//! when a language other than English is in use, with the language and theme pickers
//! (`picker.rs`), which share its code.

use std::future::Future;
use std::pin::Pin;

use super::catalogue::{Catalogue, Entry};
use super::k::{COUNT, KEYS_HASH};
use crate::chunk::ChunkError;

type Fetch = fn(String) -> Pin<Box<dyn Future<Output = Result<Catalogue, String>>>>;

#[leptos::wasm_split::wasm_split(i18n_load, fallible, wasm_split_path = ::leptos::wasm_split)]
fn fetcher() -> Result<Fetch, ChunkError> {
    Ok(|url| Box::pin(async move { fetch(&url).await }))
}

/// The catalogue at `url`, or why it cannot be had.
pub async fn catalogue(url: String) -> Result<Catalogue, String> {
    match fetcher().await {
        Ok(fetch) => fetch(url).await,
        Err(ChunkError) => {
            Err(format!("the code that reads {url} could not be downloaded ({})", ChunkError::LIKELY))
        }
    }
}

async fn fetch(url: &str) -> Result<Catalogue, String> {
    let response = gloo_net::http::Request::get(url)
        .send()
        .await
        .map_err(|e| format!("{url} could not be fetched ({e})"))?;
    if !response.ok() {
        return Err(format!("{url} answered HTTP {}", response.status()));
    }
    let body = response.text().await.map_err(|e| format!("{url} could not be read ({e})"))?;
    parse(&body).map_err(|e| format!("{url}: {e}"))
}

/// Reads a catalogue file; says what is wrong with one that does not fit this build.
fn parse(json: &str) -> Result<Catalogue, String> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("it is not JSON ({e})"))?;
    if value.get("hash").and_then(|h| h.as_u64()) != Some(u64::from(KEYS_HASH)) {
        return Err("it belongs to another build of the console (reload the page)".into());
    }
    let Some(strings) = value.get("strings").and_then(|s| s.as_array()) else {
        return Err("it holds no strings".into());
    };
    if strings.len() != COUNT {
        return Err(format!("it holds {} strings where this build has {COUNT}", strings.len()));
    }
    let entries = strings
        .iter()
        .map(|s| match s {
            serde_json::Value::String(s) => Entry::Text(s.as_str().into()),
            serde_json::Value::Object(forms) => Entry::Forms(
                forms.iter().filter_map(|(k, v)| v.as_str().map(|v| (k.as_str().into(), v.into()))).collect(),
            ),
            _ => Entry::Missing,
        })
        .collect();
    Ok(Catalogue(entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_a_catalogue_of_another_build() {
        let other = format!(r#"{{"hash": {}, "strings": []}}"#, KEYS_HASH.wrapping_add(1));
        assert!(parse(&other).err().is_some_and(|e| e.contains("another build")));
        let short = format!(r#"{{"hash": {KEYS_HASH}, "strings": []}}"#);
        assert!(parse(&short).err().is_some_and(|e| e.contains("strings where")));
        assert!(parse("<html>").err().is_some_and(|e| e.contains("not JSON")));
    }

    #[test]
    fn reads_texts_plurals_and_gaps() {
        let mut strings = vec![serde_json::Value::Null; COUNT];
        strings[0] = serde_json::json!("un");
        strings[1] = serde_json::json!({"one": "{n} fichier", "other": "{n} fichiers"});
        let file = serde_json::json!({"hash": KEYS_HASH, "strings": strings}).to_string();
        let Ok(Catalogue(entries)) = parse(&file) else { panic!("a good catalogue was refused") };
        assert!(matches!(&entries[0], Entry::Text(t) if &**t == "un"));
        assert!(matches!(&entries[1], Entry::Forms(f) if f.len() == 2));
        assert!(matches!(entries[2], Entry::Missing));
    }
}
