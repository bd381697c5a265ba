//! Changes staged on the Environment variables tab and not yet sent: what each one is, how
//! it is kept in this tab's sessionStorage (never a secret's value), and what applying a
//! number of them costs in restarts, in words. Pure: tested natively.

use cluster_api::env_var_rules::{DotenvLine, LineProblem, NameProblem};
use cluster_api::{EnvironmentVariableRequest, EnvironmentVariableType as Kind};
use serde::{Deserialize, Serialize};

use super::queue::Change;
use crate::i18n::k::env_vars as w;
use crate::i18n::{Phrase, Plural, t, tf, tp};

/// What a staged change does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Op {
    Add,
    Edit { var_id: String },
    Delete { var_id: String },
}

/// One staged change to one cluster's variables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Staged {
    pub id: u64,
    pub cluster: String,
    pub op: Op,
    pub name: String,
    /// Empty for a delete, and for a secret whose value was lost with a reload.
    pub value: String,
    pub secret: bool,
}

impl Staged {
    /// What it does, in words: "Add MY_VAR".
    pub fn label(&self) -> String {
        self.phrase().read()
    }

    /// [`Staged::label`] kept to be read later (the queue, the activity center).
    pub fn phrase(&self) -> Phrase {
        let words = match self.op {
            Op::Add => w::STAGED_ADD,
            Op::Edit { .. } => w::STAGED_CHANGE,
            Op::Delete { .. } => w::STAGED_DELETE,
        };
        Phrase::of(words, [("name", self.name.clone().into())])
    }

    /// A secret that is added or changed needs its value typed again after a reload.
    pub fn needs_value(&self) -> bool {
        self.secret && self.value.is_empty() && !matches!(self.op, Op::Delete { .. })
    }

    /// The variable it changes, if it exists already.
    pub fn var_id(&self) -> Option<&str> {
        match &self.op {
            Op::Add => None,
            Op::Edit { var_id } | Op::Delete { var_id } => Some(var_id),
        }
    }

    /// The call it makes; `None` while a secret's value is missing.
    pub fn change(&self) -> Option<Change> {
        if self.needs_value() {
            return None;
        }
        let body = || EnvironmentVariableRequest {
            name: self.name.clone(),
            value: self.value.clone(),
            r#type: Some(if self.secret { Kind::Secret } else { Kind::String }),
        };
        Some(match &self.op {
            Op::Add => Change::Create(body()),
            Op::Edit { var_id } => Change::Update { var_id: var_id.clone(), body: body() },
            Op::Delete { var_id } => Change::Delete { var_id: var_id.clone() },
        })
    }
}

/// Adds `staged`, replacing an earlier staged change of the same variable (same ID, or
/// the same new name for an add) on the same cluster.
pub fn stage(list: &mut Vec<Staged>, staged: Staged) {
    list.retain(|s| {
        s.cluster != staged.cluster
            || match (s.var_id(), staged.var_id()) {
                (Some(a), Some(b)) => a != b,
                (None, None) => s.name != staged.name,
                _ => true,
            }
    });
    list.push(staged);
}

/// What is written to sessionStorage: everything but the values of secrets.
pub fn for_storage(list: &[Staged]) -> String {
    let kept: Vec<Staged> = list
        .iter()
        .map(|s| Staged { value: if s.secret { String::new() } else { s.value.clone() }, ..s.clone() })
        .collect();
    serde_json::to_string(&kept).unwrap_or_default()
}

/// What sessionStorage held; nothing when it held nothing readable.
pub fn from_storage(text: &str) -> Vec<Staged> {
    serde_json::from_str(text).unwrap_or_default()
}

/// "40 seconds", "3 minutes": a length of time, rounded up.
fn length(ms: f64) -> String {
    let seconds = (ms / 1000.0).ceil().max(1.0) as u64;
    let (n, words): (u64, Plural) =
        if seconds < 90 { (seconds, w::SECONDS) } else { (seconds.div_ceil(60), w::MINUTES) };
    tp(words, n as f64, &[])
}

