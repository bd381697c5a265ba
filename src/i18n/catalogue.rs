//! The current language's catalogue, as the console's words read it.
//!
//! A catalogue is `{"hash": KEYS_HASH, "strings": [...]}`, one entry per key in the order
//! build.rs numbered them: a string, an object of plural forms, or null (not translated).
//! Catalogues are leaked on purpose: `t()` hands out `&'static str` like the English
//! constants, so a view holds a translated word as cheaply as a literal. At most one per
//! language is ever loaded. Fetching, reading and switching live in `switch.rs`, a module an
//! English visit never downloads; what stays here is what every visit runs.

use std::cell::Cell;

use leptos::prelude::*;

use super::lang::Lang;

pub(super) enum Entry {
    Missing,
    Text(Box<str>),
    Forms(Vec<(Box<str>, Box<str>)>),
}

pub(super) struct Catalogue(pub(super) Vec<Entry>);

thread_local! {
    static CURRENT: Cell<(Lang, Option<&'static Catalogue>)> = const { Cell::new((Lang::En, None)) };
    /// Reference-counted, not owned by the reactive graph: the first view to read it must
    /// not own it (re-rendered on a switch, it would dispose of it, and the next switch
    /// would panic).
    static CHANGED: ArcTrigger = ArcTrigger::new();
}

pub fn current() -> Lang {
    CURRENT.with(|c| c.get().0)
}

pub fn track_changes() {
    CHANGED.with(|c| c.track());
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

fn root() -> Option<web_sys::Element> {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
}

/// Every screen in `lang` from now on: `<html lang>` follows, and the views re-render.
pub(super) fn apply(lang: Lang, catalogue: Option<&'static Catalogue>) {
    CURRENT.with(|c| c.set((lang, catalogue)));
    if let Some(root) = root() {
        let _ = root.set_attribute("lang", lang.code());
    }
    CHANGED.with(|c| c.notify());
}

/// At start-up: the language index.html's head script chose (`public/prefs.js`: the stored
/// choice, else the first of the browser's languages the console speaks) and wrote to
/// `<html lang>`. That script is the one home of the rule, since it must run before the
/// first paint. A catalogue that cannot be had leaves the console in English (and says why
/// in the browser's console): the person can still work, and the picker offers the
/// language again with the reason.
pub async fn start() {
    let chosen = root().and_then(|r| r.get_attribute("lang")).and_then(|code| Lang::from_code(&code));
    let Some(lang) = chosen.filter(|l| *l != Lang::En) else { return };
    if let Err(e) = super::switch::switch_to(lang, false).await {
        let why = format!("The {} catalogue is unavailable: {e}", lang.native_name());
        web_sys::console::warn_1(&why.into());
        apply(Lang::En, None);
    }
}
