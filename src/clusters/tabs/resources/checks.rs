//! What the browser checks before anything is sent: resource names, the picked file
//! (kind and size) and the JSON shape of app-association files. The shape rules are the
//! service's own (the sandbox applies the same ones at confirm), so a file that passes
//! here is not refused there for its shape.

use cluster_api::ResourceType;

use crate::i18n::k::resources_upload as w;
use crate::i18n::{t, tf, tp};

pub const NAME_MAX: usize = 63;
/// The largest file the console sends: the service's default object limit.
pub const MAX_FILE_BYTES: u64 = 10 * 1024 * 1024;

pub use cluster_api::well_known::FILES as WELL_KNOWN_FILES;

/// Why `name` is not a valid resource name, or `None`.
pub fn name_problem(name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() {
        return Some(t(w::NAME_EMPTY).into());
    }
    if name.chars().count() > NAME_MAX {
        return Some(tf(w::NAME_TOO_LONG, &[("max", &NAME_MAX.to_string())]));
    }
    let ok = name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    (!ok).then(|| t(w::NAME_CHARS).into())
}

/// What a picked file is for, which decides what it must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Jar,
    Denylist,
    Json,
}

impl FileKind {
    pub fn of(resource_type: &ResourceType) -> FileKind {
        match resource_type {
            ResourceType::PasswordBlacklist => FileKind::Denylist,
            ResourceType::WellKnown => FileKind::Json,
            _ => FileKind::Jar,
        }
    }

    /// For the file picker's `accept`.
    pub fn accept(self) -> &'static str {
        match self {
            FileKind::Jar => ".jar",
            FileKind::Denylist => ".txt,text/plain",
            FileKind::Json => ".json,application/json",
        }
    }
}

/// `1.5 MB`, `12.0 KB`, `300 bytes`, in whole tenths (integer arithmetic: formatting
/// floats would add kilobytes of wasm).
fn bytes_label(n: u64) -> String {
    let tenths = |unit: u64| {
        let t = n.saturating_mul(10) / unit;
        format!("{}.{}", t / 10, t % 10)
    };
    if n >= 1024 * 1024 {
        tf(w::SIZE_MB, &[("size", &tenths(1024 * 1024))])
    } else if n >= 1024 {
        tf(w::SIZE_KB, &[("size", &tenths(1024))])
    } else {
        tp(w::SIZE_BYTES, n as f64, &[])
    }
}

/// Checks a picked file by its name and size; `Err` says what is wrong with it.
pub fn check_file(kind: FileKind, name: &str, size: f64) -> Result<(), String> {
    // `File.size` is a whole number of bytes; a saturating cast keeps NaN at 0.
    let size = size as u64;
    let lower = name.to_ascii_lowercase();
    match kind {
        FileKind::Jar if !lower.ends_with(".jar") => {
            return Err(tf(w::NOT_JAR, &[("name", name)]));
        }
        FileKind::Denylist if !lower.ends_with(".txt") => {
            return Err(tf(w::NOT_TXT, &[("name", name)]));
        }
        // Apple's file has no extension; Android's ends in .json. Either is read as JSON.
        _ => {}
    }
    if size == 0 {
        return Err(tf(w::FILE_EMPTY, &[("name", name)]));
    }
    if size > MAX_FILE_BYTES {
        let (size, max) = (bytes_label(size), bytes_label(MAX_FILE_BYTES));
        return Err(tf(w::FILE_TOO_BIG, &[("name", name), ("size", &size), ("max", &max)]));
    }
    Ok(())
}

/// Whether `text` is what the operating system expects in `file`, in the service's words.
pub fn check_json(file: &str, text: &str) -> Result<(), String> {
    cluster_api::well_known::check_shape(file, text.as_bytes())
}