/// What applying `count` changes costs: one restart each, and how long that takes when the
/// last restart of this cluster was timed (`last_ms`). Never a guessed number.
pub fn cost(count: usize, cluster: &str, last_ms: Option<f64>) -> String {
    let changes = tp(w::CHANGES_RESTARTS, count as f64, &[]);
    match last_ms {
        Some(ms) => tf(
            w::COST_TIMED,
            &[
                ("changes", &changes),
                ("total", &length(ms * count as f64)),
                ("cluster", cluster),
                ("last", &length(ms)),
            ],
        ),
        None => tf(w::COST_UNTIMED, &[("changes", &changes), ("cluster", cluster)]),
    }
}

/// The line of a run in progress: "2 of 5 applied, restarting…".
pub fn progress(applied: usize, total: usize, restarting: bool) -> String {
    let done = applied == total;
    let (applied, total) = (applied.to_string(), total.to_string());
    let counts = [("applied", applied.as_str()), ("total", total.as_str())];
    if done {
        return tf(w::PROGRESS_DONE, &counts);
    }
    tf(if restarting { w::PROGRESS_RESTARTING } else { w::PROGRESS_SENDING }, &counts)
}

/// Why a pasted line is not staged, in the console's words.
pub fn line_problem(line: &DotenvLine) -> Option<String> {
    Some(match line.problem? {
        LineProblem::NoEquals => t(w::LINE_NO_EQUALS).into(),
        LineProblem::Duplicate { first } => {
            tf(w::LINE_DUPLICATE, &[("name", &line.name), ("first", &first.to_string())])
        }
        LineProblem::Name(NameProblem::Empty) => t(w::LINE_NO_NAME).into(),
        LineProblem::Name(NameProblem::Reserved) => tf(w::LINE_RESERVED, &[("name", &line.name)]),
        LineProblem::Name(NameProblem::Whitespace) => t(w::LINE_SPACES).into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staged(id: u64, op: Op, name: &str, value: &str, secret: bool) -> Staged {
        Staged { id, cluster: "cl-1".into(), op, name: name.into(), value: value.into(), secret }
    }

    #[test]
    fn storage_never_holds_a_secret_value() {
        let list = vec![
            staged(1, Op::Add, "PLAIN", "hello", false),
            staged(2, Op::Add, "SMTP_PASSWORD", "hunter2", true),
            staged(3, Op::Delete { var_id: "v1".into() }, "OLD", "", true),
        ];
        let text = for_storage(&list);
        assert!(!text.contains("hunter2"), "{text}");
        let back = from_storage(&text);
        assert_eq!(back[0], list[0]);
        assert_eq!(back[1].name, "SMTP_PASSWORD");
        assert!(back[1].needs_value() && back[1].change().is_none(), "a secret asks for its value again");
        assert!(!back[2].needs_value(), "a delete needs no value");
        assert_eq!(back[2].change(), Some(Change::Delete { var_id: "v1".into() }));
        assert!(from_storage("not json").is_empty());
    }

    #[test]
    fn a_second_change_of_a_variable_replaces_the_first() {
        let mut list = Vec::new();
        stage(&mut list, staged(1, Op::Add, "A", "1", false));
        stage(&mut list, staged(2, Op::Edit { var_id: "v1".into() }, "B", "2", false));
        stage(&mut list, staged(3, Op::Add, "A", "3", false));
        stage(&mut list, staged(4, Op::Delete { var_id: "v1".into() }, "B", "", false));
        let ids: Vec<u64> = list.iter().map(|s| s.id).collect();
        assert_eq!(ids, [3, 4]);
        assert_eq!(list[1].label(), "Delete B");
    }

    #[test]
    fn the_cost_is_one_restart_per_change_and_never_a_guess() {
        let known = cost(5, "acme-prod", Some(40_000.0));
        assert!(known.contains("5 changes → 5 restarts, about 4 minutes in all"), "{known}");
        assert!(known.contains("took 40 seconds"), "{known}");
        let unknown = cost(1, "acme-prod", None);
        assert!(unknown.contains("1 change → 1 restart.") && unknown.contains("not known yet"), "{unknown}");
        assert!(!unknown.chars().any(|c| c.is_ascii_digit() && c != '1'), "{unknown}");
        assert_eq!(progress(2, 5, true), "2 of 5 applied, restarting…");
    }
}
