//! Adding a variable (plain text or secret) and editing one (a secret is replaced, never
//! shown). Both check the name and stage the change: nothing is sent until the pending
//! changes are applied (`pending`), which asks first.

use cluster_api::{
    EnvironmentVariableRepresentation as Var, EnvironmentVariableRequest, EnvironmentVariableType as Kind,
    ops,
};
use leptos::prelude::*;

use super::page::EnvVarsCtx;
use super::staged::Op;
use super::{name_problem, restart_notice};
use crate::api;
use crate::i18n::k::env_vars as w;
use crate::i18n::{t, tf};
use crate::kit::code::CodePanel;
use crate::kit::{Loaded, TextField};
use crate::view_read::load;

#[component]
pub fn NewVar() -> impl IntoView {
    let ctx = expect_context::<EnvVarsCtx>();
    let name = RwSignal::new(String::new());
    let value = RwSignal::new(String::new());
    let secret = RwSignal::new(false);
    let touched = RwSignal::new(false);
    let note = RwSignal::new(None::<String>);
    let problem = move || name.with(|n| name_problem(n));
    let cluster_id = ctx.cluster.id;
    // The typed value of a secret never reaches the Code panel: its builders put $ENV_VALUE there.
    let typed = move || {
        let kind = if secret.get() { Kind::Secret } else { Kind::String };
        EnvironmentVariableRequest {
            name: name.get().trim().to_string(),
            value: value.get(),
            r#type: Some(kind),
        }
    };
    let code = crate::code::live(Box::new(move |t| {
        crate::code::secret_writes::env_var(t, &cluster_id.get_value(), None, &typed())
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        let v = typed();
        let secret = v.r#type == Some(Kind::Secret);
        crate::code::hcl::env_var(
            t,
            &cluster_id.get_value(),
            None,
            &v.name,
            if secret { "" } else { &v.value },
            secret,
        )
    }));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        touched.set(true);
        note.set(None);
        if problem().is_some() {
            return;
        }
        let var_name = name.get_untracked().trim().to_string();
        ctx.stage(Op::Add, var_name.clone(), value.get_untracked(), secret.get_untracked());
        note.set(Some(var_name.clone()));
        name.set(String::new());
        value.set(String::new());
        touched.set(false);
    };
    view! {
        <form class="stack-form" id="add-env-var" on:submit=submit novalidate>
            <h3>{t(w::ADD_HEADING)}</h3>
            <fieldset class="choice">
                <legend>{t(w::KIND)}</legend>
                <label>
                    <input
                        type="radio"
                        name="env-type"
                        id="env-type-string"
                        prop:checked=move || !secret.get()
                        on:change=move |_| secret.set(false)
                    />
                    {format!(" {}", t(w::TYPE_PLAIN))}
                </label>
                <label>
                    <input
                        type="radio"
                        name="env-type"
                        id="env-type-secret"
                        prop:checked=secret
                        on:change=move |_| secret.set(true)
                    />
                    {format!(" {}", t(w::KIND_SECRET))}
                </label>
            </fieldset>
            {TextField::new("env-name", t(w::COL_NAME), name)
                .class("mono")
                .autocomplete("off")
                .no_spellcheck()
                .placeholder("MY_SETTING")
                .described_by("env-name-problem")
                .on_input(move || touched.set(true))
                .view()}
            <p class="field-problem" id="env-name-problem" role="alert">
                {move || touched.get().then(problem).flatten()}
            </p>
            <label for="env-value">{t(w::COL_VALUE)}</label>
            <input
                id="env-value"
                autocomplete="off"
                spellcheck="false"
                type=move || if secret.get() { "password" } else { "text" }
                prop:value=value
                on:input:target=move |ev| value.set(ev.target().value())
            />
            <p class="hint restart-notice">{move || restart_notice(&ctx.cluster_name.get())}</p>
            <button
                class="button primary"
                type="submit"
                id="add-env-submit"
                disabled=move || ctx.blocked.get().is_some()
            >
                {t(w::ADD_TO_PENDING)}
            </button>
        </form>
        <CodePanel curl=code hcl=hcl />
        // The note belongs to its staged add: it leaves once that is applied or discarded.
        {move || {
            let cluster = ctx.cluster.id.get_value();
            note.get()
                .filter(|n| ctx.queue.pending(&cluster).iter().any(|s| s.op == Op::Add && s.name == *n))
                .map(|n| {
                    view! {
                        <p class="flash" id="env-add-note" role="status">
                            {tf(w::ADD_NOTE, &[("name", &n)])}
                        </p>
                    }
                })
        }}
    }
}

