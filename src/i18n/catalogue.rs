//! The current language's catalogue: fetched once per language and kept for the visit.
//!
//! A catalogue is `{"hash": KEYS_HASH, "strings": [...]}`, one entry per key in the order
//! build.rs numbered them: a string, an object of plural forms, or null (not translated).
//! Catalogues are leaked on purpose: `t()` hands out `&'static str` like the English
//! constants, so a view holds a translated word as cheaply as a literal. At most one per
//! language is ever loaded.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;

use super::lang::{Lang, STORAGE_KEY};

pub(super) enum Entry {
    Missing,
    Text(Box<str>),
    Forms(Vec<(Box<str>, Box<str>)>),
}

pub(super) struct Catalogue(pub(super) Vec<Entry>);

thread_local! {
    static CURRENT: Cell<(Lang, Option<&'static Catalogue>)> = const { Cell::new((Lang::En, None)) };
    static LOADED: RefCell<Vec<(Lang, &'static Catalogue)>> = const { RefCell::new(Vec::new()) };
    static CHANGED: RwSignal<u32> = RwSignal::new(0);
}

pub fn current() -> Lang {
    CURRENT.with(|c| c.get().0)
}

pub fn changed() -> ReadSignal<u32> {
    CHANGED.with(|c| c.read_only())
}

pub fn text(index: u16) -> Option<&'static str> {
    match CURRENT.with(|c| c.get().1)?.0.get(usize::from(index))? {
        Entry::Text(s) => Some(s),
        _ => None,
    }
}

pub fn plural_form(index: u16, category: &str) -> Option<&'static str> {
    match CURRENT.with(|c| c.get().1)?.0.get(usize::from(index))? {
        Entry::Forms(forms) => forms
            .iter()
            .find(|(c, _)| &**c == category)
            .or_else(|| forms.iter().find(|(c, _)| &**c == "other"))
            .map(|(_, s)| &**s),
        _ => None,
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn browser_languages() -> Vec<String> {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return Vec::new() };
    let listed: Vec<String> = navigator.languages().iter().filter_map(|l| l.as_string()).collect();
    if listed.is_empty() { navigator.language().into_iter().collect() } else { listed }
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

/// The catalogue of `lang`: the one already loaded, or fetched through the `i18n_load`
/// module (`load.rs`), which an English visit never downloads.
async fn fetch(lang: Lang) -> Result<&'static Catalogue, String> {
    if let Some(found) = LOADED.with(|l| l.borrow().iter().find(|(l, _)| *l == lang).map(|(_, c)| *c)) {
        return Ok(found);
    }
    let url = catalogue_url(lang)?;
    let catalogue = super::load::catalogue(url).await?;
    let catalogue: &'static Catalogue = Box::leak(Box::new(catalogue));
    LOADED.with(|l| l.borrow_mut().push((lang, catalogue)));
    Ok(catalogue)
}

fn apply(lang: Lang, catalogue: Option<&'static Catalogue>) {
    CURRENT.with(|c| c.set((lang, catalogue)));
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.code());
    }
    CHANGED.with(|c| c.update(|n| *n = n.wrapping_add(1)));
}

/// At start-up: the stored or the browser's language. A catalogue that cannot be had
/// leaves the console in English (and says why in the browser's console): the person can
/// still work, and the picker offers the language again with the reason.
pub async fn start() {
    let stored = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let browser = browser_languages();
    let lang = Lang::pick(stored.as_deref(), browser.iter().map(String::as_str));
    if lang == Lang::En {
        return apply(Lang::En, None);
    }
    match fetch(lang).await {
        Ok(catalogue) => apply(lang, Some(catalogue)),
        Err(e) => {
            web_sys::console::warn_1(
                &format!("The {} catalogue is unavailable: {e}", lang.native_name()).into(),
            );
            apply(Lang::En, None);
        }
    }
}

/// The person's choice: loaded, applied to every screen, and kept for the next visit.
pub async fn choose(lang: Lang) -> Result<(), String> {
    let catalogue = if lang == Lang::En { None } else { Some(fetch(lang).await?) };
    if let Some(storage) = storage() {
        let _ = storage.set_item(STORAGE_KEY, lang.code());
    }
    apply(lang, catalogue);
    Ok(())
}
