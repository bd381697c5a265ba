//! The search box's language: LogQL's four line filters, chained —
//! `|= "LOGIN_ERROR" != "batch-job" |~ "user-[0-9]+" !~ "^DEBUG"`. Strings are in double
//! quotes (with `\"`, `\\`, `\n`, `\t` escapes) or backticks (raw, handy for regexes); a bare
//! word means `|=` ignoring case, as a person typing `login_error` expects (a quoted string
//! keeps LogQL's case-sensitive meaning, and `|~ "(?i)…"` works). Every filter must hold. Which
//! regex engine runs `|~`/`!~` is handed in (the browser's `RegExp` in the console), so this stays
//! pure and tested natively.

use super::needle::Needle;
use crate::i18n::k::logs as w;
use crate::i18n::tf;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    /// `|=`: the line contains the string.
    Contains,
    /// A bare word: the line contains it, in any ASCII case.
    ContainsAnyCase,
    /// `!=`: it does not.
    Lacks,
    /// `|~`: the regex matches somewhere in the line.
    Matches,
    /// `!~`: it does not.
    Misses,
}

impl Operator {
    pub fn symbol(self) -> &'static str {
        match self {
            Operator::Contains | Operator::ContainsAnyCase => "|=",
            Operator::Lacks => "!=",
            Operator::Matches => "|~",
            Operator::Misses => "!~",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub op: Operator,
    pub text: String,
}

/// Reads a quoted string starting at `chars[*i]` (the opening quote).
fn quoted(chars: &[char], i: &mut usize) -> Result<String, String> {
    let quote = chars[*i];
    let start = *i;
    *i += 1;
    let mut out = String::new();
    while *i < chars.len() {
        let c = chars[*i];
        *i += 1;
        if c == quote {
            return Ok(out);
        }
        if c == '\\' && quote == '"' {
            let Some(&next) = chars.get(*i) else { break };
            *i += 1;
            match next {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '"' | '\\' => out.push(next),
                // Unknown escapes stay as written, so `\d` in a regex still means a digit.
                other => {
                    out.push('\\');
                    out.push(other);
                }
            }
            continue;
        }
        out.push(c);
    }
    Err(tf(w::NOT_CLOSED, &[("at", &(start + 1).to_string()), ("quote", &quote.to_string())]))
}

/// The filters of a search, or why it cannot be read. Empty text is no filter at all.
pub fn parse(text: &str) -> Result<Vec<Filter>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let op = match (chars[i], chars.get(i + 1)) {
            ('|', Some('=')) => Some(Operator::Contains),
            ('!', Some('=')) => Some(Operator::Lacks),
            ('|', Some('~')) => Some(Operator::Matches),
            ('!', Some('~')) => Some(Operator::Misses),
            _ => None,
        };
        if let Some(op) = op {
            i += 2;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            match chars.get(i) {
                Some('"' | '`') => out.push(Filter { op, text: quoted(&chars, &mut i)? }),
                _ => {
                    return Err(tf(w::NEEDS_QUOTED, &[("op", op.symbol())]));
                }
            }
            continue;
        }
        if matches!(chars[i], '"' | '`') {
            out.push(Filter { op: Operator::Contains, text: quoted(&chars, &mut i)? });
            continue;
        }
        // A bare word: up to the next space.
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        out.push(Filter { op: Operator::ContainsAnyCase, text: chars[start..i].iter().collect() });
    }
    Ok(out)
}

/// A compiled regex: tests a line.
pub type Test = Box<dyn Fn(&str) -> bool>;

enum Step {
    Has(Needle, bool),
    Regex(Test, bool),
}

/// A search ready to run over many lines.
pub struct Search {
    filters: Vec<Filter>,
    steps: Vec<Step>,
}