/// Reads the variable afresh before editing it: another client may have changed it since
/// the list was read.
#[component]
pub fn EditVar(var: Var) -> impl IntoView {
    let ctx = expect_context::<EnvVarsCtx>();
    let api = ctx.cluster.api;
    let op = ops::ClusterEnvVarDetail { id: ctx.cluster.id.get_value(), env_variable_id: var.id.clone() };
    let fresh = load(move || {
        let op = op.clone();
        async move { api::call(api, &op).await }
    });
    let name = var.name.clone();
    // The form's own Cancel is not there until the variable is read: a failure gets one.
    let failed = move || fresh.with(|f| matches!(f, Some(Err(_))));
    view! {
        <section class="card" id="edit-env-var">
            {Loaded::new(tf(w::LOADING_NAMED, &[("name", &name)]), fresh)
                .ready(|var| view! { <EditForm var=var /> }.into_any())}
            {move || failed().then(|| cancel_edit(ctx))}
        </section>
    }
}

/// Leaves the edit: the form's own button, and the one a failed read gets in its place.
fn cancel_edit(ctx: EnvVarsCtx) -> impl IntoView {
    view! {
        <button class="button" type="button" id="edit-env-cancel" on:click=move |_| ctx.editing.set(None)>
            {t(w::CANCEL)}
        </button>
    }
}

#[component]
fn EditForm(var: Var) -> impl IntoView {
    let ctx = expect_context::<EnvVarsCtx>();
    let secret = var.r#type == Kind::Secret;
    let name = RwSignal::new(var.name.clone());
    // A secret's value is never known here: the field starts empty and must be filled.
    let value = RwSignal::new(if secret { String::new() } else { var.value.clone() });
    let problem = move || {
        name.with(|n| name_problem(n))
            .or_else(|| (secret && value.with(String::is_empty)).then(|| t(w::ENTER_SECRET).to_string()))
    };
    let id = var.id.clone();
    let (cluster_id, var_id, code_kind) =
        (ctx.cluster.id, StoredValue::new(var.id.clone()), StoredValue::new(var.r#type.clone()));
    let typed = move || EnvironmentVariableRequest {
        name: name.get().trim().to_string(),
        value: value.get(),
        r#type: Some(code_kind.get_value()),
    };
    let code = crate::code::live(Box::new(move |t| {
        var_id.with_value(|v| {
            crate::code::secret_writes::env_var(t, &cluster_id.get_value(), Some(v), &typed())
        })
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        let v = typed();
        let plain = if secret { String::new() } else { v.value };
        var_id.with_value(|id| {
            crate::code::hcl::env_var(t, &cluster_id.get_value(), Some(id), &v.name, &plain, secret)
        })
    }));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if problem().is_some() {
            return;
        }
        let new_name = name.get_untracked().trim().to_string();
        ctx.stage(Op::Edit { var_id: id.clone() }, new_name, value.get_untracked(), secret);
        ctx.editing.set(None);
    };
    let placeholder = if secret { t(w::SECRET_PLACEHOLDER) } else { "" };
    let value_label = if secret { t(w::NEW_SECRET_VALUE) } else { t(w::COL_VALUE) };
    // Drawn inside `EditVar`'s section.
    view! {
        <h2>{tf(w::EDIT_NAMED, &[("name", &var.name)])}</h2>
        <form class="stack-form" on:submit=submit novalidate>
            {TextField::new("edit-env-name", t(w::COL_NAME), name)
                .class("mono")
                .autocomplete("off")
                .no_spellcheck()
                .described_by("edit-env-problem")
                .view()}
            {TextField::new("edit-env-value", value_label, value)
                .autocomplete("off")
                .no_spellcheck()
                .kind(if secret { "password" } else { "text" })
                .placeholder(placeholder)
                .view()}
            <p class="field-problem" id="edit-env-problem" role="alert">
                {problem}
            </p>
            <p class="hint restart-notice">{move || restart_notice(&ctx.cluster_name.get())}</p>
            <div class="row-actions">
                <button
                    class="button primary"
                    type="submit"
                    id="edit-env-submit"
                    disabled=move || ctx.blocked.get().is_some() || problem().is_some()
                >
                    {t(w::ADD_TO_PENDING)}
                </button>
                {cancel_edit(ctx)}
            </div>
        </form>
        <CodePanel curl=code hcl=hcl />
    }
}
