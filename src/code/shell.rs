//! Quoting for the shell scripts the Code panel shows. Everything a person typed or the
//! service named is data: it goes in single quotes (where the shell expands nothing), and
//! the only `$` the shell ever sees are the script's own variables, from a fixed list.

/// The values a script reads from its environment or from an earlier command. Only these
/// names are ever expanded: a placeholder in a request is turned into `$NAME` only when
/// `NAME` is one of them.
pub const VARIABLES: &[&str] = &[
    "TOKEN",
    "CLUSTER_ID",
    "EXTENSION_ID",
    "VERSION_ID",
    "UPLOAD_URL",
    "RESOURCE_KEY",
    "ENV_VALUE",
    "TELEMETRY_TOKEN",
    "FILE",
];

/// The marker a request builder puts where a shell variable goes (`placeholder("VERSION_ID")`).
/// A control character cannot be typed into a form field, and the renderer only honours
/// markers that name one of [`VARIABLES`].
pub fn placeholder(name: &str) -> String {
    format!("\u{1}{name}\u{1}")
}

/// `'text'`, with each `'` written as `'\''`: the shell reads it back byte for byte.
pub fn single_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// A single-quoted word in which the placeholders `open NAME close` become `"$NAME"`
/// (closing the quote around them), so the shell expands those and nothing else.
pub fn quote_with_vars(text: &str, open: &str, close: &str) -> String {
    let mut out = String::from("'");
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        let after = &rest[start + open.len()..];
        let known = after.find(close).map(|end| &after[..end]).filter(|name| VARIABLES.contains(name));
        match known {
            Some(name) => {
                out.push_str(&rest[..start].replace('\'', "'\\''"));
                out.push_str(&format!("'\"${name}\"'"));
                rest = &after[name.len() + close.len()..];
            }
            None => {
                out.push_str(&rest[..start + open.len()].replace('\'', "'\\''"));
                rest = after;
            }
        }
    }
    out.push_str(&rest.replace('\'', "'\\''"));
    out.push('\'');
    // `'"$A"'` at either end leaves an empty '' pair: drop it for readability.
    let trimmed = out.strip_prefix("''").unwrap_or(&out);
    let trimmed = trimmed.strip_suffix("''").unwrap_or(trimmed);
    if trimmed.is_empty() { "''".to_string() } else { trimmed.to_string() }
}

/// A URL with placeholders (percent-encoded by the request builder: `%01NAME%01`) as a
/// shell word: literal parts single-quoted, variables in double quotes.
pub fn url_word(url: &str) -> String {
    quote_with_vars(url, "%01", "%01")
}

/// A JSON body (placeholders serialized as `\u0001NAME\u0001`, inside a JSON string) as
/// a shell word for `--data`.
pub fn json_word(json: &str) -> String {
    quote_with_vars(json, "\\u0001", "\\u0001")
}

/// Text for a `#` comment: one line, without control characters or the bidirectional
/// controls that would make the line read differently from what the shell runs.
pub fn comment(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| if c == '\n' || c == '\r' || c == '\t' { ' ' } else { c })
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .collect();
    clean.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::testing::{HOSTILE, shell_read};

    #[test]
    fn single_quotes_round_trip_anything() {
        for text in HOSTILE {
            assert_eq!(shell_read(&single_quote(text), &[]), *text);
        }
        assert_eq!(single_quote("it's"), "'it'\\''s'");
    }

    #[test]
    fn only_known_placeholders_expand() {
        let url = format!("https://h/v2/x/{}/confirm", "%01VERSION_ID%01");
        let word = url_word(&url);
        assert_eq!(word, "'https://h/v2/x/'\"$VERSION_ID\"'/confirm'");
        assert_eq!(shell_read(&word, &[("VERSION_ID", "v1")]), "https://h/v2/x/v1/confirm");
        // An unknown name stays literal text.
        let word = url_word("https://h/%01HOME%01/x");
        assert_eq!(shell_read(&word, &[("HOME", "/root")]), "https://h/%01HOME%01/x");
        let json = r#"{"name":"a'b","value":"\u0001ENV_VALUE\u0001"}"#;
        let word = json_word(json);
        assert_eq!(shell_read(&word, &[("ENV_VALUE", "s3cr3t")]), r#"{"name":"a'b","value":"s3cr3t"}"#);
        assert_eq!(url_word("%01UPLOAD_URL%01"), "\"$UPLOAD_URL\"");
    }

    #[test]
    fn hostile_text_never_escapes_its_quotes() {
        for text in HOSTILE {
            let json = serde_json::to_string(&serde_json::json!({ "name": text })).unwrap_or_default();
            let word = json_word(&json);
            assert_eq!(shell_read(&word, &[("TOKEN", "t")]), json, "{text}");
        }
    }

    #[test]
    fn comments_are_one_clean_line() {
        assert_eq!(comment("two\nlines\r\n# and rm -rf /"), "two lines # and rm -rf /");
        assert_eq!(comment("\u{202e}gnp.exe\u{2066}x\u{0}y"), "gnp.exexy");
        assert_eq!(comment("emoji 🦀 stays"), "emoji 🦀 stays");
        for text in HOSTILE {
            let line = comment(text);
            assert!(!line.chars().any(|c| c.is_control() || is_bidi_control(c)), "{line:?}");
        }
    }
}
