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
use crate::i18n::k::env_vars as w;
use crate::i18n::{t, tf, tp};
use crate::kit::ErrorPanel;
use crate::kit::code::CodePanel;
use crate::kit::{Button, Confirm, ConfirmDialog, ConfirmStyle, TextField, Work};

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
                Some(t(w::BEING_APPLIED).into())
            } else if missing() > 0 {
                Some(t(w::ENTER_SECRETS_FIRST).into())
            } else {
                None
            }
        })
    };
    let confirm = Confirm::new(t(w::APPLYING_PENDING));
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
        // A plain value's change shows what it was and what it becomes; a secret's never.
        let was = match (&s.op, s.secret) {
            (Op::Edit { var_id }, false) => untrack(|| {
                ctx.list.with(|l| {
                    l.iter()
                        .flatten()
                        .flatten()
                        .find(|v| v.id == *var_id && v.r#type != EnvironmentVariableType::Secret)
                        .map(|v| v.value.clone())
                })
            }),
            _ => None,
        };
        let diff = was.map(|old| {
            view! {
                " "
                <span class="pending-diff mono">{old}" → "{s.value.clone()}</span>
            }
        });
        let value_field = needs.then(|| {
            view! {
                <span class="field">
                    <label for=field.clone()>{tf(w::VALUE_OF, &[("name", &s.name)])}</label>
                    <input
                        id=field
                        type="password"
                        autocomplete="off"
                        class="pending-secret"
                        on:change:target=move |ev| queue.set_value(id, ev.target().value())
                    />
                </span>
            }
        });
        view! {
            <li class="pending-change" data-pending=s.name.clone()>
                <span class="pending-label mono">{s.label()}</span>
                {diff}
                {if s.secret { format!(" {}", t(w::SECRET_MARK)) } else { String::new() }}
                {move || {
                    format!(
                        " — {}",
                        match state() {
                            StagedState::Pending => t(w::STATE_PENDING),
                            StagedState::Queued => t(w::STATE_QUEUED),
                            StagedState::Sending => t(w::STATE_SENDING),
                        },
                    )
                }}
                {value_field}
                " "
                <button
                    type="button"
                    class="button subtle discard-pending"
                    aria-label=tf(w::DISCARD_NAMED, &[("change", &s.label())])
                    disabled=move || state() != StagedState::Pending
                    on:click=move |_| queue.unstage(id)
                >
                    {t(w::DISCARD)}
                </button>
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
            let label = label.read();
            let left = count();
            return Some(
                view! {
                    <div id="env-run-failure">
                        <p class="reason">
                            {tp(
                                w::RUN_STOPPED,
                                left as f64,
                                &[
                                    ("change", &label),
                                    ("applied", &r.applied.to_string()),
                                    ("total", &r.total.to_string()),
                                ],
                            )}
                        </p>
                        <ErrorPanel action=label error=error retry=retry />
                    </div>
                }
                .into_any(),
            );
        }
        let text = if r.running() {
            progress(r.applied, r.total, restarting())
        } else if r.cancelled > 0 {
            tf(
                w::RUN_CANCELLED,
                &[
                    ("applied", &r.applied.to_string()),
                    ("total", &r.total.to_string()),
                    ("cancelled", &r.cancelled.to_string()),
                ],
            )
        } else {
            tp(w::ALL_APPLIED, r.total as f64, &[])
        };
        Some(
            view! {
                <p id="env-run" class="flash" role="status">
                    {text}
                </p>
            }
            .into_any(),
        )
    };

    view! {
        <div id="env-pending-section" aria-live="polite">
            {move || {
                (count() > 0)
                    .then(|| {
                        view! {
                            <div class="queue" id="env-pending">
                                <h3>{move || tf(w::PENDING_HEADING, &[("count", &count().to_string())])}</h3>
                                <ul>{move || pending.get().into_iter().map(item).collect_view()}</ul>
                                <div class="row-actions">
                                    <button
                                        type="button"
                                        class="button primary"
                                        id="env-apply"
                                        disabled=move || why_not().is_some()
                                        on:click=move |_| confirm.open()
                                    >
                                        {move || tp(w::APPLY_CHANGES, count() as f64, &[])}
                                    </button>
                                    {move || {
                                        why_not()
                                            .map(|why| {
                                                view! {
                                                    <span class="hint reason" id="env-apply-why">
                                                        {why}
                                                    </span>
                                                }
                                            })
                                    }}
                                </div>
                            </div>
                        }
                    })
            }}
            {run_line}
        </div>
        <PasteBlock />
        <ConfirmDialog
            confirm=confirm
            style=ConfirmStyle::Normal
            title=Signal::derive(move || tp(
                w::CONFIRM_TITLE,
                count() as f64,
                &[("cluster", &ctx.cluster_name.get())],
            ))
            body=move || {
                view! {
                    <ul class="apply-list">
                        {pending
                            .get_untracked()
                            .into_iter()
                            .map(|s| view! { <li class="mono">{s.label()}</li> })
                            .collect_view()}
                    </ul>
                    <p id="env-apply-cost">{cost(count(), &ctx.cluster_name.get_untracked(), last_ms())}</p>
                    <p>{tf(w::CONFIRM_BODY, &[("cluster", &ctx.cluster_name.get_untracked())])}</p>
                    <CodePanel curl=code />
                }
            }
            work=apply
            confirm_label=t(w::APPLY_AND_RESTART)
            busy_label=t(w::APPLYING)
            confirm_id="confirm-env-apply"
        />
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
    let stage = move || {
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
                problems
                    .push(tf(w::LINE_PROBLEM, &[("line", &line.line.to_string()), ("problem", &problem)]));
                continue;
            }
            let (op, is_secret) = match existing.iter().find(|(n, _, _)| *n == line.name) {
                Some((_, id, was_secret)) => (Op::Edit { var_id: id.clone() }, *was_secret),
                None => (Op::Add, secret.get_untracked()),
            };
            ctx.stage(op, line.name, line.value, is_secret);
            staged += 1;
        }
        // The pasted text leaves the screen at once, refused lines too (a refused
        // `KC_DB_PASSWORD=…` is still a password): staged values live in memory only, and
        // the problems below name each line left out, never its value.
        text.set(String::new());
        outcome.set(Some((staged, problems)));
    };
    view! {
        <details class="paste-dotenv" id="env-paste">
            <summary>{t(w::PASTE_SUMMARY)}</summary>
            {TextField::new("env-dotenv", t(w::PASTE_LABEL), text)
                .lines("6")
                .class("mono")
                .no_spellcheck()
                .autocomplete("off")
                .view()}
            <label>
                <input
                    type="checkbox"
                    id="env-dotenv-secret"
                    prop:checked=secret
                    on:change:target=move |ev| secret.set(ev.target().checked())
                />
                {format!(" {}", t(w::PASTE_AS_SECRETS))}
            </label>
            {Button::new("button", t(w::CHECK_AND_STAGE))
                .id("env-dotenv-stage")
                .disabled(move || ctx.blocked.get().is_some())
                .on_click(stage)
                .view()}
            {move || {
                outcome
                    .get()
                    .map(|(staged, problems)| {
                        view! {
                            <p id="env-dotenv-note" role="status">
                                {tf(
                                    w::PASTE_OUTCOME,
                                    &[
                                        ("staged", &tp(w::LINES_STAGED, staged as f64, &[])),
                                        ("not_staged", &tp(w::LINES_NOT_STAGED, problems.len() as f64, &[])),
                                    ],
                                )}
                            </p>
                            <ul id="env-dotenv-problems" class="field-problem">
                                {problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                            </ul>
                        }
                    })
            }}
        </details>
    }
}
