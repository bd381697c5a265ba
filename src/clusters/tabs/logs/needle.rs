//! Finding a `|=`/`!=` string in a line, fast enough to run over 20,000 lines per keystroke
//! in the size-optimised wasm. `str::contains` builds a Two-Way searcher for every line
//! and, at `opt-level = "z"` without SIMD, walks most lines byte by byte. Here the string
//! is looked at once per keystroke: the byte of it least likely in a log line is found
//! eight bytes at a time (SWAR on a `u64`), and only where it occurs is the whole string
//! compared. A bare word of the search ignores ASCII case: the rare byte is then one that
//! has no case where the word has one, else both cases of a letter are looked for. (Case
//! beyond ASCII is not folded: its tables would weigh more than log lines need.)

/// A string to find, ready for many lines.
#[derive(Debug, Clone)]
pub struct Needle {
    text: Box<[u8]>,
    /// The byte looked for first, and where it sits in `text`.
    rare: u8,
    at: usize,
    /// ASCII upper and lower case are the same (`text` is then lower case).
    any_case: bool,
}

/// How common a byte is in Keycloak's log lines (higher is more common): lower case,
/// digits and spaces fill the messages; punctuation and upper case less so.
fn commonness(b: u8) -> u8 {
    match b {
        b'a'..=b'z' | b'0'..=b'9' | b' ' => 3,
        b'.' | b',' | b'-' | b':' | b'=' | b'/' | b'(' | b')' | b'[' | b']' | b'_' => 2,
        b'A'..=b'Z' => 1,
        _ => 0,
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The first `b` in `hay`. Each 8-byte word XORed with `b` repeated has a zero byte where
/// `b` is; the usual zero-byte test flags it (a borrow can flag bytes above a real zero,
/// never below, so the lowest flag is a real one).
fn find_byte(b: u8, hay: &[u8]) -> Option<usize> {
    let repeated = ONES * u64::from(b);
    let mut words = hay.chunks_exact(8);
    let mut i = 0;
    for word in &mut words {
        let v = <[u8; 8]>::try_from(word).map_or(0, u64::from_le_bytes) ^ repeated;
        let zero = v.wrapping_sub(ONES) & !v & HIGHS;
        if zero != 0 {
            return Some(i + (zero.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    words.remainder().iter().position(|&x| x == b).map(|j| i + j)
}

impl Needle {
    pub fn new(text: &str) -> Needle {
        Needle::make(text.as_bytes().into(), false)
    }

    /// The same, ignoring ASCII case.
    pub fn any_case(text: &str) -> Needle {
        Needle::make(text.as_bytes().to_ascii_lowercase().into(), true)
    }

    fn make(text: Box<[u8]>, any_case: bool) -> Needle {
        // The least common byte; among equals the last, which a partial match reaches last.
        // Ignoring case, a byte without case is looked for first when there is one.
        let cased = |b: u8| any_case && b.is_ascii_alphabetic();
        let (at, rare) = text
            .iter()
            .copied()
            .enumerate()
            .min_by_key(|&(i, b)| (cased(b), commonness(b), usize::MAX - i))
            .unwrap_or((0, 0));
        Needle { text, rare, at, any_case }
    }

    /// The first place of the rare byte in `hay` (in either case, ignoring case).
    fn find_rare(&self, hay: &[u8]) -> Option<usize> {
        if self.any_case && self.rare.is_ascii_alphabetic() {
            let lower = find_byte(self.rare, hay);
            let upper = find_byte(self.rare.to_ascii_uppercase(), &hay[..lower.unwrap_or(hay.len())]);
            return upper.or(lower);
        }
        find_byte(self.rare, hay)
    }

    /// Whether `hay` contains the string (the empty string is in every line).
    pub fn is_in(&self, hay: &str) -> bool {
        let (hay, text) = (hay.as_bytes(), &self.text[..]);
        if text.len() > hay.len() {
            return false;
        }
        if text.is_empty() {
            return true;
        }
        // The rare byte can sit from `at` up to `last`, where the string would end the line.
        let last = hay.len() - text.len() + self.at;
        let mut from = self.at;
        while from <= last {
            let Some(i) = self.find_rare(&hay[from..=last]) else { return false };
            let start = from + i - self.at;
            let here = &hay[start..start + text.len()];
            if if self.any_case { here.eq_ignore_ascii_case(text) } else { here == text } {
                return true;
            }
            from += i + 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_str_contains_finds() {
        let lines = [
            "",
            "z",
            "2026-11-25 14:00:01,000 ERROR [org.keycloak.events] (t) type=CLIENT_LOGIN_ERROR, \
             clientId=batch-job",
            "\tat org.keycloak.A.b(A.java:1)\nCaused by: x",
            "ünïcödé and émoji 🙂 in a line",
            "abcabcabd",
            "CLIENT_LOGCLIENT_LO",
        ];
        let needles = [
            "",
            "z",
            "zz",
            "C",
            "CLIENT_LOG",
            "CLIENT_LOGIN_ERROR",
            "batch-job",
            "job",
            "2026",
            "\n",
            "A.java:1)\nC",
            "ö",
            "🙂 in",
            "abd",
            "abcabd",
            "CLIENT_LO",
            "x",
            "2026-11-25 14:00:01,000 ERROR [org",
            "nope",
        ];
        for line in lines {
            for needle in needles {
                assert_eq!(Needle::new(needle).is_in(line), line.contains(needle), "{needle:?} in {line:?}");
                // Ignoring ASCII case: as `contains` on both lower-cased, whatever the case typed.
                let folded = line.to_ascii_lowercase().contains(&needle.to_ascii_lowercase());
                for typed in [needle.to_string(), needle.to_ascii_lowercase(), needle.to_ascii_uppercase()] {
                    assert_eq!(
                        Needle::any_case(&typed).is_in(line),
                        folded,
                        "{typed:?} in any case in {line:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_position_of_every_length_is_found() {
        // A match at each offset, so both the 8-byte words and the tail are crossed.
        let hay: String = (0..40).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
        for start in 0..hay.len() {
            for len in 1..=(hay.len() - start).min(11) {
                let needle = &hay[start..start + len];
                assert!(Needle::new(needle).is_in(&hay), "{needle:?}");
                let mut missing = needle.to_string();
                missing.push('#');
                assert!(!Needle::new(&missing).is_in(&hay), "{missing:?}");
            }
        }
        assert_eq!(find_byte(b'q', b"0123456789abcdefq"), Some(16));
        assert_eq!(find_byte(0x80, &[0x7f, 0x00, 0x81, 0x80]), Some(3));
        assert_eq!(find_byte(0x80, &[0xff, 0x7f, 0x00, 0x81, 0x01, 0x80, 0x80, 0x90, 0x80]), Some(5));
        assert_eq!(find_byte(0x00, &[1, 1, 1, 1, 1, 1, 1, 1, 1, 0]), Some(9));
        assert_eq!(find_byte(b'a', b""), None);
    }
}
