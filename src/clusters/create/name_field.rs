//! The cluster name with a live availability check: debounced, one answer per pause in
//! typing, stale answers dropped. A name that breaks a rule (`name_rules::CLUSTER`, the
//! rules the service enforces) is refused at once, saying which rule; the service is still
//! asked, for its recommendation. When the service refuses a well-formed name, the only
//! reason left is that it is taken, and that is what is said.

use cluster_api::name_rules::CLUSTER;
use cluster_api::ops;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::{self, Api, ApiError};
use crate::i18n::k::clusters_create as w;
use crate::i18n::{t, tf};
use crate::poll::sleep_ms;

#[derive(Debug, Clone, PartialEq)]
pub enum NameState {
    Empty,
    Checking,
    Available(String),
    /// Refused: `why` names the rule broken, or says the name is taken.
    Unavailable {
        name: String,
        why: String,
        recommendation: Option<String>,
    },
    Failed(ApiError),
}

/// Watches `name` and reports whether the service would accept it.
pub fn availability(api: Api, name: RwSignal<String>) -> RwSignal<NameState> {
    let state = RwSignal::new(NameState::Empty);
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let candidate = name.get().trim().to_string();
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        if candidate.is_empty() {
            state.set(NameState::Empty);
            return;
        }
        // The service lowercases names: the rules apply to the lowercased form.
        let lowered = crate::lower::lower(&candidate);
        state.set(match CLUSTER.problem(&lowered) {
            Some(why) => NameState::Unavailable { name: lowered, why, recommendation: None },
            None => NameState::Checking,
        });
        // The task may outlive the wizard (the person leaves mid-check): every read and
        // write after an await is a `try_`, a no-op once the wizard is gone.
        spawn_local(async move {
            sleep_ms(350).await;
            if generation.try_get_value() != Some(mine) {
                return;
            }
            let answer = api::call(api, &ops::ClusterNameAvailabilityCheck { name: candidate }).await;
            if generation.try_get_value() != Some(mine) {
                return;
            }
            state.try_set(match answer {
                Ok(a) if a.available => NameState::Available(a.name),
                Ok(a) => NameState::Unavailable {
                    why: CLUSTER.refused(&a.name),
                    name: a.name,
                    recommendation: a.recommendation,
                },
                Err(e) => NameState::Failed(e),
            });
        });
    });
    state
}

#[component]
pub fn NameField(name: RwSignal<String>, state: RwSignal<NameState>) -> impl IntoView {
    view! {
        <label for="cluster-name">{t(w::NAME)}</label>
        <input id="cluster-name" autocomplete="off" spellcheck="false" placeholder=t(w::NAME_PLACEHOLDER)
            prop:value=name on:input:target=move |ev| name.set(ev.target().value())/>
        <p class="hint">{tf(w::NAME_HINT, &[("min", &CLUSTER.min.to_string()), ("max", &CLUSTER.max.to_string())])}</p>
        <p class="name-state" id="name-state" aria-live="polite">
            {move || match state.get() {
                NameState::Empty => ().into_any(),
                NameState::Checking => view! { <span class="hint">{t(w::CHECKING_NAME)}</span> }.into_any(),
                NameState::Available(n) => view! { <span class="ok">{tf(w::NAME_AVAILABLE, &[("name", &n)])}</span> }.into_any(),
                NameState::Unavailable { why, recommendation, .. } => view! {
                    <span class="bad">{format!("✗ {why}")}</span>
                    {recommendation.map(|r| {
                        let pick = r.clone();
                        view! {
                            " "<button type="button" class="button subtle link" id="use-recommendation"
                                on:click=move |_| name.set(pick.clone())>{tf(w::USE_RECOMMENDATION, &[("name", &r)])}</button>
                        }
                    })}
                }.into_any(),
                // Asking again is the way forward: the name itself is kept.
                NameState::Failed(e) => view! {
                    <span class="bad">{tf(w::NAME_CHECK_FAILED, &[("title", &e.title()), ("detail", &e.detail())])}</span>
                    " "<button type="button" class="button subtle link retry" id="retry-name-check"
                        on:click=move |_| name.update(|_| ())>{t(w::RETRY)}</button>
                }.into_any(),
            }}
        </p>
    }
}
