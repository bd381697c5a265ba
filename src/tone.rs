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
