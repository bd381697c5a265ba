//! The scanner's report, as `cluster.extension.version.report` answers it. The contract
//! gives it no schema, so the sandbox fixes one:
//!
//! ```json
//! { "verdict": "WARN", "risk_score": 55, "scanner_version": "sandbox-scan 1.0",
//!   "scanned_at": 1700000000000, "checked": {"entries": 12, "classes": 9, "bytes": 4096},
//!   "findings": [{"severity": "MEDIUM", "rule": "…", "title": "…", "location": "…", "detail": "…"}] }
//! ```
//!
//! Every marker that decides a verdict (see `scan.rs`) produces a matching finding, so
//! the report explains its verdict. An ERROR report also says in `error` why the file
//! could not be read.

use super::scan::{self, SCANNER_VERSION, Verdict};
use crate::records::Millis;
use cluster_api::ScanState;
use serde_json::{Value, json};

/// (marker, severity, rule, title, detail) for each verdict-deciding marker.
const MARKERS: &[(&str, &str, &str, &str, &str)] = &[
    (
        "SCAN-BLOCK",
        "CRITICAL",
        "sandbox/known-malicious",
        "Known malicious code pattern",
        "This entry matches a pattern of code that exfiltrates credentials; the file must not be deployed.",
    ),
    (
        "SCAN-ERROR",
        "HIGH",
        "sandbox/unreadable-entry",
        "Entry could not be analysed",
        "The scanner could not analyse this entry, so the file's safety is unknown.",
    ),
    (
        "SCAN-WARN",
        "MEDIUM",
        "sandbox/risky-api",
        "Use of a risky API",
        "This entry uses reflection or opens network connections; review that it is intended.",
    ),
];

/// What the scan examined and found, before the verdict's time is known.
#[derive(Debug, Clone, PartialEq)]
pub struct Examined {
    pub checked: Value,
    pub findings: Vec<Value>,
    pub error: Option<String>,
}

/// Findings for the entries (or the text) that carry a marker.
fn findings(locations: &[&str]) -> Vec<Value> {
    let mut out = Vec::new();
    for (marker, severity, rule, title, detail) in MARKERS {
        for location in locations.iter().filter(|l| l.contains(marker)) {
            out.push(json!({
                "severity": severity, "rule": rule, "title": title, "location": location, "detail": detail
            }));
        }
    }
    out
}

/// Examines a jar's entry names.
pub fn examine_entries(names: &[&str], bytes: usize) -> Examined {
    let classes = names.iter().filter(|n| n.ends_with(".class")).count();
    Examined {
        checked: json!({"entries": names.len(), "classes": classes, "bytes": bytes}),
        findings: findings(names),
        error: None,
    }
}

/// Examines an uploaded file's bytes, the same way `scan::verdict` decides.
pub fn examine(bytes: &[u8]) -> Examined {
    if !scan::is_zip(bytes) {
        let text = String::from_utf8_lossy(bytes);
        let lines: Vec<&str> = text.lines().collect();
        return Examined {
            checked: json!({"lines": lines.len(), "bytes": bytes.len()}),
            findings: findings(&lines),
            error: None,
        };
    }
    match scan::zip_entry_names(bytes) {
        Some(names) => examine_entries(&names.iter().map(String::as_str).collect::<Vec<_>>(), bytes.len()),
        None => Examined {
            checked: json!({"entries": 0, "classes": 0, "bytes": bytes.len()}),
            findings: Vec::new(),
            error: Some(
                "The archive's central directory could not be read: the file is truncated or not a \
                 valid jar."
                    .into(),
            ),
        },
    }
}

/// What the scan found in a theme whose jar is not a theme jar (`scan::not_a_theme_jar`).
pub fn examine_not_a_theme(bytes: &[u8]) -> Examined {
    Examined {
        error: Some(format!(
            "This is not a theme jar: it has no {}, which Keycloak reads to find the themes in a jar. A zip \
             of theme folders renamed .jar is not enough; package the theme as a jar with that file.",
            scan::THEME_DESCRIPTOR
        )),
        ..examine(bytes)
    }
}

/// The full report of a scan with `verdict`, finished at `scanned_at`.
pub fn report(verdict: &Verdict, examined: &Examined, scanned_at: Millis) -> Value {
    let mut report = json!({
        "verdict": verdict.state.as_str(),
        "risk_score": verdict.risk_score,
        "scanner_version": SCANNER_VERSION,
        "scanned_at": scanned_at,
        "checked": examined.checked,
        "findings": examined.findings,
    });
    if verdict.state == ScanState::Error {
        let why = examined.error.clone().unwrap_or_else(|| {
            "An entry of the file could not be analysed (see findings), so no verdict on its safety was \
             reached."
                .into()
        });
        report["error"] = Value::String(why);
    }
    report
}

/// Where a version's report is kept, as `report_location` names it.
pub fn location(extension_id: &str, version_id: &str) -> String {
    format!("scan-reports/{extension_id}/{version_id}.json")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jar;

    fn report_of(entries: &[&str]) -> Value {
        let bytes = jar::stored(entries);
        report(&scan::verdict(&bytes), &examine(&bytes), 7)
    }

    #[test]
    fn a_pass_report_lists_what_was_checked_and_no_findings() {
        let r = report_of(&["a/B.class", "a/C.class", "META-INF/MANIFEST.MF"]);
        assert_eq!(r["verdict"], "PASS");
        assert_eq!(r["risk_score"], 5);
        assert_eq!(r["checked"]["entries"], 3);
        assert_eq!(r["checked"]["classes"], 2);
        assert_eq!(r["findings"], json!([]));
        assert_eq!(r["scanned_at"], 7);
        assert!(r.get("error").is_none());
    }

    #[test]
    fn each_marker_produces_a_matching_finding() {
        let r = report_of(&["x/SCAN-WARN.class", "y/SCAN-BLOCK.class", "z/SCAN-WARN-2.txt"]);
        assert_eq!(r["verdict"], "BLOCK");
        let findings = r["findings"].as_array().unwrap();
        assert_eq!(findings.len(), 3);
        assert_eq!(findings[0]["severity"], "CRITICAL");
        assert_eq!(findings[0]["location"], "y/SCAN-BLOCK.class");
        assert!(findings[1..].iter().all(|f| f["severity"] == "MEDIUM"));
    }

    #[test]
    fn an_error_report_says_why() {
        let r = report_of(&["SCAN-ERROR.bin"]);
        assert_eq!(r["verdict"], "ERROR");
        assert_eq!(r["findings"][0]["severity"], "HIGH");
        assert!(r["error"].as_str().unwrap().contains("could not be analysed"));
        let broken = b"PK\x03\x04 not really a zip".to_vec();
        let r = report(&scan::verdict(&broken), &examine(&broken), 1);
        assert_eq!(r["verdict"], "ERROR");
        assert!(r["error"].as_str().unwrap().contains("central directory"));
    }
}
