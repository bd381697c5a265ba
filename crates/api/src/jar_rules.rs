//! What makes a file a jar, checked by the console over the bytes the person picked (the
//! File API) before any request, and by the sandbox when an upload is confirmed: a jar is
//! a zip archive, so it starts with a local file header (`PK\x03\x04`), and its central
//! directory, found through the end-of-central-directory record at its end, lists entries
//! whose headers lie inside the file. A text file renamed `.jar` fails the first test;
//! a truncated or damaged download fails the second. No zip crate: only the directory is
//! read (never the compressed data), in a few dozen bounds-checked lines.

/// Every zip (and so every jar) starts with a local file header.
pub const ZIP_MAGIC: &[u8] = b"PK\x03\x04";

const EOCD_SIGNATURE: u32 = 0x0605_4b50;
const CENTRAL_SIGNATURE: u32 = 0x0201_4b50;
const EOCD_LEN: usize = 22;
const CENTRAL_HEADER_LEN: usize = 46;

/// Why a file is not a jar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JarProblem {
    Empty,
    /// Does not start with `PK\x03\x04`: not a zip at all (text, another format).
    NotZip,
    /// Starts like a zip but has no end-of-central-directory record: cut short.
    NoDirectory,
    /// The directory is there but does not parse, or names entries outside the file.
    BrokenDirectory,
}

impl JarProblem {
    /// What is wrong with `file` and what to do, in words.
    pub fn words(self, file: &str) -> String {
        match self {
            JarProblem::Empty => format!("{file} is empty. Choose the built .jar file."),
            JarProblem::NotZip => format!(
                "{file} is not a jar: a jar is a zip archive, and this file is not one (it may be a text \
                 file renamed .jar). Choose the .jar your build produced (for Maven, in target/)."
            ),
            JarProblem::NoDirectory => format!(
                "{file} starts like a jar but its end is missing: the file is cut short (an interrupted \
                 download or copy). Build or download it again."
            ),
            JarProblem::BrokenDirectory => format!(
                "{file} is a damaged jar: its table of contents does not match the file. Build or download \
                 it again."
            ),
        }
    }
}

fn u16_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at.checked_add(2)?)?;
    Some(usize::from(u16::from_le_bytes([b[0], b[1]])))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    usize::try_from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])).ok()
}

/// Where the end-of-central-directory record starts: at the end, before a comment of up
/// to 64 KiB.
fn end_record(bytes: &[u8]) -> Option<usize> {
    let last = bytes.len().checked_sub(EOCD_LEN)?;
    let first = last.saturating_sub(usize::from(u16::MAX));
    (first..=last).rev().find(|&at| u32_at(bytes, at) == Some(EOCD_SIGNATURE as usize))
}

/// The entry names of a zip archive, read from its central directory; `None` when the
/// directory is missing or malformed, or an entry's local header lies outside the file.
pub fn zip_entry_names(bytes: &[u8]) -> Option<Vec<String>> {
    let eocd = end_record(bytes)?;
    let count = u16_at(bytes, eocd + 10)?;
    let mut at = u32_at(bytes, eocd + 16)?;
    let mut names = Vec::with_capacity(count);
    for _ in 0..count {
        if u32_at(bytes, at)? != CENTRAL_SIGNATURE as usize {
            return None;
        }
        let name_len = u16_at(bytes, at + 28)?;
        let extra_len = u16_at(bytes, at + 30)?;
        let comment_len = u16_at(bytes, at + 32)?;
        // The entry's own header must be in the file, before the directory.
        let local = u32_at(bytes, at + 42)?;
        if local >= at || u32_at(bytes, local)? != 0x0403_4b50 {
            return None;
        }
        let start = at.checked_add(CENTRAL_HEADER_LEN)?;
        let name = bytes.get(start..start.checked_add(name_len)?)?;
        names.push(String::from_utf8_lossy(name).into_owned());
        at = start + name_len + extra_len + comment_len;
    }
    Some(names)
}

/// Whether `bytes` start like a zip.
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(ZIP_MAGIC)
}

