//! The desk's rows and filter as plain data. Filtering runs on every keystroke over up to
//! 10,000 rows, so each row carries its search text already lowercased and its attention
//! flag already decided: a keystroke costs one substring test per row and nothing else.

use crate::kit::pager::Pager;
use cluster_api::{Cluster, Extension, ExtensionVersion, ResourceType, ScanState};

/// One extension version on the desk.
#[derive(Debug, Clone, PartialEq)]
pub struct DeskRow {
    pub org_id: String,
    pub org_label: String,
    pub cluster_id: String,
    pub cluster_name: String,
    pub extension_id: String,
    pub extension_name: String,
    pub resource_type: ResourceType,
    pub version: ExtensionVersion,
    /// Lowercased organization, cluster, extension, label and IDs: what `q` searches.
    pub search: String,
    pub attention: bool,
}

/// The default view: not blocked by staff, and either the scanner was unhappy or the
/// customer approved something that did not pass.
pub fn needs_attention(v: &ExtensionVersion) -> bool {
    let troubled = matches!(v.scan_state, ScanState::Warn | ScanState::Block | ScanState::Error);
    v.admin_blocked != Some(true) && (troubled || (v.valid && v.scan_state != ScanState::Pass))
}

/// The rows of one cluster's extensions (well-known files have no versions to review).
pub fn rows_of(cluster: &Cluster, org_label: &str, extensions: &[Extension]) -> Vec<DeskRow> {
    let org_id = cluster.owner.clone().unwrap_or_default();
    let mut out = Vec::new();
    for e in extensions {
        for v in e.versions.as_deref().unwrap_or_default() {
            let search = [
                org_label,
                &org_id,
                &cluster.name,
                &cluster.id,
                &e.name,
                v.label.as_deref().unwrap_or(""),
                &v.id,
            ]
            .join("\u{1}");
            let search = crate::lower::lower(&search);
            out.push(DeskRow {
                org_id: org_id.clone(),
                org_label: org_label.to_string(),
                cluster_id: cluster.id.clone(),
                cluster_name: cluster.name.clone(),
                extension_id: e.id.clone(),
                extension_name: e.name.clone(),
                resource_type: e.resource_type.clone(),
                version: v.clone(),
                search,
                attention: needs_attention(v),
            });
        }
    }
    out
}

/// The desk's filter, as kept in the URL.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeskFilter {
    /// `view=all`: every version, not only those needing attention.
    pub all: bool,
    /// A scan state's wire spelling.
    pub scan: Option<String>,
    /// `admin_blocked=true|false`: blocked by support or not.
    pub admin_blocked: Option<bool>,
    /// `override=true|false`: approved despite a scan that did not pass, or not.
    pub overridden: Option<bool>,
    pub org: Option<String>,
    /// Free text, lowercased when read.
    pub q: String,
    /// The page, from 1.
    pub page: usize,
}

fn flag(value: Option<String>) -> Option<bool> {
    match value.as_deref().map(str::trim) {
        Some("true") | Some("yes") => Some(true),
        Some("false") | Some("no") => Some(false),
        _ => None,
    }
}

fn text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

impl DeskFilter {
    /// From the query parameters `view`, `scan`, `admin_blocked`, `override`, `org`, `q`, `page`.
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> DeskFilter {
        DeskFilter {
            all: get("view").as_deref() == Some("all"),
            scan: text(get("scan")).map(|s| s.to_uppercase()),
            admin_blocked: flag(get("admin_blocked")),
            overridden: flag(get("override")),
            org: text(get("org")),
            q: get("q").unwrap_or_default(),
            page: get("page").and_then(|p| p.trim().parse().ok()).filter(|p| *p > 0).unwrap_or(1),
        }
    }

    /// The query string parameters, non-default ones only, in a fixed order.
    pub fn to_params(&self) -> Vec<(&'static str, String)> {
        let b = |v: Option<bool>| v.map(|b| b.to_string()).unwrap_or_default();
        vec![
            ("view", if self.all { "all".into() } else { String::new() }),
            ("scan", self.scan.clone().unwrap_or_default()),
            ("admin_blocked", b(self.admin_blocked)),
            ("override", b(self.overridden)),
            ("org", self.org.clone().unwrap_or_default()),
            ("q", self.q.trim().to_string()),
            ("page", if self.page > 1 { self.page.to_string() } else { String::new() }),
        ]
    }

    /// Whether `row` is shown. `needle` is `q` lowercased once per filtering, not per row.
    pub fn matches(&self, row: &DeskRow, needle: &str) -> bool {
        let v = &row.version;
        (self.all || row.attention)
            && self.scan.as_deref().is_none_or(|s| v.scan_state.as_str() == s)
            && self.admin_blocked.is_none_or(|b| (v.admin_blocked == Some(true)) == b)
            && self.overridden.is_none_or(|o| v.override_reason.is_some() == o)
            && self.org.as_deref().is_none_or(|o| row.org_id == o)
            && (needle.is_empty() || row.search.contains(needle))
    }