/// A change-password redirect as it will be sent: `Ok(None)` clears it.
pub fn change_password_url(input: &str) -> Result<Option<String>, String> {
    let url = input.trim();
    if url.is_empty() {
        return Ok(None);
    }
    match crate::redirect::safe_external(url) {
        Some(url) if !url.contains(char::is_whitespace) => Ok(Some(url.to_string())),
        _ => Err(t(w::BAD_REDIRECT).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::well_known::{AASA, ASSETLINKS};

    #[test]
    fn names() {
        assert_eq!(name_problem("acme-login_2"), None);
        assert!(name_problem("").is_some());
        assert!(name_problem("Acme").is_some());
        assert!(name_problem("a b").is_some());
        assert!(name_problem(&"a".repeat(64)).is_some());
        assert_eq!(name_problem(&"a".repeat(63)), None);
    }

    #[test]
    fn files_by_kind_and_size() {
        assert_eq!(check_file(FileKind::Jar, "theme.JAR", 2048.0), Ok(()));
        assert!(check_file(FileKind::Jar, "theme.zip", 2048.0).is_err_and(|e| e.contains("not a .jar")));
        assert!(check_file(FileKind::Jar, "theme.jar", 0.0).is_err_and(|e| e.contains("empty")));
        let big = check_file(FileKind::Jar, "theme.jar", 11.0 * 1024.0 * 1024.0);
        assert!(big.is_err_and(|e| e.contains("11.0 MB") && e.contains("10.0 MB")));
        assert_eq!(check_file(FileKind::Denylist, "common.txt", 10.0), Ok(()));
        assert!(check_file(FileKind::Denylist, "common.jar", 10.0).is_err());
        assert_eq!(check_file(FileKind::Json, "apple-app-site-association", 10.0), Ok(()));
        assert_eq!(FileKind::of(&ResourceType::Theme), FileKind::Jar);
    }

    #[test]
    fn apple_shape() {
        assert_eq!(check_json(AASA, r#"{"applinks":{"details":[]}}"#), Ok(()));
        assert_eq!(check_json(AASA, r#"{"webcredentials":{"apps":[]}}"#), Ok(()));
        assert!(check_json(AASA, "[]").is_err_and(|e| e.contains("must be a JSON object")));
        assert!(check_json(AASA, r#"{"other":1}"#).is_err_and(|e| e.contains("applinks or webcredentials")));
        assert!(
            check_json(AASA, r#"{"applinks":[]}"#).is_err_and(|e| e.contains("applinks must be an object"))
        );
        assert!(check_json(AASA, "{oops").is_err_and(|e| e.contains("not valid JSON")));
        assert!(check_json(AASA, "  ").is_err_and(|e| e.contains("empty")));
    }

    #[test]
    fn android_shape() {
        let ok = concat!(
            r#"[{"relation":["delegate_permission/common.handle_all_urls"],"#,
            r#""target":{"namespace":"android_app"}}]"#,
        );
        assert_eq!(check_json(ASSETLINKS, ok), Ok(()));
        assert!(check_json(ASSETLINKS, "{}").is_err_and(|e| e.contains("array of statements")));
        assert!(check_json(ASSETLINKS, "[]").is_err_and(|e| e.contains("at least one")));
        assert!(
            check_json(ASSETLINKS, r#"[{"target":{}}]"#)
                .is_err_and(|e| e.contains("Statement 1") && e.contains("no relation"))
        );
        assert!(
            check_json(ASSETLINKS, r#"[{"relation":[],"target":"x"}]"#)
                .is_err_and(|e| e.contains("target must be an object"))
        );
        assert!(check_json("robots.txt", "{}").is_err());
    }

    #[test]
    fn change_password_urls() {
        assert_eq!(change_password_url(""), Ok(None));
        assert_eq!(change_password_url(" https://acme.test/pw "), Ok(Some("https://acme.test/pw".into())));
        assert!(change_password_url("javascript:alert(1)").is_err());
        assert!(change_password_url("/relative").is_err());
    }
}
