//! Add realm: a name with a live availability check (debounced; a stale answer is
//! dropped) and the service's recommendation, then create. The new realm shows in the
//! list as Pending and turns Active there without a reload. Arriving with `?add=1` (the
//! palette's "Add realm to …") puts the focus in the name field. A name breaking one of the
//! realm name rules (`name_rules::REALM`, the service's) is refused at once, naming the
//! rule, and never sent.

use cluster_api::name_rules::REALM;
use cluster_api::{ClusterDeploymentRequest, NameAvailability, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::RealmsCtx;
use crate::api::{self, Api, ApiError};
use crate::i18n::k::cluster_realms as w;
use crate::i18n::{t, tf};
use crate::kit::Write;
use crate::kit::code::CodePanel;
use crate::poll::sleep_ms;
use cluster_api::Call;

#[derive(Debug, Clone, PartialEq)]
enum Check {
    Empty,
    Checking,
    /// Breaks a rule (in words); the service's recommendation once it answers.
    Broken {
        why: String,
        recommendation: Option<String>,
    },
    Answer(NameAvailability),
    Failed(ApiError),
}

/// Asks the service about `name` after each pause in typing.
fn watch_name(api: Api, cluster_id: StoredValue<String>, name: RwSignal<String>) -> RwSignal<Check> {
    let state = RwSignal::new(Check::Empty);
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let candidate = name.get().trim().to_string();
        generation.update_value(|g| *g = g.wrapping_add(1));
        let mine = generation.get_value();
        if candidate.is_empty() {
            state.set(Check::Empty);
            return;
        }
        // Names are lowercased by the service: the rules apply to the lowercased form.
        let broken = REALM.problem(&crate::lower::lower(&candidate));
        state.set(match &broken {
            Some(why) => Check::Broken { why: why.clone(), recommendation: None },
            None => Check::Checking,
        });
        // Read now, not after the pause: the form may be gone by then.
        let id = cluster_id.get_value();
        spawn_local(async move {
            sleep_ms(300).await;
            if generation.try_get_value() != Some(mine) {
                return;
            }
            let op = ops::ClusterDeploymentNameAvailabilityCheck { id, name: candidate };
            let answer = api::call(api, &op).await;
            if generation.try_get_value() == Some(mine) {
                state.try_set(match (answer, broken) {
                    // The rule stays the reason; the service may offer a name that keeps it.
                    (Ok(a), Some(why)) => Check::Broken { why, recommendation: a.recommendation },
                    (_, Some(why)) => Check::Broken { why, recommendation: None },
                    (Ok(a), None) => Check::Answer(a),
                    (Err(e), None) => Check::Failed(e),
                });
            }
        });
    });
    state
}

