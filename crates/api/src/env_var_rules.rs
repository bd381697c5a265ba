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

/// What is wrong with one line of a pasted `.env` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineProblem {
    /// The name breaks the service's rule.
    Name(NameProblem),
    /// No `=`: not an assignment.
    NoEquals,
    /// The same name was set on an earlier line (1-based), which is the one kept.
    Duplicate { first: usize },
}

/// One assignment of a `.env` block: its line (1-based), name and value, and what is
/// wrong with it, if anything. Blank lines and `#` comments are not listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DotenvLine {
    pub line: usize,
    pub name: String,
    pub value: String,
    pub problem: Option<LineProblem>,
}

/// Reads a `.env` block the way dotenv files are usually written: `NAME=value`, an
/// optional `export ` in front, values optionally in single or double quotes (double
/// quotes understand `\n`, `\"` and `\\`), and ` #` starting a comment after an unquoted
/// value. Each name is checked with [`name_problem`]; a name set twice keeps the first.
pub fn parse_dotenv(text: &str) -> Vec<DotenvLine> {
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut lines = Vec::new();
    for (at, raw) in text.lines().enumerate() {
        let line = at + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let assignment = trimmed.strip_prefix("export ").map(str::trim_start).unwrap_or(trimmed);
        let Some((name, value)) = assignment.split_once('=') else {
            lines.push(DotenvLine {
                line,
                name: assignment.to_string(),
                value: String::new(),
                problem: Some(LineProblem::NoEquals),
            });
            continue;
        };
        let name = name.trim().to_string();
        let value = dotenv_value(value.trim());
        let problem = name_problem(&name).map(LineProblem::Name).or_else(|| {
            seen.iter().find(|(n, _)| *n == name).map(|&(_, first)| LineProblem::Duplicate { first })
        });
        if problem.is_none() {
            seen.push((name.clone(), line));
        }
        lines.push(DotenvLine { line, name, value, problem });
    }
    lines
}

fn dotenv_value(value: &str) -> String {
    let quoted = |q: char| value.len() >= 2 && value.starts_with(q) && value.ends_with(q);
    if quoted('\'') {
        return value[1..value.len() - 1].to_string();
    }
    if quoted('"') {
        let mut out = String::new();
        let mut chars = value[1..value.len() - 1].chars();
        while let Some(c) = chars.next() {
            match (c, c == '\\') {
                (_, true) => match chars.next() {
                    Some('n') => out.push('\n'),
                    Some(other) => out.push(other),
                    None => out.push('\\'),
                },
                (c, false) => out.push(c),
            }
        }
        return out;
    }
    match value.find(" #") {
        Some(at) => value[..at].trim_end().to_string(),
        None => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotenv_blocks_are_read_line_by_line_with_each_problem() {
        let text = "# settings\n\nMY_VAR=hello\nexport QUOTED=\"a b\\n#c\"\nSINGLE='x # y'\nPLAIN=v # note\n\
                    KC_DB=postgres\nKC_SPI_THEME=mine\nMY_VAR=again\nnot an assignment\n=empty\nEMPTY=\n";
        let lines = parse_dotenv(text);
        let got: Vec<(usize, &str, &str, Option<LineProblem>)> =
            lines.iter().map(|l| (l.line, l.name.as_str(), l.value.as_str(), l.problem)).collect();
        assert_eq!(
            got,
            [
                (3, "MY_VAR", "hello", None),
                (4, "QUOTED", "a b\n#c", None),
                (5, "SINGLE", "x # y", None),
                (6, "PLAIN", "v", None),
                (7, "KC_DB", "postgres", Some(LineProblem::Name(NameProblem::Reserved))),
                (8, "KC_SPI_THEME", "mine", None),
                (9, "MY_VAR", "again", Some(LineProblem::Duplicate { first: 3 })),
                (10, "not an assignment", "", Some(LineProblem::NoEquals)),
                (11, "", "empty", Some(LineProblem::Name(NameProblem::Empty))),
                (12, "EMPTY", "", None),
            ]
        );
        assert!(parse_dotenv("\n  \n# only comments\n").is_empty());
        assert_eq!(parse_dotenv("A B=1")[0].problem, Some(LineProblem::Name(NameProblem::Whitespace)));
        assert_eq!(parse_dotenv("Q=\"\"")[0].value, "");
    }

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
