//! The theme picker of the account menu: the system's colours, or always light, or always
//! dark, kept beside the language choice. Only the account menu's panel places it, so its
//! module (`account_panel`) carries it.

use leptos::prelude::*;

use crate::i18n::k::prefs;
use crate::i18n::preferences as storage;
use crate::i18n::t;

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
                {Theme::ALL
                    .into_iter()
                    .map(|th| {
                        view! {
                            <option value=th.code() selected=th == current>
                                {th.words()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}
