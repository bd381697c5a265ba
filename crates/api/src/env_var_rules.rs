//! Environment variable names as the console and the sandbox both read them
//! (API-NOTES §2.5, §4.3): one definition, so the form's check before sending and the
//! service's 400 agree; each side words a [`NameProblem`] for its own reader.

/// Names starting with this are Keycloak's own options...
pub const RESERVED_PREFIX: &str = "KC_";
/// ...except provider settings, which start with this.
pub const ALLOWED_PREFIX: &str = "KC_SPI_";

/// What is wrong with a variable name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// Empty or only whitespace.
    Empty,
    /// Starts with `KC_` but not `KC_SPI_`.
    Reserved,
    /// Contains whitespace.
    Whitespace,
}

/// Checks `name` as it is sent (the console trims what was typed first; the service
/// takes the name as it arrives).
pub fn name_problem(name: &str) -> Option<NameProblem> {
    if name.trim().is_empty() {
        return Some(NameProblem::Empty);
    }
    if name.starts_with(RESERVED_PREFIX) && !name.starts_with(ALLOWED_PREFIX) {
        return Some(NameProblem::Reserved);
    }
    if name.chars().any(char::is_whitespace) {
        return Some(NameProblem::Whitespace);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_not_blank_not_keycloaks_own_and_without_spaces() {
        for ok in ["MY_VAR", "KC_SPI_THEME", "KC_SPI_THEME_DEFAULT", "kc_lower", "JAVA_OPTS_APPEND"] {
            assert_eq!(name_problem(ok), None, "{ok}");
        }
        for (bad, problem) in [
            ("", NameProblem::Empty),
            ("   ", NameProblem::Empty),
            ("KC_DB", NameProblem::Reserved),
            ("KC_", NameProblem::Reserved),
            ("KC_SPI", NameProblem::Reserved),
            ("KC_DB X", NameProblem::Reserved),
            ("MY VAR", NameProblem::Whitespace),
            ("A B", NameProblem::Whitespace),
            (" KC_DB", NameProblem::Whitespace),
            ("MY\tVAR", NameProblem::Whitespace),
        ] {
            assert_eq!(name_problem(bad), Some(problem), "{bad:?}");
        }
    }
}
