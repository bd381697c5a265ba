use super::*;
use crate::records::ExtensionVersionRow;

use cluster_api::jar_rules::stored_zip as zip;

#[test]
fn reads_entry_names() {
    let bytes = zip(&["META-INF/MANIFEST.MF", "theme/login/theme.properties"]);
    assert_eq!(
        zip_entry_names(&bytes),
        Some(vec!["META-INF/MANIFEST.MF".to_string(), "theme/login/theme.properties".to_string()])
    );
    assert_eq!(zip_entry_names(&zip(&[])), Some(vec![]));
}

#[test]
fn malformed_archives_are_not_read() {
    let mut bytes = zip(&["a.txt"]);
    assert_eq!(zip_entry_names(&bytes[..bytes.len() - 1]), None, "truncated end record");
    let cd = bytes.len() - 22 - 46 - 5;
    bytes[cd] = b'X';
    assert_eq!(zip_entry_names(&bytes), None, "broken central directory");
    assert_eq!(zip_entry_names(b"PK\x03\x04 not really"), None);
    assert_eq!(zip_entry_names(b""), None);
}

#[test]
fn markers_decide_the_verdict() {
    let cases = [
        (vec!["a.class"], ScanState::Pass, Some(5)),
        (vec!["a.class", "x/SCAN-WARN.txt"], ScanState::Warn, Some(55)),
        (vec!["SCAN-BLOCK", "SCAN-WARN"], ScanState::Block, Some(95)),
        (vec!["SCAN-ERROR-please", "SCAN-WARN"], ScanState::Error, None),
    ];
    for (names, state, risk) in cases {
        assert_eq!(verdict(&zip(&names)), Verdict { state, risk_score: risk }, "{names:?}");
    }
    assert_eq!(verdict(b"PK\x03\x04garbage").state, ScanState::Error, "unreadable jar");
    assert_eq!(verdict(b"password\n123456\n").state, ScanState::Pass, "plain text");
    assert_eq!(verdict(b"password\nSCAN-WARN\n").state, ScanState::Warn, "markers in text");
}

#[test]
fn a_queued_scan_shows_when_due() {
    let mut v = ExtensionVersionRow::new("v".into(), "e", Some(26), 0);
    queue(&mut v, Verdict { state: ScanState::Warn, risk_score: Some(55) }, 1_000, 500);
    assert_eq!(v.scan_state, ScanState::Scanning);
    assert!(!settle(&mut v, 1_499));
    assert!(settle(&mut v, 1_500));
    assert_eq!((v.scan_state.clone(), v.risk_score, v.scanned_at), (ScanState::Warn, Some(55), Some(1_500)));
    assert_eq!(v.scanner_version.as_deref(), Some(SCANNER_VERSION));
    assert!(!settle(&mut v, 9_000), "once");
    reset(&mut v);
    assert_eq!((v.scan_state, v.risk_score, v.scanned_at), (ScanState::Unscanned, None, None));
}

#[test]
fn a_theme_jar_names_its_themes() {
    assert!(not_a_theme_jar(&zip(&["login/theme.properties"])), "a renamed zip of theme folders");
    assert!(!not_a_theme_jar(&zip(&[THEME_DESCRIPTOR, "theme/acme/login/theme.properties"])));
    assert!(!not_a_theme_jar(b"PK\x03\x04 not really"), "unreadable: the jar rule refuses it first");
    assert_eq!(NOT_A_THEME_JAR.state, ScanState::Error);
}
