//! A name checked as it is typed, for every form that names a new thing (a cluster, a realm):
//! a name breaking the service's rules (`cluster_api::name_rules`) is refused at once, naming
//! the rule; after each pause in typing the service is asked (a stale answer is dropped) for
//! whether the name is free and for its recommendation; the line under the field says which,
//! with "Use …" for the recommendation and Retry when the question failed.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use cluster_api::NameAvailability;
use cluster_api::name_rules::NameRules;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::ApiError;
use crate::i18n::{Msg, t, tf};
use crate::poll::sleep_ms;

/// Where the check is.
#[derive(Debug, Clone, PartialEq)]
pub enum NameCheck {
    Empty,
    Checking,
    Available(String),
    /// Refused: `why` names the rule broken, or says the name is taken.
    Refused {
        why: String,
        recommendation: Option<String>,
    },
    Failed(ApiError),
}

impl NameCheck {
    /// Whether the form must not send the name.
    pub fn refused(&self) -> bool {
        matches!(self, NameCheck::Refused { .. })
    }
}

/// The question to the service for one name (the form's availability operation).
pub type Ask = Rc<dyn Fn(String) -> Pin<Box<dyn Future<Output = Result<NameAvailability, ApiError>>>>>;

/// What the check says once the service answered: a broken rule stays the reason (with the
/// service's recommendation, which keeps the rules); else the service's yes, or its no
/// worded by the rules ("is taken"), or the failure.
pub fn settle(
    rules: &NameRules,
    broken: Option<String>,
    answer: Result<NameAvailability, ApiError>,
) -> NameCheck {
    match (answer, broken) {
        (Ok(a), Some(why)) => NameCheck::Refused { why, recommendation: a.recommendation },
        (Err(_), Some(why)) => NameCheck::Refused { why, recommendation: None },
        (Ok(a), None) if a.available => NameCheck::Available(a.name),
        (Ok(a), None) => NameCheck::Refused { why: rules.refused(&a.name), recommendation: a.recommendation },
        (Err(e), None) => NameCheck::Failed(e),
    }
}

/// Watches `name`: the rules at once, the service `pause_ms` after the last keystroke.
pub fn watch(
    name: RwSignal<String>,
    rules: &'static NameRules,
    pause_ms: u32,
    ask: Ask,
) -> RwSignal<NameCheck> {
    let state = RwSignal::new(NameCheck::Empty);
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let candidate = name.get().trim().to_string();
        generation.update_value(|g| *g = g.wrapping_add(1));
        let mine = generation.get_value();
        if candidate.is_empty() {
            state.set(NameCheck::Empty);
            return;
        }
        // The service lowercases names: the rules apply to the lowercased form.
        let broken = rules.problem(&crate::lower::lower(&candidate));
        state.set(match &broken {
            Some(why) => NameCheck::Refused { why: why.clone(), recommendation: None },
            None => NameCheck::Checking,
        });
        // The question is made now (it reads what it needs before the pause); the task may
        // outlive the form, so every read and write after an await is a `try_`.
        let question = ask(candidate);
        spawn_local(async move {
            sleep_ms(pause_ms).await;
            if generation.try_get_value() != Some(mine) {
                return;
            }
            let answer = question.await;
            if generation.try_get_value() == Some(mine) {
                state.try_set(settle(rules, broken, answer));
            }
        });
    });
    state
}

/// The words of one form's check, from its own catalogue: `available` and `use_name` hold
/// `{name}`, `failed` holds `{title}` and `{detail}`.
#[derive(Clone, Copy)]
pub struct NameCheckWords {
    pub checking: Msg,
    pub available: Msg,
    pub use_name: Msg,
    pub failed: Msg,
    pub retry: Msg,
}

/// The ids the page and its tests find the line by: the line, "Use …", Retry.
#[derive(Clone, Copy)]
pub struct NameCheckIds {
    pub line: &'static str,
    pub recommendation: &'static str,
    pub retry: &'static str,
}

/// The line under the field (`p.name-state`, read out as it changes). "Use …" puts the
/// recommendation in the field; Retry asks again with the name kept.
pub fn line(
    check: RwSignal<NameCheck>,
    name: RwSignal<String>,
    words: NameCheckWords,
    ids: NameCheckIds,
) -> AnyView {
    view! {
        <p class="name-state" id=ids.line aria-live="polite">
            {move || match check.get() {
                NameCheck::Empty => ().into_any(),
                NameCheck::Checking => view! { <span class="hint">{t(words.checking)}</span> }.into_any(),
                NameCheck::Available(n) => {
                    view! { <span class="ok">{tf(words.available, &[("name", &n)])}</span> }.into_any()
                }
                NameCheck::Refused { why, recommendation } => {
                    view! {
                        <span class="bad">{format!("✗ {why}")}</span>
                        {recommendation
                            .map(|r| {
                                let pick = r.clone();
                                view! {
                                    " "
                                    <button
                                        type="button"
                                        class="button subtle link"
                                        id=ids.recommendation
                                        on:click=move |_| name.set(pick.clone())
                                    >
                                        {tf(words.use_name, &[("name", &r)])}
                                    </button>
                                }
                            })}
                    }
                        .into_any()
                }
                NameCheck::Failed(e) => {
                    view! {
                        <span class="bad">
                            {tf(words.failed, &[("title", &e.title()), ("detail", &e.detail())])}
                        </span>
                        " "
                        <button
                            type="button"
                            class="button subtle link retry"
                            id=ids.retry
                            on:click=move |_| name.update(|_| ())
                        >
                            {t(words.retry)}
                        </button>
                    }
                        .into_any()
                }
            }}
        </p>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use cluster_api::name_rules::{CLUSTER, REALM};

    use super::*;

    fn answer(name: &str, available: bool, recommendation: Option<&str>) -> NameAvailability {
        NameAvailability { name: name.into(), available, recommendation: recommendation.map(Into::into) }
    }

    #[test]
    fn the_service_decides_a_name_that_keeps_the_rules() {
        assert_eq!(
            settle(&CLUSTER, None, Ok(answer("acme", true, None))),
            NameCheck::Available("acme".into())
        );
        let taken = settle(&REALM, None, Ok(answer("customers", false, Some("customers-2"))));
        assert_eq!(
            taken,
            NameCheck::Refused {
                why: REALM.refused("customers"),
                recommendation: Some("customers-2".into())
            }
        );
        assert!(taken.refused());
        let failed = settle(&REALM, None, Err(ApiError::BadRequest("down".into())));
        assert!(matches!(failed, NameCheck::Failed(_)) && !failed.refused());
    }

    #[test]
    fn a_broken_rule_stays_the_reason_whatever_the_service_says() {
        let why = CLUSTER.problem("a").unwrap_or_default();
        assert!(!why.is_empty(), "a one-letter cluster name should break a rule");
        assert_eq!(
            settle(&CLUSTER, Some(why.clone()), Ok(answer("a", true, Some("a-1")))),
            NameCheck::Refused { why: why.clone(), recommendation: Some("a-1".into()) }
        );
        assert_eq!(
            settle(&CLUSTER, Some(why.clone()), Err(ApiError::BadRequest("down".into()))),
            NameCheck::Refused { why, recommendation: None }
        );
    }
}
