//! The language picker of the sign-in page and the account menu. It is eager (the sign-in
//! page needs the main module only): choosing goes through `i18n::switch_to` (module
//! `i18n_load`), which fetches the catalogue.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::k::prefs;
use crate::i18n::{Lang, t, tf};

/// "Language": each language by its own name. Choosing one loads its catalogue and
/// re-renders the screens in it; one that cannot be loaded says why and stays unchosen.
#[component]
pub fn LanguagePicker(id: &'static str) -> impl IntoView {
    let failed = RwSignal::new(None::<String>);
    let on_change = move |ev: leptos::ev::Event| {
        let Some(lang) = Lang::from_code(&event_target_value(&ev)) else { return };
        failed.set(None);
        spawn_local(async move {
            if let Err(e) = crate::i18n::switch_to(lang, true).await {
                failed.try_set(Some(tf(
                    prefs::LANGUAGE_FAILED,
                    &[("language", lang.native_name()), ("reason", &e)],
                )));
            }
        });
    };
    let current = crate::i18n::lang();
    view! {
        <div class="field pref-field">
            <label for=id>{t(prefs::LANGUAGE)}</label>
            <select id=id on:change=on_change>
                {Lang::ALL
                    .into_iter()
                    .map(|l| {
                        view! {
                            <option value=l.code() lang=l.code() selected=l == current>
                                {l.native_name()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            {move || {
                failed
                    .get()
                    .map(|e| {
                        view! {
                            <p class="error-text" role="alert">
                                {e}
                            </p>
                        }
                    })
            }}
        </div>
    }
}
