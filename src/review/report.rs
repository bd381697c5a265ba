//! The scanner's report made readable. The contract gives it no schema; the sandbox's (and
//! what this reads) is `{verdict, risk_score, scanner_version, scanned_at, checked,
//! findings: [{severity, rule, title, location, detail}], error?}`. A report of any other
//! shape is not guessed at: the page shows it as formatted JSON.

use serde_json::Value;

pub const SEVERITIES: [&str; 5] = ["CRITICAL", "HIGH", "MEDIUM", "LOW", "INFO"];

#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub severity: String,
    pub rule: String,
    pub title: String,
    pub location: String,
    pub detail: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Readable {
    pub verdict: String,
    pub risk_score: Option<i64>,
    pub scanner_version: Option<String>,
    pub scanned_at: Option<i64>,
    /// What was examined, as (what, how many): "entries 12".
    pub checked: Vec<(String, String)>,
    /// Findings grouped by severity, most severe first; empty groups left out.
    pub groups: Vec<(String, Vec<Finding>)>,
    pub error: Option<String>,
}

fn string(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}

fn finding(v: &Value) -> Option<Finding> {
    Some(Finding {
        severity: string(v, "severity")?.to_uppercase(),
        title: string(v, "title")?,
        rule: string(v, "rule").unwrap_or_default(),
        location: string(v, "location").unwrap_or_default(),
        detail: string(v, "detail").unwrap_or_default(),
    })
}

/// The report in the known shape, or `None` (show the JSON instead).
pub fn readable(report: &Value) -> Option<Readable> {
    let verdict = string(report, "verdict")?;
    let findings = report.get("findings")?.as_array()?;
    let findings: Vec<Finding> = findings.iter().map(finding).collect::<Option<_>>()?;
    let mut groups: Vec<(String, Vec<Finding>)> = Vec::new();
    for severity in SEVERITIES {
        let of: Vec<Finding> = findings.iter().filter(|f| f.severity == severity).cloned().collect();
        if !of.is_empty() {
            groups.push((severity.to_string(), of));
        }
    }
    // A severity outside the five still shows, last, under its own name.
    for f in findings.iter().filter(|f| !SEVERITIES.contains(&f.severity.as_str())) {
        match groups.iter_mut().find(|(s, _)| *s == f.severity) {
            Some((_, list)) => list.push(f.clone()),
            None => groups.push((f.severity.clone(), vec![f.clone()])),
        }
    }
    let checked = report
        .get("checked")
        .and_then(Value::as_object)
        .map(|o| {
            o.iter()
                .map(|(k, v)| (k.clone(), v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())))
                .collect()
        })
        .unwrap_or_default();
    Some(Readable {
        verdict,
        risk_score: report.get("risk_score").and_then(Value::as_i64),
        scanner_version: string(report, "scanner_version"),
        scanned_at: report.get("scanned_at").and_then(Value::as_i64),
        checked,
        groups,
        error: string(report, "error"),
    })
}

/// The report as indented JSON (what is shown raw, copied and downloaded).
pub fn pretty(report: &Value) -> String {
    serde_json::to_string_pretty(report).unwrap_or_else(|_| report.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn groups_findings_by_severity_most_severe_first() {
        let r = json!({
            "verdict": "BLOCK", "risk_score": 95, "scanner_version": "s 1", "scanned_at": 5,
            "checked": {"entries": 3, "classes": 2},
            "findings": [
                {"severity": "MEDIUM", "rule": "r1", "title": "Risky", "location": "a", "detail": "d"},
                {"severity": "CRITICAL", "rule": "r2", "title": "Bad", "location": "b", "detail": "d"},
                {"severity": "medium", "rule": "r3", "title": "Risky too", "location": "c", "detail": "d"},
                {"severity": "WEIRD", "title": "Odd"}
            ]
        });
        let r = readable(&r).expect("known shape"); // ok: a test of a literal
        let names: Vec<(&str, usize)> = r.groups.iter().map(|(s, l)| (s.as_str(), l.len())).collect();
        assert_eq!(names, [("CRITICAL", 1), ("MEDIUM", 2), ("WEIRD", 1)]);
        assert_eq!((r.verdict.as_str(), r.risk_score, r.scanned_at), ("BLOCK", Some(95), Some(5)));
        assert_eq!(
            r.checked,
            [("classes".to_string(), "2".to_string()), ("entries".to_string(), "3".to_string())]
        );
    }

    #[test]
    fn another_shape_falls_back_to_json() {
        assert_eq!(readable(&json!({"result": "ok"})), None);
        assert_eq!(readable(&json!({"verdict": "PASS", "findings": "none"})), None);
        assert_eq!(readable(&json!({"verdict": "PASS", "findings": [{"severity": "LOW"}]})), None);
        assert_eq!(readable(&json!([1, 2])), None);
        assert!(pretty(&json!({"a": 1})).contains("\n  \"a\": 1"));
    }

    #[test]
    fn a_pass_report_has_no_groups_and_an_error_report_says_why() {
        // ok: tests of a literal
        let pass = readable(&json!({"verdict": "PASS", "findings": []})).expect("shape");
        assert!(pass.groups.is_empty() && pass.error.is_none());
        let err =
            readable(&json!({"verdict": "ERROR", "findings": [], "error": "truncated"})).expect("shape");
        assert_eq!(err.error.as_deref(), Some("truncated"));
    }
}