#[component]
pub fn AddRealm() -> impl IntoView {
    let ctx = expect_context::<RealmsCtx>();
    let api = ctx.cluster.api;
    let name = RwSignal::new(String::new());
    let check = watch_name(api, ctx.cluster.id, name);
    let adding = Write::new(t(w::ADDING_REALM));
    let added = RwSignal::new(None::<String>);
    let taken = move || {
        check.with(|c| matches!(c, Check::Answer(a) if !a.available) || matches!(c, Check::Broken { .. }))
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        added.set(None);
        let typed = crate::lower::lower(name.get_untracked().trim());
        if typed.is_empty() {
            return adding.error.set(Some(ApiError::BadRequest(t(w::ENTER_NAME).into())));
        }
        // Never send a name the check refused (the button is disabled; Enter is not).
        if taken() {
            return;
        }
        let op = ops::ClusterDeploymentCreate {
            id: ctx.cluster.id.get_value(),
            body: ClusterDeploymentRequest { name: typed.clone() },
        };
        adding.run(async move { api::call(api, &op).await }, move |_| {
            added.try_set(Some(tf(w::ADDED, &[("name", &typed)])));
            name.try_set(String::new());
            ctx.list.refetch();
            // The button was disabled while adding, which left the focus on the page body:
            // to the new realm's link once the list shows it, else the list's heading.
            // (The name keeps to `REALM`'s letters, so it is safe inside the selector.)
            let safe = typed.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            let made =
                if safe { format!("tr[data-realm=\"{typed}\"] a") } else { String::from("#realms-heading") };
            crate::kit::focus::after_write(made, "realms-heading", "add-realm");
        });
    };
    let cluster_id = ctx.cluster.id;
    let code = crate::code::live(Box::new(move |t| {
        let typed = crate::lower::lower(name.get().trim());
        let op = ops::ClusterDeploymentCreate {
            id: cluster_id.get_value(),
            body: ClusterDeploymentRequest { name: typed.clone() },
        };
        crate::code::single(t, &crate::code::named("Add the realm", &typed), &op.request())
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        crate::code::hcl::realm(t, &cluster_id.get_value(), crate::lower::lower(name.get().trim()).as_str())
    }));

    let field = NodeRef::<leptos::html::Input>::new();
    let wanted = leptos_router::hooks::use_query_map().with_untracked(|q| q.get("add").is_some());
    // After the page's own focus on its heading (mounted first), in the next frame.
    Effect::new(move |_| {
        if let (true, Some(input)) = (wanted, field.get()) {
            request_animation_frame(move || {
                let _ = input.focus();
            });
        }
    });
    view! {
        <form class="inline-form add-realm" on:submit=submit>
            <label for="realm-name">{t(w::REALM_NAME)}</label>
            <input id="realm-name" node_ref=field autocomplete="off" spellcheck="false" maxlength="255" placeholder=t(w::NAME_PLACEHOLDER)
                aria-describedby="realm-name-state" prop:value=name on:input:target=move |ev| name.set(ev.target().value())/>
            <button type="submit" class="button primary" id="add-realm" disabled=move || adding.busy.get() || taken()>
                {adding.label(t(w::ADD_REALM), t(w::ADDING))}
            </button>
        </form>
        <p class="hint">{tf(w::NAME_HINT, &[("allowed", REALM.allowed_words)])}</p>
        <p class="name-state" id="realm-name-state" aria-live="polite">
            {move || match check.get() {
                Check::Empty => ().into_any(),
                Check::Checking => view! { <span class="hint">{t(w::CHECKING)}</span> }.into_any(),
                Check::Answer(a) if a.available => view! { <span class="ok">{tf(w::AVAILABLE, &[("name", &a.name)])}</span> }.into_any(),
                Check::Answer(a) => refused(REALM.refused(&a.name), a.recommendation, name),
                Check::Broken { why, recommendation } => refused(why, recommendation, name),
                Check::Failed(e) => view! {
                    <span class="bad">{tf(w::CHECK_FAILED, &[("title", &e.title()), ("detail", &e.detail())])}</span>
                    " "<button type="button" class="button subtle link retry" id="retry-realm-name-check"
                        on:click=move |_| name.update(|_| ())>{t(w::RETRY)}</button>
                }.into_any(),
            }}
        </p>
        {move || added.get().map(|text| view! { <p class="flash" id="realm-added" role="status">{text}</p> })}
        {adding.failure()}
        <CodePanel curl=code hcl=hcl/>
    }
}

/// The refusal, naming the rule broken (or that the name is taken), with the service's
/// recommendation when it made one.
fn refused(why: String, recommendation: Option<String>, name: RwSignal<String>) -> AnyView {
    view! {
        <span class="bad">{format!("✗ {why}")}</span>
        {recommendation.map(|r| {
            let pick = r.clone();
            view! { " "<button type="button" class="button subtle link" id="use-realm-recommendation"
                on:click=move |_| name.set(pick.clone())>{tf(w::USE_NAME, &[("name", &r)])}</button> }
        })}
    }
    .into_any()
}