impl Search {
    /// `regex` compiles a pattern, or says why it is not a valid one.
    pub fn new(filters: &[Filter], regex: &dyn Fn(&str) -> Result<Test, String>) -> Result<Search, String> {
        let mut steps = Vec::with_capacity(filters.len());
        for f in filters {
            steps.push(match f.op {
                Operator::Contains => Step::Has(Needle::new(&f.text), true),
                Operator::ContainsAnyCase => Step::Has(Needle::any_case(&f.text), true),
                Operator::Lacks => Step::Has(Needle::new(&f.text), false),
                Operator::Matches | Operator::Misses => {
                    let test = regex(&f.text).map_err(|why| {
                        tf(w::BAD_REGEX, &[("op", f.op.symbol()), ("pattern", &f.text), ("reason", &why)])
                    })?;
                    Step::Regex(test, f.op == Operator::Matches)
                }
            });
        }
        Ok(Search { filters: filters.to_vec(), steps })
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The filters it was made from.
    pub fn filters(&self) -> &[Filter] {
        &self.filters
    }

    pub fn test(&self, line: &str) -> bool {
        self.steps.iter().all(|step| match step {
            Step::Has(needle, want) => needle.is_in(line) == *want,
            Step::Regex(test, want) => test(line) == *want,
        })
    }
}

/// Whether every line passing `new` passes `old` too, so `new`'s matches can be picked from
/// `old`'s: each filter of `old` is implied by one of `new` — the same regex, a `|=` string
/// holding the old one (typing on), a `!=` string held by the old one — and `new` may add
/// filters.
pub fn narrows(new: &[Filter], old: &[Filter]) -> bool {
    let implies = |n: &Filter, o: &Filter| {
        n.op == o.op
            && match n.op {
                Operator::Contains => n.text.contains(o.text.as_str()),
                Operator::ContainsAnyCase => {
                    n.text.to_ascii_lowercase().contains(o.text.to_ascii_lowercase().as_str())
                }
                Operator::Lacks => o.text.contains(n.text.as_str()),
                Operator::Matches | Operator::Misses => n.text == o.text,
            }
    };
    old.iter().all(|o| new.iter().any(|n| implies(n, o)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regex(pattern: &str) -> Result<Test, String> {
        let re = regex::Regex::new(pattern).map_err(|e| e.to_string())?;
        Ok(Box::new(move |line| re.is_match(line)))
    }

    fn search(text: &str) -> Search {
        Search::new(&parse(text).expect("parses"), &regex).expect("compiles")
    }

    #[test]
    fn operators_parse_and_chain() {
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(
            parse(r#"|= "LOGIN_ERROR" != "batch-job""#).unwrap(),
            vec![
                Filter { op: Operator::Contains, text: "LOGIN_ERROR".into() },
                Filter { op: Operator::Lacks, text: "batch-job".into() },
            ]
        );
        assert_eq!(
            parse(r#"timeout |~ `user-\d+` !~"x\"y""#).unwrap(),
            vec![
                Filter { op: Operator::ContainsAnyCase, text: "timeout".into() },
                Filter { op: Operator::Matches, text: r"user-\d+".into() },
                Filter { op: Operator::Misses, text: "x\"y".into() },
            ]
        );
        assert_eq!(parse(r#"|~ "a\d""#).unwrap()[0].text, r"a\d");
    }

    #[test]
    fn mistakes_say_what_is_wrong() {
        assert!(parse("|= error").unwrap_err().contains("needs a quoted string"));
        assert!(parse(r#"|= "open"#).unwrap_err().contains("not closed"));
        let bad = Search::new(&parse(r#"|~ "(unclosed""#).unwrap(), &regex).err().unwrap_or_default();
        assert!(bad.contains("is not a valid regular expression"), "{bad}");
    }

    #[test]
    fn every_filter_must_hold() {
        let lines = [
            "WARN type=LOGIN_ERROR clientId=web-app user-12",
            "ERROR type=LOGIN_ERROR clientId=batch-job user-7",
            "INFO type=LOGIN clientId=web-app user-x",
        ];
        let hits = |q: &str| lines.iter().filter(|l| search(q).test(l)).count();
        assert_eq!(hits(""), 3);
        assert_eq!(hits("LOGIN_ERROR"), 2);
        assert_eq!(hits(r#"|= "LOGIN_ERROR" != "batch-job""#), 1);
        assert_eq!(hits(r#"|~ "user-\d+""#), 2);
        assert_eq!(hits(r#"!~ "user-\d+""#), 1);
        assert_eq!(hits(r#"|~ "user-\d+" != "WARN" |= "type""#), 1);
        // A bare word ignores case (issue 37 reversed the earlier rule on purpose); a quoted
        // string keeps LogQL's case-sensitive `|=`, and a regex can ask for either.
        assert_eq!(hits("login_error"), 2, "a bare word ignores case");
        assert_eq!(hits("Web-App"), 2);
        assert_eq!(hits(r#"|= "login_error""#), 0, "|= is case-sensitive, as in LogQL");
        assert_eq!(hits(r#""login_error""#), 0, "a quoted string too");
        assert_eq!(hits(r#"|~ "(?i)login_error""#), 2);
    }

    #[test]
    fn a_search_typed_on_narrows_the_one_before() {
        let narrows = |new: &str, old: &str| narrows(&parse(new).unwrap(), &parse(old).unwrap());
        assert!(narrows("C", ""));
        assert!(narrows("CLIENT_LOG", "CLIENT_LO"));
        assert!(narrows("CLIENT_LOG", "IENT"), "the old string anywhere in the new one");
        assert!(!narrows("CLIENT_LO", "CLIENT_LOG"), "a shorter string widens");
        assert!(narrows(r#"|= "a" != "b""#, r#"|= "a""#), "an added filter narrows");
        assert!(!narrows(r#"|= "a""#, r#"|= "a" != "b""#));
        assert!(narrows(r#"|= "ab" != "bat""#, r#"!= "batch" |= "a""#), "order does not matter");
        assert!(!narrows(r#"!= "batch""#, r#"!= "bat""#), "a longer != string widens");
        assert!(narrows(r#"|~ "x+" |= "y""#, r#"|~ "x+""#));
        assert!(!narrows(r#"|~ "x+y""#, r#"|~ "x+""#), "a regex is only implied by itself");
        assert!(!narrows(r#"!~ "x""#, r#"|~ "x""#));
        assert!(!narrows(r#"!= "x""#, r#"|= "x""#));
    }
}
