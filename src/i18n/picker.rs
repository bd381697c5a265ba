//! The language and theme pickers of the sign-in page and the account menu. The language
//! picker is eager (the sign-in page needs the main module only): choosing goes through
//! `load.rs` (module `i18n_load`), which fetches the catalogue. The theme picker is only
//! in the account menu's panel, whose module (`account_panel`) carries it.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::k::prefs;
use super::lang::preferences as storage;
use super::{Lang, t, tf};

/// "Language": each language by its own name. Choosing one loads its catalogue and
/// re-renders the screens in it; one that cannot be loaded says why and stays unchosen.
#[component]
pub fn LanguagePicker(id: &'static str) -> impl IntoView {
    let failed = RwSignal::new(None::<String>);
    let on_change = move |ev: leptos::ev::Event| {
        let Some(lang) = Lang::from_code(&event_target_value(&ev)) else { return };
        failed.set(None);
        spawn_local(async move {
            if let Err(e) = super::load::switch_to(lang, true).await {
                failed.try_set(Some(tf(
                    prefs::LANGUAGE_FAILED,
                    &[("language", lang.native_name()), ("reason", &e)],
                )));
            }
        });
    };
    let current = super::lang();
    view! {
        <div class="field pref-field">
            <label for=id>{t(prefs::LANGUAGE)}</label>
            <select id=id on:change=on_change>
                {Lang::ALL.into_iter().map(|l| view! {
                    <option value=l.code() lang=l.code() selected=l == current>{l.native_name()}</option>
                }).collect_view()}
            </select>
            {move || failed.get().map(|e| view! { <p class="error-text" role="alert">{e}</p> })}
        </div>
    }
}

/// The colours: the system's, or always light, or always dark.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

/// Where the choice is kept; index.html's head script applies it before the first paint.
const THEME_KEY: &str = "console.theme";

impl Theme {
    const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    fn code(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn words(self) -> &'static str {
        t(match self {
            Theme::System => prefs::THEME_SYSTEM,
            Theme::Light => prefs::THEME_LIGHT,
            Theme::Dark => prefs::THEME_DARK,
        })
    }

    fn stored() -> Theme {
        let stored = storage().and_then(|s| s.get_item(THEME_KEY).ok().flatten());
        Theme::ALL.into_iter().find(|t| Some(t.code()) == stored.as_deref()).unwrap_or(Theme::System)
    }

    /// `<html data-theme>` is what the style sheet follows; System is its absence.
    fn apply(self) {
        if let Some(storage) = storage() {
            let _ = storage.set_item(THEME_KEY, self.code());
        }
        let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
        else {
            return;
        };
        let _ = match self {
            Theme::System => root.remove_attribute("data-theme"),
            _ => root.set_attribute("data-theme", self.code()),
        };
    }
}

#[component]
pub fn ThemePicker(id: &'static str) -> impl IntoView {
    let current = Theme::stored();
    let on_change = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        if let Some(theme) = Theme::ALL.into_iter().find(|t| t.code() == code) {
            theme.apply();
        }
    };
    view! {
        <div class="field pref-field">
            <label for=id>{t(prefs::THEME)}</label>
            <select id=id on:change=on_change>
                {Theme::ALL.into_iter().map(|th| view! {
                    <option value=th.code() selected=th == current>{th.words()}</option>
                }).collect_view()}
            </select>
        </div>
    }
}
