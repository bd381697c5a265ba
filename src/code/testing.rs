//! Helpers for the code builders' tests: a tiny shell word reader and hostile strings.

/// Reads a word the way a POSIX shell would (single quotes, double quotes with `$VAR`),
/// with `vars` as the environment: the proof the quoting round-trips.
pub fn shell_read(word: &str, vars: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    out.push(c);
                }
            }
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '$' => {
                            let mut name = String::new();
                            while let Some(&n) = chars.peek() {
                                if n.is_ascii_alphanumeric() || n == '_' {
                                    name.push(n);
                                    chars.next();
                                } else {
                                    break;
                                }
                            }
                            out.push_str(vars.iter().find(|(k, _)| *k == name).map_or("", |(_, v)| v));
                        }
                        '\\' | '`' => panic!("unexpected {c} in a double-quoted part of {word}"),
                        c => out.push(c),
                    }
                }
            }
            '\\' => out.push(chars.next().unwrap_or('\\')),
            c if c.is_whitespace() || "$`;&|<>()".contains(c) => panic!("unquoted {c:?} in {word}"),
            c => out.push(c),
        }
    }
    out
}

pub const HOSTILE: &[&str] = &[
    "<img src=x onerror=alert(1)>",
    "it's \"quoted\" '' \\ back",
    "two\nlines\r\nand\ttab",
    "$(rm -rf ~) `id` ${HOME} $HOME",
    "\u{202e}txt.exe\u{2066}",
    "emoji 🦀🔥 ok",
    "%{x} ${y} %01TOKEN%01",
];

/// The local sandbox as a target.
pub fn sandbox() -> super::Target {
    super::Target {
        name: "Local sandbox".into(),
        api_base: "http://127.0.0.1:8080/auth/realms/self/v2".into(),
        token_url: "http://127.0.0.1:8080/auth/realms/self/protocol/openid-connect/token".into(),
    }
}

/// Every shell word of a script line must read back without a stray expansion: checks
/// that `script` never holds `needle` (a secret) and that every hostile input stays inert.
pub fn assert_absent(script: &str, needle: &str) {
    assert!(!script.contains(needle), "{needle:?} leaked into:\n{script}");
}
