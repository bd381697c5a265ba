//! The languages the console speaks, and which one a person gets.

/// A language with a catalogue. English is compiled in; the others are fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    Fr,
    Es,
    Ko,
    Pl,
    De,
}

/// Where the choice is kept: a preference, not a secret (index.html's head script reads it
/// too, to set `<html lang>` and preload the catalogue before the app starts).
pub const STORAGE_KEY: &str = "console.lang";

/// Where the language and theme choices are kept (localStorage: preferences only, never a
/// token); `None` where the browser refuses it, and then nothing is kept.
pub fn preferences() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

impl Lang {
    pub const ALL: [Lang; 6] = [Lang::En, Lang::Fr, Lang::Es, Lang::Ko, Lang::Pl, Lang::De];

    /// The BCP 47 code: `<html lang>`, `Intl`, the catalogue's file name.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Ko => "ko",
            Lang::Pl => "pl",
            Lang::De => "de",
        }
    }

    /// The language's own name for itself: what a person looks for in the picker whatever
    /// language the page is in (never translated).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::Ko => "한국어",
            Lang::Pl => "Polski",
            Lang::De => "Deutsch",
        }
    }

    /// The language whose code is `code` exactly (`<html lang>` as index.html's head script
    /// writes it, a picker's option); `None` for any other.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_name_their_language_exactly() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("fr-CA"), None);
        assert_eq!(Lang::from_code("xx"), None);
    }
}
