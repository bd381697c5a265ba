//! What a state means to a person (working, changing, worth a look, failed…), as data: the
//! Foundation's words give a state its tone (`words::scan`), and the Kit's `Badge` draws it.
//! It sits below the Kit so the words can say it without drawing anything.

/// What a state means to the person, shown as the badge's colour (`badge-<name>` in the
/// style sheet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Working as it should.
    Ok,
    /// Changing by itself; wait.
    Busy,
    /// Worth a look.
    Warn,
    /// Failed or refused.
    Bad,
    /// Waiting for the person, neither good nor bad.
    Neutral,
    /// Off, gone or unknown.
    Muted,
}

impl Tone {
    /// The name the style sheet knows (`badge-ok`…).
    pub const fn name(self) -> &'static str {
        match self {
            Tone::Ok => "ok",
            Tone::Busy => "busy",
            Tone::Warn => "warn",
            Tone::Bad => "bad",
            Tone::Neutral => "neutral",
            Tone::Muted => "muted",
        }
    }
}

/// A style sheet class toned by `tone`: `toned("flash", Some(Tone::Warn))` is "flash warn",
/// and with `None` the class keeps its own colour. Each toned class (`.callout.bad`,
/// `.flash.warn`, `.outcome.ok`…) is named through here, never as a string of its own.
pub fn toned(class: &str, tone: Option<Tone>) -> String {
    match tone {
        Some(tone) => format!("{class} {}", tone.name()),
        None => class.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_toned_class_names_the_tone_the_style_sheet_knows() {
        assert_eq!(toned("flash", Some(Tone::Warn)), "flash warn");
        assert_eq!(toned("outcome", Some(Tone::Ok)), "outcome ok");
        assert_eq!(toned("callout", None), "callout");
    }
}
