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

    /// `fr`, `fr-CA`, `FR` → French; `None` for a language without a catalogue.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The stored choice, else the first of the browser's languages the console speaks,
    /// else English.
    pub fn pick<'a>(stored: Option<&str>, browser: impl IntoIterator<Item = &'a str>) -> Lang {
        stored
            .and_then(Lang::from_tag)
            .or_else(|| browser.into_iter().find_map(Lang::from_tag))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_stored_choice_then_the_browsers_languages() {
        assert_eq!(Lang::pick(Some("pl"), ["fr-FR"]), Lang::Pl);
        assert_eq!(Lang::pick(None, ["it-IT", "fr-CA", "en"]), Lang::Fr);
        assert_eq!(Lang::pick(Some("xx"), ["ko-KR"]), Lang::Ko);
        assert_eq!(Lang::pick(None, ["it", "nl"]), Lang::En);
        assert_eq!(Lang::pick(None, ["de-AT", "en"]), Lang::De);
        assert_eq!(Lang::from_tag("DE_ch"), Some(Lang::De));
        assert_eq!(Lang::from_tag("ES_mx"), Some(Lang::Es));
    }
}
