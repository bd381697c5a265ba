//! The ceilings of `size-budget.json` and the figures of a build set against them: reading
//! the file, pairing each ceiling with its figure, and the report's table.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;

/// The ceilings of `size-budget.json`.
#[derive(Debug, PartialEq)]
pub struct Budget {
    pub main_module: u64,
    pub first_visit: u64,
    pub all: u64,
    pub groups: BTreeMap<String, u64>,
}

/// What the build weighs, in the same terms.
#[derive(Debug, PartialEq)]
pub struct Measured {
    pub main_module: u64,
    pub first_visit: u64,
    pub all: u64,
    pub groups: BTreeMap<String, u64>,
}

/// One line of the report.
#[derive(Debug, PartialEq)]
pub struct Figure {
    pub name: String,
    pub ceiling: u64,
    pub actual: u64,
}

impl Figure {
    pub fn grew(&self) -> bool {
        self.actual > self.ceiling
    }
}

pub fn ceiling(object: &serde_json::Map<String, Value>, key: &str, at: &str) -> Result<u64, String> {
    object
        .get(key)
        .ok_or_else(|| format!("size-budget.json: {at}{key} is missing"))?
        .as_u64()
        .ok_or_else(|| format!("size-budget.json: {at}{key} is not a whole number of bytes"))
}

/// Reads `size-budget.json`. Unknown keys are refused: a misspelt ceiling would otherwise
/// budget nothing.
pub fn parse_budget(text: &str) -> Result<Budget, String> {
    let root: Value = serde_json::from_str(text).map_err(|e| format!("size-budget.json: {e}"))?;
    let root = root.as_object().ok_or("size-budget.json: not an object")?;
    for key in root.keys() {
        if !["about", "ceilings", "goals"].contains(&key.as_str()) {
            return Err(format!("size-budget.json: unknown key {key:?}"));
        }
    }
    let ceilings =
        root.get("ceilings").and_then(Value::as_object).ok_or("size-budget.json: no \"ceilings\" object")?;
    for key in ceilings.keys() {
        if !["main_module", "first_visit", "all", "groups"].contains(&key.as_str()) {
            return Err(format!("size-budget.json: unknown key ceilings.{key}"));
        }
    }
    let groups = ceilings
        .get("groups")
        .and_then(Value::as_object)
        .ok_or("size-budget.json: no \"ceilings.groups\" object")?;
    let groups = groups
        .keys()
        .map(|g| Ok((g.clone(), ceiling(groups, g, "ceilings.groups.")?)))
        .collect::<Result<_, String>>()?;
    Ok(Budget {
        main_module: ceiling(ceilings, "main_module", "ceilings.")?,
        first_visit: ceiling(ceilings, "first_visit", "ceilings.")?,
        all: ceiling(ceilings, "all", "ceilings.")?,
        groups,
    })
}

/// Pairs each ceiling with its figure. Every group of the build needs a ceiling and every
/// ceiling a group of the build: an unbudgeted group would grow unseen, and a ceiling for a
/// group the build lacks checks nothing.
pub fn figures(budget: &Budget, measured: &Measured) -> Result<Vec<Figure>, Vec<String>> {
    let mut problems = Vec::new();
    for g in budget.groups.keys().filter(|g| !measured.groups.contains_key(*g)) {
        problems.push(format!("size-budget.json names group {g:?}, which packs.json does not have"));
    }
    for g in measured.groups.keys().filter(|g| !budget.groups.contains_key(*g)) {
        problems.push(format!("packs.json has group {g:?}, which size-budget.json gives no ceiling"));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let figure = |name: String, ceiling, actual| Figure { name, ceiling, actual };
    let mut out = vec![
        figure("main module".into(), budget.main_module, measured.main_module),
        figure("first visit".into(), budget.first_visit, measured.first_visit),
    ];
    for (g, &c) in &budget.groups {
        out.push(figure(format!("group {g}"), c, measured.groups[g]));
    }
    out.push(figure("all of dist".into(), budget.all, measured.all));
    Ok(out)
}

pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub fn signed(actual: u64, ceiling: u64) -> String {
    if actual == ceiling {
        "0".into()
    } else if actual > ceiling {
        format!("+{}", thousands(actual - ceiling))
    } else {
        format!("-{}", thousands(ceiling - actual))
    }
}

/// The figures as an aligned table: name, ceiling, actual, difference (actual - ceiling).
pub fn table<'a>(rows: impl IntoIterator<Item = &'a Figure>) -> String {
    let mut cells = vec![["gzip bytes".to_string(), "ceiling".into(), "actual".into(), "difference".into()]];
    for f in rows {
        cells.push([f.name.clone(), thousands(f.ceiling), thousands(f.actual), signed(f.actual, f.ceiling)]);
    }
    let width = |i: usize| cells.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let widths = [width(0), width(1), width(2), width(3)];
    let mut out = String::new();
    for r in &cells {
        let _ = writeln!(
            out,
            "  {:<w0$}  {:>w1$}  {:>w2$}  {:>w3$}",
            r[0],
            r[1],
            r[2],
            r[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3]
        );
    }
    out
}
