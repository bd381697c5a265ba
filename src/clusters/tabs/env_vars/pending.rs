//! The staged changes of this cluster with their count, the one confirmation that applies
//! them all ("Apply 3 changes"), the run's progress and where it stopped, and a pasted
//! `.env` block checked line by line and staged.

use cluster_api::EnvironmentVariableType;
use cluster_api::env_var_rules::parse_dotenv;
use leptos::prelude::*;

use super::page::EnvVarsCtx;
use super::queue::Change;
use super::run::StagedState;
use super::staged::{Op, Staged, cost, line_problem, progress};
use crate::kit::ErrorPanel;
use crate::kit::code::CodePanel;
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work};

fn changes(n: usize) -> String {
    if n == 1 { "1 change".into() } else { format!("{n} changes") }
}

#[component]
pub fn PendingPanel() -> impl IntoView {
    let ctx = expect_context::<EnvVarsCtx>();
    let queue = ctx.queue;
    let cluster = ctx.cluster.id.get_value();
    let pending = {
        let cluster = cluster.clone();
        Memo::new(move |_| queue.pending(&cluster))
    };
    let run = {
        let cluster = cluster.clone();
        Memo::new(move |_| queue.run_of(&cluster))
    };
    let running = move || run.with(|r| r.as_ref().is_some_and(|r| r.running()));
    let count = move || pending.with(Vec::len);
    let missing = move || pending.with(|p| p.iter().filter(|s| s.needs_value()).count());
    let feed = ctx.restarts.watch(cluster.clone(), None);
    let restarting = move || feed.with(|f| f.value.as_ref().is_some_and(|s| s.restart_in_progress));
    let why_not = move || {
        ctx.blocked.get().or_else(|| {
            if running() {
                Some("The changes are being applied.".into())
            } else if missing() > 0 {
                Some("Enter the value of each secret marked above first.".into())
            } else {
                None
            }
        })
    };
    let confirm = Confirm::new("Applying the pending changes");
    let last_ms = {
        let cluster = cluster.clone();
        move || queue.restart_ms.with(|m| m.get(&cluster).copied())
    };
    // What applying sends, call by call (a secret's value stays `$ENV_VALUE`).
    let code = crate::code::live(Box::new(move |t| {
        let cluster = ctx.cluster.id.get_value();
        pending.with(|list| {
            list.iter()
                .filter_map(|s| match (s.change()?, s.var_id()) {
                    (Change::Delete { var_id }, _) => {
                        Some(crate::code::actions::env_var_delete(t, &cluster, &var_id, &s.name))
                    }
                    (Change::Create(body) | Change::Update { body, .. }, id) => {
                        Some(crate::code::secret_writes::env_var(t, &cluster, id, &body))
                    }
                })
                .collect::<Vec<_>>()
                .join("\n\n")
        })
    }));
    let apply = {
        let cluster = cluster.clone();
        Callback::new(move |()| -> Work {
            queue.apply(&cluster);
            Box::pin(async { Ok(()) })
        })
    };

    let item = move |s: Staged| {
        let id = s.id;
        let state = move || queue.state(id);
        let needs = s.needs_value();
        let field = format!("env-pending-value-{id}");
        let value_field = needs.then(|| view! {
            <span class="field">
                <label for=field.clone()>{format!("Value of {} (secret values are not kept across a reload)", s.name)}</label>
                <input id=field type="password" autocomplete="off" class="pending-secret"
                    on:change:target=move |ev| queue.set_value(id, ev.target().value())/>
            </span>
        });
        view! {
            <li class="pending-change" data-pending=s.name.clone()>
                <span class="pending-label mono">{s.label()}</span>
                {if s.secret { " (secret)" } else { "" }}
                {move || match state() {
                    StagedState::Pending => " — pending",
                    StagedState::Queued => " — queued",
                    StagedState::Sending => " — sending…",
                }}
                {value_field}
                " "
                <button type="button" class="button subtle discard-pending" aria-label=format!("Discard {}", s.label())
                    disabled=move || state() != StagedState::Pending on:click=move |_| queue.unstage(id)>"Discard"</button>
            </li>
        }
    };
    // The person confirmed this run: Retry goes on with what is still pending, unasked.
    let retry = {
        let cluster = cluster.clone();
        Callback::new(move |()| {
            queue.apply(&cluster);
        })
    };
    let run_line = move || {
        let r = run.get()?;
        if let Some((label, error)) = r.failed.clone() {
            let left = count();
            return Some(view! {
                <div id="env-run-failure">
                    <p class="reason">{format!("Stopped: “{label}” failed. {} of {} applied; {} still pending, nothing is lost.",
                        r.applied, r.total, changes(left))}</p>
                    <ErrorPanel action=label error=error retry=retry/>
                </div>
            }.into_any());
        }
        let text = if r.running() {
            progress(r.applied, r.total, restarting())
        } else if r.cancelled > 0 {
            format!("{} of {} applied; {} cancelled, still pending.", r.applied, r.total, r.cancelled)
        } else {
            format!("All {} applied.", changes(r.total))
        };
        Some(view! { <p id="env-run" class="flash" role="status">{text}</p> }.into_any())
    };

    view! {
        <div id="env-pending-section" aria-live="polite">
            {move || (count() > 0).then(|| view! {
                <div class="queue" id="env-pending">
                    <h3>{move || format!("Pending changes ({})", count())}</h3>
                    <ul>{move || pending.get().into_iter().map(item).collect_view()}</ul>
                    <div class="row-actions">
                        <button type="button" class="button primary" id="env-apply" disabled=move || why_not().is_some()
                            on:click=move |_| confirm.open()>{move || format!("Apply {}", changes(count()))}</button>
                        {move || why_not().map(|why| view! { <span class="hint reason" id="env-apply-why">{why}</span> })}
                    </div>
                </div>
            })}
            {run_line}
        </div>
        <PasteBlock/>
        <ConfirmDialog confirm=confirm style=ConfirmStyle::Normal
            title=Signal::derive(move || format!("Restart {} to apply {}?", ctx.cluster_name.get(), changes(count())))
            body=move || view! {
                <ul class="apply-list">{pending.get_untracked().into_iter().map(|s| view! { <li class="mono">{s.label()}</li> }).collect_view()}</ul>
                <p id="env-apply-cost">{cost(count(), &ctx.cluster_name.get_untracked(), last_ms())}</p>
                <p>{format!("Keycloak on {} restarts after each change; sign-ins and token requests may fail while it \
                    restarts. The changes are sent one after another, each once the previous restart has ended. If one \
                    fails, the run stops there and the rest stay pending.", ctx.cluster_name.get_untracked())}</p>
                <CodePanel curl=code/>
            }
            work=apply confirm_label="Apply and restart" busy_label="Applying…" confirm_id="confirm-env-apply"/>
    }
}