/// Why `bytes` are not a jar, or `None` when they are one.
pub fn jar_problem(bytes: &[u8]) -> Option<JarProblem> {
    if bytes.is_empty() {
        return Some(JarProblem::Empty);
    }
    if !is_zip(bytes) {
        return Some(JarProblem::NotZip);
    }
    if end_record(bytes).is_none() {
        return Some(JarProblem::NoDirectory);
    }
    zip_entry_names(bytes).is_none().then_some(JarProblem::BrokenDirectory)
}

/// A stored (uncompressed) zip with the given entry names and empty contents: enough for
/// [`zip_entry_names`], which never looks at data or checksums. For tests, here and in the
/// sandbox (its scanner reads jars with the same rules).
#[doc(hidden)]
pub fn stored_zip(names: &[&str]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for name in names {
        let offset = out.len() as u32;
        out.extend_from_slice(b"PK\x03\x04");
        out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        out.extend_from_slice(&[0; 12]);
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(name.as_bytes());
        central.extend_from_slice(b"PK\x01\x02");
        central.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        central.extend_from_slice(&[0; 12]);
        central.extend_from_slice(&(name.len() as u16).to_le_bytes());
        central.extend_from_slice(&[0; 12]);
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let cd_offset = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(b"PK\x05\x06");
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(&(names.len() as u16).to_le_bytes());
    out.extend_from_slice(&(names.len() as u16).to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&cd_offset.to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out
}

#[cfg(test)]
mod tests {
    use super::stored_zip as zip;
    use super::*;

    #[test]
    fn a_real_zip_is_a_jar() {
        let bytes = zip(&["META-INF/MANIFEST.MF", "theme/login/theme.properties"]);
        assert_eq!(jar_problem(&bytes), None);
        assert_eq!(
            zip_entry_names(&bytes),
            Some(vec!["META-INF/MANIFEST.MF".to_string(), "theme/login/theme.properties".to_string()])
        );
        // A trailing archive comment is allowed.
        let mut commented = bytes.clone();
        let len = commented.len();
        commented[len - 2..].copy_from_slice(&5u16.to_le_bytes());
        commented.extend_from_slice(b"hello");
        assert_eq!(jar_problem(&commented), None);
    }

    #[test]
    fn a_text_file_renamed_jar_is_not_a_zip() {
        assert_eq!(jar_problem(b"just some notes\n"), Some(JarProblem::NotZip));
        assert_eq!(jar_problem(b""), Some(JarProblem::Empty));
        assert_eq!(jar_problem(b"PK"), Some(JarProblem::NotZip));
        assert!(JarProblem::NotZip.words("notes.jar").starts_with("notes.jar is not a jar"));
    }

    #[test]
    fn a_cut_short_zip_has_no_directory() {
        let bytes = zip(&["a.txt"]);
        assert_eq!(jar_problem(&bytes[..bytes.len() - 1]), Some(JarProblem::NoDirectory));
        assert_eq!(jar_problem(&bytes[..10]), Some(JarProblem::NoDirectory));
        assert_eq!(jar_problem(b"PK\x03\x04 not really"), Some(JarProblem::NoDirectory));
    }

    #[test]
    fn a_directory_pointing_outside_the_file_is_broken() {
        let mut bytes = zip(&["a.txt"]);
        // The directory's offset, in the end record, moved past the end.
        let at = bytes.len() - 6;
        bytes[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(jar_problem(&bytes), Some(JarProblem::BrokenDirectory));
        // An entry whose local header offset is outside the file.
        let mut bytes = zip(&["a.txt"]);
        let cd = bytes.len() - 22 - (46 + 5);
        bytes[cd + 42..cd + 46].copy_from_slice(&9_999u32.to_le_bytes());
        assert_eq!(jar_problem(&bytes), Some(JarProblem::BrokenDirectory));
        // More entries announced than the directory holds.
        let mut bytes = zip(&["a.txt"]);
        let at = bytes.len() - 12;
        bytes[at..at + 2].copy_from_slice(&3u16.to_le_bytes());
        assert_eq!(jar_problem(&bytes), Some(JarProblem::BrokenDirectory));
        assert_eq!(zip_entry_names(&zip(&[])), Some(vec![]));
    }
}
