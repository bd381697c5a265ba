//! Fetching, reading and switching to a catalogue: a module of its own (`i18n_load`),
//! downloaded only when a language other than English is chosen or in use.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use super::catalogue::{Catalogue, Entry, apply};
use super::k::{COUNT, KEYS_HASH};
use super::lang::{Lang, STORAGE_KEY};
use crate::chunk::ChunkError;

type Switch = fn(Lang, bool) -> Pin<Box<dyn Future<Output = Result<(), String>>>>;

#[leptos::wasm_split::wasm_split(i18n_load, fallible, wasm_split_path = ::leptos::wasm_split)]
fn switcher() -> Result<Switch, ChunkError> {
    Ok(|lang, keep| Box::pin(switch(lang, keep)))
}

/// Every screen in `lang`, its catalogue fetched first (once per visit); with `keep`, the
/// choice is also kept for the next visit. Says why when the catalogue cannot be had.
pub async fn switch_to(lang: Lang, keep: bool) -> Result<(), String> {
    match switcher().await {
        Ok(switch) => switch(lang, keep).await,
        Err(ChunkError) => {
            Err(format!("the code that reads catalogues could not be downloaded ({})", ChunkError::likely()))
        }
    }
}

thread_local! {
    static LOADED: RefCell<Vec<(Lang, &'static Catalogue)>> = const { RefCell::new(Vec::new()) };
}

async fn switch(lang: Lang, keep: bool) -> Result<(), String> {
    let catalogue = if lang == Lang::En { None } else { Some(loaded(lang).await?) };
    if keep && let Some(storage) = super::lang::preferences() {
        let _ = storage.set_item(STORAGE_KEY, lang.code());
    }
    apply(lang, catalogue);
    Ok(())
}

/// The catalogue of `lang`: the one already loaded, or fetched and kept.
async fn loaded(lang: Lang) -> Result<&'static Catalogue, String> {
    if let Some(found) = LOADED.with(|l| l.borrow().iter().find(|(l, _)| *l == lang).map(|(_, c)| *c)) {
        return Ok(found);
    }
    let catalogue = fetch(&catalogue_url(lang)?).await?;
    let catalogue: &'static Catalogue = Box::leak(Box::new(catalogue));
    LOADED.with(|l| l.borrow_mut().push((lang, catalogue)));
    Ok(catalogue)
}

/// Where this build's catalogues are: index.html's head script writes its own folder
/// (`/pkg-<hash>/`) to `<html data-pkg>`.
fn catalogue_url(lang: Lang) -> Result<String, String> {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("data-pkg"))
        .filter(|b| !b.is_empty())
        .ok_or("the page does not say where this build's files are (index.html's head script did not run)")?;
    Ok(format!("{base}locales/{}.json", lang.code()))
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
/// Reads a catalogue file; says what is wrong with one that does not fit this build. With
/// the browser's parser (`crate::json`): this group loads before the console's, which holds
/// serde_json, on a sign-in page in another language.
fn parse(text: &str) -> Result<Catalogue, String> {
    use crate::json::Json;
    let value = crate::json::parse(text).map_err(|e| format!("it is not JSON ({e})"))?;
    if value.field("hash").and_then(|h| h.num()) != Some(f64::from(KEYS_HASH)) {
        return Err("it belongs to another build of the console (reload the page)".into());
    }
    let Some(strings) = value.field("strings").and_then(|s| s.items()) else {
        return Err("it holds no strings".into());
    };
    if strings.len() != COUNT {
        return Err(format!("it holds {} strings where this build has {COUNT}", strings.len()));
    }
    let entry = |s: &crate::json::Value| match (s.str(), s.entries()) {
        (Some(text), _) => Entry::Text(text.into()),
        (None, Some(forms)) => Entry::Forms(
            forms.into_iter().filter_map(|(k, v)| v.str().map(|v| (k.into(), v.into()))).collect(),
        ),
        (None, None) => Entry::Missing,
    };
    Ok(Catalogue(strings.iter().map(entry).collect()))
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
