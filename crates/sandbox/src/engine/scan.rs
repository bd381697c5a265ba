//! The sandbox's stand-in for the extension security scanner.
//!
//! The verdict is decided by the uploaded file's content, so tests and demos can
//! produce each one on purpose:
//!
//! | In the file                                   | Verdict | `risk_score` |
//! |-----------------------------------------------|---------|--------------|
//! | a zip entry whose name contains `SCAN-BLOCK`  | BLOCK   | 95           |
//! | a zip entry whose name contains `SCAN-ERROR`  | ERROR   | none         |
//! | a zip entry whose name contains `SCAN-WARN`   | WARN    | 55           |
//! | none of these                                 | PASS    | 5            |
//!
//! The most severe marker wins (BLOCK, then ERROR, then WARN). A file that starts like
//! a zip but whose central directory cannot be read is an ERROR: a real scanner could
//! not open it either. A file that is not a zip at all (a password denylist) is read
//! as text, and the same markers count when they appear anywhere in it.
//!
//! A theme must be a theme jar: Keycloak finds the themes in it through
//! `META-INF/keycloak-themes.json` ([`THEME_DESCRIPTOR`]). A theme whose jar has none (a zip
//! of theme folders renamed `.jar`) is an ERROR whether or not scanning is on for the
//! cluster: no scanner can pass a file Keycloak would not load as a theme.
//!
//! Scanning takes time: confirm decides the verdict at once but keeps it hidden
//! (`SCANNING`) until `--scan-seconds` have passed; reads reveal it lazily ([`settle`]).

use crate::records::{ExtensionVersionRow, Millis, PendingScan};
use cluster_api::ScanState;

pub const SCANNER_VERSION: &str = "sandbox-scan 1.0";

// The zip reader is the jar rule's (crates/api), which the console applies before upload.
pub use cluster_api::jar_rules::{is_zip, zip_entry_names};

/// A finished scan's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub state: ScanState,
    pub risk_score: Option<i32>,
}

fn by_markers(texts: &[&str]) -> Verdict {
    let has = |marker: &str| texts.iter().any(|text| text.contains(marker));
    if has("SCAN-BLOCK") {
        Verdict { state: ScanState::Block, risk_score: Some(95) }
    } else if has("SCAN-ERROR") {
        Verdict { state: ScanState::Error, risk_score: None }
    } else if has("SCAN-WARN") {
        Verdict { state: ScanState::Warn, risk_score: Some(55) }
    } else {
        Verdict { state: ScanState::Pass, risk_score: Some(5) }
    }
}

/// The verdict for a file's bytes (see the module documentation).
pub fn verdict(bytes: &[u8]) -> Verdict {
    if !is_zip(bytes) {
        let text = String::from_utf8_lossy(bytes);
        return by_markers(&[text.as_ref()]);
    }
    match zip_entry_names(bytes) {
        Some(names) => by_markers(&names.iter().map(String::as_str).collect::<Vec<_>>()),
        None => Verdict { state: ScanState::Error, risk_score: None },
    }
}

/// What makes a jar a theme jar for Keycloak.
pub const THEME_DESCRIPTOR: &str = "META-INF/keycloak-themes.json";

/// A readable zip without [`THEME_DESCRIPTOR`]: not a theme jar, whatever its name says.
/// (An unreadable one is refused at confirm, by the jar rule.)
pub fn not_a_theme_jar(bytes: &[u8]) -> bool {
    zip_entry_names(bytes).is_some_and(|names| !names.iter().any(|n| n == THEME_DESCRIPTOR))
}

/// The verdict on a file that is not a theme jar.
pub const NOT_A_THEME_JAR: Verdict = Verdict { state: ScanState::Error, risk_score: None };

/// Starts scanning a freshly confirmed version: its verdict shows after `delay_ms`.
pub fn queue(version: &mut ExtensionVersionRow, verdict: Verdict, now: Millis, delay_ms: Millis) {
    version.scan_state = ScanState::Scanning;
    version.risk_score = None;
    version.scanned_at = None;
    version.scanner_version = None;
    version.pending =
        Some(PendingScan { due_at: now + delay_ms, state: verdict.state, risk_score: verdict.risk_score });
}

/// Forgets any scan: the version is back to UNSCANNED (scanning disabled, or a new upload).
pub fn reset(version: &mut ExtensionVersionRow) {
    version.scan_state = ScanState::Unscanned;
    version.risk_score = None;
    version.scanned_at = None;
    version.scanner_version = None;
    version.pending = None;
}

/// Reveals a scan whose time has come. Returns whether the record changed.
pub fn settle(version: &mut ExtensionVersionRow, now: Millis) -> bool {
    let Some(pending) = version.pending.as_ref().filter(|p| p.due_at <= now) else {
        return false;
    };
    version.scan_state = pending.state.clone();
    version.risk_score = pending.risk_score;
    version.scanned_at = Some(pending.due_at);
    version.scanner_version = Some(SCANNER_VERSION.to_string());
    version.pending = None;
    true
}

#[cfg(test)]
#[path = "scan_tests.rs"]
mod tests;