    /// The indices of the rows shown, in order.
    pub fn select(&self, rows: &[DeskRow]) -> Vec<u32> {
        let needle = crate::lower::lower(self.q.trim());
        let mut out = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            if self.matches(row, &needle) {
                out.push(i as u32);
            }
        }
        out
    }

    /// Any filter besides the view and the page.
    pub fn narrows(&self) -> bool {
        self.scan.is_some()
            || self.admin_blocked.is_some()
            || self.overridden.is_some()
            || self.org.is_some()
            || !self.q.trim().is_empty()
    }
}

/// The desk's pages: the DOM holds at most 25 rows whatever the total, and a keystroke
/// redraws no more than these (the frame budget of the filter, see BENCHMARKS.md).
pub const PAGER: Pager =
    Pager { size: 25, prev_id: "desk-prev", next_id: "desk-next", param: crate::kit::pager::PARAM };

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::Region;

    fn v(id: &str, scan: ScanState, valid: bool, blocked: bool, reason: Option<&str>) -> ExtensionVersion {
        ExtensionVersion {
            id: id.into(),
            scan_state: scan,
            valid,
            admin_blocked: Some(blocked),
            override_reason: reason.map(Into::into),
            ..Default::default()
        }
    }

    fn rows() -> Vec<DeskRow> {
        let cluster = Cluster {
            id: "cl-1".into(),
            name: "acme-shop".into(),
            owner: Some("org-acme".into()),
            region: Region::default(),
            ..Default::default()
        };
        let ext = Extension {
            id: "e".into(),
            name: "Storefront".into(),
            versions: Some(vec![
                v("pass", ScanState::Pass, true, false, None),
                v("warn", ScanState::Warn, false, false, None),
                v("blocked", ScanState::Block, false, true, None),
                v("override", ScanState::Warn, true, false, Some("ok")),
                v("unscanned-approved", ScanState::Unscanned, true, false, Some("old")),
                v("unscanned", ScanState::Unscanned, false, false, None),
            ]),
            ..Default::default()
        };
        rows_of(&cluster, "Acme Inc.", &[ext])
    }

    fn ids(rows: &[DeskRow], f: &DeskFilter) -> Vec<String> {
        f.select(rows).into_iter().map(|i| rows[i as usize].version.id.clone()).collect()
    }

    #[test]
    fn the_default_view_is_what_needs_attention() {
        let rows = rows();
        assert_eq!(ids(&rows, &DeskFilter::default()), ["warn", "override", "unscanned-approved"]);
        let all = DeskFilter { all: true, ..Default::default() };
        assert_eq!(ids(&rows, &all).len(), 6);
    }

    #[test]
    fn filters_combine_and_search_ignores_case() {
        let rows = rows();
        let q = |f: DeskFilter| ids(&rows, &DeskFilter { all: true, ..f });
        assert_eq!(q(DeskFilter { scan: Some("WARN".into()), ..Default::default() }), ["warn", "override"]);
        assert_eq!(q(DeskFilter { admin_blocked: Some(true), ..Default::default() }), ["blocked"]);
        assert_eq!(
            q(DeskFilter { overridden: Some(true), ..Default::default() }),
            ["override", "unscanned-approved"]
        );
        assert_eq!(q(DeskFilter { org: Some("org-globex".into()), ..Default::default() }).len(), 0);
        assert_eq!(q(DeskFilter { q: "STOREFRONT".into(), ..Default::default() }).len(), 6);
        assert_eq!(
            q(DeskFilter { q: "acme inc".into(), scan: Some("PASS".into()), ..Default::default() }),
            ["pass"]
        );
        assert_eq!(q(DeskFilter { q: "nothing".into(), ..Default::default() }).len(), 0);
    }

    #[test]
    fn round_trips_through_the_query() {
        let f = DeskFilter {
            all: true,
            scan: Some("BLOCK".into()),
            admin_blocked: Some(false),
            overridden: Some(true),
            org: Some("org-acme".into()),
            q: "shop".into(),
            page: 3,
        };
        let params = f.to_params();
        let get =
            |name: &str| params.iter().find(|(k, v)| *k == name && !v.is_empty()).map(|(_, v)| v.clone());
        assert_eq!(DeskFilter::from_query(get), f);
        let none = DeskFilter::from_query(|_| None);
        assert_eq!(none, DeskFilter { page: 1, ..Default::default() });
        assert!(none.to_params().iter().all(|(_, v)| v.is_empty()));
        assert_eq!(DeskFilter::from_query(|n| (n == "page").then(|| "0".into())).page, 1);
    }

    #[test]
    fn pages_bound_the_dom() {
        assert_eq!(PAGER.range(0, 1), (1, 0..0));
        assert_eq!(PAGER.range(10_000, 1), (400, 0..25));
        assert_eq!(PAGER.range(60, 3), (3, 50..60));
        assert_eq!(PAGER.range(60, 9), (3, 50..60));
    }
}
