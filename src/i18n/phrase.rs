//! Words kept to be shown later: an activity's label, how it ended. Kept as the message and
//! its values rather than as text, and put into words each time they are read, so what was
//! kept follows a language switch like everything else on the screen.

use super::{Msg, t, tf};

#[derive(Clone, Debug, PartialEq)]
pub enum Phrase {
    /// Shown as it is: a name, the service's own words, or text already in words.
    Verbatim(String),
    /// A message with its `{name}` values, themselves phrases.
    Message(Msg, Vec<(&'static str, Phrase)>),
}

impl Phrase {
    /// `m` with its placeholders' values.
    pub fn of<const N: usize>(m: Msg, values: [(&'static str, Phrase); N]) -> Phrase {
        Phrase::Message(m, values.into())
    }

    /// The words, in the current language.
    pub fn read(&self) -> String {
        match self {
            Phrase::Verbatim(text) => text.clone(),
            Phrase::Message(m, values) if values.is_empty() => t(*m).into(),
            Phrase::Message(m, values) => {
                let read: Vec<(&str, String)> = values.iter().map(|(k, v)| (*k, v.read())).collect();
                let pairs: Vec<(&str, &str)> = read.iter().map(|(k, v)| (*k, v.as_str())).collect();
                tf(*m, &pairs)
            }
        }
    }
}

impl From<Msg> for Phrase {
    fn from(m: Msg) -> Phrase {
        Phrase::Message(m, Vec::new())
    }
}

/// Owned text is shown as it is. There is no conversion from `&str` on purpose: the `&str`
/// at hand is usually `t()`'s, already in words and frozen in the language of the moment;
/// pass the [`Msg`] instead.
impl From<String> for Phrase {
    fn from(text: String) -> Phrase {
        Phrase::Verbatim(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::k::activity as w;

    #[test]
    fn a_phrase_reads_its_message_with_its_values_read_too() {
        let unreadable = Phrase::of(
            w::UNREADABLE,
            [("what", w::REALM_STATE.into()), ("reason", "gone".to_string().into())],
        );
        let expected = tf(w::UNREADABLE, &[("what", t(w::REALM_STATE)), ("reason", "gone")]);
        assert_eq!(unreadable.read(), expected);
        assert!(expected.contains("gone") && expected.contains(t(w::REALM_STATE)), "{expected}");
        assert_eq!(Phrase::from(w::ACTIVE).read(), t(w::ACTIVE));
        assert_eq!(Phrase::from("acme-prod".to_string()).read(), "acme-prod");
    }
}