/// A pasted `.env` block: every line's problem is shown, the rest is staged. A name the
/// cluster already has becomes a change of that variable.
#[component]
fn PasteBlock() -> impl IntoView {
    let ctx = expect_context::<EnvVarsCtx>();
    let text = RwSignal::new(String::new());
    let secret = RwSignal::new(false);
    let outcome = RwSignal::new(None::<(usize, Vec<String>)>);
    let stage = move |_| {
        let lines = parse_dotenv(&text.get_untracked());
        let existing: Vec<(String, String, bool)> = untrack(|| {
            ctx.list.with(|l| {
                l.iter()
                    .flatten()
                    .flatten()
                    .map(|v| (v.name.clone(), v.id.clone(), v.r#type == EnvironmentVariableType::Secret))
                    .collect()
            })
        });
        let mut problems = Vec::new();
        let mut staged = 0;
        for line in lines {
            if let Some(problem) = line_problem(&line) {
                problems.push(format!("Line {}: {problem}.", line.line));
                continue;
            }
            let (op, is_secret) = match existing.iter().find(|(n, _, _)| *n == line.name) {
                Some((_, id, was_secret)) => (Op::Edit { var_id: id.clone() }, *was_secret),
                None => (Op::Add, secret.get_untracked()),
            };
            ctx.stage(op, line.name, line.value, is_secret);
            staged += 1;
        }
        if problems.is_empty() {
            text.set(String::new());
        }
        outcome.set(Some((staged, problems)));
    };
    view! {
        <details class="paste-dotenv" id="env-paste">
            <summary>"Paste a .env block"</summary>
            <label for="env-dotenv">"NAME=value lines (comments and blank lines are skipped)"</label>
            <textarea id="env-dotenv" class="mono" rows="6" spellcheck="false" autocomplete="off" prop:value=text
                on:input:target=move |ev| text.set(ev.target().value())></textarea>
            <label><input type="checkbox" id="env-dotenv-secret" prop:checked=secret
                on:change:target=move |ev| secret.set(ev.target().checked())/>" Stage new names as secrets"</label>
            <button type="button" class="button" id="env-dotenv-stage" disabled=move || ctx.blocked.get().is_some()
                on:click=stage>"Check and stage"</button>
            {move || outcome.get().map(|(staged, problems)| view! {
                <p id="env-dotenv-note" role="status">{format!("{} staged; {} not staged.",
                    if staged == 1 { "1 line".to_string() } else { format!("{staged} lines") },
                    if problems.len() == 1 { "1 line".to_string() } else { format!("{} lines", problems.len()) })}</p>
                <ul id="env-dotenv-problems" class="field-problem">
                    {problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                </ul>
            })}
        </details>
    }
}
